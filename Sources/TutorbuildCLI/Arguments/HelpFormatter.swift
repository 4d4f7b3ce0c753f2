/// Renders `--help` text from command declarations.
enum HelpFormatter {
    static func help(for spec: CommandSpec) -> String {
        var lines = ["OVERVIEW: \(spec.abstract)", ""]
        if !spec.discussion.isEmpty { lines += [spec.discussion, ""] }
        let usage = (["tutorbuild", spec.name] + spec.arguments.map { $0.isRequired ? $0.name : "[\($0.name)]" } + ["[options]"])
        lines.append("USAGE: " + usage.joined(separator: " "))
        if !spec.arguments.isEmpty {
            lines += ["", "ARGUMENTS:"]
            for argument in spec.arguments { lines.append(row(argument.name, argument.help)) }
        }
        lines += ["", "OPTIONS:"]
        for option in spec.options {
            var help = option.help
            if case .value(_, let defaultValue?) = option.kind { help += " (default: \(defaultValue))" }
            lines.append(row(option.usage, help))
        }
        return lines.joined(separator: "\n")
    }

    static func toolHelp(commands: [CommandEntry]) -> String {
        var lines = [
            "OVERVIEW: tutorbuild turns bilingual Markdown lessons about iOS text editing into a verified static site.",
            "",
            "USAGE: tutorbuild [subcommand] [options]",
            "       tutorbuild              (same as 'tutorbuild build')",
            "",
            "SUBCOMMANDS:",
        ]
        for command in commands { lines.append(row(command.spec.name, command.spec.abstract)) }
        lines += [
            "", "OPTIONS:", row("--help", "Show this help; 'tutorbuild SUBCOMMAND --help' for a subcommand."),
            row("--version", "Show the version."),
            "", "Exit codes: 0 success, 1 content errors or failed tests, 2 usage errors.",
        ]
        return lines.joined(separator: "\n")
    }

    private static func row(_ left: String, _ right: String) -> String {
        let padded = left.count < 26 ? left + String(repeating: " ", count: 26 - left.count) : left + "  "
        return "  " + padded + right
    }
}
