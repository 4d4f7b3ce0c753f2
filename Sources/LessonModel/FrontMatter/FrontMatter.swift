import Diagnostics

/// The metadata at the top of a lesson file.
public struct FrontMatter: Sendable, Hashable {
    public var title: String
    public var summary: String
    public var order: Int?
    /// The language the lesson was written in, when declared.
    public var source: Language?
    /// Swift language mode of the lesson's program (5 or 6).
    public var swiftVersion: Int
    /// Fingerprints of the source version this translation matches (`tutorbuild translated`).
    public var translatedFrom: [String]?
    /// Line of each key in the lesson file, for diagnostics that point at one key.
    public var keyLines: [String: Int]

    public init(
        title: String = "", summary: String = "", order: Int? = nil, source: Language? = nil,
        swiftVersion: Int = 5, translatedFrom: [String]? = nil, keyLines: [String: Int] = [:]
    ) {
        self.title = title
        self.summary = summary
        self.order = order
        self.source = source
        self.swiftVersion = swiftVersion
        self.translatedFrom = translatedFrom
        self.keyLines = keyLines
    }
}
