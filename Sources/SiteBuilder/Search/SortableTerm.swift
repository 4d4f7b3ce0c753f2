/// A term of the index script, ordered as `String`'s `<` orders it but without its slow path for most pairs.
///
/// `String`'s `<` compares the Unicode scalar values of both strings' NFC forms; Han terms are not
/// known to be NFC, so every comparison normalizes them again, and sorting the terms cost more than
/// writing them. Two kinds of term are their own NFC and can be compared directly:
/// - ASCII words;
/// - one or two CJK unified ideographs (U+3400…U+4DBF, U+4E00…U+9FFF): they have no decomposition
///   and compose with nothing. Their scalars as one number, the first in the high half and the
///   second (or 0) in the low half, order them as `<` does, a lone character before its bigrams.
///
/// Any ASCII term precedes any ideograph term (its first scalar is below U+0080). Every other pair,
/// such as kana, compatibility ideographs or accented words, goes to `<` itself.
struct SortableTerm {
    let text: String
    /// The term's posting list.
    let id: Int
    /// The scalars as a number when the term is one or two CJK unified ideographs, else 0.
    private let ideographKey: UInt64
    private let isASCII: Bool

    init(_ text: String, id: Int) {
        self.text = text
        self.id = id
        isASCII = text.utf8.allSatisfy { $0 < 0x80 }
        var key: UInt64 = 0
        var count = 0
        for scalar in text.unicodeScalars {
            count += 1
            guard count <= 2, Self.isUnifiedIdeograph(scalar) else { key = 0; break }
            key |= UInt64(scalar.value) << (count == 1 ? 32 : 0)
        }
        ideographKey = key
    }

    /// Whether this term sorts before `other` under `String`'s `<`.
    func precedes(_ other: SortableTerm) -> Bool {
        if ideographKey != 0 && other.ideographKey != 0 { return ideographKey < other.ideographKey }
        if isASCII && other.ideographKey != 0 { return true }
        if ideographKey != 0 && other.isASCII { return false }
        return text < other.text
    }

    private static func isUnifiedIdeograph(_ scalar: Unicode.Scalar) -> Bool {
        (0x4E00...0x9FFF).contains(scalar.value) || (0x3400...0x4DBF).contains(scalar.value)
    }
}
