import Diagnostics
import Foundation
import LessonModel
import ScriptConversion
import TutorbuildSupport

/// The course with its pages in the other Chinese script added, and the search folding table: what the
/// build makes with OpenCC, beside the doc-tests (the folding table reads the pages' source text only).
struct ScriptStage: Sendable {
    var site: Course
    var searchFolding: [Character: Character] = [:]
    /// `SearchFolding.hanCharacters(of:)` of each lesson, by slug, for the next rebuild's records.
    var hanCharacters: [String: String] = [:]
    /// Every page and the folding table were made (OpenCC worked), so unused cache entries are known.
    var converted = true
    var bag = DiagnosticBag()

    /// `recordedHanCharacters` are those of the lessons a rebuild did not load (`LessonRecords`), for the folding table.
    init(course: Course, recordedHanCharacters: [String] = [], generator: ScriptPageGenerator, cache: ConversionCache?, contentPath: String) {
        site = course
        do {
            site = try generator.withGeneratedPages(site)
            // What a Taiwanese reader would not write, looked for before anyone reads the page (docs/chinese.md).
            let mainland = MainlandForms.load(contentPath: contentPath, into: &bag)
            for lesson in site.lessons {
                for page in lesson.generated { mainland.check(page, into: &bag) }
            }
        } catch {
            converted = false
            bag.warning(.siteOpenCCUnavailable, .file(contentPath), .noPagesInOtherScript(error))
        }
        do {
            searchFolding = try SearchFolding.table(for: site, recorded: recordedHanCharacters, cache: cache, using: generator)
        } catch {
            converted = false
            bag.warning(.siteOpenCCUnavailable, .file(contentPath), .searchCannotFoldScripts(error))
        }
        let lessons = site.lessons
        hanCharacters = Dictionary(lessons.parallelMap { ($0.slug, SearchFolding.hanCharacters(of: $0)) }, uniquingKeysWith: { a, _ in a })
    }
}
