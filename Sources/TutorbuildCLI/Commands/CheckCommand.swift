import Diagnostics
import LessonModel
import ScriptConversion
import SiteBuilder

/// `tutorbuild check`: the fast lint; reads every lesson and compiles nothing.
struct CheckCommand: Command {
    static let spec = CommandSpec(
        name: "check",
        abstract: "Check lessons for problems without compiling anything.",
        discussion: "Reports front matter, snippet attribute, link, anchor, image and translation problems as 'path:line:col: error: …'.",
        options: [CommonOptions.content, CommonOptions.format])

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        var bag = DiagnosticBag()
        let course = CourseLoader(contentPath: arguments[CommonOptions.content], inlineDetail: CourseChecks.inlineDetail).load(into: &bag)
        CourseChecks.run(course, into: &bag)
        // The build reads the glossary too: its mistakes belong to the fast lint, not to a later build.
        _ = Glossary.load(contentPath: course.contentPath, into: &bag)
        _ = MainlandForms.load(contentPath: course.contentPath, into: &bag)
        _ = SearchTerms.load(contentPath: course.contentPath, into: &bag)
        Teardown.keep(course)
        let reporter = reporter(arguments, context)
        let failed = reporter.report(bag)
        if reporter.format == .text, !failed {
            let files = course.documentCount
            context.console.err("checked \(files) lesson file\(files == 1 ? "" : "s") in \(course.lessons.count) lesson\(course.lessons.count == 1 ? "" : "s")")
        }
        return failed ? .failure : .success
    }
}
