/// One command-line option, declared once; help, usage and validation all derive from it.
public struct OptionSpec: Sendable, Hashable {
    public static func == (a: OptionSpec, b: OptionSpec) -> Bool { a.name == b.name && a.kind == b.kind && a.help == b.help }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    public enum Kind: Sendable, Hashable {
        case flag
        /// Takes a value; `valueName` shows in help (`--port N`).
        case value(valueName: String, defaultValue: String?)
    }

    public var name: String
    public var kind: Kind
    public var help: String
    /// Allowed values, checked while parsing (for example `text`, `json`).
    public var choices: [String]?
    /// Whether the value must be a whole number, checked while parsing.
    public var isInteger: Bool
    /// The whole numbers allowed, checked while parsing; `nil` for any.
    public var range: ClosedRange<Int>?
    /// Whether a value reads as the option's type, checked while parsing after the checks above.
    var accepts: @Sendable (String) -> Bool = { _ in true }
    /// What a value must look like, for the error when `accepts` refuses one.
    var expected: String?

    var usage: String {
        switch kind {
        case .flag: name
        case .value(let valueName, _): "\(name) \(valueName)"
        }
    }
}

/// A positional argument of a command.
public struct ArgumentSpec: Sendable, Hashable {
    public var name: String
    public var help: String
    public var isRequired: Bool

    public init(_ name: String, help: String, required: Bool = true) {
        self.name = name
        self.help = help
        self.isRequired = required
    }
}

/// A subcommand's declaration: its name, what it does, and its options.
public struct CommandSpec: Sendable {
    public var name: String
    public var abstract: String
    public var discussion: String
    public var arguments: [ArgumentSpec]
    public var options: [OptionSpec]
    /// Options that cannot be given together, checked while parsing.
    public var conflicts: [[OptionSpec]]

    init(
        name: String, abstract: String, discussion: String = "", arguments: [ArgumentSpec] = [], options: [any OptionDeclaration],
        conflicts: [[any OptionDeclaration]] = []
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments
        self.options = options.map(\.spec) + [CommonOptions.warningsAsErrors.spec, CommonOptions.help.spec]
        self.conflicts = conflicts.map { $0.map(\.spec) }
    }
}

/// Options every command accepts.
enum CommonOptions {
    static let help = Flag("--help", help: "Show help for this command.")
    static let warningsAsErrors = Flag("--warnings-as-errors", help: "Treat warnings as errors (exit 1).")
    static let content = Option("--content", "DIR", default: "content", help: "The folder holding the lessons.")
    static let format = Option(
        "--format", "FORMAT", default: OutputFormat.text, help: "Diagnostics as 'text' (compiler style) or 'json' (for editors).")
}

/// How diagnostics and results are printed.
enum OutputFormat: String, CaseIterable, OptionValue {
    /// Compiler style, for people.
    case text
    /// One JSON document, for editors.
    case json
}
