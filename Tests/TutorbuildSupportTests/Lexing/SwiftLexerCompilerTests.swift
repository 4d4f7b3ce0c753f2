import Foundation
@testable import TutorbuildSupport
import Testing

/// The compiler judges where comments are: text the lexer calls a comment must be nothing to it.
///
/// Each program is parsed three ways in one `swiftc -frontend -dump-parse` run per language mode: as
/// written, with its comments blanked out (spaces, line breaks kept: every position stays) and as
/// `strippingComments(_:)` gives it. Programs the lexer is unsure of are left out, as nothing is stripped
/// from them (that is checked by the lexer's own tests).
@Suite("Swift lexing checked against the compiler")
struct SwiftLexerCompilerTests {
    /// Valid Swift 6 with comments next to, inside and between literals that look like comments.
    static let table = [
        // Issue 30 #5.
        "let a = #/ a/* /#\nfatalError()\nlet b = #/ a*/b /#",
        "let a = ##/ x/# \"/* /## // c\nlet b = #/\n  a // b \" */\n  /# /* d */",
        "let a = /a*/ // c\nlet b = 10 / 2 /* half */\nvar n = 8\nn /= 2 // d\nprint(n / 2, \"//\") // e",
        "let a = [\"x\"].map { $0 + \"/*\" } // c\nlet b = \"*/\" // d",
        "let s = #\"a \" // \"# // c\nlet t = ##\"a\"#\"## /* d */\nlet x = 1\nlet u = #\"\\#(x) // \"# // e",
        "let s = \"\"\"\n  // not a comment \"\n  \"\"\"\n// a comment\nlet t = #\"\"\"\n  \"# /* not\n  \"\"\"# // yes",
        "let s = #\"\"\"a\"# // c",
        "let x = 1\nlet s = \"\\( \"a\" + \"\\( x /* kept */ )\" ) // no\" // yes",
        "/* /* nested */ still */ let x = 1 /* /* */ */",
        "let x = 1 // c\rlet y = 2",
        "let `a b` = 1 // c",
        "let a = 1\nlet c = a/* c */is Int\nlet d = a/**/as Int",
        "let s = \"\"\"\n  a  \n\n  \"\"\" // c",
        "let r = #/\n  a \n  /# // c",
    ]

    /// Literals whose text opens or closes something comment-like, and comments that hold literal-like text.
    static let literals = [
        "#/ a/* /#", "#/ a*/b /#", "#/ \"// /#", "##/ a/# \"/* /##", "#/\n  a // b \" /*\n  /#", "/a*/", "/[a-z]+/",
        "/a\\/b/", "\"//\"", "\"/*\"", "\"*/\"", "\"\\(\"a\" + \"\\( 1 )\")\"", "#\"\\#(1) // \"#", "##\"a\"#\"##",
        "\"\"\"\n  // x \"\n  \"\"\"", "#\"\"\"\n  \"# /*\n  \"\"\"#", "#\"\"\"a\"#", "10 / 2", "(4) / 2", "\"\\(1 /* c */ + 1)\"",
        "\"a\" + \"*/\"",
    ]
    static let comments = ["// c", "/* c */", "/* /* n */ */", "/*\n*/", "/// d", "// \"", "/* \" */", "// */", "/* // */", "/* #/ */", "//\r"]
    /// Pieces of anything, for programs that mostly fail: both readings must then fail alike.
    static let fragments = literals + comments + [
        "fatalError()", "\n", " ", "(", ")", "[", "]", "{", "}", ",", "=", "x", "1", "+", "-", "!", "?", ".", ":", ";", "#", "\"", "\\",
        "/", "*", "'", "`a b`", "return", "await", "func", "/ a/", "x / y", "x /= 2", "/\"/", "a/**/b", "*/", "\r", "<#",
    ]

