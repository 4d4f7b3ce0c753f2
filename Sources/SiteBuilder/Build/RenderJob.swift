/// One piece of the render step's work: a language's search index, the course pages, the sitemap, or one lesson.
enum RenderJob: Equatable, Sendable {
    case index(SearchIndexJob)
    /// The language choice, each language's course page, and the 404 page.
    case coursePages
    case sitemap
    /// Every page of the lesson at this position in the course, and the files beside it.
    case lesson(Int)

    /// The jobs in the order the workers take them: the indexes, largest first, the course pages and the sitemap, then the lessons in course order.
    ///
    /// An index is one long job that only one core can work on, and a lesson is a short one: handed out
    /// first, the indexes start at once and the lessons fill in around them (docs/site.md, "Build behaviour").
    static func schedule(indexes: [SearchIndexJob], lessonCount: Int) -> [RenderJob] {
        indexes.map { .index($0) } + [.coursePages, .sitemap] + (0..<lessonCount).map { .lesson($0) }
    }
}
