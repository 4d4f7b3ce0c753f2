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
        #expect(stored.contains("\"snippets\":[0]"))
        try stored.replacingOccurrences(of: "\"snippets\":[0]", with: "\"snippets\":[]").write(toFile: plan, atomically: true, encoding: .utf8)
        let (report, _) = try course.run()
        #expect(report.entry("plan/en.md", 0)?.status == .passed)
        #expect(try String(contentsOfFile: plan, encoding: .utf8).contains("\"snippets\":[0]"))
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
