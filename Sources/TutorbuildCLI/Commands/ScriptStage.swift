import Diagnostics
import Foundation
import LessonModel
import ScriptConversion

/// The course with its pages in the other Chinese script added, and the search folding table: what the
/// build makes with OpenCC, beside the doc-tests (the folding table reads the pages' source text only).
struct ScriptStage: Sendable {
    var site: Course
    var searchFolding: [Character: Character] = [:]
    /// Every page and the folding table were made (OpenCC worked), so unused cache entries are known.
    var converted = true
    var bag = DiagnosticBag()

    init(course: Course, generator: ScriptPageGenerator, cache: ConversionCache?, contentPath: String) {
        site = course
        do {
            site = try generator.withGeneratedPages(site)
        } catch {
            converted = false
            bag.warning(.siteOpenCCUnavailable, .file(contentPath), "no pages in the other Chinese script: \(error)")
        }
        do {
            searchFolding = try SearchFolding.table(for: site, cache: cache, using: generator)
        } catch {
            converted = false
            bag.warning(.siteOpenCCUnavailable, .file(contentPath), "search cannot match Traditional with Simplified characters: \(error)")
        }
    }
}
