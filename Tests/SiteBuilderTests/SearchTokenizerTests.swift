import Foundation
import Testing
@testable import SiteBuilder

/// The byte-wise index tokenizer against the scalar-wise one it replaced in the build.
@Suite("Search tokenizer fast paths")
struct SearchTokenizerTests {
    /// The index terms as the scalar scanner gives them: fold the text, then per run its words or its Han characters and bigrams.
    static func scalarTerms(_ text: String, folding: ScriptFolding = .none) -> [String] {
        var terms: [String] = []
        SearchTokenizer.scan(folding.fold(text)) { run, isHan in
            if isHan {
                for k in run.indices {
                    terms.append(String(String.UnicodeScalarView([run[k]])))
                    if k + 1 < run.count { terms.append(String(String.UnicodeScalarView(run[k...(k + 1)]))) }
                }
            } else {
                SearchTokenizer.wordTerms(run) { terms.append($0) }
            }
        }
        return terms
    }

    static func byteTerms(_ text: String, folding: ScriptFolding = .none) -> [String] {
        var terms: [String] = []
        SearchTokenizer.indexTerms(text, folding: folding) { terms.append($0.text) }
        return terms
    }

    static let traditional = ScriptFolding(name: "test-t2s", table: ["鍵": "键", "盤": "盘", "們": "们", "體": "体"])

    @Test("byte and scalar tokenizers give the same terms in the same order", arguments: [
        "", "a", "7", "ab", "x1 a 7 42",
        "call scrollRectToVisible(_:animated:) 键盘出现",
        "UITextField 的代理", "getHTTPResponse UIView2D HTTPServer ABCdef abcDEF iOS17Style",
        "café Über naïve ÉCOLE e\u{301}cole", "ΑΒΓ δέλτα", "½ Ⅳ Ⅷ ①",
        "mixedé中文abc", "中a文", "ＡＢＣ１２３ fullwidth", "キーボード 键盘，通知。下一句",
        "𠀀𠀁 extension B", "emoji 🎉 text 👍🏽", "x\u{2028}y\u{0}z\t\r\n",
        "keyboardFrameEndUserInfoKey_and_snake_case", "let x = \"\\(frame?.height ?? 0)\"",
    ])
    func sameTerms(text: String) {
        #expect(Self.byteTerms(text) == Self.scalarTerms(text))
        #expect(Self.byteTerms(text, folding: Self.traditional) == Self.scalarTerms(text, folding: Self.traditional))
    }

    @Test("every three-piece mix of ASCII, accented, Han, folded and punctuation pieces tokenizes the same")
    func sameTermsForEveryMix() {
        let pieces = ["a", "Ab", "CD", "9", " ", "_", "é", "Ü", "键", "鍵盤", "，", "🎉", "ǅ"]
        for a in pieces {
            for b in pieces {
                for c in pieces {
                    let text = a + b + c
                    #expect(Self.byteTerms(text, folding: Self.traditional) == Self.scalarTerms(text, folding: Self.traditional), "\(text)")
                }
            }
        }
    }

    @Test("folded text is indexed under the simplified characters")
    func folding() {
        #expect(Self.byteTerms("鍵盤", folding: Self.traditional) == ["键", "键盘", "盘"])
        #expect(Self.byteTerms("鍵盤") == ["鍵", "鍵盤", "盤"])
    }
}

@Suite("Search index script encoding")
struct SearchScriptEncodingTests {
    @Test("numbers are written as String(n) writes them", arguments: [0, 1, 9, 10, 42, 99, 100, 12_345, 1_000_000, -1, -10, Int64.max, Int64.min])
    func decimal(n: Int64) {
        var out: [UInt8] = []
        JSON.appendDecimal(n, to: &out)
        #expect(String(decoding: out, as: UTF8.self) == String(n))
    }

