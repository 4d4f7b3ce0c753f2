import LessonModel

/// The course as the site shows it: the settings, and each lesson's pages translated into `PageContent`.
///
/// Made once from the loaded course (`init(translating:report:)`), after which the lesson documents are
/// gone: pages, search indexes, fingerprints, course pages and the sitemap read only this.
struct SiteCourse: Sendable {
    var config: SiteConfig
    /// The content folder, as given.
    var contentPath: String
    /// Languages that have at least one lesson, and the default language.
    var languages: [Language]
    /// In course order.
    var lessons: [SiteLesson]

    func lesson(_ slug: String) -> SiteLesson? {
        lessons.first { $0.slug == slug }
    }
}
