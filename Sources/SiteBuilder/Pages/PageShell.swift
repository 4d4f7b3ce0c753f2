import LessonModel

/// One entry of the language switcher: a language and where it leads (`nil` when there is no such page).
struct SwitcherEntry {
    var language: Language
    var target: PagePath?
    /// The page is the current one.
    var isCurrent: Bool
}

/// The frame every page shares: head with language alternates, header with switcher and search, footer.
struct PageShell {
    /// Scripts, styles and pictures from the site only; nothing else runs or loads, wherever the site is hosted.
    /// (`frame-ancestors` and `sandbox` need a header: `serve` sends them.)
    static let contentSecurityPolicy =
        "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'self'; form-action 'none'"

    var path: PagePath
    /// The page's language; `nil` for the language-neutral root and 404 pages.
    var language: Language?
    var title: String
    var description: String
    var canonical: PagePath
    /// Every language version of this page (itself included), for hreflang.
    var alternates: [(Language, PagePath)]
    var xDefault: PagePath?
    var switcher: [SwitcherEntry]
    /// The course page the header's title leads to.
    var home: PagePath
    var bodyClass: String
    /// `<base href>` for the 404 page, which a server may show at any depth.
    var baseHref: String? = nil

    func render(_ context: SiteContext, main: (inout HTMLWriter) -> Void) -> String {
        String(decoding: renderBytes(context, main: main), as: UTF8.self)
    }

    /// `render(_:main:)`'s page as UTF-8, for writing straight to its file.
    func renderBytes(_ context: SiteContext, main: (inout HTMLWriter) -> Void) -> [UInt8] {
        let lang = language ?? context.config.defaultLanguage
        let strings = UIStrings.for(lang)
        let base = context.config.baseURL
        var w = HTMLWriter(reservingCapacity: 16_384)
        w.trustedMarkup("<!doctype html>\n")
        w.open("html", [("lang", lang.rawValue), ("data-root", path.rootPrefix), ("data-lang", language?.rawValue)])
        w.newline()
        w.open("head")
        w.newline()
        w.void("meta", [("charset", "utf-8")])
        w.void("meta", [("http-equiv", "Content-Security-Policy"), ("content", Self.contentSecurityPolicy)])
        w.void("meta", [("name", "viewport"), ("content", "width=device-width, initial-scale=1")])
        w.void("meta", [("name", "color-scheme"), ("content", "light dark")])
        if let baseHref { w.void("base", [("href", baseHref)]) }
        w.newline()
        w.element("title", text: title)
        w.newline()
        if !description.isEmpty {
            w.void("meta", [("name", "description"), ("content", description)])
            w.newline()
        }
        w.void("link", [("rel", "canonical"), ("href", path.address(of: canonical, baseURL: base))])
        w.newline()
        for (language, target) in alternates {
            w.void("link", [("rel", "alternate"), ("hreflang", language.rawValue), ("href", path.address(of: target, baseURL: base))])
            w.newline()
        }
        if let xDefault {
            w.void("link", [("rel", "alternate"), ("hreflang", "x-default"), ("href", path.address(of: xDefault, baseURL: base))])
            w.newline()
        }
        w.void("link", [("rel", "icon"), ("href", path.rootPrefix + Assets.iconPath), ("type", "image/svg+xml")])
        w.void("link", [("rel", "stylesheet"), ("href", path.rootPrefix + Assets.stylesheetPath)])
        w.newline()
        w.element("script", [("src", path.rootPrefix + Assets.scriptPath), ("defer", "")])
        w.newline()
        w.close("head")
        w.newline()
        w.open("body", [("class", bodyClass)])
        w.newline()
        w.element("a", [("class", "skip"), ("href", "#main")], text: strings.skipToContent)
        w.newline()
        header(&w, context, strings)
        w.open("main", [("id", "main")])
        w.newline()
        main(&w)
        w.close("main")
        w.newline()
        w.element("footer", [("class", "site-footer")]) { w in
            w.element("p", text: context.report == nil ? strings.notVerifiedFooter : strings.generatedBy)
            if let report = context.report {
                w.element("p", [("class", "provenance")]) { w in
                    w.text(strings.toolchain + ": ")
                    w.element("code", text: report.toolchain)
                    w.text(" · " + strings.model + ": ")
                    w.element("code", text: String(report.modelHash.prefix(12)))
                }
            }
        }
        w.newline()
        w.close("body")
        w.newline()
        w.close("html")
        w.newline()
        return w.outputBytes
    }

    private func header(_ w: inout HTMLWriter, _ context: SiteContext, _ strings: UIStrings) {
        let lang = language ?? context.config.defaultLanguage
        w.open("header", [("class", "site-header")])
        w.open("div", [("class", "header-inner")])
        w.element("a", [("class", "brand"), ("href", path.link(to: home))], text: context.config.title(lang))
        if language != nil, !switcher.isEmpty {
            w.element("nav", [("class", "lang-switch"), ("aria-label", strings.language)]) { w in
                w.open("ul")
                for entry in switcher {
                    w.open("li")
                    if entry.isCurrent {
                        w.element("span", [("class", "current"), ("lang", entry.language.rawValue), ("aria-current", "page")], text: entry.language.nativeName)
                    } else if let target = entry.target {
                        w.element(
                            "a",
                            [("href", path.link(to: target)), ("hreflang", entry.language.rawValue), ("lang", entry.language.rawValue),
                             ("data-switch-lang", entry.language.rawValue)],
                            text: entry.language.nativeName)
                    } else {
                        w.element(
                            "span",
                            [("class", "missing"), ("lang", entry.language.rawValue),
                             ("title", UIStrings.for(entry.language).notYetTranslated)],
                            text: entry.language.nativeName)
                    }
                    w.close("li")
                }
                w.close("ul")
            }
        }
        if let language, context.options.search {
            // Shown by the script: searching needs JavaScript, reading does not.
            w.element(
                "form",
                [("class", "search"), ("role", "search"), ("hidden", ""),
                 ("data-index", path.rootPrefix + SearchIndexBuilder.indexPath(language)), ("data-lang", language.rawValue),
                 ("data-no-results", strings.noResults),
                 ("data-partial-results", strings.partialResults)]
            ) { w in
                w.element("label", [("class", "visually-hidden"), ("for", "search-input")], text: strings.search)
                w.void(
                    "input",
                    [("id", "search-input"), ("type", "search"), ("autocomplete", "off"), ("spellcheck", "false"),
                     ("placeholder", strings.searchPlaceholder), ("aria-controls", "search-results")])
                w.element("ol", [("id", "search-results"), ("class", "search-results"), ("hidden", "")])
            }
        }
        w.close("div")
        w.close("header")
        w.newline()
    }
}
