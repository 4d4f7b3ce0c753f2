import Diagnostics
@testable import DocTest
import Foundation
import LessonModel
import TestSupport
import Testing

/// The doc-test benchmark, run by `bench/doctest.sh` (skipped unless `TUTORBUILD_DOCTEST_BENCH=1`).
///
/// On the same generated lessons, in one process: a cold run, a warm rerun, a rerun after editing
/// one lesson, and the naive baseline that compiles one program per snippet. Prints `BENCH` lines.
@Suite("Doc-test benchmark (on demand)")
struct DocTestBenchmark {
    static let environment = ProcessInfo.processInfo.environment
    static let enabled = environment["TUTORBUILD_DOCTEST_BENCH"] == "1"
    static let lessons = Int(environment["BENCH_LESSONS"] ?? "") ?? 6
    static let snippetsPerLesson = Int(environment["BENCH_SNIPPETS"] ?? "") ?? 10

    /// A lesson of independent snippets (so the naive baseline can compile each alone), with twins.
    static func lesson(_ n: Int, edit: Int = 0) -> String {
        var body = ""
        for k in 0..<snippetsPerLesson {
            let value = n * 100 + k + edit
            body += """
                Step \(k + 1).

                ```swift
                let values\(k) = (1...\(k + 3)).map { $0 * \(value) }
                let label\(k) = "step \(k): " + values\(k).map(String.init).joined(separator: ",")
                print(label\(k))
                ```

                ```output
                step \(k): \((1...(k + 3)).map { String($0 * value) }.joined(separator: ","))
                ```


                """
        }
        return TemporaryCourse.lesson("Lesson \(n)", body)
    }

    static func line(_ text: String) {
        print("BENCH " + text)
    }

    @Test("cold, warm, one-lesson edit and the naive baseline", .enabled(if: enabled))
    func benchmark() throws {
        var files: [String: String] = [:]
        for n in 0..<Self.lessons {
            files["lesson-\(n)/en.md"] = Self.lesson(n)
            files["lesson-\(n)/zh-Hans.md"] = Self.lesson(n).replacingOccurrences(of: "Step", with: "第")
        }
        let course = try TemporaryCourse(files)
        defer { course.remove() }
        let jobs = ProcessInfo.processInfo.activeProcessorCount
        let buildDirectory = Self.environment["TUTORBUILD_BUILD_DIR"] ?? TemporaryCourse.buildDirectory
        func timed(_ configure: (inout DocTestOptions) -> Void = { _ in }) throws -> (Double, DocTestReport) {
            let start = Date()
            let (report, _) = try course.run {
                $0.jobs = jobs
                $0.timeout = 30
                $0.buildDirectory = buildDirectory
                configure(&$0)
            }
            return (Date().timeIntervalSince(start), report)
        }
        Self.line("lessons=\(Self.lessons) (en + zh-Hans twins) snippets/lesson=\(Self.snippetsPerLesson) jobs=\(jobs)")

        let (cold, coldReport) = try timed()
        #expect(coldReport.failed == 0)
        Self.line(String(format: "cold          %6.2f s  %@  (%d programs compiled)", cold, DocTestReporter.summaryLine(coldReport), coldReport.statistics.compiled))
        let resultsSize = (try? FileManager.default.attributesOfItem(atPath: course.root + "/results.json")[.size] as? Int) ?? 0
        let distinct = Self.lessons * Self.snippetsPerLesson
        Self.line(String(format: "results.json  %6.1f KB  %5.2f KB per distinct snippet (target <= 6 KB)", Double(resultsSize) / 1024, Double(resultsSize) / 1024 / Double(distinct)))
        let (warm, warmReport) = try timed()
        Self.line(String(format: "warm          %6.2f s  %@  (%d compiled, %d cached)", warm, DocTestReporter.summaryLine(warmReport), warmReport.statistics.compiled, warmReport.statistics.cacheHits))
        try Self.lesson(0, edit: 1).write(toFile: course.path + "/lesson-0/en.md", atomically: true, encoding: .utf8)
        try Self.lesson(0, edit: 1).replacingOccurrences(of: "Step", with: "第").write(toFile: course.path + "/lesson-0/zh-Hans.md", atomically: true, encoding: .utf8)
        let (edit, editReport) = try timed()
        Self.line(String(format: "one-lesson edit %4.2f s  %@  (%d compiled, %d cached)", edit, DocTestReporter.summaryLine(editReport), editReport.statistics.compiled, editReport.statistics.cacheHits))

        // The naive baseline: one program per snippet, same parallelism, no cache.
        let toolchain = try Toolchain.locate(options: course.options { $0.buildDirectory = buildDirectory })
        let executor = ProgramExecutor(
            toolchain: toolchain, limits: ProcessLimits(timeout: 30, outputBytes: 1 << 20, memoryBytes: 2 << 30), compileTimeout: 120)
        let documents = course.load(checks: false).0.documents
        var perSnippet: [LessonProgram] = []
        for d in documents {
            let builder = LessonProgramBuilder(document: d)
            for s in d.snippets {
                var problems: [LessonProgramBuilder.Problem] = []
                var program = builder.render([s], role: .isolated(s.index), problems: &problems)
                program.runs = [nil]
                perSnippet.append(program)
            }
        }
        let naiveStart = Date()
        let pool = WorkPool(count: perSnippet.count)
        try pool.run(jobs: jobs) { [perSnippet] k in
            _ = pool.finish(k, try executor.execute(perSnippet[k]), fromCache: false)
        }
        let naive = Date().timeIntervalSince(naiveStart)
        Self.line(String(format: "naive         %6.2f s  (%d programs: one per snippet, every language file)", naive, perSnippet.count))

        // One 10-snippet lesson, one job: the lesson program against one program per snippet.
        let one = documents[0]
        let lessonProgram = LessonProgramBuilder(document: one).build().programs[0]
        let lessonStart = Date()
        _ = try executor.execute(lessonProgram)
        let lessonSeconds = Date().timeIntervalSince(lessonStart)
        let singleStart = Date()
        for program in perSnippet.prefix(one.snippets.count) { _ = try executor.execute(program) }
        let singleSeconds = Date().timeIntervalSince(singleStart)
        Self.line(String(format: "one lesson    %6.2f s as one program, %6.2f s as %d programs", lessonSeconds, singleSeconds, one.snippets.count))

        Self.line(String(format: "ratio warm/cold            %5.1f %%  (target <= 10 %%)", 100 * warm / cold))
        Self.line(String(format: "ratio edit/cold            %5.1f %%", 100 * edit / cold))
        Self.line(String(format: "ratio naive/cold           %5.1fx", naive / cold))
        Self.line(String(format: "ratio lesson speed-up      %5.1fx  (target >= 5x, %d-snippet lesson)", singleSeconds / lessonSeconds, one.snippets.count))
    }
}
