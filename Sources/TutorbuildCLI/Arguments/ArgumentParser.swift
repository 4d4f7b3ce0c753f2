/// Parses argument arrays against a `CommandSpec`.
enum ArgumentParser {
    static func parse(_ arguments: [String], spec: CommandSpec) throws -> ParsedArguments {
        var parsed = ParsedArguments(spec: spec)
        var i = 0
        var onlyPositionals = false
        while i < arguments.count {
            let argument = arguments[i]
            i += 1
            if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if let eq = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<eq])
                inlineValue = String(argument[argument.index(after: eq)...])
            }
            guard let option = spec.options.first(where: { $0.name == name }) else {
                let suggestion = closest(name, among: spec.options.map(\.name)).map { "; did you mean '\($0)'?" } ?? ""
                throw UsageError("unknown option '\(name)'\(suggestion)", command: spec.name)
            }
            switch option.kind {
            case .flag:
                if inlineValue != nil { throw UsageError("option '\(name)' takes no value", command: spec.name) }
                parsed.flags.insert(name)
            case .value(let valueName, _):
                let value: String
                if let inlineValue {
                    value = inlineValue
                } else if i < arguments.count {
                    value = arguments[i]
                    i += 1
                } else {
                    throw UsageError("option '\(name)' needs a value (\(valueName))", command: spec.name)
                }
                if let choices = option.choices, !choices.contains(value) {
                    throw UsageError("option '\(name)' must be one of \(choices.joined(separator: ", ")); got '\(value)'", command: spec.name)
                }
                try check(value, of: option, command: spec.name)
                parsed.values[name] = value
            }
        }
        if parsed.flags.contains(CommonOptions.help.spec.name) { return parsed }
        for group in spec.conflicts {
            let given = group.filter { parsed.flags.contains($0.name) || parsed.values[$0.name] != nil }
            if given.count > 1 {
                throw UsageError(given.map(\.name).joined(separator: " and ") + " cannot be used together", command: spec.name)
            }
        }
        let required = spec.arguments.filter(\.isRequired).count
        if parsed.positionals.count < required {
            throw UsageError("missing \(spec.arguments[parsed.positionals.count].name)", command: spec.name)
        }
        if parsed.positionals.count > spec.arguments.count {
            throw UsageError("unexpected argument '\(parsed.positionals[spec.arguments.count])'", command: spec.name)
        }
        return parsed
    }

    /// Throws when `value` is not a whole number where one is declared, is outside the declared range, or does
    /// not read as the option's type.
    private static func check(_ value: String, of option: OptionSpec, command: String) throws {
        if option.isInteger {
            guard let number = Int(value) else {
                throw UsageError("option '\(option.name)' needs a whole number; got '\(value)'", command: command)
            }
            if let range = option.range, !range.contains(number) {
                let bounds = range.upperBound == Int.max ? "at least \(range.lowerBound)" : "between \(range.lowerBound) and \(range.upperBound)"
                throw UsageError("\(option.name) must be \(bounds); got \(number)", command: command)
            }
        }
        guard option.accepts(value) else {
            throw UsageError("option '\(option.name)' takes \(option.expected ?? "another value"); got '\(value)'", command: command)
        }
    }

    /// The declared name nearest to a mistyped one, if it is close enough to be a typo.
    static func closest(_ name: String, among names: [String]) -> String? {
        let scored = names.map { ($0, distance(Array(name), Array($0))) }.min { $0.1 < $1.1 }
        guard let (best, score) = scored, score <= max(2, name.count / 3) else { return nil }
        return best
    }

    private static func distance(_ a: [Character], _ b: [Character]) -> Int {
        var row = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var previous = row[0]
            row[0] = i + 1
            for (j, y) in b.enumerated() {
                let current = row[j + 1]
                row[j + 1] = min(row[j + 1] + 1, row[j] + 1, previous + (x == y ? 0 : 1))
                previous = current
            }
        }
        return row[b.count]
    }
}