    /// Programs of lines that each declare a literal, run code or hold a comment, from a seeded generator.
    static func programs(count: Int, seed: UInt64) -> [String] {
        var generator = SplitMix(seed: seed)
        return (0..<count).map { _ in
            (0..<generator.next(2...6)).map { line in
                let literal = literals[generator.next(0..<literals.count)]
                let comment = comments[generator.next(0..<comments.count)]
                switch generator.next(0..<6) {
                case 0: return "let v\(line) = \(literal) \(comment)"
                case 1: return "let v\(line) = /* c */\(literal)"
                case 2: return "fatalError() \(comment)"
                case 3: return comment
                default: return "let v\(line) = \(literal)"
                }
            }.joined(separator: "\n")
        }
    }

    /// Strings of fragments, from a seeded generator: most fail to parse, and must fail stripped too.
    static func scraps(count: Int, seed: UInt64) -> [String] {
        var generator = SplitMix(seed: seed)
        return (0..<count).map { _ in
            (0..<generator.next(3...8)).map { _ in fragments[generator.next(0..<fragments.count)] + ["", " ", "\n"][generator.next(0..<3)] }.joined()
        }
    }

    @Test("what the lexer calls comments the compiler parses as nothing: blanked or stripped, a program parses alike, or fails alike",
          arguments: [5, 6])
    func compilerAgrees(swiftVersion: Int) throws {
        let programs = Self.table + Self.programs(count: 100, seed: 30) + Self.scraps(count: 60, seed: 5)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("lexer-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        var checked: [Int] = []
        for (n, program) in programs.enumerated() {
            let bytes = Array(program.utf8)
            guard let layout = SwiftLexer.commentLayout(bytes) else {
                #expect(n >= Self.table.count, "a table program the lexer is unsure of: \(program.debugDescription)")
                continue
            }
            var blanked = bytes
            for range in layout.comments {
                for k in range where bytes[k] != 0x0A && bytes[k] != 0x0D { blanked[k] = 0x20 }
            }
            try Data(bytes).write(to: URL(fileURLWithPath: "\(directory)/o\(n).swift"))
            try Data(blanked).write(to: URL(fileURLWithPath: "\(directory)/b\(n).swift"))
            try Data(SwiftLexer.strippingComments(program).utf8).write(to: URL(fileURLWithPath: "\(directory)/s\(n).swift"))
            checked.append(n)
        }
        let parses = try Self.parse(checked.flatMap { ["o\($0)", "b\($0)", "s\($0)"] }, in: directory, swiftVersion: swiftVersion)
        for n in checked {
            let original = parses["o\(n)"] ?? Parse(), blanked = parses["b\(n)"] ?? Parse(), stripped = parses["s\(n)"] ?? Parse()
            let context = Comment(rawValue: "program \(n): \(programs[n].debugDescription)")
            #expect(!original.tree.isEmpty, context)
            if n < Self.table.count, swiftVersion == 6 {
                #expect(!original.fails, context)
            }
            #expect(original == blanked || original.fails && blanked.fails, context)
            #expect(original.withoutLocations == stripped.withoutLocations || original.fails && stripped.fails, context)
        }
        // Most programs are checked, and many of them parse: the comparisons are not all between failures.
        #expect(checked.count > programs.count / 2)
        #expect(checked.filter { !(parses["o\($0)"]?.fails ?? true) }.count > 60)
    }

    /// What the compiler makes of a file: its syntax tree (`-dump-parse`) and its diagnostics, file names left out.
    struct Parse: Equatable {
        var tree = ""
        var diagnostics: [String] = []
        var fails: Bool { diagnostics.contains { $0.contains(": error: ") } }

        /// The same without line and column numbers, which stripping moves.
        var withoutLocations: Parse {
            Parse(
                tree: Self.removing(from: tree, between: "range=[", and: "]"),
                diagnostics: diagnostics.map { String($0.drop { $0 != " " }) })
        }

        /// `text` without each run from `start` to the next `end`, both included.
        static func removing(from text: String, between start: String, and end: String) -> String {
            var out = ""
            var rest = Substring(text)
            while let open = rest.range(of: start) {
                out += rest[..<open.lowerBound]
                guard let close = rest[open.upperBound...].range(of: end) else { return out }
                rest = rest[close.upperBound...]
            }
            return out + rest
        }
    }

    /// Parses the named files of `directory` in one compiler run.
    static func parse(_ names: [String], in directory: String, swiftVersion: Int) throws -> [String: Parse] {
        let environment = ProcessInfo.processInfo.environment
        let swiftc = environment["TUTORBUILD_SWIFTC"] ?? (environment["PATH"] ?? "").split(separator: ":")
            .map { "\($0)/swiftc" }.first { FileManager.default.isExecutableFile(atPath: $0) } ?? "/usr/bin/swiftc"
        let process = Process()
        process.executableURL = URL(fileURLWithPath: swiftc)
        process.arguments = ["-frontend", "-dump-parse", "-diagnostic-style", "llvm", "-swift-version", "\(swiftVersion)"]
            + names.flatMap { ["-primary-file", "\(directory)/\($0).swift"] }
        process.environment = environment.merging(["TMPDIR": directory]) { $1 }
        // Into files, read once the compiler is done: no pipe can fill up and stall it.
        let treeFile = directory + "/tree.txt", diagnosticFile = directory + "/diagnostics.txt"
        _ = FileManager.default.createFile(atPath: treeFile, contents: nil)
        _ = FileManager.default.createFile(atPath: diagnosticFile, contents: nil)
        process.standardOutput = FileHandle(forWritingAtPath: treeFile)
        process.standardError = FileHandle(forWritingAtPath: diagnosticFile)
        try process.run()
        // The compiler has hung on some input (swiftc 6.3); a test that never ends would hide which.
        let watchdog = DispatchWorkItem { [process] in if process.isRunning { process.terminate() } }
        DispatchQueue.global().asyncAfter(deadline: .now() + 120, execute: watchdog)
        process.waitUntilExit()
        watchdog.cancel()
        #expect(process.terminationReason == .exit, "the compiler was stopped after 120 s")
        let treeText = try String(contentsOfFile: treeFile, encoding: .utf8)
        let diagnosticText = try String(contentsOfFile: diagnosticFile, encoding: .utf8)

        var parses: [String: Parse] = [:]
        let prefix = directory + "/"
        // Each tree starts `(source_file "<path>"`, not always on a line of its own.
        for chunk in treeText.components(separatedBy: "(source_file \"" + prefix).dropFirst() {
            guard let name = chunk.split(separator: ".", maxSplits: 1).first.map(String.init) else { continue }
            // Without the file's name, and the addresses of the compiler's objects (`decl_context=0x…`).
            let tree = chunk.dropFirst(name.count + ".swift\"".count).replacingOccurrences(of: prefix + name + ".swift", with: "")
            parses[name, default: Parse()].tree = String(tree.split(separator: " ", omittingEmptySubsequences: false)
                .lazy.map { $0.contains("=0x") ? $0.prefix { $0 != "=" } : $0 }.joined(separator: " "))
        }
        // `path:line:column: error: …`; the source lines and carets after each are left out, and so is the
        // error every file but `main.swift` gets for code at the top level.
        for line in diagnosticText.split(separator: "\n") where line.hasPrefix(prefix) && !line.hasSuffix("not allowed at the top level") {
            let rest = line.dropFirst(prefix.count)
            guard let dot = rest.firstIndex(of: "."), rest[dot...].hasPrefix(".swift:") else { continue }
            parses[String(rest[..<dot]), default: Parse()].diagnostics.append(String(rest[dot...].dropFirst(".swift".count)))
        }
        return parses
    }

}

/// A small seeded generator, so the generated programs are the same on every run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next(_ range: Range<Int>) -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        z ^= z >> 31
        return range.lowerBound + Int(z % UInt64(range.count))
    }

    mutating func next(_ range: ClosedRange<Int>) -> Int { next(range.lowerBound..<(range.upperBound + 1)) }
}
