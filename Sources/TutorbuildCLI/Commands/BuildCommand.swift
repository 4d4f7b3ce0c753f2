import Diagnostics
import DocTest
import LessonModel
import SiteBuilder

/// `tutorbuild build` (also plain `tutorbuild`): checks, verifies and renders the site.
struct BuildCommand: Command {
    static let output = OptionSpec.value("--output", "DIR", default: "site", help: "Where the site is written.")
    static let noTest = OptionSpec.flag("--no-test", help: "Skip the doc-tests; badges then say \"not verified\".")

    static let spec = CommandSpec(
        name: "build",
        abstract: "Build the static site from the lessons (the default subcommand).",
        discussion: "The site is written to a temporary folder and swapped in only when complete, so a failed build leaves the previous site intact.",
        options: [CommonOptions.content, output, noTest])

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        var bag = DiagnosticBag()
        let contentPath = arguments.value(CommonOptions.content)!
        let outputPath = arguments.value(output)!
        let reporter = reporter(arguments, context)
        context.console.err("[1/3] Read lessons from \(contentPath)")
        let course = CourseLoader(contentPath: contentPath).load(into: &bag)
        CourseChecks.run(course, into: &bag)
        if reporter.fails(bag) {
            reporter.report(bag)
            context.console.err("error: build failed; the previous site in '\(outputPath)' was left as it was")
            return .failure
        }
        context.console.err("[2/3] Verify snippets: skipped (doc-tests not available yet); badges say \"not verified\"")
        let report: VerificationReport? = nil
        context.console.err("[3/3] Render site into \(outputPath)")
        do {
            try SiteBuilder(course: course, report: report).build(outputPath: outputPath, into: &bag)
        } catch {
            reporter.report(bag)
            context.console.err("error: cannot write the site: \(error)")
            return .failure
        }
        let failed = reporter.report(bag)
        if failed {
            context.console.err("error: build failed; the previous site in '\(outputPath)' was left as it was")
            return .failure
        }
        context.console.err("built \(course.documents.count) pages for \(course.lessons.count) lessons into \(outputPath)")
        return .success
    }
}
