/// `tutorbuild test`: compiles and runs every snippet against the UIKit model.
struct TestCommand: Command {
    static let spec = CommandSpec(
        name: "test",
        abstract: "Compile and run every lesson snippet against the bundled UIKit model.",
        options: [
            CommonOptions.content,
            .value("--timeout", "SECONDS", default: "10", help: "Time limit for running one lesson program.", integer: true),
            .value("--jobs", "N", help: "Programs compiled in parallel (default: the number of cores).", integer: true),
            .value("--filter", "TEXT", help: "Only lessons whose path contains TEXT."),
            CommonOptions.format,
        ])

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        context.console.err("error: 'tutorbuild test' is not implemented yet")
        return .failure
    }
}

