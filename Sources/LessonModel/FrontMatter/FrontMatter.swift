import Diagnostics

/// The metadata at the top of a lesson file.
public struct FrontMatter: Sendable, Hashable {
    public var title: String
    public var summary: String
    public var order: Int?
    /// The language the lesson was written in, when declared.
    public var source: Language?
    /// Swift language mode the lesson declares (5 or 6); `nil`: the course's (`content/site.yml`).
    public var swiftVersion: Int?
    /// Default actor isolation the lesson declares; `nil`: the course's.
    public var defaultIsolation: DefaultIsolation?
    /// iOS deployment target the lesson declares (`deployment-target: 26`); `nil`: the course's.
    public var deploymentTarget: Int? = nil
    /// The mode the lesson compiles in: its own settings over the course's (set by `CourseLoader`), or a run's override.
    public var languageMode: LanguageMode
    /// Fingerprints of the source version this translation matches (`tutorbuild translated`).
    public var translatedFrom: [String]?
    /// Line of each key in the lesson file, for diagnostics that point at one key.
    public var keyLines: [String: Int]

    public init(
        title: String = "", summary: String = "", order: Int? = nil, source: Language? = nil,
        swiftVersion: Int? = nil, defaultIsolation: DefaultIsolation? = nil,
        languageMode: LanguageMode? = nil, translatedFrom: [String]? = nil, keyLines: [String: Int] = [:]
    ) {
        self.title = title
        self.summary = summary
        self.order = order
        self.source = source
        self.swiftVersion = swiftVersion
        self.defaultIsolation = defaultIsolation
        self.languageMode = languageMode ?? LanguageMode.xcodeAppTemplate.overriding(swiftVersion: swiftVersion, defaultIsolation: defaultIsolation)
        self.translatedFrom = translatedFrom
        self.keyLines = keyLines
    }
}
