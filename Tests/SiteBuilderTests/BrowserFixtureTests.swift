import Foundation
import Testing

/// Writes the fixture site where the browser tests want it (`Tests/Browser/run.sh` sets the variable).
@Suite struct BrowserFixture {
    @Test("build the browser-test site when TUTORBUILD_BROWSER_SITE is set")
    func buildForBrowser() throws {
        guard let path = ProcessInfo.processInfo.environment["TUTORBUILD_BROWSER_SITE"], !path.isEmpty else { return }
        try SiteFixture.buildFixtureSite(into: URL(fileURLWithPath: path))
    }
}