    @Test("posting lists are written as gaps", arguments: [
        ([], "[]"), ([0], "[0]"), ([7], "[7]"), ([12], "[12]"), ([0, 4, 5], "[0,4,1]"),
        ([3, 13, 113, 1_113, 2_000_000_000], "[3,10,100,1000,1999998887]"), ([Int32.max], "[2147483647]"),
    ] as [([Int32], String)])
    func gaps(numbers: [Int32], expected: String) {
        var out: [UInt8] = Array("x".utf8)
        JSON.appendGaps(numbers, to: &out)
        #expect(String(decoding: out, as: UTF8.self) == "x" + expected)
    }

    @Test("a posting list given as runs is written as the same list in one", arguments: [
        [[], [0, 4], [], [5, 17], [1_000]], [[7]], [[], []], [[0], [1], [2]],
    ] as [[[Int32]]])
    func gapsOfRuns(runs: [[Int32]]) {
        var joined: [UInt8] = []
        JSON.appendGaps(runs.flatMap { $0 }, to: &joined)
        var out: [UInt8] = []
        JSON.appendGaps(runs: runs.map { $0[...] }, to: &out)
        #expect(out == joined)
    }

    @Test("every ASCII character and the line separators survive a JSON round trip, and none can end a script")
    func everySpecialCharacter() throws {
        var text = (0..<0x80).map { String(UnicodeScalar(UInt8($0))) }.joined()
        text += "\u{2028}\u{2029}键</script><!--"
        let encoded = JSON.string(text)
        let decoded = try JSONSerialization.jsonObject(with: Data(encoded.utf8), options: .fragmentsAllowed) as? String
        #expect(decoded == text)
        for forbidden in ["<", ">", "&", "\u{2028}", "\u{2029}", "\n", "\r", "\u{0}"] {
            #expect(!encoded.contains(forbidden), "\(forbidden.unicodeScalars.first!.value)")
        }
    }

