import Diagnostics
@testable import DocTest
import Foundation
import LessonModel
import TestSupport

/// Running the doc-tests of a temporary course, with its cache and results beside its content folder.
extension TemporaryCourse {
    func options(_ configure: (inout DocTestOptions) -> Void = { _ in }) -> DocTestOptions {
        var options = DocTestOptions()
        options.timeout = 3
        options.jobs = 2
        options.buildDirectory = TemporaryCourse.buildDirectory
        options.cacheDirectory = root + "/cache"
        options.resultsPath = root + "/results.json"
        configure(&options)
        return options
    }

    func run(_ configure: (inout DocTestOptions) -> Void = { _ in }) throws -> (DocTestReport, DiagnosticBag) {
        var bag = DiagnosticBag()
        let report = try DocTestRunner(course: load(checks: false).0, options: options(configure)).run(into: &bag)
        return (report, bag)
    }

    /// The package's `.build/debug`, derived from this file's location; the model and the launcher are built there if missing.
    static let buildDirectory: String = {
        let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let debug = package.appendingPathComponent(".build/debug").path
        for (file, product) in [("libUIKit.so", "UIKit"), ("tutorbuild-launch", "tutorbuild-launch")]
        where !FileManager.default.fileExists(atPath: debug + "/" + file) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["swift", "build", "--package-path", package.path, "--product", product]
            try? process.run()
            process.waitUntilExit()
        }
        return debug
    }()
}

extension DocTestReport {
    func entry(_ pathSuffix: String, _ index: Int) -> Entry? {
        entries.first { $0.key.path.hasSuffix(pathSuffix) && $0.key.index == index }
    }

    /// The ids of the errors in the file whose path ends with `pathSuffix`.
    func ids(_ pathSuffix: String) -> [Diagnostic.ID] {
        diagnostics.filter { $0.location.path.hasSuffix(pathSuffix) && $0.severity == .error }.map(\.id)
    }
}
