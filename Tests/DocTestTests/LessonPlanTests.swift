import Diagnostics
@testable import DocTest
import Foundation
import LessonModel
import TestSupport
import Testing

/// The remembered plan of each lesson file (`LessonPlanCache`): used only for an unchanged file, never when damaged.
@Suite("Lesson plans: a fully cached run builds no program")
struct LessonPlanTests {
    static func course(printing text: String) throws -> TemporaryCourse {
        try TemporaryCourse(["plan/en.md": TemporaryCourse.lesson("Plan", """
            ```swift
            let label = "\(text)"
            print(label)
            ```

            ```output
            \(text)
            ```
            """)])
    }

    /// The plan entries in the course's cache, by path.
    static func planFiles(_ course: TemporaryCourse) -> [String] {
        let folder = course.root + "/cache/lessons"
        return (FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? [])
            .filter { $0.hasSuffix(".plan") }.map { folder + "/" + $0 }
    }

    @Test("a rerun of unchanged lesson files takes their plans from the cache and gives the same report")
    func unchanged() throws {
        let course = try Self.course(printing: "first")
        defer { course.remove() }
        let (cold, _) = try course.run()
        let plans = Self.planFiles(course)
        #expect(plans.count == 1)
        let (warm, _) = try course.run()
        #expect(warm.statistics.compiled == 0)
        #expect(warm.entries == cold.entries)
        #expect(warm.verification.results == cold.verification.results)
        #expect(Self.planFiles(course) == plans)
    }

    @Test("an edited lesson file does not use its old plan: the new program is compiled and checked")
    func edited() throws {
        let course = try Self.course(printing: "first")
        defer { course.remove() }
        _ = try course.run()
        let path = course.path + "/plan/en.md"
        try (try String(contentsOfFile: path, encoding: .utf8)).replacingOccurrences(of: "first", with: "second")
            .write(toFile: path, atomically: true, encoding: .utf8)
        let (report, _) = try course.run()
        #expect(report.statistics.compiled == 1)
        #expect(report.entry("plan/en.md", 0)?.status == .passed)
    }

    @Test("a plan whose program's result is gone builds the program to compile it")
    func outcomeGone() throws {
        let course = try Self.course(printing: "first")
        defer { course.remove() }
        _ = try course.run()
        let cache = course.root + "/cache"
        for name in FileManager.default.enumerator(atPath: cache)?.allObjects as? [String] ?? [] where name.hasSuffix(".json") {
            try FileManager.default.removeItem(atPath: cache + "/" + name)
        }
        let (report, _) = try course.run()
        #expect(report.statistics.compiled == 1)
        #expect(report.entry("plan/en.md", 0)?.status == .passed)
    }

    @Test("a damaged plan is not trusted: it is made again")
    func damaged() throws {
        let course = try Self.course(printing: "first")
        defer { course.remove() }
        _ = try course.run()
        let plan = try #require(Self.planFiles(course).first)
        // Trusted, a plan whose program decides no snippet would leave the snippet "not run".
        let stored = try String(contentsOfFile: plan, encoding: .utf8)
        // `program <key> <role> <swift version> <snippets> <runs>`: the program decides snippet 0.
        func snippets(_ entry: String) -> [Substring] {
            entry.split(separator: "\n").filter { $0.hasPrefix("program ") }.map { $0.split(separator: " ")[4] }
        }
        #expect(snippets(stored) == ["0"])
        let damaged = stored.split(separator: "\n", omittingEmptySubsequences: false).map { line -> String in
            guard line.hasPrefix("program ") else { return String(line) }
            var fields = line.split(separator: " ", omittingEmptySubsequences: false).map(String.init)
            fields[4] = "-"
            return fields.joined(separator: " ")
        }.joined(separator: "\n")
        try damaged.write(toFile: plan, atomically: true, encoding: .utf8)
        let (report, _) = try course.run()
        #expect(report.entry("plan/en.md", 0)?.status == .passed)
        #expect(snippets(try String(contentsOfFile: plan, encoding: .utf8)) == ["0"])
    }

