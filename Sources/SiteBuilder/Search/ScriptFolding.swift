/// Folds text before it is tokenized, on both the index side and the query side (issue 9: zh-Hant → zh-Hans).
///
/// The build folds page text in Swift; the page script folds the query with `queryTable`, a
/// character-to-character map written into the index, so both sides always agree.
struct ScriptFolding: Sendable {
    /// Name written into the index, e.g. `none` or `opencc-t2s`.
    var name: String
    /// Character replacements applied to both sides.
    var table: [Character: Character]

    /// The same table by Unicode scalar, for a fast pass over page text (single-scalar characters only).
    private let scalarTable: [Unicode.Scalar: Unicode.Scalar]
    /// `scalarTable` for U+2E80…U+FFFF as a flat array, each scalar's own value where it is unmapped: a
    /// lookup per Han character without hashing or checks. Empty when the table is.
    private let bmpTable: [Unicode.Scalar]

    init(name: String, table: [Character: Character]) {
        self.name = name
        self.table = table
        var scalars: [Unicode.Scalar: Unicode.Scalar] = [:]
        for (from, to) in table where from.unicodeScalars.count == 1 && to.unicodeScalars.count == 1 {
            scalars[from.unicodeScalars.first!] = to.unicodeScalars.first!
        }
        scalarTable = scalars
        var bmp: [Unicode.Scalar] = []
        if !scalars.isEmpty {
            // Surrogates are no scalars, and never looked up: they get U+FFFD.
            bmp = (0x2E80..<0x10000).map { Unicode.Scalar(UInt32($0)) ?? "\u{FFFD}" }
            for (from, to) in scalars where from.value >= 0x2E80 && from.value < 0x10000 { bmp[Int(from.value) - 0x2E80] = to }
        }
        bmpTable = bmp
    }

    static let none = ScriptFolding(name: "none", table: [:])

    func fold(_ text: String) -> String {
        guard !scalarTable.isEmpty else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars { out.append(fold(scalar)) }
        return String(out)
    }

    /// One scalar folded; `fold(_:)` on text is this, scalar by scalar.
    @inline(__always)
    func fold(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
        if scalar.value < 0x2E80 || bmpTable.isEmpty { return scalar }
        if scalar.value < 0x10000 { return bmpTable[Int(scalar.value) - 0x2E80] }
        return scalarTable[scalar] ?? scalar
    }
}
