import LessonModel

/// The language choice at the root, each language's course page, and the 404 page.
struct CoursePages {
    let context: SiteContext

    /// `site/index.html`: a plain list of languages (the script may jump to the reader's remembered one).
    func rootPage() -> String {
        let languages = context.languages
        let shell = PageShell(
            path: .root, language: nil,
            title: languages.map { context.config.title($0) }.joined(separator: " · "),
            description: context.config.title(context.config.defaultLanguage),
            canonical: .root,
            alternates: languages.map { ($0, PagePath.course($0)) },
            xDefault: .root, switcher: [], home: .root, bodyClass: "root-page")
        return shell.render(context) { w in
            w.element("section", [("class", "language-choice")]) { w in
                w.element("h1", [("class", "visually-hidden")], text: context.config.title(context.config.defaultLanguage))
                w.open("ul", [("class", "languages")])
                for language in languages {
                    let count = context.site.lessons.count { $0.pageIndex(language) != nil }
                    w.element("li", [("lang", language.rawValue)]) { w in
                        w.element("a", [("href", PagePath.root.link(to: .course(language))), ("hreflang", language.rawValue), ("data-switch-lang", language.rawValue)]) { w in
                            w.element("span", [("class", "language-name")], text: language.nativeName)
                            w.element("span", [("class", "course-title")], text: context.config.title(language))
                            w.element("span", [("class", "lesson-count")], text: UIStrings.for(language).lessonCount(count))
                        }
                    }
                }
                w.close("ul")
                w.element("p", [("class", "choose")]) { w in
                    w.text(languages.map { UIStrings.for($0).chooseLanguage }.joined(separator: " · "))
                }
            }
        }
    }

    /// `site/<lang>/index.html`: the lessons in order with summaries; untranslated ones point at the existing version.
    func coursePage(_ language: Language) -> String {
        let strings = UIStrings.for(language)
        let path = PagePath.course(language)
        let shell = PageShell(
            path: path, language: language,
            title: context.config.title(language),
            description: context.site.lessons.first.flatMap { lesson in lesson.pageIndex(language).map { lesson.pages[$0].summary } } ?? "",
            canonical: path,
            alternates: context.languages.map { ($0, PagePath.course($0)) },
            xDefault: .course(context.config.defaultLanguage),
            switcher: context.languages.map { SwitcherEntry(language: $0, target: .course($0), isCurrent: $0 == language) },
            home: path, bodyClass: "course-page")
        return shell.render(context) { w in
            w.element("header", [("class", "course-header")]) { w in
                w.element("h1", text: context.config.title(language))
            }
            w.open("ol", [("class", "lesson-list")])
            w.newline()
            for (number, lesson) in context.site.lessons.enumerated() {
                if let p = lesson.pageIndex(language) {
                    let title = lesson.pages[p].title
                    let summary = lesson.pages[p].summary
                    w.element("li") { w in
                        w.element("span", [("class", "number"), ("aria-hidden", "true")], text: String(number + 1))
                        w.element("div", [("class", "entry")]) { w in
                            w.element("a", [("class", "lesson-title"), ("href", path.link(to: .lesson(lesson.slug, language)))], text: title)
                            if !summary.isEmpty {
                                w.element("p", [("class", "lesson-summary")], text: summary)
                            }
                        }
                    }
                } else if let existing = lesson.pageIndex(lesson.sourceLanguage) ?? lesson.pages.indices.first {
                    let existingLanguage = lesson.pages[existing].language
                    let title = lesson.pages[existing].title
                    w.element("li", [("class", "untranslated")]) { w in
                        w.element("span", [("class", "number"), ("aria-hidden", "true")], text: String(number + 1))
                        w.element("div", [("class", "entry")]) { w in
                            w.element("a", [("class", "lesson-title"), ("lang", existingLanguage.rawValue), ("hreflang", existingLanguage.rawValue),
                                            ("href", path.link(to: .lesson(lesson.slug, existingLanguage)))],
                                      text: title)
                            w.element("p", [("class", "lesson-summary")]) { w in
                                w.element("span", [("class", "tag")], text: strings.notYetTranslated)
                                w.text(" " + strings.readIn + " ")
                                w.element("span", [("lang", existingLanguage.rawValue)], text: existingLanguage.nativeName)
                            }
                        }
                    }
                }
                w.newline()
            }
            w.close("ol")
            w.newline()
        }
    }

    /// `site/404.html`: in every language at once, since a server shows it for any address.
    func notFoundPage() -> String {
        let languages = context.languages
        let base = context.config.baseURL
        // A server shows this page at any depth: with a base URL, `<base>` keeps its links right everywhere.
        let shell = PageShell(
            path: .notFound, language: nil,
            title: languages.map { UIStrings.for($0).pageNotFound }.joined(separator: " · "),
            description: "", canonical: .notFound, alternates: [], xDefault: nil, switcher: [], home: .root,
            bodyClass: "not-found-page", baseHref: base.isEmpty ? nil : base)
        return shell.render(context) { w in
            w.element("section", [("class", "not-found")]) { w in
                for language in languages {
                    let strings = UIStrings.for(language)
                    w.element("div", [("lang", language.rawValue)]) { w in
                        w.element("h1", text: strings.pageNotFound)
                        w.element("p") { w in
                            w.text(strings.pageNotFoundDetail + " ")
                            w.element("a", [("href", PagePath.notFound.link(to: .course(language)))], text: context.config.title(language))
                        }
                    }
                }
            }
        }
    }
}
