import DocTestProtocol
import LessonModel

/// Everything page renderers share: the course's pages, the doc-test report, and where each page lives.
struct SiteContext: Sendable {
    let site: SiteCourse
    let report: VerificationReport?
    let options: SiteOptions
    let languages: [Language]
    /// For each slug, the languages it exists in.
    let lessonLanguages: [String: [Language]]

    init(site: SiteCourse, report: VerificationReport?, options: SiteOptions) {
        self.site = site
        self.report = report
        self.options = options
        self.languages = site.languages
        var map: [String: [Language]] = [:]
        for lesson in site.lessons { map[lesson.slug] = lesson.languages }
        self.lessonLanguages = map
    }

    var config: SiteConfig { site.config }

    /// The language that stands for "no preference" (`x-default`): the configured default when the page exists in it.
    func defaultLanguage(among available: [Language]) -> Language {
        if available.contains(config.defaultLanguage) { return config.defaultLanguage }
        return available.first ?? config.defaultLanguage
    }
}

/// A page's place in the site: its folder, and how to reach the root from it.
struct PagePath: Hashable, Sendable {
    /// Folder components under the site root (`["en", "keyboard"]`); empty for the root.
    var folder: [String]
    /// The file name in that folder.
    var file: String = "index.html"

    static let root = PagePath(folder: [])
    static func course(_ language: Language) -> PagePath { PagePath(folder: [language.rawValue]) }
    static func lesson(_ slug: String, _ language: Language) -> PagePath { PagePath(folder: [language.rawValue, slug]) }
    static let notFound = PagePath(folder: [], file: "404.html")

    /// The path from the site root to the file, e.g. `en/keyboard/index.html`.
    var filePath: String { (folder + [file]).joined(separator: "/") }

    /// The "pretty" address of the page from the site root (`en/keyboard/`), for canonical links and the sitemap.
    var prettyPath: String {
        file == "index.html" ? folder.map { $0 + "/" }.joined() : filePath
    }

    /// `../` repeated to climb from this page's folder to the site root.
    var rootPrefix: String { String(repeating: "../", count: folder.count) }

    /// A relative link from this page to `target`, naming `index.html` so it works from `file://` too.
    func link(to target: PagePath, fragment: String? = nil) -> String {
        var link = target == self ? "" : rootPrefix + target.filePath
        if link.isEmpty { link = file }
        if let fragment, !fragment.isEmpty { link += "#" + fragment }
        return link
    }

    /// A link for `<link rel=canonical>`, hreflang and the sitemap: absolute with a base URL, else relative.
    func address(of target: PagePath, baseURL: String) -> String {
        if !baseURL.isEmpty { return baseURL + target.prettyPath }
        let relative = rootPrefix + target.prettyPath
        return relative.isEmpty ? "./" : relative
    }
}
