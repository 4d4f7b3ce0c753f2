import Foundation
import Testing

/// The README's layout table names every target the package declares, so a new layer is never left undocumented.
@Suite("README layout table")
struct ReadmeLayoutTests {
    @Test("every target in Package.swift has its folder in the README's layout table")
    func everyTargetListed() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../..").standardizedFileURL
        let package = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let readme = try String(contentsOf: root.appendingPathComponent("README.md"), encoding: .utf8)
        let layout = try #require(readme.components(separatedBy: "## Layout").dropFirst().first?.components(separatedBy: "\n## ").first)
        let targets = try Regex(#"\.(?:target|systemLibrary|executableTarget)\(\s*name: "([^"]+)"(?:, [^\n]*path: "([^"]+)")?"#)
        var missing: [String] = []
        var count = 0
        for match in package.matches(of: targets) {
            count += 1
            let name = String(try #require(match.output[1].substring))
            let folder = match.output[2].substring.map(String.init) ?? "Sources/" + name
            if !layout.contains("`\(folder)`") { missing.append(folder) }
        }
        #expect(count > 15)
        #expect(missing.isEmpty, "not in the README's layout table: \(missing)")
    }
}
