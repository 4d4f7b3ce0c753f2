import Foundation
import Testing

/// Writes the fixture site where the browser tests want it (`Tests/Browser/run.sh` sets the variable).
/// Skipped (not passed) without the variable.
@Suite struct BrowserFixture {
    static let path = ProcessInfo.processInfo.environment["TUTORBUILD_BROWSER_SITE"].flatMap { $0.isEmpty ? nil : $0 }

    @Test("build the browser-test site when TUTORBUILD_BROWSER_SITE is set", .enabled(if: path != nil))
    func buildForBrowser() throws {
        let path = try #require(Self.path)
        try SiteFixture.buildFixtureSite(into: URL(fileURLWithPath: path))
        for page in ["index.html", "en/index.html", "zh-Hans/index.html"] {
            #expect(FileManager.default.fileExists(atPath: path + "/" + page), "\(page) missing from the fixture site")
        }
    }
}
