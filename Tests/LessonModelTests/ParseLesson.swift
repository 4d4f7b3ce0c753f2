import Diagnostics
import LessonModel

/// Parses one lesson file's text on its own.
func parseLesson(_ text: String, language: Language = .en) -> (LessonDocument, DiagnosticBag) {
    var bag = DiagnosticBag()
    let document = LessonParser().parse(SourceFile(path: "content/x/\(language.rawValue).md", text: text), slug: "x", language: language, into: &bag)
    return (document, bag)
}
