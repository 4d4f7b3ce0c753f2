/// One command-line option, declared once; help, usage and validation all derive from it.
public struct OptionSpec: Sendable, Hashable {
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

    public static func flag(_ name: String, help: String) -> OptionSpec {
        OptionSpec(name: name, kind: .flag, help: help, choices: nil, isInteger: false)
    }

    public static func value(
        _ name: String, _ valueName: String, default defaultValue: String? = nil, help: String,
        choices: [String]? = nil, integer: Bool = false
    ) -> OptionSpec {
        OptionSpec(name: name, kind: .value(valueName: valueName, defaultValue: defaultValue), help: help, choices: choices, isInteger: integer)
    }

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

    public init(name: String, abstract: String, discussion: String = "", arguments: [ArgumentSpec] = [], options: [OptionSpec]) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.arguments = arguments
        self.options = options + [CommonOptions.warningsAsErrors, CommonOptions.help]
    }
}

/// Options every command accepts.
public enum CommonOptions {
    public static let help = OptionSpec.flag("--help", help: "Show help for this command.")
    public static let warningsAsErrors = OptionSpec.flag("--warnings-as-errors", help: "Treat warnings as errors (exit 1).")
    public static let content = OptionSpec.value("--content", "DIR", default: "content", help: "The folder holding the lessons.")
    public static let format = OptionSpec.value(
        "--format", "FORMAT", default: "text", help: "Diagnostics as 'text' (compiler style) or 'json' (for editors).",
        choices: ["text", "json"])
}
