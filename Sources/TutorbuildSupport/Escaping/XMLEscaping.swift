/// Escapes text for XML and HTML, in element content and in attribute values: the one escaper of pages,
/// pictures, test reports and `serve`'s overlay.
///
/// The rules, the same in every document:
/// - `&`, `<` and `>` become `&amp;`, `&lt;` and `&gt;`;
/// - in attribute values, `"` and `'` also become `&quot;` and `&#39;`, so a value is safe in either quote;
///   tab and line ends stay as they are (a badge's tooltip has lines; an XML reader would read them as
///   spaces, which no attribute tutorbuild writes for XML readers depends on);
/// - characters XML 1.0 does not allow (controls other than tab, line feed and carriage return) become their
///   Control Pictures symbol (U+0001 becomes U+2401 `␁`), and U+FFFE and U+FFFF become U+FFFD: a report or
///   picture stays well-formed, and a page shows that something was there instead of a control code.
public enum XMLEscaping {
    /// Where the text goes.
    public enum Context: Sendable {
        /// Element content.
        case text
        /// An attribute value.
        case attribute
    }

    /// The escaped form of `string`.
    package static func escaped(_ string: some StringProtocol, in context: Context) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(string.utf8.count)
        withUTF8(of: string) { bytes in forEachEscapedPiece(bytes, in: context) { out.append(contentsOf: $0) } }
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends the escaped UTF-8 of `string` to `output`.
    package static func appendEscaped(_ string: some StringProtocol, to output: inout [UInt8], in context: Context) {
        withUTF8(of: string) { bytes in forEachEscapedPiece(bytes, in: context) { output.append(contentsOf: $0) } }
    }

    /// The String's own UTF-8 where it has contiguous storage (always, for native Strings and their Substrings), else a copy.
    @inlinable @inline(__always)
    public static func withUTF8(of string: some StringProtocol, _ body: (UnsafeBufferPointer<UInt8>) -> Void) {
        if string.utf8.withContiguousStorageIfAvailable(body) == nil {
            Array(string.utf8).withUnsafeBufferPointer(body)
        }
    }

    /// The escaped form of UTF-8 `bytes` (whole characters), piece by piece: runs that need no escaping,
    /// whole, and a replacement for each character that does.
    ///
    /// Inlinable, with `emit` inlined into it: pages are escaped a few bytes at a time, millions of times a build.
    /// Public, not package: Swift 6.3 inlines a `package` `@inlinable` function into no other module, and a
    /// call per piece is measurable over a whole build.
    @inlinable @inline(__always)
    public static func forEachEscapedPiece(
        _ bytes: UnsafeBufferPointer<UInt8>, in context: Context, _ emit: (UnsafeBufferPointer<UInt8>) -> Void
    ) {
        guard let base = bytes.baseAddress else { return }
        let count = bytes.count
        let quotes = context == .attribute
        // Everything to replace starts with an ASCII byte or 0xEF, and most text has none of them, so eight
        // bytes at a time are tested for any (`mayNeedEscaping`) before one byte at a time is.
        var copied = 0
        var k = 0
        while k < count {
            if k + 8 <= count, !mayNeedEscaping(UnsafeRawPointer(base + k).loadUnaligned(as: UInt64.self), quotes: quotes) {
                k += 8
                continue
            }
            let byte = base[k]
            let replacement: StaticString
            var width = 1
            switch byte {
            case 0x26: replacement = "&amp;"
            case 0x3C: replacement = "&lt;"
            case 0x3E: replacement = "&gt;"
            case 0x22 where quotes: replacement = "&quot;"
            case 0x27 where quotes: replacement = "&#39;"
            case 0x09, 0x0A, 0x0D:
                k += 1
                continue
            case 0x00..<0x20:
                replacement = controlPictures[Int(byte)]
            case 0xEF where k + 2 < count && base[k + 1] == 0xBF && (base[k + 2] == 0xBE || base[k + 2] == 0xBF):
                // U+FFFE or U+FFFF.
                replacement = "\u{FFFD}"
                width = 3
            default:
                k += 1
                continue
            }
            if k > copied { emit(UnsafeBufferPointer(start: base + copied, count: k - copied)) }
            emit(UnsafeBufferPointer(start: replacement.utf8Start, count: replacement.utf8CodeUnitCount))
            k += width
            copied = k
        }
        if copied < count { emit(UnsafeBufferPointer(start: base + copied, count: count - copied)) }
    }

    /// Whether any of eight bytes may need replacing: `&`, `<`, `>`, a control, 0xEF (or, with `quotes`, `"`
    /// or `'`). Byte-wise "has zero byte" and "has byte below" tests; they may say yes wrongly, never no wrongly.
    @inlinable @inline(__always)
    public static func mayNeedEscaping(_ word: UInt64, quotes: Bool) -> Bool {
        @inline(__always) func hasByte(_ value: UInt8) -> UInt64 {
            let x = word ^ (0x0101_0101_0101_0101 &* UInt64(value))
            return (x &- 0x0101_0101_0101_0101) & ~x & 0x8080_8080_8080_8080
        }
        // A byte below 0x20 (tab and line ends too; they are told apart byte by byte).
        let control = (word &- 0x2020_2020_2020_2020) & ~word & 0x8080_8080_8080_8080
        var found = hasByte(0x26) | hasByte(0x3C) | hasByte(0x3E) | hasByte(0xEF) | control
        if quotes { found |= hasByte(0x22) | hasByte(0x27) }
        return found != 0
    }

    /// U+2400 + n for each control n below 0x20 (tab, line feed and carriage return are never looked up).
    @usableFromInline
    static let controlPictures: [StaticString] = [
        "\u{2400}", "\u{2401}", "\u{2402}", "\u{2403}", "\u{2404}", "\u{2405}", "\u{2406}", "\u{2407}",
        "\u{2408}", "\u{2409}", "\u{240A}", "\u{240B}", "\u{240C}", "\u{240D}", "\u{240E}", "\u{240F}",
        "\u{2410}", "\u{2411}", "\u{2412}", "\u{2413}", "\u{2414}", "\u{2415}", "\u{2416}", "\u{2417}",
        "\u{2418}", "\u{2419}", "\u{241A}", "\u{241B}", "\u{241C}", "\u{241D}", "\u{241E}", "\u{241F}",
    ]
}
