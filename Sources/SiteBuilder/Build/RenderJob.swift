/// One piece of the render step's work: a language's search index, or every page of one lesson.
enum RenderJob: Equatable, Sendable {
    case index(SearchIndexJob)
    /// The lesson at this position in the course.
    case lesson(Int)

    /// The jobs in the order the workers take them: the indexes, largest first, then the lessons in course order.
    ///
    /// An index is one long job that only one core can work on, and a lesson is a short one. Handed out
    /// first, the indexes start at once and the lessons fill in around them; handed out last (or left to
    /// a thread of their own, as before), one core was still building an index while the other sat idle.
    static func schedule(indexes: [SearchIndexJob], lessonCount: Int) -> [RenderJob] {
        indexes.map { .index($0) } + (0..<lessonCount).map { .lesson($0) }
    }
}
