import Diagnostics
import DocTest
import Foundation
import LessonModel

/// `tutorbuild test`: compiles and runs every snippet against the UIKit model and compares output.
struct TestCommand: Command {
    static let timeout = Option("--timeout", "SECONDS", default: 10, help: "Time limit for running one lesson program.", range: 1...Int.max)
    static let jobs = OptionalOption<Int>("--jobs", "N", help: "Programs compiled and run in parallel (default: the number of cores).", range: 1...Int.max)
    static let filter = OptionalOption<String>("--filter", "TEXT", help: "Only lesson files whose path or slug contains TEXT.")
    static let shard = OptionalOption<Shard>("--shard", "I/N", help: "Run only the I-th of N slices of the lessons (for spreading CI over machines).")
    static let noCache = Flag("--no-cache", help: "Compile and run everything again, ignoring cached results.")
    static let bless = Flag("--bless", help: "Rewrite the expected output blocks (in every language) with the actual output.")
    static let sandbox = Flag("--sandbox", help: "Require the sandbox: fail if bubblewrap cannot be used (by default programs run under it whenever it works).")
    static let noSandbox = Flag("--no-sandbox", help: "Run lesson programs without bubblewrap (their own PID namespace, no network, a read-only system).")
    static let junit = OptionalOption<String>("--junit", "FILE", help: "Also write the results as JUnit XML to FILE.")
    static let swiftVersion = OptionalOption<SwiftVersion>(
        "--swift-version", "N", help: "Compile every lesson in this Swift language mode, whatever the lessons and site.yml say.")
    static let defaultIsolation = OptionalOption<DefaultIsolation>(
        "--default-isolation", "ISOLATION", help: "Compile every lesson with this default actor isolation, whatever the lessons and site.yml say.")
    static let deploymentTarget = OptionalOption<Int>(
        "--deployment-target", "N", help: "Compile every lesson for this iOS deployment target (which deprecations warn), whatever the lessons and site.yml say.",
        range: LanguageMode.deploymentTargets)
    static let buildDirectory = OptionalOption<String>("--model-build", "DIR", help: "Folder holding the built UIKit model (libUIKit.so and Modules/); default: next to tutorbuild.")

    static let spec = CommandSpec(
        name: "test",
        abstract: "Compile and run every lesson snippet against the bundled UIKit model.",
        discussion: "Each lesson is one program; errors point at the Markdown file and line. Results are cached, so a rerun with nothing changed compiles nothing. The last line is 'N passed, N failed' (', N skipped' may follow).",
        options: [CommonOptions.content, timeout, jobs, filter, shard, noCache, bless, sandbox, noSandbox, swiftVersion, defaultIsolation, deploymentTarget, junit, buildDirectory, CommonOptions.format],
        conflicts: [[sandbox, noSandbox]])

    static func options(_ arguments: ParsedArguments, console: Console) throws -> DocTestOptions {
        var options = DocTestOptions()
        options.timeout = Double(arguments[timeout])
        if let n = arguments[jobs] { options.jobs = n }
        options.filter = arguments[filter]
        if let shard = arguments[shard] { options.shard = shard.slice }
        options.useCache = !arguments[noCache]
        options.demonstrationLines = false
        options.bless = arguments[bless]
        options.sandbox = arguments[sandbox] ? .required : arguments[noSandbox] ? .off : .automatic
        options.buildDirectory = arguments[buildDirectory]
        options.swiftVersion = arguments[swiftVersion]?.number
        options.defaultIsolation = arguments[defaultIsolation]
        options.deploymentTarget = arguments[deploymentTarget]
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
        let course = CourseLoader(contentPath: arguments[CommonOptions.content]).load(into: &bag)
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
        if let path = arguments[junit] {
            try DocTestReporter.junitXML(report).write(toFile: path, atomically: true, encoding: .utf8)
        }
        if reporter.format == .json {
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
