import Foundation
import LessonModel

/// The search index of each language, built and written on a background thread while the pages are rendered.
final class SearchIndexJobs: @unchecked Sendable {
    private let group = DispatchGroup()
    private let failure = Locked<SiteBuildError?>(nil)

    /// Starts the job: one language after the other, since side by side their postings would double the
    /// memory; each index is written as soon as it is made, so only one is ever held.
    func start(for context: SiteContext, writingTo sink: SiteFiles) {
        let table = context.options.searchFolding
        let folding = table.isEmpty ? ScriptFolding.none : ScriptFolding(name: "opencc-t2s", table: table)
        DispatchQueue.global().async(group: group) { [failure] in
            for language in context.languages {
                var index = SearchIndexBuilder(language: language, folding: folding)
                for lesson in context.course.lessons {
                    if let document = lesson.document(language) { index.add(document) }
                }
                let script = index.scriptBytes()
                do {
                    try script.withUnsafeBufferPointer { try sink.write(bytes: $0, to: SearchIndexBuilder.indexPath(language)) }
                    sink.recordIndex(language, bytes: script.count)
                } catch {
                    failure.mutate { $0 = sink.buildError(error, at: SearchIndexBuilder.indexPath(language)) }
                    return
                }
            }
        }
    }

    /// Waits for the job to finish; throws what stopped it.
    func wait() throws {
        group.wait()
        if let error = failure.value { throw error }
    }
}