    @Test("escapes as before", arguments: [
        ("plain", #""plain""#), ("a\"b\\c", #""a\"b\\c""#), ("<b>&</b>", #""\u003cb\u003e\u0026\u003c/b\u003e""#),
        ("\u{1}\n\t", #""\u0001\n\t""#), ("a\u{2028}b", #""a\u2028b""#), ("键盘", #""键盘""#),
    ])
    func escapes(text: String, expected: String) {
        #expect(JSON.string(text) == expected)
    }

    @Test("excerpts collapse whitespace, join Chinese lines and stop after 90 characters", arguments: [
        ("a  b\n\n c\t", "a b c"),
        ("  leading", "leading"),
        ("键盘\n出现", "键盘出现"),
        ("键盘，\nabc", "键盘，abc"),
        ("键盘\nkeyboard", "键盘 keyboard"),
        (String(repeating: "x ", count: 100), String(repeating: "x ", count: 45) + "…"),
        (String(repeating: "é", count: 95), String(repeating: "é", count: 90) + "…"),
    ])
    func excerpt(text: String, expected: String) {
        #expect(SearchIndexBuilder.excerpt(text) == expected)
    }
}

@Suite("Packed word keys")
struct PackedWordTests {
    @Test("a packed word reads back as the lower-cased word", arguments: ["a", "z", "0", "9", "ab", "uitextfield", "abcdefghijkl", "zzzzzzzzzzzz", "000000000000", "Key", "HTTP2"])
    func roundTrip(word: String) throws {
        let key = try #require(SearchTokenizer.packedWordKey(word.utf8))
        #expect(key != 0)
        #expect(SearchTokenizer.packedWordText(key) == word.lowercased())
    }

    @Test("words that cannot be packed", arguments: ["", "abcdefghijklm", "é", "a_b", "a b", "键"])
    func unpacked(word: String) {
        #expect(SearchTokenizer.packedWordKey(word.utf8) == nil)
    }

    @Test("a long packed word reads back as the lower-cased word", arguments: [
        "abcdefghijklm", "scrollRectToVisible", "zzzzzzzzzzzzzzzzzzzzzzzz", "000000000000000000000000", "UITextFieldDelegate",
    ])
    func longRoundTrip(word: String) throws {
        let key = try #require(SearchTokenizer.packedLongWordKey(word.utf8))
        #expect(SearchTokenizer.packedWordText(key) == word.lowercased())
    }

    @Test("long words that cannot be packed", arguments: ["abcdefghijkl", "abcdefghijklmnopqrstuvwxy", "abcdefghijklmé", "abcdefghijkl_m"])
    func longUnpacked(word: String) {
        #expect(SearchTokenizer.packedLongWordKey(word.utf8) == nil)
    }

    @Test("different long words, prefixes and all, get different keys")
    func longDistinct() {
        let stems = ["a", "z", "0", "9", "az", "9a"]
        var words: Set<String> = []
        for length in 13...24 {
            for stem in stems { words.insert(String(String(repeating: stem, count: length).prefix(length))) }
            words.insert(String(repeating: "a", count: length - 1) + "b")
            words.insert("b" + String(repeating: "a", count: length - 1))
        }
        let keys = words.map { SearchTokenizer.packedLongWordKey($0.utf8)! }
        #expect(Set(keys).count == words.count)
    }

    @Test("different words, prefixes and all, get different keys")
    func distinct() {
        var words: Set<String> = []
        let letters = Array("0az9by")
        func grow(_ word: String) {
            guard word.count < 5 else { return }
            for c in letters {
                words.insert(word + String(c))
                grow(word + String(c))
            }
        }
        grow("")
        words.formUnion(["a", "aa", "aaa", "a0", "0a", "zzzzzzzzzzzz", "zzzzzzzzzzz", "1zzzzzzzzzzz"])
        let keys = words.map { SearchTokenizer.packedWordKey($0.utf8)! }
        #expect(Set(keys).count == words.count)
    }

    @Test("a word is packed whichever tokenizer path found it")
    func samePathIndependence() {
        #expect(SearchTokenizer.wordTerm("view") == .packedWord(SearchTokenizer.packedWordKey("view".utf8)!))
        #expect(SearchTokenizer.wordTerm("naïve") == .word("naïve"))
        #expect(SearchTokenizer.wordTerm("scrollrecttovisible") == .packedLongWord(SearchTokenizer.packedLongWordKey("scrollrecttovisible".utf8)!))
        #expect(SearchTokenizer.wordTerm("abcdefghijklmnopqrstuvwxy") == .word("abcdefghijklmnopqrstuvwxy"))
        var terms: [SearchTokenizer.IndexTerm] = []
        SearchTokenizer.indexTerms("naïveView view éScrollrecttovisible scrollRectToVisible", folding: .none) { terms.append($0) }
        #expect(terms.filter { $0 == .packedWord(SearchTokenizer.packedWordKey("view".utf8)!) }.count == 2)
        #expect(terms.filter { $0 == .packedLongWord(SearchTokenizer.packedLongWordKey("scrollrecttovisible".utf8)!) }.count == 2)
    }

    /// Words are keyed by `String` (canonical equivalence) or packed (exact bytes); that only gives the same
    /// terms as one `String` dictionary if no non-ASCII word can equal an ASCII one. A word equals an ASCII
    /// string only if each of its scalars does (a canonical decomposition to ASCII is a single ASCII scalar),
    /// and U+212A KELVIN SIGN, the one letter that does, is lower-cased to `k` before it is indexed.
    @Test("no lower-cased word has a non-ASCII scalar canonically equal to an ASCII character")
    func noASCIIEquivalents() {
        let ascii = Set((0..<0x80).map { String(Unicode.Scalar(UInt8($0))) })
        #expect(ascii.contains("\u{212A}"))  // the check can see such a scalar
        var asciiLike: [UInt32] = []
        for value in UInt32(0x80)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value), SearchTokenizer.isWordScalar(scalar), !SearchTokenizer.isHan(scalar) else { continue }
            for lowered in SearchTokenizer.lowercased([scalar][...]).unicodeScalars where lowered.value >= 0x80 {
                if ascii.contains(String(lowered)) { asciiLike.append(lowered.value) }
            }
        }
        #expect(asciiLike.isEmpty)
        #expect(SearchTokenizerTests.byteTerms("\u{212A}ey") == ["key"])
    }
}
