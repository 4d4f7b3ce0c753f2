import Testing
@testable import TutorbuildSupport

/// Byte-wise search in a string's UTF-8 (`firstByteOffset(of:from:)`, `containsBytes`).
@Suite struct ByteSearchTests {
    @Test("the first occurrence at or after a byte offset, as that offset", arguments: [
        ("let x = app.tap()", 0, 8 as Int?),
        ("app.tap(x); app.tap(y)", 1, 12),
        ("中文 app.tap", 0, 7),
        ("no match here", 0, nil),
        ("app.", 4, nil),
        ("ap", 0, nil),
        ("", 0, nil),
    ])
    func firstOffset(text: String, from: Int, expected: Int?) {
        #expect(text.firstByteOffset(of: "app.", from: from) == expected)
        #expect(text[...].firstByteOffset(of: "app.", from: from) == expected)
        #expect(text.containsBytes("app.") == (text.firstByteOffset(of: "app.") != nil))
    }

    @Test("an offset past the end finds nothing; an empty needle is found where the search starts")
    func edges() {
        #expect("abc".firstByteOffset(of: "a", from: 4) == nil)
        #expect("abc".firstByteOffset(of: "", from: 2) == 2)
    }
}
