import Diagnostics
import DocTestProtocol
import Foundation
import LessonModel
import TestSupport
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
                        toolchain: "Swift version 6.3.1 (swift-6.3.1-RELEASE)", modelHash: "5f3a9c0e21b7d4e8a1c2", swiftVersion: 5, defaultIsolation: "MainActor",
                        verifiedAt: Date(timeIntervalSince1970: 1_795_000_000)))
            }
        }
        return VerificationReport(toolchain: "Swift version 6.3.1 (swift-6.3.1-RELEASE)", modelHash: "5f3a9c0e21b7d4e8a1c2", results: results)
    }

    /// Builds the fixture course into `output` (a new temporary `site` folder by default).
    @discardableResult
    static func buildFixtureSite(into output: URL? = nil, report: Bool = true) throws -> (URL, SiteBuildSummary) {
        let (course, _) = loadCourse()
        let out = output ?? TemporaryFolder.make().appendingPathComponent("site")
        var bag = DiagnosticBag()
        let summary = try SiteBuilder(course: course, report: report ? passingReport(for: course) : nil).build(outputPath: out.path, into: &bag)
        return (out, summary)
    }

    static func read(_ site: URL, _ path: String) -> String {
        (try? String(contentsOf: site.appendingPathComponent(path), encoding: .utf8)) ?? ""
    }
}
