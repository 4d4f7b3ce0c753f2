/// A YAML value read by libyaml, with the 1-based line and column where it starts.
public struct YAMLNode: Sendable, Hashable {
    public enum Value: Sendable, Hashable {
        /// A scalar; `plain` is false when it was quoted (so `"1"` stays a string).
        case scalar(String, plain: Bool)
        case sequence([YAMLNode])
        case mapping([Pair])
    }

    public struct Pair: Sendable, Hashable {
        public var key: YAMLNode
        public var value: YAMLNode
    }

    public var value: Value
    public var line: Int
    public var column: Int

    /// The scalar text, if this is a scalar.
    public var string: String? {
        if case .scalar(let s, _) = value { return s }
        return nil
    }

    /// The scalar as an integer, if it is a plain scalar that spells one.
    public var integer: Int? {
        if case .scalar(let s, true) = value { return Int(s) }
        return nil
    }

    /// The scalar as a YAML 1.1 boolean, if it is a plain scalar that spells one.
    public var bool: Bool? {
        guard case .scalar(let s, true) = value else { return nil }
        switch s.lowercased() {
        case "true", "yes", "on": return true
        case "false", "no", "off": return false
        default: return nil
        }
    }

    public var kindName: String {
        switch value {
        case .scalar: "a scalar"
        case .sequence: "a list"
        case .mapping: "a mapping"
        }
    }
}

/// A YAML syntax problem as libyaml reports it.
public struct YAMLError: Error, Sendable, Hashable {
    public var message: String
    public var line: Int
    public var column: Int
}
