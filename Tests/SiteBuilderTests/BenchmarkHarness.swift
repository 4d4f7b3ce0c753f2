import Diagnostics
import Foundation
import LessonModel
import SiteBuilder
import Testing

/// `bench/site.sh` runs this (in release mode) to time loading and building a generated course.
@Suite struct BenchmarkHarness {
    @Test("build the benchmark course when TUTORBUILD_BENCH_CONTENT is set")
    func buildBenchmarkCourse() throws {
        let environment = ProcessInfo.processInfo.environment
        guard let content = environment["TUTORBUILD_BENCH_CONTENT"], let output = environment["TUTORBUILD_BENCH_OUTPUT"] else { return }
        let clock = ContinuousClock()
        var bag = DiagnosticBag()
        let start = clock.now
        let course = CourseLoader(contentPath: content).load(into: &bag)
        let loaded = clock.now
        if environment["TUTORBUILD_BENCH_LOAD_ONLY"] != nil {
            print("bench: loaded \(course.documents.count) documents in \(loaded - start)")
            return
        }
        let verbose = environment["TUTORBUILD_BENCH_STEPS"] != nil
        let stepStart = clock.now
        let options = SiteOptions(search: environment["TUTORBUILD_BENCH_NO_SEARCH"] == nil, progress: { step in
            if verbose { print("  \(clock.now - stepStart) \(step)") }
        })
        let summary = try SiteBuilder(course: course, report: nil, options: options).build(outputPath: output, into: &bag)
        let built = clock.now
        func seconds(_ d: Duration) -> String { String(format: "%.3f", Double(d.components.attoseconds) / 1e18 + Double(d.components.seconds)) }
        let line = "bench: lessons=\(course.lessons.count) documents=\(course.documents.count) load=\(seconds(loaded - start))s "
            + "render+write=\(seconds(built - loaded))s total=\(seconds(built - start))s pages=\(summary.pagesRendered) reused=\(summary.pagesReused) "
            + "files=\(summary.filesWritten) bytes=\(summary.totalBytes) "
            + summary.searchIndexBytes.sorted { $0.key < $1.key }.map { "index[\($0.key)]=\($0.value)" }.joined(separator: " ")
        print(line)
        if let report = environment["TUTORBUILD_BENCH_REPORT"] {
            try Data((line + "\n").utf8).write(to: URL(fileURLWithPath: report))
        }
    }
}
