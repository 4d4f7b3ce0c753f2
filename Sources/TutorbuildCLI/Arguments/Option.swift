/// A typed option, as a command declares it: its spec (help, usage, what the parser checks) and the type
/// its value is read as. `ParsedArguments` gives the typed value back, never a string to unwrap.
protocol OptionDeclaration: Sendable {
    var spec: OptionSpec { get }
}

/// What an option's value can be: read from its text once the parser has checked it.
protocol OptionValue: Sendable {
    init?(argument: String)
    /// The text that reads back as this value (for a default in help).
    var argument: String { get }
    /// The values allowed, checked while parsing and listed in errors; `nil` for any.
    static var choices: [String]? { get }
    static var isInteger: Bool { get }
    /// What a value must look like, for the error when one does not read.
    static var expected: String? { get }
}

extension OptionValue {
    static var choices: [String]? { nil }
    static var isInteger: Bool { false }
    static var expected: String? { nil }

    /// The spec of an option with values of this type.
    static func spec(_ name: String, _ valueName: String, default defaultValue: String?, help: String, range: ClosedRange<Int>?) -> OptionSpec {
        OptionSpec(
            name: name, kind: .value(valueName: valueName, defaultValue: defaultValue), help: help, choices: choices, isInteger: isInteger,
            range: range, accepts: { Self(argument: $0) != nil }, expected: expected)
    }
}

extension String: OptionValue {
    init?(argument: String) { self = argument }
    var argument: String { self }
}

extension Int: OptionValue {
    init?(argument: String) { self.init(argument) }
    var argument: String { String(self) }
    static var isInteger: Bool { true }
}

extension OptionValue where Self: CaseIterable & RawRepresentable, RawValue == String {
    init?(argument: String) { self.init(rawValue: argument) }
    var argument: String { rawValue }
    static var choices: [String]? { allCases.map(\.rawValue) }
}

/// An option without a value: set or not.
struct Flag: OptionDeclaration {
    let spec: OptionSpec

    init(_ name: String, help: String) {
        spec = OptionSpec(name: name, kind: .flag, help: help, choices: nil, isInteger: false, range: nil)
    }
}

/// An option with a value, which is its default when the option is not given.
struct Option<Value: OptionValue>: OptionDeclaration {
    let spec: OptionSpec
    let defaultValue: Value

    /// `range`: the whole numbers allowed (for `Int` values).
    init(_ name: String, _ valueName: String, default defaultValue: Value, help: String, range: ClosedRange<Int>? = nil) {
        spec = Value.spec(name, valueName, default: defaultValue.argument, help: help, range: range)
        self.defaultValue = defaultValue
    }
}

/// An option with a value and no default: `nil` when not given.
struct OptionalOption<Value: OptionValue>: OptionDeclaration {
    let spec: OptionSpec

    init(_ name: String, _ valueName: String, help: String, range: ClosedRange<Int>? = nil) {
        spec = Value.spec(name, valueName, default: nil, help: help, range: range)
    }
}
