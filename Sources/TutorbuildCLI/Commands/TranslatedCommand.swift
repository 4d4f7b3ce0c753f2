import Diagnostics
import Foundation
import LessonModel

/// `tutorbuild translated SLUG --lang L`: records that a translation matches the current source.
struct TranslatedCommand: Command {
    static let language = OptionalOption<Language>("--lang", "LANG", help: "The translation that is now up to date.")

    static let spec = CommandSpec(
        name: "translated",
        abstract: "Record that a lesson's translation matches its current source.",
        discussion: "Writes the source's section fingerprints into the translation's 'translated-from' front matter; 'check' warns when the source changes after that.",
        arguments: [ArgumentSpec("SLUG", help: "The lesson.")],
        options: [CommonOptions.content, language])

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        guard let target = arguments[language] else {
            throw UsageError("missing --lang (the translation to mark)", command: spec.name)
        }
        var bag = DiagnosticBag()
        let course = CourseLoader(contentPath: arguments[CommonOptions.content]).load(into: &bag)
        let slug = arguments.positionals[0]
        let reporter = reporter(arguments, context)
        guard let lesson = course.lesson(slug) else {
            bag.error(.lessonNotFound, .file(course.contentPath), .lessonNotFound(slug))
            reporter.report(bag)
            return .failure
        }
        guard let sourceLanguage = lesson.declaredSource, let source = lesson.document(sourceLanguage) else {
            bag.error(.lessonSourceUndeclared, .file(lesson.documents[0].path), .sourceUndeclaredForTranslated)
            reporter.report(bag)
            return .failure
        }
        guard target != sourceLanguage, let translation = lesson.document(target) else {
            bag.error(.lessonTranslationNotATranslation, .file(source.path), .notATranslation(target.rawValue, of: slug))
            reporter.report(bag)
            return .failure
        }
        let value = "[" + TranslationFingerprint(source).recorded.joined(separator: ", ") + "]"
        guard let updated = FrontMatterEditor.setting("translated-from", to: value, in: translation.source.text) else {
            bag.error(.lessonFrontMatterMissingTitle, .file(translation.path), .translationWithoutFrontMatter)
            reporter.report(bag)
            return .failure
        }
        try updated.write(toFile: translation.path, atomically: true, encoding: .utf8)
        context.console.err(TerminalText.escaped("\(translation.path): recorded as matching \(source.path)"))
        return .success
    }
}
