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
    /// A word a program must contain to use a declaration that is not a function with parameters (a type, an enum case,
    /// a function without parameters; for an initializer without labels a call must write, `init` and its type's
    /// name) → the latest iOS any such declaration with that word was introduced in. A member of a newer struct, class,
    /// enum or actor, introduced with it, has no word of its own: a value of that type comes only through a use of
    /// something newer (its name, or a newer function that returns it), which flags the program.
    var words: [String: Version] = [:]
    /// Properties, as `words`, except that a compound name (`keyboardWillShow(_:)`) does not name them.
    var properties: [String: Version] = [:]
    /// Members of newer types, by base name: written as an implicit member (`.sizeThatFitsLayout`, `case .name`), they
    /// name no newer thing the program writes (the newer type is the context, perhaps a parameter of the model's own
    /// `#Preview` function, which no symbol graph lists), so that spelling alone flags the program.
    var implicitMembers: [String: Version] = [:]
    /// Functions and methods with parameters, by base name: a call's argument labels tell them apart
    /// (`post(name:object:)` is not iOS 26's `post(_:)`).
    var functions: [String: [Function]] = [:]
    /// Initializers: one with a label every call writes is matched by those labels anywhere in the program (a
    /// subclass's name, `Self(…)` or `.init(…)` may stand for its type); one without by its type's name (`words`)
    /// and by a call `.init(…)` whose labels fit.
    var initializers: [Function] = []
    /// A type's name as a program writes it (`ScrollPosition`, `UISheetPresentationController.Detent`) → its entry:
    /// the AST names the type of `ScrollPosition(idType:)` only by that text.
    var types: [String: Entry] = [:]

    /// A function's parameters as a call writes them.
    struct Function: Sendable, Codable, Equatable {
        struct Parameter: Sendable, Codable, Equatable {
            /// The argument label, `_` for none.
            var label: String
            /// A call may leave it out or not write its label: it has a default value, is variadic, or is a closure
            /// (a trailing closure).
            var optional: Bool
        }
        var parameters: [Parameter]
        var introduced: Version
        /// The labels every call writes.
        var requiredLabels: [String] { parameters.filter { !$0.optional && $0.label != "_" }.map(\.label) }
    }

    /// The modules whose declarations lessons use: the UIKit model (UIKit re-exports it), SwiftUI and Combine.
    static let modules = ["UIKitModel", "SwiftUI", "Combine"]
    static let lowestTarget = 13

    static func version(_ target: Int) -> Version { target * 100 }

    static func describe(_ version: Version) -> String { "\(version / 100).\(version % 100)" }

    /// The latest introduction in the table.
    var latest: Version {
        max(words.values.max() ?? 0, properties.values.max() ?? 0, initializers.map(\.introduced).max() ?? 0,
            functions.values.flatMap { $0.map(\.introduced) }.max() ?? 0, implicitMembers.values.max() ?? 0)
    }

    /// Adds one symbol-graph symbol (`pathComponents`, `location`, iOS availability). `parameters` is a function's
    /// or initializer's (`nil` when unknown: the function is then found by its word alone); `owner` is the
    /// introduction of the struct, class, enum or actor it is a member of, if that is newer than iOS 13.
    mutating func add(
        path: [String], uri: String, line: Int, character: Int, introduced: Version, isType: Bool = false,
        isProperty: Bool = false, parameters: [Function.Parameter]? = nil, owner: Version? = nil
    ) {
        guard introduced > Self.version(Self.lowestTarget), let name = path.last else { return }
        let file = uri.hasPrefix("file://") ? String(uri.dropFirst("file://".count)) : uri
        declarations["\(file):\(line + 1):\(character + 1)"] = Entry(name: name, introduced: introduced)
        if isType { types[path.joined(separator: ".")] = Entry(name: name, introduced: introduced) }
        let base = String(name.prefix { $0 != "(" && $0 != "<" })
        // A member of a newer type, no newer than it: its type's use flags the program, or its implicit member spelling.
        if let owner, introduced <= owner {
            if !base.isEmpty, base != "init" { implicitMembers[base] = max(implicitMembers[base] ?? 0, introduced) }
            return
        }
        if let parameters, !parameters.isEmpty || base == "init", !["subscript", "callAsFunction"].contains(base) {
            let function = Function(parameters: parameters, introduced: introduced)
            if base != "init" {
                functions[base, default: []].append(function)
                return
            }
            initializers.append(function)
            // `T()`, `T(x)`: its type's name is the word a call writes (or `.init`, which `mentionsNewer` reads).
            if !function.requiredLabels.isEmpty || path.count < 2 { return }
            words[path[path.count - 2]] = max(words[path[path.count - 2]] ?? 0, introduced)
            return
        }
        var keys = [base]
        if ["init", "subscript", "callAsFunction"].contains(base), path.count > 1 { keys.append(path[path.count - 2]) }
        for key in keys where !key.isEmpty {
            if isProperty { properties[key] = max(properties[key] ?? 0, introduced) } else { words[key] = max(words[key] ?? 0, introduced) }
        }
    }

    /// The parameters of a declaration `name(a:_:)` from its declaration's text (`func f(a x: Int = 1, _ g: () -> ())`):
    /// `nil` when the two disagree.
    static func parameters(name: String, declaration: String) -> [Function.Parameter]? {
        guard let open = name.firstIndex(of: "("), name.hasSuffix(":)") || name.hasSuffix("()") else { return nil }
        let labels = name[name.index(after: open)..<name.index(before: name.endIndex)].split(separator: ":").map(String.init)
        // The parameter clause: the first `(` after the name and its generic parameters, to its `)`.
        let base = name[..<open]
        guard let named = declaration.range(of: base == "init" ? "init" : "func " + base),
              let paren = declaration[named.upperBound...].firstIndex(of: "(")
        else { return nil }
        let text = Array(declaration.utf8)
        var i = declaration.utf8.distance(from: declaration.startIndex, to: paren)
        var segments: [String] = []
        var depth = 0
        var start = i + 1
        while i < text.count {
            let c = text[i]
            if c == UInt8(ascii: "-"), i + 1 < text.count, text[i + 1] == UInt8(ascii: ">") { i += 2; continue }
            switch c {
            case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "<"): depth += 1
            case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: ">"):
                depth -= 1
                if depth == 0 {
                    segments.append(String(decoding: text[start..<i], as: UTF8.self))
                    i = text.count
                    continue
                }
            case UInt8(ascii: ",") where depth == 1:
                segments.append(String(decoding: text[start..<i], as: UTF8.self))
                start = i + 1
            default: break
            }
            i += 1
        }
        if segments == [""] { segments = [] }
        guard segments.count == labels.count else { return nil }
        return zip(labels, segments).map { label, segment in
            Function.Parameter(label: label, optional: segment.contains(" = ") || segment.contains("->") || segment.contains("..."))
        }
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
            struct Fragment: Decodable { let spelling: String }
            let kind: Kind
            let pathComponents: [String]
            let location: Location?
            let availability: [Availability]?
            let declarationFragments: [Fragment]?
        }
        let symbols: [Symbol]
    }

    static let typeKinds: Set<String> = ["swift.struct", "swift.class", "swift.enum", "swift.protocol", "swift.typealias", "swift.actor"]
    /// The types whose values only a newer declaration gives: not a protocol (an older type may conform to it).
    static let concreteTypeKinds: Set<String> = ["swift.struct", "swift.class", "swift.enum", "swift.actor"]
    static let functionKinds: Set<String> = ["swift.func", "swift.method", "swift.type.method", "swift.init"]
    static let propertyKinds: Set<String> = ["swift.property", "swift.type.property", "swift.var"]

    /// Reads every `*.symbols.json` in `directory`.
    static func read(graphsIn directory: String) throws -> IntroducedAPI {
        var symbols: [(Graph.Symbol, Graph.Symbol.Location, Version)] = []
        for file in try FileManager.default.contentsOfDirectory(atPath: directory).sorted() where file.hasSuffix(".symbols.json") {
            let data = try Data(contentsOf: URL(fileURLWithPath: directory + "/" + file))
            for symbol in try JSONDecoder().decode(Graph.self, from: data).symbols {
                guard let location = symbol.location,
                      let iOS = symbol.availability?.first(where: { $0.domain == "iOS" })?.introduced
                else { continue }
                symbols.append((symbol, location, iOS.major * 100 + (iOS.minor ?? 0)))
            }
        }
        // The newer structs, classes, enums and actors, whose members need no word of their own.
        var owners: [String: Version] = [:]
        for (symbol, _, introduced) in symbols where concreteTypeKinds.contains(symbol.kind.identifier) && introduced > version(lowestTarget) {
            let key = symbol.pathComponents.joined(separator: ".")
            owners[key] = max(owners[key] ?? 0, introduced)
        }
        var api = IntroducedAPI()
        for (symbol, location, introduced) in symbols {
            let kind = symbol.kind.identifier
            let path = symbol.pathComponents
            let declaration = symbol.declarationFragments?.map(\.spelling).joined() ?? ""
            let signature = functionKinds.contains(kind) ? path.last.flatMap { Self.parameters(name: $0, declaration: declaration) } : nil
            api.add(path: path, uri: location.uri, line: location.position.line, character: location.position.character,
                    introduced: introduced, isType: typeKinds.contains(kind), isProperty: propertyKinds.contains(kind),
                    parameters: signature, owner: path.count > 1 ? owners[path.dropLast().joined(separator: ".")] : nil)
        }
        return api
    }

    /// The tables this process has read or extracted, by model, compiler and build folder: a process that runs the
    /// doc-tests many times (`swift test`, each test with a cache of its own or none; `serve`) extracts each once.
    private static let loaded = Locked<[String: IntroducedAPI]>([:])

    /// The table for the model in `toolchain.buildDirectory`: known to this process, from the cache when this model's
    /// is there, else extracted with `swift-symbolgraph-extract` (the one beside the compiler) and stored.
    static func load(toolchain: Toolchain, cacheDirectory: String?) throws -> IntroducedAPI {
        let identity = "4|\(toolchain.version)|\(toolchain.modelHash)|\(toolchain.buildDirectory)"
        // The compiler's path too: the extractor is the one beside it.
        let memoKey = identity + "|" + URL(fileURLWithPath: toolchain.swiftc).resolvingSymlinksInPath().path
        let file = cacheDirectory.map { "\($0)/introduced-\(XXH3.hex128(identity).prefix(16)).json" }
        if let known = loaded.value[memoKey] {
            // A new cache gets the table as the extraction would have left it there.
            if let file, let cacheDirectory, !FileManager.default.fileExists(atPath: file) { store(known, file: file, cacheDirectory: cacheDirectory) }
            return known
        }
        if let file, let data = RegularFile.contents(atPath: file), let api = try? JSONDecoder().decode(IntroducedAPI.self, from: data) {
            UnusedEntries.touch(file)
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

/// The availability table, read (or extracted) the first time a program to compile needs it: a build whose programs
/// all come from the cache never does, and decoding the table took about 15 ms of every rebuild after a prose edit.
final class LazyIntroducedAPI: @unchecked Sendable {
    private let load: @Sendable () throws -> IntroducedAPI
    private let lock = NSLock()
    private var loaded: Result<IntroducedAPI, Error>?

    init(_ load: @escaping @Sendable () throws -> IntroducedAPI) {
        self.load = load
    }

    /// The table; the first caller loads it while the others wait, and a failure to load is every caller's.
    func value() throws -> IntroducedAPI {
        lock.lock()
        defer { lock.unlock() }
        if loaded == nil { loaded = Result(catching: load) }
        return try loaded!.get()
    }
}
