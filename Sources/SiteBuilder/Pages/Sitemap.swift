import LessonModel
import TutorbuildSupport

/// `site/sitemap.xml`: every page, with `xhtml:link` alternates for each translation and `x-default`.
struct Sitemap {
    let context: SiteContext

    func xml() -> String {
        // Built as UTF-8 bytes: a site of 3,000 pages has some 15,000 addresses to escape and join.
        var out: [UInt8] = []
        out.reserveCapacity(256 * (context.site.lessons.count * context.languages.count + 4))
        out.append(contentsOf: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n".utf8)
        out.append(contentsOf: "<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n".utf8)
        let languages = context.languages
        let courseAlternates = languages.map { ($0, PagePath.course($0)) }
        url(.root, alternates: [], xDefault: nil, into: &out)
        for language in languages {
            url(.course(language), alternates: courseAlternates, xDefault: .course(context.config.defaultLanguage), into: &out)
        }
        for lesson in context.site.lessons {
            let alternates = lesson.languages.map { ($0, PagePath.lesson(lesson.slug, $0)) }
            let xDefault = PagePath.lesson(lesson.slug, context.defaultLanguage(among: lesson.languages))
            for (_, path) in alternates {
                url(path, alternates: alternates.count > 1 ? alternates : [], xDefault: alternates.count > 1 ? xDefault : nil, into: &out)
            }
        }
        out.append(contentsOf: "</urlset>\n".utf8)
        return String(decoding: out, as: UTF8.self)
    }

    private func address(_ path: PagePath, into out: inout [UInt8]) {
        // Without a base URL the addresses are relative to the sitemap; set `base-url` for search engines.
        let pretty = path.prettyPath
        let base = context.config.baseURL
        if pretty.isEmpty && base.isEmpty {
            out.append(contentsOf: "./".utf8)
            return
        }
        XMLEscaping.appendEscaped(base, to: &out, in: .text)
        XMLEscaping.appendEscaped(pretty, to: &out, in: .text)
    }

    private func url(_ path: PagePath, alternates: [(Language, PagePath)], xDefault: PagePath?, into out: inout [UInt8]) {
        out.append(contentsOf: "  <url><loc>".utf8)
        address(path, into: &out)
        out.append(contentsOf: "</loc>\n".utf8)
        for (language, target) in alternates {
            link(language.rawValue, target, into: &out)
        }
        if let xDefault {
            link("x-default", xDefault, into: &out)
        }
        out.append(contentsOf: "  </url>\n".utf8)
    }

    private func link(_ hreflang: String, _ target: PagePath, into out: inout [UInt8]) {
        out.append(contentsOf: "    <xhtml:link rel=\"alternate\" hreflang=\"".utf8)
        out.append(contentsOf: hreflang.utf8)
        out.append(contentsOf: "\" href=\"".utf8)
        address(target, into: &out)
        out.append(contentsOf: "\"/>\n".utf8)
    }
}
