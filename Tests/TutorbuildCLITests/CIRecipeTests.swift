import DocTest
import Foundation
import LessonModel
import Testing
@testable import TutorbuildCLI

/// The CI recipes of docs/ci.md: each YAML block parses, and every command it runs exists as written.
@Suite("CI recipes")
struct CIRecipeTests {
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The ```yaml blocks of docs/ci.md.
    static func recipes() throws -> [String] {
        let text = try String(contentsOf: package.appendingPathComponent("docs/ci.md"), encoding: .utf8)
        var blocks: [String] = []
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```yaml" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current!.joined(separator: "\n"))
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }

    /// Every shell line of the recipe (`run:` values and `script:`/`before_script:` items), variables filled in.
    static func commands(in node: YAMLNode, key: String? = nil) -> [String] {
        switch node.value {
        case .scalar(let text, _):
            guard let key, ["run", "script", "before_script"].contains(key) else { return [] }
            return text.split(separator: "\n").map {
                String($0).replacingOccurrences(of: "${{ matrix.shard }}", with: "1")
                    .replacingOccurrences(of: "$CI_NODE_INDEX", with: "1").replacingOccurrences(of: "$CI_NODE_TOTAL", with: "4")
                    .trimmingCharacters(in: .whitespaces)
            }.filter { !$0.isEmpty }
        case .sequence(let items): return items.flatMap { commands(in: $0, key: key) }
        case .mapping(let pairs): return pairs.flatMap { commands(in: $0.value, key: $0.key.string) }
        }
    }

    @Test("issue 18 #6: docs/ci.md has a GitHub Actions workflow and a GitLab CI job, and both parse")
    func recipesParse() throws {
        let recipes = try Self.recipes()
        #expect(recipes.count == 2)
        for recipe in recipes {
            let root = try #require(try YAMLReader.parse(recipe).get())
            #expect(!Self.commands(in: root).isEmpty)
        }
    }

    /// The `actionlint` on the PATH (`scripts/install-deps --lint` installs it), if any.
    static let actionlint: URL? = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        .map { URL(fileURLWithPath: String($0)).appendingPathComponent("actionlint") }
        .first { FileManager.default.isExecutableFile(atPath: $0.path) }

    @Test(
        "issue 33 #7: actionlint reports nothing in the GitHub workflow",
        .enabled(if: actionlint != nil, "actionlint is not on the PATH; 'scripts/install-deps --lint' installs it"))
    func workflowPassesActionlint() throws {
        let workflow = try #require(try Self.recipes().first { $0.contains("runs-on:") })
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tutorbuild-actionlint-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent(".github/workflows/tutorbuild.yml")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try workflow.write(to: file, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = try #require(Self.actionlint)
        process.arguments = ["-no-color", ".github/workflows/tutorbuild.yml"]
        process.currentDirectoryURL = folder
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let report = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0 && report.isEmpty, "actionlint on the workflow in docs/ci.md:\n\(report)")
    }

    @Test("issue 33 #7: the recipes build in the container of the toolchain the project is tested with")
    func containerMatchesToolchain() throws {
        let swift = Process()
        swift.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        swift.arguments = ["swift", "--version"]
        let output = Pipe()
        swift.standardOutput = output
        swift.standardError = FileHandle.nullDevice
        try swift.run()
        let version = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        swift.waitUntilExit()
        let toolsVersion = try #require(version.firstMatch(of: /Swift version (\d+\.\d+)/), "swift --version: \(version)").output.1
        for recipe in try Self.recipes() {
            let images = recipe.matches(of: /(?:container|image): (swift:\S+)/).map { String($0.output.1) }
            #expect(!images.isEmpty)
            for image in images { #expect(image.hasPrefix("swift:\(toolsVersion)-"), "\(image) is not Swift \(toolsVersion)") }
        }
    }

    @Test("issue 18 #6: every command the recipes run exists: the scripts, the products and tutorbuild's own options")
    func commandsExist() throws {
        var tutorbuildLines = 0
        for recipe in try Self.recipes() {
            let root = try #require(try YAMLReader.parse(recipe).get())
            for line in Self.commands(in: root) {
                let words = line.split(separator: " ").map(String.init)
                if words[0].hasPrefix("scripts/") {
                    #expect(FileManager.default.isExecutableFile(atPath: Self.package.appendingPathComponent(words[0]).path), "\(line)")
                } else if words[0] == "swift" {
                    if let product = words.firstIndex(of: "--product").map({ words[$0 + 1] }) {
                        let manifest = try String(contentsOf: Self.package.appendingPathComponent("Package.swift"), encoding: .utf8)
                        #expect(manifest.contains("name: \"\(product)\""), "\(line)")
                    }
                } else if words[0].hasSuffix("/tutorbuild") {
                    tutorbuildLines += 1
                    let arguments = Array(words.dropFirst())
                    // --help parses every option as the real command line would, and runs nothing.
                    let console = CapturedConsole()
                    let status = Tutorbuild.main(arguments + ["--help"], context: CommandContext(console: console.console(), environment: [:]))
                    #expect(status == 0, "\(line): \(console.stderr)")
                    if let shard = arguments.firstIndex(of: "--shard").map({ arguments[$0 + 1] }) {
                        #expect(DocTestOptions.parseShard(shard) != nil, "\(line)")
                    }
                } else {
                    Issue.record("a command the tests do not know: \(line)")
                }
            }
        }
        #expect(tutorbuildLines >= 4)
    }
}
