import Diagnostics
import DocTestProtocol
import Foundation
import LessonModel
@testable import SiteBuilder

/// Builds sites from the fixture course (or from lesson text written on the fly) into temporary folders.
enum SiteFixture {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Browser/fixtures")
    static var coursePath: String { fixtures.appendingPathComponent("course").path }

    static func loadCourse(_ path: String = coursePath) -> (Course, DiagnosticBag) {
        var bag = DiagnosticBag()
        let course = CourseLoader(contentPath: path).load(into: &bag)
        return (course, bag)
    }

    /// A phone with a text field above the keyboard, drawn as the model draws one.
    static let phonePicture: Picture = {
        func color(_ hex: String) -> PictureColor { PictureColor(hex: hex)! }
        return Picture(width: 352, height: 512, elements: [
            .rect(PictureRect(x: 0, y: 0, width: 352, height: 512), fill: color("#1c1c1e"), radius: 32),
            .group(PictureGroup(offset: PicturePoint(x: 16, y: 16), children: [
                .group(PictureGroup(clip: PictureRect(x: 0, y: 0, width: 320, height: 480), children: [
                    .rect(PictureRect(x: 0, y: 0, width: 320, height: 480), fill: color("#ffffff")),
                    .rect(PictureRect(x: 20, y: 200, width: 280, height: 31), fill: nil,
                          stroke: PictureStroke(color: color("#007aff"), width: 1), radius: 5),
                    .text(PictureText("Ada", x: 28, y: 221, size: 17, fill: color("#000000"))),
                    .rect(PictureRect(x: 0, y: 264, width: 320, height: 216), fill: color("#d1d4da")),
                ])),
            ])),
        ])
    }()

    /// A doc-test report where every snippet passed (`ignore` ones not run) and snapshot calls drew the fixture phone.
    static func passingReport(for course: Course) -> VerificationReport {
        let picture = phonePicture
        var results: [SnippetKey: SnippetResult] = [:]
        for document in course.documents {
            for snippet in document.snippets {
                let key = SnippetKey(path: document.path, index: snippet.index)
                if snippet.attributes.mode == .ignore {
                    results[key] = SnippetResult(status: .notRun, reason: "marked 'ignore'")
                    continue
                }
                var snapshots: [Snapshot] = []
                if let start = snippet.code.range(of: "app.snapshot(\""), let end = snippet.code[start.upperBound...].firstIndex(of: "\"") {
                    let caption = String(snippet.code[start.upperBound..<end])
                    var captionZh: String?
                    if let zh = snippet.code[end...].range(of: "zh: \""), let zhEnd = snippet.code[zh.upperBound...].firstIndex(of: "\"") {
                        captionZh = String(snippet.code[zh.upperBound..<zhEnd])
                    }
                    snapshots.append(Snapshot(caption: caption, captionZh: captionZh, alt: caption, picture: picture))
                }
                results[key] = SnippetResult(
                    status: .passed, actualOutput: snippet.expectedOutput?.text, snapshots: snapshots,
                    provenance: Provenance(
                        toolchain: "Swift version 6.3.1 (swift-6.3.1-RELEASE)", modelHash: "5f3a9c0e21b7d4e8a1c2", swiftVersion: 5,
                        verifiedAt: Date(timeIntervalSince1970: 1_795_000_000)))
            }
        }
        return VerificationReport(toolchain: "Swift version 6.3.1 (swift-6.3.1-RELEASE)", modelHash: "5f3a9c0e21b7d4e8a1c2", results: results)
    }

    /// A fresh, empty temporary folder, inside this test process's own folder.
    static func temporaryFolder(_ name: String = "site-test") -> URL {
        let url = runFolder.appendingPathComponent("\(name)-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// One folder per test process for everything the fixtures write, removed when the process exits:
    /// every test run used to leave some 40 sites and content folders behind in the temporary directory.
    private static let runFolder: URL = {
        let url = runFolderURL(pid: getpid())
        try? FileManager.default.removeItem(at: url)
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        atexit { try? FileManager.default.removeItem(at: SiteFixture.runFolderURL(pid: getpid())) }
        return url
    }()

    private static func runFolderURL(pid: Int32) -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("tutorbuild-site-tests-\(pid)")
    }

    /// Builds the fixture course into `output` (a new temporary `site` folder by default).
    @discardableResult
    static func buildFixtureSite(into output: URL? = nil, report: Bool = true) throws -> (URL, SiteBuildSummary) {
        let (course, _) = loadCourse()
        let out = output ?? temporaryFolder().appendingPathComponent("site")
        var bag = DiagnosticBag()
        let summary = try SiteBuilder(course: course, report: report ? passingReport(for: course) : nil).build(outputPath: out.path, into: &bag)
        return (out, summary)
    }

    /// Writes lessons (`slug/lang.md` → text) and optional `site.yml` into a new content folder.
    static func writeContent(_ files: [String: String]) -> String {
        let root = temporaryFolder("content")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try? FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try? Data(text.utf8).write(to: url)
        }
        return root.path
    }

    static func read(_ site: URL, _ path: String) -> String {
        (try? String(contentsOf: site.appendingPathComponent(path), encoding: .utf8)) ?? ""
    }
}
