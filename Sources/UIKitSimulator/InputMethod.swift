import Foundation

/// The keyboard's input method in the simulator: English, or a simulated Chinese Pinyin or Japanese kana one.
public enum InputMethod: Equatable, Sendable {
    /// Letters go straight into the text.
    case english
    /// Simplified Chinese Pinyin: letters become marked text; a candidate commits Hanzi (§A2).
    case pinyin
    /// Japanese romaji-to-kana: letters become kana as marked text; a candidate commits (§A2, #81).
    case japaneseKana

    /// Whether the keyboard composes marked text (and shows a candidate bar).
    var composes: Bool { self != .english }
}

/// A simulated input method's composition: the keys typed, the marked text they show and the candidates.
///
/// Deterministic and small: a built-in dictionary of the words lessons need; any other composition offers
/// itself (the letters, or the kana) as its only candidate.
struct InputMethodComposition {
    /// A candidate and how many of the typed keys it consumes.
    struct Candidate: Equatable {
        var text: String
        var consumes: Int
    }

    var method: InputMethod
    /// The letter keys typed since the composition began.
    private(set) var keys: [Character] = []

    init(method: InputMethod) { self.method = method }

    var isEmpty: Bool { keys.isEmpty }

    mutating func add(_ key: Character) { keys.append(key) }
    mutating func removeLast() { _ = keys.popLast() }
    mutating func removeFirst(_ count: Int) { keys.removeFirst(min(count, keys.count)) }
    mutating func reset() { keys.removeAll() }

    /// What the field shows as marked text: the letters (Pinyin) or the kana so far (Japanese).
    var markedText: String {
        method == .japaneseKana ? Self.kana(String(keys)) : String(keys)
    }

    /// The candidate bar: whole-composition words first, then words for shorter prefixes, then the raw text.
    var candidates: [Candidate] {
        guard !keys.isEmpty else { return [] }
        let dictionary = method == .japaneseKana ? Self.kanaWords : Self.pinyinWords
        var result: [Candidate] = []
        for length in stride(from: keys.count, through: 1, by: -1) {
            let prefix = String(keys.prefix(length))
            let reading = method == .japaneseKana ? Self.kana(prefix) : prefix
            for word in dictionary[reading] ?? [] where !result.contains(where: { $0.text == word }) {
                result.append(Candidate(text: word, consumes: length))
            }
        }
        let raw = Candidate(text: markedText, consumes: keys.count)
        if !result.contains(raw) { result.append(raw) }
        return result
    }

    /// The nine-key (九宫格) keyboard's placeholder for a letter's key: ➋ for ABC … ➒ for WXYZ (#80).
    static func nineKeyPlaceholder(for letter: Character) -> String {
        let groups = ["abc", "def", "ghi", "jkl", "mno", "pqrs", "tuv", "wxyz"]
        let lower = Character(letter.lowercased())
        guard let index = groups.firstIndex(where: { $0.contains(lower) }) else { return String(letter) }
        return String(UnicodeScalar(0x278B + index)!)
    }

    // MARK: Dictionaries

    static let pinyinWords: [String: [String]] = [
        "zhongwen": ["中文"], "zhong": ["中", "种", "重"], "wen": ["文", "问"],
        "nihao": ["你好"], "ni": ["你", "呢", "泥"], "hao": ["好", "号"],
        "shanghai": ["上海", "伤害"], "shang": ["上", "商"], "hai": ["海", "还"],
        "huang": ["黄", "皇"], "wo": ["我", "窝"], "women": ["我们"], "men": ["们", "门"],
        "beijing": ["北京", "背景"], "jianpan": ["键盘"], "pinyin": ["拼音"], "shurufa": ["输入法"],
        "xiexie": ["谢谢"], "zaijian": ["再见"], "zui": ["最"], "youxiu": ["优秀"], "zhongguo": ["中国"],
        "guo": ["国", "过"], "wenben": ["文本"], "ben": ["本"], "kuang": ["框"], "zi": ["字", "子"],
    ]

    static let kanaWords: [String: [String]] = [
        "にんじゃ": ["忍者", "ニンジャ"], "にほん": ["日本"], "にほんご": ["日本語"], "かんじ": ["漢字", "感じ"],
        "ありがとう": ["ありがとう", "有難う"], "こんにちは": ["こんにちは", "今日は"], "もじ": ["文字"],
    ]

    // MARK: Romaji to kana

    private static let syllables: [String: String] = {
        var table: [String: String] = ["a": "あ", "i": "い", "u": "う", "e": "え", "o": "お", "nn": "ん"]
        let rows: [(String, [String])] = [
            ("k", ["か", "き", "く", "け", "こ"]), ("s", ["さ", "し", "す", "せ", "そ"]),
            ("t", ["た", "ち", "つ", "て", "と"]), ("n", ["な", "に", "ぬ", "ね", "の"]),
            ("h", ["は", "ひ", "ふ", "へ", "ほ"]), ("m", ["ま", "み", "む", "め", "も"]),
            ("y", ["や", "い", "ゆ", "いぇ", "よ"]), ("r", ["ら", "り", "る", "れ", "ろ"]),
            ("w", ["わ", "うぃ", "う", "うぇ", "を"]), ("g", ["が", "ぎ", "ぐ", "げ", "ご"]),
            ("z", ["ざ", "じ", "ず", "ぜ", "ぞ"]), ("d", ["だ", "ぢ", "づ", "で", "ど"]),
            ("b", ["ば", "び", "ぶ", "べ", "ぼ"]), ("p", ["ぱ", "ぴ", "ぷ", "ぺ", "ぽ"]),
            ("j", ["じゃ", "じ", "じゅ", "じぇ", "じょ"]), ("f", ["ふぁ", "ふぃ", "ふ", "ふぇ", "ふぉ"]),
        ]
        for (consonant, kana) in rows {
            for (vowel, value) in zip(["a", "i", "u", "e", "o"], kana) { table[consonant + vowel] = value }
        }
        for (prefix, base) in [("sh", "し"), ("ch", "ち")] {
            table[prefix + "a"] = base + "ゃ"; table[prefix + "u"] = base + "ゅ"; table[prefix + "o"] = base + "ょ"
            table[prefix + "e"] = base + "ぇ"; table[prefix + "i"] = base
        }
        table["tsu"] = "つ"
        return table
    }()

    /// Converts romaji to hiragana as far as it can; unfinished letters stay Latin (`にんj`, #81).
    static func kana(_ romaji: String) -> String {
        var result = ""
        var rest = Substring(romaji.lowercased())
        outer: while !rest.isEmpty {
            for length in stride(from: min(3, rest.count), through: 1, by: -1) {
                if let kana = syllables[String(rest.prefix(length))] {
                    result += kana
                    rest = rest.dropFirst(length)
                    continue outer
                }
            }
            let first = rest.first!
            let second = rest.dropFirst().first
            if first == "n", let second, !"aiueoy".contains(second) {
                result += "ん"  // n before another consonant
            } else if let second, second == first, !"aiueon".contains(first) {
                result += "っ"  // a doubled consonant
            } else {
                result.append(first)
            }
            rest = rest.dropFirst()
        }
        return result
    }
}