    @Test("results.json is not written again when every input came unchanged from the cache, and is when one changed")
    func resultsStamp() throws {
        let course = try Self.course(printing: "first")
        defer { course.remove() }
        let results = course.root + "/results.json"
        func identity() throws -> [FileAttributeKey: Any] { try FileManager.default.attributesOfItem(atPath: results) }
        _ = try course.run()
        _ = try course.run()  // the first run with every input from the cache records the stamp
        let before = try identity()
        _ = try course.run()
        let after = try identity()
        #expect(after[.modificationDate] as? Date == before[.modificationDate] as? Date)
        #expect(after[.systemFileNumber] as? Int == before[.systemFileNumber] as? Int)
        // Replaced by hand: written again.
        try "{}".write(toFile: results, atomically: true, encoding: .utf8)
        _ = try course.run()
        #expect(DocTestRunner.loadResults(from: results)?.results.count == 1)
        // An edited lesson: written again, with the new output.
        let path = course.path + "/plan/en.md"
        try (try String(contentsOfFile: path, encoding: .utf8)).replacingOccurrences(of: "first", with: "second")
            .write(toFile: path, atomically: true, encoding: .utf8)
        _ = try course.run()
        let saved = try #require(DocTestRunner.loadResults(from: results))
        #expect(saved.results.values.first?.actualOutput?.contains("second") == true)
    }

    @Test("issue 18: a prose edit leaves results.json alone; a new expected output or a snippet on another line does not")
    func proseEditsKeepResults() throws {
        let course = try TemporaryCourse(["plan/en.md": TemporaryCourse.lesson("Plan", """
            Some words.

            ```swift
            let label = "first"
            print(label)
            ```

            ```output
            first
            ```
            """)])
        defer { course.remove() }
        let results = course.root + "/results.json"
        let path = course.path + "/plan/en.md"
        func identity() throws -> [Int] {
            let attributes = try FileManager.default.attributesOfItem(atPath: results)
            return [attributes[.systemFileNumber] as? Int ?? -1, Int(((attributes[.modificationDate] as? Date)?.timeIntervalSince1970 ?? 0) * 1e6)]
        }
        func edit(_ from: String, _ to: String) throws {
            let text = try String(contentsOfFile: path, encoding: .utf8)
            try #require(text.contains(from))
            try text.replacingOccurrences(of: from, with: to).write(toFile: path, atomically: true, encoding: .utf8)
        }
        _ = try course.run()
        _ = try course.run()
        let before = try identity()
        // The prose changes on its own line: the snippets, their lines and their results do not.
        try edit("Some words.", "Some more words.")
        let (edited, _) = try course.run()
        #expect(edited.entry("plan/en.md", 0)?.status == .passed)
        #expect(try identity() == before)
        // The expected output changes: the result does, and so does the file.
        try edit("```output\nfirst", "```output\nother")
        let (failing, _) = try course.run()
        #expect(failing.entry("plan/en.md", 0)?.status == .failed)
        #expect(try identity() != before)
        #expect(DocTestRunner.loadResults(from: results)?.results.values.first?.status == .failed)
        // A new line of prose moves the snippet, whose line the file records.
        try edit("```output\nother", "```output\nfirst")
        _ = try course.run()
        _ = try course.run()
        let settled = try identity()
        try edit("Some more words.", "Some more words.\n\nAnother paragraph.")
        _ = try course.run()
        #expect(try identity() != settled)
    }
}

/// The lines a lesson plan is kept in (`LessonPlan.lines`).
@Suite struct LessonPlanLinesTests {
    @Test("a plan reads back from its lines as it was, whatever its messages hold", arguments: [
        LessonPlan(programs: [], problems: []),
        LessonPlan(
            programs: [
                .init(key: "k1", role: .lesson, mode: .xcodeAppTemplate, snippets: [0, 1, 3], runs: [0, nil, 2]),
                .init(key: "k2", role: .compileFail(2), mode: LanguageMode(swiftVersion: 6, defaultIsolation: .nonisolated), snippets: [2], runs: []),
                .init(key: "k3", role: .isolated(4), mode: LanguageMode(swiftVersion: 5, defaultIsolation: .nonisolated), snippets: [], runs: [nil]),
                .init(key: "k4", role: .prefix, mode: LanguageMode(swiftVersion: 6, defaultIsolation: .mainActor), snippets: [0], runs: [0]),
            ],
            problems: [
                .init(snippet: 1, id: .doctestOutputMismatch, message: "two\nlines, a \\ backslash, a\ttab and 中文"),
                .init(snippet: 0, id: .doctestOutputMismatch, message: ""),
            ]),
    ])
    func roundTrip(_ plan: LessonPlan) {
        #expect(LessonPlan(lines: plan.lines) == plan)
    }

    @Test("lines a plan never writes read as no plan", arguments: [
        "program k lesson 5", "program k teacher 5 0 0", "program k lesson five 0 0", "program k lesson 5 0,x 0",
        "problem x id message", "problem 1", "something else", "problem 1 id trailing\\",
    ])
    func damaged(_ text: String) {
        #expect(LessonPlan(lines: text) == nil)
    }
}
