/// Minimal JSON string encoding that is also safe inside a `<script>` file.
enum JSON {
    static func string(_ s: String) -> String {
        var out: [UInt8] = []
        append(s, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// `string(_:)`'s UTF-8, appended to `out`.
    static func append(_ s: String, to out: inout [UInt8]) {
        // `withUTF8` reads the String's own storage, where `Array(s.utf8)` would copy it.
        var s = s
        s.withUTF8 { bytes in appendEscaped(bytes, to: &out) }
    }

    /// `string(_:)` of valid UTF-8, appended to `out`.
    static func append(utf8 bytes: [UInt8], to out: inout [UInt8]) {
        bytes.withUnsafeBufferPointer { appendEscaped($0, to: &out) }
    }

    /// `text` as it is, already JSON.
    static func appendRaw(_ text: StaticString, to out: inout [UInt8]) {
        text.withUTF8Buffer { out.append(contentsOf: $0) }
    }

    /// `String(n)`'s digits, appended as bytes.
    static func appendDecimal(_ n: Int64, to out: inout [UInt8]) {
        if n < 0 { out.append(UInt8(ascii: "-")) }
        var value = n.magnitude
        // Most numbers are one-digit gaps.
        if value < 10 {
            out.append(0x30 + UInt8(value))
            return
        }
        // Lowest digit first, then swapped into order: no array of digits per number.
        var low = out.count
        while value > 0 {
            out.append(0x30 + UInt8(value % 10))
            value /= 10
        }
        var high = out.count - 1
        while low < high {
            out.swapAt(low, high)
            low += 1
            high -= 1
        }
    }

    /// `[a,b-a,c-b,…]`: ascending numbers as the gaps between them, a JSON array.
    static func appendGaps(_ numbers: [Int32], to out: inout [UInt8]) {
        appendGaps(runs: [numbers[...]], to: &out)
    }

    /// `appendGaps(_:to:)` for ascending numbers given as runs, one after the other.
    static func appendGaps(runs: some Sequence<ArraySlice<Int32>>, to out: inout [UInt8]) {
        let count = runs.reduce(0) { $0 + $1.count }
        guard count > 0 else {
            out.append(contentsOf: "[]".utf8)
            return
        }
        // Written into scratch room for the longest text (a comma and 10 digits a number, and `]`), then
        // appended at once: one capacity check a list rather than one a byte, and `out` grows by what
        // the list needs only. Each number is written after a comma; the first comma then becomes the `[`.
        // The arithmetic wraps: the numbers ascend, so no gap is negative, and the room is enough.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 1 + 11 * count) { buffer in
            var end = 0
            var previous: Int32 = 0
            for run in runs {
                for number in run {
                    var gap = UInt32(bitPattern: number &- previous)
                    previous = number
                    buffer[end] = UInt8(ascii: ",")
                    // Most gaps have one digit, nearly all the rest two or three.
                    if gap < 10 {
                        buffer[end &+ 1] = 0x30 | UInt8(truncatingIfNeeded: gap)
                        end &+= 2
                    } else if gap < 100 {
                        buffer[end &+ 1] = 0x30 | UInt8(truncatingIfNeeded: gap / 10)
                        buffer[end &+ 2] = 0x30 | UInt8(truncatingIfNeeded: gap % 10)
                        end &+= 3
                    } else if gap < 1000 {
                        buffer[end &+ 1] = 0x30 | UInt8(truncatingIfNeeded: gap / 100)
                        buffer[end &+ 2] = 0x30 | UInt8(truncatingIfNeeded: gap / 10 % 10)
                        buffer[end &+ 3] = 0x30 | UInt8(truncatingIfNeeded: gap % 10)
                        end &+= 4
                    } else {
                        var digits = 4
                        var rest = gap / 10_000
                        while rest > 0 {
                            digits &+= 1
                            rest /= 10
                        }
                        for position in stride(from: end &+ digits, to: end, by: -1) {
                            buffer[position] = 0x30 | UInt8(truncatingIfNeeded: gap % 10)
                            gap /= 10
                        }
                        end &+= digits &+ 1
                    }
                }
            }
            buffer[0] = UInt8(ascii: "[")
            buffer[end] = UInt8(ascii: "]")
            out.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[...end]))
        }
    }

    /// The quoted, escaped string, from its UTF-8 bytes.
    private static func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        // Bytes, not scalars (appending scalar by scalar to a String is slow); U+2028/9 are E2 80 A8/A9.
        // Runs of bytes that need no escape are copied whole.
        out.append(0x22)
        var k = 0
        var run = 0
        while true {
            k = nextMayNeedEscape(in: bytes, from: k)
            guard k < bytes.count else { break }
            let byte = bytes[k]
            if run < k { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<k])) }
            run = k + 1
            switch byte {
            case 0x22: out.append(contentsOf: "\\\"".utf8)
            case 0x5C: out.append(contentsOf: "\\\\".utf8)
            case 0x0A: out.append(contentsOf: "\\n".utf8)
            case 0x0D: out.append(contentsOf: "\\r".utf8)
            case 0x09: out.append(contentsOf: "\\t".utf8)
            case 0x3C: out.append(contentsOf: "\\u003c".utf8)
            case 0x3E: out.append(contentsOf: "\\u003e".utf8)
            case 0x26: out.append(contentsOf: "\\u0026".utf8)
            case 0xE2 where k + 2 < bytes.count && bytes[k + 1] == 0x80 && (bytes[k + 2] == 0xA8 || bytes[k + 2] == 0xA9):
                out.append(contentsOf: (bytes[k + 2] == 0xA8 ? "\\u2028" : "\\u2029").utf8)
                k += 3
                run = k
                continue
            case ..<0x20:
                let hex = String(byte, radix: 16)
                out.append(contentsOf: ("\\u" + String(repeating: "0", count: 4 - hex.count) + hex).utf8)
            default: out.append(byte)
            }
            k += 1
        }
        if run < k { out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[run..<k])) }
        out.append(0x22)
    }

    /// The first index from `start` on whose byte `appendEscaped(_:to:)` must look at, or `bytes.count`.
    private static func nextMayNeedEscape(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        var k = start
        while k < bytes.count, !mayNeedEscape(bytes[k]) { k += 1 }
        return k
    }

    /// Whether `appendEscaped(_:to:)` must look at `byte`: one it escapes, or 0xE2, which may start U+2028/9.
    ///
    /// Below 0x40 a bit of one constant tells (a switch over the cases costs many instructions a byte).
    @inline(__always)
    private static func mayNeedEscape(_ byte: UInt8) -> Bool {
        // Bits 0…0x1F, 0x22 ("), 0x26 (&), 0x3C (<) and 0x3E (>).
        let below40: UInt64 = 0x5000_0044_FFFF_FFFF
        return byte < 0x40 ? below40 &>> byte & 1 != 0 : byte == 0x5C || byte == 0xE2
    }
}
