import Diagnostics
import Foundation

/// The `tutorbuild` command line: dispatches to subcommands and owns exit codes.
public enum Tutorbuild {
    public static let version = "0.1.0"

    static let commands: [CommandEntry] = [
        CommandEntry(BuildCommand.self), CommandEntry(TestCommand.self), CommandEntry(CheckCommand.self),
        CommandEntry(NewCommand.self), CommandEntry(ServeCommand.self), CommandEntry(TranslatedCommand.self),
        CommandEntry(StatusCommand.self), CommandEntry(ExplainCommand.self),
    ]

    /// Ends the process with `status` (from `main`), or waits for a Ctrl-C or SIGTERM already ending it.
    public static func exit(_ status: Int32) -> Never {
        InterruptCleanup.exit(status)
    }

    /// Runs a command line (without the program name) and returns the exit status.
    public static func main(_ arguments: [String], context: CommandContext) -> Int32 {
        var arguments = arguments
        if arguments.first == "--help" || arguments.first == "-h" || arguments.first == "help" {
            context.console.out(HelpFormatter.toolHelp(commands: commands))
            return ExitCode.success.rawValue
        }
        if arguments.first == "--version" {
            context.console.out("tutorbuild \(version)")
            return ExitCode.success.rawValue
        }
        var command = commands[0]
        if let first = arguments.first, !first.hasPrefix("-") {
            guard let found = commands.first(where: { $0.spec.name == first }) else {
                let names = commands.map(\.spec.name)
                let hint = ArgumentParser.closest(first, among: names).map { " (did you mean '\($0)'?)" } ?? ""
                context.console.err("error: unknown subcommand '\(first)'\(hint)")
                context.console.err("hint: subcommands are \(names.joined(separator: ", ")); see 'tutorbuild --help'")
                return ExitCode.usage.rawValue
            }
            command = found
            arguments.removeFirst()
        }
        do {
            let parsed = try ArgumentParser.parse(arguments, spec: command.spec)
            if parsed[CommonOptions.help] {
                context.console.out(HelpFormatter.help(for: command.spec))
                return ExitCode.success.rawValue
            }
            return try command.run(parsed, context).rawValue
        } catch let error as UsageError {
            context.console.err("error: \(error.message)")
            context.console.err("hint: see 'tutorbuild \(error.command ?? command.spec.name) --help'")
            return ExitCode.usage.rawValue
        } catch {
            context.console.err("error: \(error)")
            return ExitCode.failure.rawValue
        }
    }
}
