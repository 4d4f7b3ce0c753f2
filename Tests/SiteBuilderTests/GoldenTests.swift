import Foundation
import Testing

/// Whole pages of the fixture course compared with checked-in copies, so a change in the HTML shows up as a diff.
///
/// Regenerate after an intended change (never edit the files by hand):
/// `TUTORBUILD_REGENERATE_GOLDEN=1 swift test --filter SiteBuilderTests.GoldenTests`
@Suite struct GoldenTests {
    static let golden = SiteFixture.fixtures.appendingPathComponent("golden")

    @Test("pages match their golden copies", arguments: [
        "en/first-responder/index.html", "zh-Hans/keyboard-avoidance/index.html", "zh-Hans/index.html", "index.html", "sitemap.xml",
    ])
    func page(path: String) throws {
        let (site, _) = try SiteFixture.buildFixtureSite()
        let actual = SiteFixture.read(site, path)
        let file = Self.golden.appendingPathComponent(path.replacingOccurrences(of: "/", with: "__"))
        if ProcessInfo.processInfo.environment["TUTORBUILD_REGENERATE_GOLDEN"] != nil {
            try FileManager.default.createDirectory(at: Self.golden, withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: file)
            return
        }
        let expected = try String(contentsOf: file, encoding: .utf8)
        if actual != expected {
            let a = actual.split(separator: "\n", omittingEmptySubsequences: false)
            let e = expected.split(separator: "\n", omittingEmptySubsequences: false)
            let line = (0..<min(a.count, e.count)).first { a[$0] != e[$0] } ?? min(a.count, e.count)
            Issue.record("""
                \(path) differs from \(file.lastPathComponent) at line \(line + 1):
                expected: \(line < e.count ? String(e[line]) : "<end>")
                actual:   \(line < a.count ? String(a[line]) : "<end>")
                """)
        }
    }
}
