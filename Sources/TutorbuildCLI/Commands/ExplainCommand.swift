import Diagnostics

/// `tutorbuild explain ID`: what a diagnostic id means, an input that triggers it, and how to fix it.
struct ExplainCommand: Command {
    static let list = Flag("--list", help: "List every diagnostic id with its one-line summary.")
    static let markdown = Flag("--markdown", help: "Print every explanation as Markdown (docs/diagnostics.md is this output).")

    static let spec = CommandSpec(
        name: "explain",
        abstract: "Explain a diagnostic id: what it means, an example that triggers it, and how to fix it.",
        discussion: "Each diagnostic line ends with its id in brackets, as in '[lesson.front-matter.missing-title]'.",
        arguments: [ArgumentSpec("ID", help: "A diagnostic id, such as 'lesson.front-matter.missing-title'.", required: false)],
        options: [list, markdown])

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let id = arguments.positionals.first
        switch (id, arguments[list], arguments[markdown]) {
        case (let id?, false, false):
            guard let explanation = DiagnosticCatalog.explanation(of: id) else {
                let ids = DiagnosticCatalog.explanations.map(\.id.rawValue)
                let suggestion = ArgumentParser.closest(id, among: ids).map { "; did you mean '\($0)'?" } ?? "; 'tutorbuild explain --list' lists them"
                throw UsageError("no diagnostic has the id '\(id)'\(suggestion)", command: spec.name)
            }
            context.console.out(explanation.text)
        case (nil, true, false):
            context.console.out(DiagnosticCatalog.list)
        case (nil, false, true):
            context.console.out(DiagnosticCatalog.markdown)
        case (nil, false, false):
            throw UsageError("missing ID (or --list, or --markdown)", command: spec.name)
        default:
            throw UsageError("give one of ID, --list and --markdown", command: spec.name)
        }
        return .success
    }
}
