import Diagnostics

/// The commands' own diagnostic ids (locking and writing the site, missing tools, `translated`), each declared once.
extension Diagnostic.ID {
    public static let doctestUnavailable = Self(rawValue: "doctest.unavailable")
    public static let lessonNotFound = Self(rawValue: "lesson.not-found")
    public static let lessonTranslationNotATranslation = Self(rawValue: "lesson.translation.not-a-translation")
    public static let siteBuildLocked = Self(rawValue: "site.build.locked")
    public static let siteCacheIgnored = Self(rawValue: "site.cache.ignored")
    public static let siteOpenCCUnavailable = Self(rawValue: "site.opencc.unavailable")
    public static let siteWriteFailed = Self(rawValue: "site.write.failed")
}
