import Diagnostics
import Foundation
import LessonModel

/// `tutorbuild build` (also plain `tutorbuild`): checks, verifies and renders the site.
struct BuildCommand: Command {
    static let output = Option("--output", "DIR", default: "site", help: "Where the site is written.")
    static let noTest = Flag("--no-test", help: "Skip the doc-tests; badges then say \"not verified\".")
    static let noCache = Flag("--no-cache", help: "Build whole even when nothing changed: run every doc-test and convert every page again, ignoring what .tutorbuild/ holds.")

    static let spec = CommandSpec(
        name: "build",
        abstract: "Build the static site from the lessons (the default subcommand).",
        discussion: "Only files whose bytes changed are written, each renamed into place once all are ready, so a failed build leaves the previous site intact. When nothing changed since the last build into the same folder, the build stops at once and repeats that build's diagnostics; when only some lessons changed, it reads, checks and verifies those alone.",
        options: [CommonOptions.content, output, noTest, noCache])

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let outputPath = arguments[output]
        try refuseUnsafeOutput(arguments, command: spec.name)
        InterruptCleanup.install(console: context.console)
        let reporter = reporter(arguments, context)
        let pipeline = BuildPipeline(
            contentPath: arguments[CommonOptions.content], outputPath: outputPath,
            runTests: !arguments[noTest], useCache: !arguments[noCache], mode: .build, console: context.console)
        let started = Date()
        let outcome = pipeline.run(failOn: reporter.fails)
        let failed = reporter.report(outcome.bag)
        if failed || !outcome.wroteSite {
            context.console.err("error: build failed; the previous site in '\(outputPath)' was left as it was")
            return .failure
        }
        let seconds = Date().timeIntervalSince(started)
        let time = String(format: "%.1f", seconds)
        if outcome.unchanged {
            context.console.err("nothing changed: \(outputPath) already holds the \(outcome.pages) lesson pages for \(outcome.lessons) lessons (\(time) s)")
        } else {
            context.console.err("built \(outcome.pages) lesson pages for \(outcome.lessons) lessons into \(outputPath) in \(time) s")
        }
        return .success
    }

    /// Stops before anything is touched when `--output` would replace the lessons or the user's folders.
    static func refuseUnsafeOutput(_ arguments: ParsedArguments, command: String) throws {
        if let problem = OutputFolderGuard.problem(output: arguments[output], content: arguments[CommonOptions.content]) {
            throw UsageError(problem, command: command)
        }
    }
}
