/// The values given on the command line for one command, checked against its spec.
public struct ParsedArguments: Sendable {
    public var spec: CommandSpec
    var values: [String: String] = [:]
    var flags: Set<String> = []
    public var positionals: [String] = []

    /// The option's value, or its default when not given. (The parser checked every value given.)
    subscript<Value>(_ option: Option<Value>) -> Value {
        values[option.spec.name].flatMap(Value.init(argument:)) ?? option.defaultValue
    }

    /// The option's value, or `nil` when not given.
    subscript<Value>(_ option: OptionalOption<Value>) -> Value? {
        values[option.spec.name].flatMap(Value.init(argument:))
    }

    /// Whether the flag was given.
    subscript(_ flag: Flag) -> Bool {
        flags.contains(flag.spec.name)
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
