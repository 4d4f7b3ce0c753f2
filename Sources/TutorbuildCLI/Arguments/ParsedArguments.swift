/// The values given on the command line for one command, checked against its spec.
public struct ParsedArguments: Sendable {
    public var spec: CommandSpec
    var values: [String: String] = [:]
    var flags: Set<String> = []
    public var positionals: [String] = []

    /// The option's value, or its declared default.
    public func value(_ option: OptionSpec) -> String? {
        if let v = values[option.name] { return v }
        if case .value(_, let defaultValue) = option.kind { return defaultValue }
        return nil
    }

    public func integer(_ option: OptionSpec) -> Int? {
        value(option).flatMap { Int($0) }
    }

    public func isSet(_ option: OptionSpec) -> Bool {
        flags.contains(option.name) || values[option.name] != nil
    }
}

/// A command line that cannot be understood (exit 2, with a one-line hint).
public struct UsageError: Error, Sendable, Equatable {
    public var message: String
    public var command: String?

    public init(_ message: String, command: String? = nil) {
        self.message = message
        self.command = command
    }
}
