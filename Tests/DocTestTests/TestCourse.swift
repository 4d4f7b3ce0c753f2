import Diagnostics
@testable import DocTest
import Foundation
import LessonModel
import Testing

/// A content folder written to a temporary directory, for tests that run the doc-tests.
struct TestCourse {
    let root: String
    var content: String { root + "/content" }

    /// `files` maps `slug/lang.md` to the file's text.
    /// `name`: a fixed folder (replaced on each run) for a course shared by a whole suite, which nothing removes.
    init(_ files: [String: String], name: String? = nil) throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("doctest-test-\(name ?? UUID().uuidString)").path
        try? FileManager.default.removeItem(atPath: root)
        for (path, text) in files {
            let full = root + "/content/" + path
            try FileManager.default.createDirectory(atPath: (full as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: full, atomically: true, encoding: .utf8)
        }
    }

    func load() -> Course {
        var bag = DiagnosticBag()
        let course = CourseLoader(contentPath: content).load(into: &bag)
        return course
    }

    func options(_ configure: (inout DocTestOptions) -> Void = { _ in }) -> DocTestOptions {
        var options = DocTestOptions()
        options.timeout = 3
        options.jobs = 2
        options.buildDirectory = TestCourse.buildDirectory
        options.cacheDirectory = root + "/cache"
        options.resultsPath = root + "/results.json"
        configure(&options)
        return options
    }

    func run(_ configure: (inout DocTestOptions) -> Void = { _ in }) throws -> (DocTestReport, DiagnosticBag) {
        var bag = DiagnosticBag()
        let report = try DocTestRunner(course: load(), options: options(configure)).run(into: &bag)
        return (report, bag)
    }

    func read(_ path: String) throws -> String {
        try String(contentsOfFile: content + "/" + path, encoding: .utf8)
    }

    func remove() {
        try? FileManager.default.removeItem(atPath: root)
    }

    /// The package's `.build/debug`, derived from this file's location; `libUIKit.so` is built there if missing.
    static let buildDirectory: String = {
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let debug = package.appendingPathComponent(".build/debug").path
        if !FileManager.default.fileExists(atPath: debug + "/libUIKit.so") {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["swift", "build", "--package-path", package.path, "--product", "UIKit"]
            try? process.run()
            process.waitUntilExit()
        }
        return debug
    }()

    /// A lesson file with front matter and the given body.
    static func lesson(_ title: String, _ body: String) -> String {
        "---\ntitle: \(title)\n---\n\n" + body
    }
}

extension DocTestReport {
    func entry(_ pathSuffix: String, _ index: Int) -> Entry? {
        entries.first { $0.key.path.hasSuffix(pathSuffix) && $0.key.index == index }
    }

    func ids(_ pathSuffix: String) -> [String] {
        diagnostics.filter { $0.location.path.hasSuffix(pathSuffix) && $0.severity == .error }.map(\.id.rawValue)
    }
}
