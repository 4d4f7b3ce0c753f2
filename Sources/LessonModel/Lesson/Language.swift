/// A language a lesson can be written in; the raw value is the BCP 47 tag used in file names and URLs.
public enum Language: String, CaseIterable, Sendable, Hashable, Codable, Comparable {
    case en
    case zhHans = "zh-Hans"
    case zhHant = "zh-Hant"

    /// The language's name in itself, for the language switcher.
    public var nativeName: String {
        switch self {
        case .en: "English"
        case .zhHans: "简体中文"
        case .zhHant: "繁體中文"
        }
    }

    /// A short label for compact switchers.
    public var shortName: String {
        switch self {
        case .en: "EN"
        case .zhHans: "简体"
        case .zhHant: "繁體"
        }
    }

    public var isChinese: Bool { self != .en }

    public static func < (a: Language, b: Language) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }
}
