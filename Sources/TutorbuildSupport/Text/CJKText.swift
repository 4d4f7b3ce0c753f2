/// Chinese text as the site reads it: which scalars are Han (or kana) and full-width punctuation, and which line
/// breaks between them are no space.
///
/// Public and inlinable, as `UTF8Scalars` is: the search tokenizer calls these for every scalar it reads.
public enum CJKText {
    /// Han ideographs (with the extensions and compatibility ideographs) and kana.
    @inlinable
    public static func isHan(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        guard v >= 0x3040 else { return false }
        return (0x4E00...0x9FFF).contains(v) || (0x3400...0x4DBF).contains(v) || (0xF900...0xFAFF).contains(v)
            || (0x20000...0x2FA1F).contains(v) || (0x3040...0x30FF).contains(v)
    }

    /// CJK symbols and punctuation and the full-width ASCII punctuation (`，` `：` `（`): each carries its own space.
    @inlinable
    public static func isFullWidthPunctuation(_ s: Unicode.Scalar) -> Bool {
        let v = s.value
        return (0x3000...0x303F).contains(v) || (0xFF00...0xFF0F).contains(v) || (0xFF1A...0xFF20).contains(v)
    }

    /// Whether a line break in the source between `before` and `after` is no space: between two Chinese
    /// characters, or beside full-width punctuation (the CSS Text rule for segment breaks, which browsers
    /// do not implement, so the build applies it).
    @inlinable
    public static func joinsLines(_ before: Unicode.Scalar, _ after: Unicode.Scalar) -> Bool {
        if isFullWidthPunctuation(before) || isFullWidthPunctuation(after) { return true }
        return isHan(before) && isHan(after)
    }

    /// `text` with each `\n` replaced by nothing where `joinsLines` says so, else by a space: the plain text of
    /// inline content whose soft and hard breaks were written as `\n`.
    public static func joiningLines(_ text: String) -> String {
        guard text.utf8.contains(0x0A) else { return text }
        let scalars = Array(text.unicodeScalars)
        var out = String.UnicodeScalarView()
        for (k, s) in scalars.enumerated() {
            guard s == "\n" else {
                out.append(s)
                continue
            }
            if k > 0, k + 1 < scalars.count, joinsLines(scalars[k - 1], scalars[k + 1]) { continue }
            out.append(" ")
        }
        return String(out)
    }
}
