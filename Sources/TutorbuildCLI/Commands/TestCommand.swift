import Diagnostics
import DocTest
import Foundation
import LessonModel

/// `tutorbuild test`: compiles and runs every snippet against the UIKit model and compares output.
struct TestCommand: Command {
    static let timeout = OptionSpec.value("--timeout", "SECONDS", default: "10", help: "Time limit for running one lesson program.", integer: true)
    static let jobs = OptionSpec.value("--jobs", "N", help: "Programs compiled and run in parallel (default: the number of cores).", integer: true)
    static let filter = OptionSpec.value("--filter", "TEXT", help: "Only lesson files whose path or slug contains TEXT.")
    static let shard = OptionSpec.value("--shard", "I/N", help: "Run only the I-th of N slices of the lessons (for spreading CI over machines).")
    static let noCache = OptionSpec.flag("--no-cache", help: "Compile and run everything again, ignoring cached results.")
    static let bless = OptionSpec.flag("--bless", help: "Rewrite the expected output blocks (in every language) with the actual output.")
    static let sandbox = OptionSpec.flag("--sandbox", help: "Require the sandbox: fail if bubblewrap cannot be used (by default programs run under it whenever it works).")
    static let noSandbox = OptionSpec.flag("--no-sandbox", help: "Run lesson programs without bubblewrap (their own PID namespace, no network, a read-only system).")
    static let junit = OptionSpec.value("--junit", "FILE", help: "Also write the results as JUnit XML to FILE.")
    static let swiftVersion = OptionSpec.value(
        "--swift-version", "N", help: "Compile every lesson in this Swift language mode, whatever the lessons and site.yml say.",
        choices: LanguageMode.swiftVersions.map(String.init))
    static let defaultIsolation = OptionSpec.value(
        "--default-isolation", "ISOLATION", help: "Compile every lesson with this default actor isolation, whatever the lessons and site.yml say.",
        choices: DefaultIsolation.allCases.map(\.rawValue))
    static let deploymentTarget = OptionSpec.value(
        "--deployment-target", "N", help: "Compile every lesson for this iOS deployment target (which deprecations warn), whatever the lessons and site.yml say.",
        choices: LanguageMode.deploymentTargets.map(String.init))
    static let buildDirectory = OptionSpec.value("--model-build", "DIR", help: "Folder holding the built UIKit model (libUIKit.so and Modules/); default: next to tutorbuild.")

    static let spec = CommandSpec(
        name: "test",
        abstract: "Compile and run every lesson snippet against the bundled UIKit model.",
        discussion: "Each lesson is one program; errors point at the Markdown file and line. Results are cached, so a rerun with nothing changed compiles nothing. The last line is 'N passed, N failed' (', N skipped' may follow).",
        options: [CommonOptions.content, timeout, jobs, filter, shard, noCache, bless, sandbox, noSandbox, swiftVersion, defaultIsolation, deploymentTarget, junit, buildDirectory, CommonOptions.format])

    static func options(_ arguments: ParsedArguments, console: Console) throws -> DocTestOptions {
        var options = DocTestOptions()
        if let seconds = arguments.integer(timeout) {
            guard seconds > 0 else { throw UsageError("--timeout must be at least 1 second", command: spec.name) }
            options.timeout = Double(seconds)
        }
        if let n = arguments.integer(jobs) {
            guard n > 0 else { throw UsageError("--jobs must be at least 1", command: spec.name) }
            options.jobs = n
        }
        options.filter = arguments.value(filter)
        if let text = arguments.value(shard) {
            guard let parsed = DocTestOptions.parseShard(text) else {
                throw UsageError("--shard takes I/N with 1 <= I <= N, like 2/4; got '\(text)'", command: spec.name)
            }
            options.shard = parsed
        }
        options.useCache = !arguments.isSet(noCache)
        options.bless = arguments.isSet(bless)
        if arguments.isSet(sandbox), arguments.isSet(noSandbox) {
            throw UsageError("--sandbox and --no-sandbox cannot be used together", command: spec.name)
        }
        options.sandbox = arguments.isSet(sandbox) ? .required : arguments.isSet(noSandbox) ? .off : .automatic
        options.buildDirectory = arguments.value(buildDirectory)
        // Both were checked against their choices while parsing.
        options.swiftVersion = arguments.value(swiftVersion).flatMap { Int($0) }
        options.defaultIsolation = arguments.value(defaultIsolation).flatMap(DefaultIsolation.init(rawValue:))
        options.deploymentTarget = arguments.value(deploymentTarget).flatMap { Int($0) }
        if console.isInteractive {
            options.progress = { progress in console.err(TerminalText.escaped(progress.line)) }
        }
        return options
    }

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let options = try options(arguments, console: context.console)
        InterruptCleanup.install(console: context.console)
        let reporter = reporter(arguments, context)
        var bag = DiagnosticBag()
        let course = CourseLoader(contentPath: arguments.value(CommonOptions.content)!).load(into: &bag)
        // Freed by the process's exit rather than lesson by lesson, which is a noticeable part of a cached run.
        Teardown.keep(course)
        CourseChecks.run(course, into: &bag)
        let contentDiagnostics = bag
        var testBag = DiagnosticBag()
        var report: DocTestReport
        do {
            report = try DocTestRunner(course: course, options: options).run(into: &testBag)
        } catch {
            reporter.report(contentDiagnostics)
            context.console.err("error: cannot run the doc-tests: \(error)")
            return .failure
        }
        for notice in report.notices { context.console.err("note: " + notice) }
        if let path = arguments.value(junit) {
            try DocTestReporter.junitXML(report).write(toFile: path, atomically: true, encoding: .utf8)
        }
        if reporter.format == "json" {
            report.diagnostics = contentDiagnostics.diagnostics + report.diagnostics
            context.console.out(try DocTestReporter.json(report))
        } else {
            reporter.report(contentDiagnostics, summary: false)
            if DocTestReporter.isGitHubActions {
                context.console.out(DocTestReporter.githubAnnotations(report))
            }
            let text = DocTestReporter(useColor: context.console.useColor).text(report, contentFailures: reporter.failures(contentDiagnostics))
            context.console.out(text.trimmingCharacters(in: .newlines))
        }
        return report.succeeded && !reporter.fails(contentDiagnostics) ? .success : .failure
    }
}
