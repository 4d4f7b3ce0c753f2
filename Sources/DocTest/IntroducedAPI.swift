import Foundation
import TutorbuildSupport
import XXHash

/// The model's declarations that iOS introduced after the lowest deployment target (13), read from the model
/// modules' symbol graphs: each declares its iOS as Apple does (`@available(iOS 26.0, *)`), which swiftc on Linux
/// accepts but ignores, so the runner checks lesson programs against it itself (`AvailabilityCheck`,
/// docs/model.md "Deployment target").
struct IntroducedAPI: Sendable, Codable, Equatable {
    /// An iOS version as `major * 100 + minor`, so 26.0 is 2600.
    typealias Version = Int

    struct Entry: Sendable, Codable, Equatable {
        /// The name Swift's diagnostic gives it: `selectedRanges`, `onChange(of:initial:_:)`, `init(_:text:axis:)`.
        var name: String
        var introduced: Version
    }

    /// `path:line:column` of the declaration's name (1-based, as `swiftc -dump-ast` prints a referenced
    /// declaration) → its entry.
    var declarations: [String: Entry] = [:]
    /// A word a program must contain to use a declaration (its base name; for an initializer or subscript also its
    /// type's name) → the latest iOS any declaration with that word was introduced in.
    var words: [String: Version] = [:]
    /// A type's name as a program writes it (`ScrollPosition`, `UISheetPresentationController.Detent`) → its entry:
    /// the AST names the type of `ScrollPosition(idType:)` only by that text.
    var types: [String: Entry] = [:]

    /// The modules whose declarations lessons use: the UIKit model (UIKit re-exports it), SwiftUI and Combine.
    static let modules = ["UIKitModel", "SwiftUI", "Combine"]
    static let lowestTarget = 13

    static func version(_ target: Int) -> Version { target * 100 }

    static func describe(_ version: Version) -> String { "\(version / 100).\(version % 100)" }

    /// Whether `text` mentions a word of a declaration introduced after iOS `target`: the cheap test that lets
    /// every other program skip the check.
    func mentionsNewer(_ text: String, target: Int) -> Bool {
        let floor = Self.version(target)
        guard words.values.contains(where: { $0 > floor }) else { return false }
        return Self.words(text).contains { (words[String($0)] ?? 0) > floor }
    }

