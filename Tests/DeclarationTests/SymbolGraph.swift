import Foundation

/// The public declarations of the model's `UIKitModel` module as the compiler sees them, from
/// `swift-symbolgraph-extract` run on the module `swift build` left in `.build/debug/Modules`.
struct ModelSymbols {
    struct Symbol {
        let owner: String
        let name: String
        let declaration: Declaration
        let deprecated: Bool
        let isType: Bool
        var id: String { owner.isEmpty ? name : owner + "." + name }
    }

    let symbols: [Symbol]

    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Extracts the graph into a temporary folder and reads it; throws with the extractor's output if it fails.
    static func extract() throws -> ModelSymbols {
        guard let modules = modulesDirectory() else {
            throw ExtractionError(message: "no UIKitModel.swiftmodule in \(package.path)/.build: run `swift build --build-tests` first")
        }
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("declarations-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: output) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["swift-symbolgraph-extract", "-module-name", "UIKitModel", "-I", modules.path,
                             "-output-dir", output.path, "-skip-synthesized-members", "-minimum-access-level", "public"]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let log = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw ExtractionError(message: "swift-symbolgraph-extract failed: " + String(decoding: log, as: UTF8.self))
        }
        var symbols: [Symbol] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: output.path) where file.hasSuffix(".symbols.json") {
            let data = try Data(contentsOf: output.appendingPathComponent(file))
            symbols += try read(JSONDecoder().decode(Graph.self, from: data))
        }
        return ModelSymbols(symbols: symbols)
    }

    /// `.build/debug/Modules`, or the triple's own folder before the build has made the `debug` link.
    static func modulesDirectory() -> URL? {
        let build = package.appendingPathComponent(".build")
        let triples = (try? FileManager.default.contentsOfDirectory(atPath: build.path))?.sorted() ?? []
        return (["debug"] + triples.map { "\($0)/debug" }).map { build.appendingPathComponent($0).appendingPathComponent("Modules") }
            .first { FileManager.default.fileExists(atPath: $0.appendingPathComponent("UIKitModel.swiftmodule").path) }
    }

    /// The graph's symbols, without the default implementations of protocol requirements (the requirement stands for them).
    static func read(_ graph: Graph) -> [Symbol] {
        let defaults = Set(graph.relationships.filter { $0.kind == "defaultImplementationOf" }.map(\.source))
        return graph.symbols.filter { !defaults.contains($0.identifier.precise) }.map { symbol in
            let fragments = symbol.declarationFragments ?? []
            let isolation: Declaration.Isolation = fragments.contains { $0.spelling == "MainActor" && $0.kind == "attribute" } ? .mainActor
                : fragments.contains { $0.spelling.contains("nonisolated") } ? .nonisolated : .none
            let subheading = (symbol.names.subHeading ?? fragments).map(\.spelling).joined()
            let deprecated = (symbol.availability ?? []).contains { $0.isUnconditionallyDeprecated == true || $0.deprecated != nil }
            let kind = symbol.kind.identifier
            return Symbol(owner: symbol.pathComponents.dropLast().joined(separator: "."), name: symbol.pathComponents.last ?? "",
                          declaration: Declaration(text: Declaration.normalise(subheading), isolation: isolation), deprecated: deprecated,
                          isType: ["swift.class", "swift.struct", "swift.enum", "swift.protocol", "swift.typealias"].contains(kind))
        }
    }

    struct ExtractionError: Error, CustomStringConvertible {
        let message: String
        var description: String { message }
    }

    /// The parts of a symbol graph file the comparison reads.
    struct Graph: Decodable {
        struct Fragment: Decodable {
            let kind: String
            let spelling: String
        }
        struct Availability: Decodable {
            struct Version: Decodable { let major: Int }
            let domain: String?
            let deprecated: Version?
            let isUnconditionallyDeprecated: Bool?
        }
        struct Symbol: Decodable {
            struct Kind: Decodable { let identifier: String }
            struct Identifier: Decodable { let precise: String }
            struct Names: Decodable { let subHeading: [Fragment]? }
            let kind: Kind
            let identifier: Identifier
            let pathComponents: [String]
            let names: Names
            let declarationFragments: [Fragment]?
            let availability: [Availability]?
        }
        struct Relationship: Decodable {
            let kind: String
            let source: String
        }
        let symbols: [Symbol]
        let relationships: [Relationship]
    }
}
