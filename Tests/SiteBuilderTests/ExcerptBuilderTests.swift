import Testing
@testable import SiteBuilder

@Suite("Excerpt builder")
struct ExcerptBuilderTests {
    /// The excerpt of `pieces` read one by one, each followed by a line break.
    static func excerpt(ofPieces pieces: [String]) -> String {
        var builder = ExcerptBuilder()
        for piece in pieces {
            builder.add(piece)
            builder.addSpace()
        }
        return String(decoding: builder.bytes, as: UTF8.self)
    }

    @Test("pieces read one by one make the excerpt of their text joined with line breaks", arguments: [
        [], [""], ["", ""], ["a"], ["a", "b"], ["  a  ", "  b "], ["\n", "x"], ["键盘", "出现"], ["键盘，", "abc"],
        ["键盘", "keyboard"], ["keyboard", "键盘"], ["。", "x"], ["x", "。"],
        [String(repeating: "x", count: 89), "y", "z"], [String(repeating: "x", count: 90), "y"],
        [String(repeating: "x", count: 89), "", "键"], [String(repeating: "键", count: 45), String(repeating: "盘", count: 50)],
        [String(repeating: "ab ", count: 29), "cd", "ef"], ["é", String(repeating: "é ", count: 60)],
    ] as [[String]])
    func piecesReadAsJoinedText(pieces: [String]) {
        let joined = pieces.map { $0 + "\n" }.joined()
        #expect(Self.excerpt(ofPieces: pieces) == SearchIndexBuilder.excerpt(joined))
    }

    @Test("once it ends with … nothing more is read")
    func complete() {
        var builder = ExcerptBuilder()
        builder.add(String(repeating: "x", count: 89))
        #expect(!builder.isComplete)
        builder.add("yz")
        #expect(builder.isComplete)
        let bytes = builder.bytes
        builder.addSpace()
        builder.add("more")
        #expect(builder.bytes == bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == String(repeating: "x", count: 89) + "y…")
    }
}
