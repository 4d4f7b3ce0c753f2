import Diagnostics

/// What a command run needs from the outside world.
public struct CommandContext: Sendable {
    public var console: Console
    public var environment: [String: String]

    public init(console: Console, environment: [String: String]) {
        self.console = console
        self.environment = environment
    }
}

/// How a command ended; the raw value is the process exit status.
public enum ExitCode: Int32, Sendable {
    case success = 0
    case failure = 1
    case usage = 2
}

/// A subcommand: its declaration and what it does.
protocol Command: SendableMetatype {
    static var spec: CommandSpec { get }
    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode
}

extension Command {
    static func reporter(_ arguments: ParsedArguments, _ context: CommandContext) -> DiagnosticReporter {
        DiagnosticReporter(
            console: context.console,
            format: arguments.spec.options.contains(CommonOptions.format.spec) ? arguments[CommonOptions.format] : .text,
            warningsAsErrors: arguments[CommonOptions.warningsAsErrors])
    }
}

/// A command's declaration and entry point, without existential metatypes.
struct CommandEntry: Sendable {
    let spec: CommandSpec
    let run: @Sendable (ParsedArguments, CommandContext) throws -> ExitCode

    init<C: Command>(_ command: C.Type) {
        spec = C.spec
        run = { try C.run($0, context: $1) }
    }
}