    /// The identifiers of `text` (letters, digits and `_`, not starting with a digit).
    static func words(_ text: String) -> Set<Substring> {
        var found: Set<Substring> = []
        let utf8 = text.utf8
        var start: String.Index?
        var i = utf8.startIndex
        while i != utf8.endIndex {
            let byte = utf8[i]
            let letter = byte == UInt8(ascii: "_") || (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
            let digit = byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
            if letter || (digit && start != nil) {
                if start == nil { start = i }
            } else if let s = start {
                found.insert(text[s..<i])
                start = nil
            }
            i = utf8.index(after: i)
        }
        if let s = start { found.insert(text[s...]) }
        return found
    }

    /// Adds one symbol-graph symbol (`pathComponents`, `location`, iOS availability).
    mutating func add(path: [String], uri: String, line: Int, character: Int, introduced: Version, isType: Bool = false) {
        guard introduced > Self.version(Self.lowestTarget), let name = path.last else { return }
        let file = uri.hasPrefix("file://") ? String(uri.dropFirst("file://".count)) : uri
        declarations["\(file):\(line + 1):\(character + 1)"] = Entry(name: name, introduced: introduced)
        if isType { types[path.joined(separator: ".")] = Entry(name: name, introduced: introduced) }
        let base = String(name.prefix { $0 != "(" && $0 != "<" })
        var keys = [base]
        if ["init", "subscript", "callAsFunction"].contains(base), path.count > 1 { keys.append(path[path.count - 2]) }
        for key in keys where !key.isEmpty { words[key] = max(words[key] ?? 0, introduced) }
    }

    // MARK: Reading the symbol graphs

    private struct Graph: Decodable {
        struct Symbol: Decodable {
            struct Location: Decodable {
                struct Position: Decodable { let line: Int; let character: Int }
                let uri: String
                let position: Position
            }
            struct Availability: Decodable {
                struct Version: Decodable { let major: Int; let minor: Int? }
                let domain: String?
                let introduced: Version?
            }
            struct Kind: Decodable { let identifier: String }
            let kind: Kind
            let pathComponents: [String]
            let location: Location?
            let availability: [Availability]?
        }
        let symbols: [Symbol]
    }

    static let typeKinds: Set<String> = ["swift.struct", "swift.class", "swift.enum", "swift.protocol", "swift.typealias", "swift.actor"]

    /// Reads every `*.symbols.json` in `directory`.
    static func read(graphsIn directory: String) throws -> IntroducedAPI {
        var api = IntroducedAPI()
        for file in try FileManager.default.contentsOfDirectory(atPath: directory).sorted() where file.hasSuffix(".symbols.json") {
            let data = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + file))
            for symbol in try JSONDecoder().decode(Graph.self, from: data).symbols {
                guard let location = symbol.location,
                      let iOS = symbol.availability?.first(where: { $0.domain == "iOS" })?.introduced
                else { continue }
                api.add(path: symbol.pathComponents, uri: location.uri, line: location.position.line,
                        character: location.position.character, introduced: iOS.major * 100 + (iOS.minor ?? 0),
                        isType: typeKinds.contains(symbol.kind.identifier))
            }
        }
        return api
    }

    /// The tables this process has read or extracted, by model, compiler and build folder: a process that runs the
    /// doc-tests many times (`swift test`, each test with a cache of its own or none; `serve`) extracts each once.
    private static let loaded = Locked<[String: IntroducedAPI]>([:])

    /// The table for the model in `toolchain.buildDirectory`: known to this process, from the cache when this model's
    /// is there, else extracted with `swift-symbolgraph-extract` (the one beside the compiler) and stored.
    static func load(toolchain: Toolchain, cacheDirectory: String?) throws -> IntroducedAPI {
        let identity = "2|\(toolchain.version)|\(toolchain.modelHash)|\(toolchain.buildDirectory)"
        // The compiler's path too: the extractor is the one beside it.
        let memoKey = identity + "|" + URL(fileURLWithPath: toolchain.swiftc).resolvingSymlinksInPath().path
        let file = cacheDirectory.map { "\($0)/introduced-\(XXH3.hex128(identity).prefix(16)).json" }
        if let known = loaded.value[memoKey] {
            // A new cache gets the table as the extraction would have left it there.
            if let file, let cacheDirectory, !FileManager.default.fileExists(atPath: file) { store(known, file: file, cacheDirectory: cacheDirectory) }
            return known
        }
        if let file, let data = RegularFile.contents(atPath: file), let api = try? JSONDecoder().decode(IntroducedAPI.self, from: data) {
            loaded.mutate { $0[memoKey] = api }
            return api
        }
        let api = try extract(toolchain: toolchain)
        loaded.mutate { $0[memoKey] = api }
        if let file, let cacheDirectory { store(api, file: file, cacheDirectory: cacheDirectory) }
        return api
    }

    /// Leaves the table in the cache folder, whole or not at all, for the next process.
    private static func store(_ api: IntroducedAPI, file: String, cacheDirectory: String) {
        if let data = try? JSONEncoder().encode(api) { CacheFile.write(data, to: file) }
    }

    static func extract(toolchain: Toolchain) throws -> IntroducedAPI {
        let compiler = URL(fileURLWithPath: toolchain.swiftc).resolvingSymlinksInPath().deletingLastPathComponent()
        let extractor = compiler.appendingPathComponent("swift-symbolgraph-extract").path
        guard FileManager.default.isExecutableFile(atPath: extractor) else {
            throw DocTestError.compilerNotFound("no swift-symbolgraph-extract beside '\(toolchain.swiftc)': availability cannot be checked")
        }
        let directory = try RunningChildren.makeFolder()
        defer { RunningChildren.removeFolder(directory) }
        for module in modules {
            guard FileManager.default.fileExists(atPath: "\(toolchain.buildDirectory)/Modules/\(module).swiftmodule") else { continue }
            let outcome = try ContainedProcess.run(
                extractor,
                ["-module-name", module, "-I", toolchain.buildDirectory + "/Modules", "-output-dir", directory,
                 "-minimum-access-level", "public", "-skip-synthesized-members"],
                directory: directory, environment: Toolchain.compilerEnvironment(temporaryDirectory: directory),
                limits: ProcessLimits(timeout: 300, outputBytes: nil, memoryBytes: nil))
            guard outcome.succeeded else {
                throw DocTestError.io("swift-symbolgraph-extract failed for \(module): \(outcome.stderr)\(outcome.stdout)")
            }
        }
        return try read(graphsIn: directory)
    }
}
