import LessonModel

/// `site/sitemap.xml`: every page, with `xhtml:link` alternates for each translation and `x-default`.
struct Sitemap {
    let context: SiteContext

    func xml() -> String {
        var out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        out += "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n"
        let languages = context.languages
        let courseAlternates = languages.map { ($0, PagePath.course($0)) }
        url(.root, alternates: [], xDefault: nil, into: &out)
        for language in languages {
            url(.course(language), alternates: courseAlternates, xDefault: .course(context.config.defaultLanguage), into: &out)
        }
        for lesson in context.course.lessons {
            let alternates = lesson.languages.map { ($0, PagePath.lesson(lesson.slug, $0)) }
            let xDefault = PagePath.lesson(lesson.slug, context.defaultLanguage(among: lesson.languages))
            for (_, path) in alternates {
                url(path, alternates: alternates.count > 1 ? alternates : [], xDefault: alternates.count > 1 ? xDefault : nil, into: &out)
            }
        }
        out += "</urlset>\n"
        return out
    }

    private func address(_ path: PagePath) -> String {
        // Without a base URL the addresses are relative to the sitemap; set `base-url` for search engines.
        let pretty = path.prettyPath
        return HTMLEscaping.escaped(context.config.baseURL + (pretty.isEmpty && context.config.baseURL.isEmpty ? "./" : pretty))
    }

    private func url(_ path: PagePath, alternates: [(Language, PagePath)], xDefault: PagePath?, into out: inout String) {
        out += "  <url><loc>" + address(path) + "</loc>\n"
        for (language, target) in alternates {
            out += "    <xhtml:link rel=\"alternate\" hreflang=\"" + language.rawValue + "\" href=\"" + address(target) + "\"/>\n"
        }
        if let xDefault {
            out += "    <xhtml:link rel=\"alternate\" hreflang=\"x-default\" href=\"" + address(xDefault) + "\"/>\n"
        }
        out += "  </url>\n"
    }
}
