/// Site-wide settings from `content/site.yml`.
public struct SiteConfig: Sendable, Hashable {
    public var titles: [Language: String]
    /// Absolute base URL for canonical links and the sitemap, ending with `/`; empty for relative links only.
    public var baseURL: String
    public var defaultLanguage: Language
    /// Keep authors' raw HTML and unsafe link schemes (off: cmark's safe mode).
    public var allowRawHTML: Bool
    /// The language mode of lessons that declare none (`swift-version`, `default-isolation`); Xcode's app template by default.
    public var languageMode: LanguageMode

    public init(
        titles: [Language: String] = [:], baseURL: String = "", defaultLanguage: Language = .en, allowRawHTML: Bool = false,
        languageMode: LanguageMode = .xcodeAppTemplate
    ) {
        self.languageMode = languageMode
        self.titles = titles
        self.baseURL = baseURL
        self.defaultLanguage = defaultLanguage
        self.allowRawHTML = allowRawHTML
    }

    public func title(_ language: Language) -> String {
        titles[language] ?? titles[defaultLanguage] ?? SiteConfig.defaultTitles[language]!
    }

    static let defaultTitles: [Language: String] = [
        .en: "Text editing and the keyboard on iOS",
        .zhHans: "iOS 文本编辑与键盘",
        .zhHant: "iOS 文字編輯與鍵盤",
    ]
}
