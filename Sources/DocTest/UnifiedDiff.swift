/// A unified diff of expected against actual output, for failure messages.
enum UnifiedDiff {
    /// `--- expected` / `+++ actual` hunks with 2 lines of context.
    static func diff(expected: String, actual: String, context: Int = 2) -> String {
        // Split on bytes: "\r\n" is one Character, which a split on Characters would not cut.
        let a = expected.isEmpty ? [] : expected.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(Substring($0)) }
        let b = actual.isEmpty ? [] : actual.utf8.split(separator: 0x0A, omittingEmptySubsequences: false).map { String(Substring($0)) }
        let ops = editScript(a, b)
        var lines = ["--- expected", "+++ actual"]
        // Group operations into hunks around changes.
        var k = 0
        while k < ops.count {
            guard ops[k].kind != .same else { k += 1; continue }
            var start = max(0, k - context)
            while start < k, ops[start].kind != .same { start += 1 }
            var end = k
            var sameRun = 0
            var j = k
            while j < ops.count {
                if ops[j].kind == .same {
                    sameRun += 1
                    if sameRun > 2 * context { break }
                } else {
                    sameRun = 0
                    end = j
                }
                j += 1
            }
            let stop = min(ops.count, end + 1 + context)
            let slice = ops[start..<stop]
            let aStart = (slice.first?.aIndex ?? 0) + 1
            let bStart = (slice.first?.bIndex ?? 0) + 1
            let aCount = slice.filter { $0.kind != .insert }.count
            let bCount = slice.filter { $0.kind != .delete }.count
            lines.append("@@ -\(aCount == 0 ? aStart - 1 : aStart),\(aCount) +\(bCount == 0 ? bStart - 1 : bStart),\(bCount) @@")
            // Changed lines that would look alike on a terminal are shown scalar by scalar.
            let deleted = Set(slice.filter { $0.kind == .delete }.map { Self.skeleton($0.text) })
            let inserted = Set(slice.filter { $0.kind == .insert }.map { Self.skeleton($0.text) })
            for op in slice {
                switch op.kind {
                case .same: lines.append(" " + Self.visible(op.text))
                case .delete: lines.append("-" + Self.visible(op.text, everyScalar: inserted.contains(Self.skeleton(op.text))))
                case .insert: lines.append("+" + Self.visible(op.text, everyScalar: deleted.contains(Self.skeleton(op.text))))
                }
            }
            k = stop
        }
        if a.isEmpty, !b.isEmpty { lines.append("(expected no output)") }
        if b.isEmpty, !a.isEmpty { lines.append("(the snippet printed nothing)") }
        return lines.joined(separator: "\n")
    }

    /// A line as the diff shows it: controls and invisible characters escaped (`\r`, `\u{200B}`); with
    /// `everyScalar`, also tabs (`\t`) and every scalar beyond ASCII, for a line that differs from another
    /// only in what a terminal does not show ("é" against "e\u{301}", a no-break space).
    static func visible(_ line: String, everyScalar: Bool = false) -> String {
        var out = ""
        for scalar in line.unicodeScalars {
            switch scalar {
            case "\r": out += "\\r"
            case "\t" where everyScalar: out += "\\t"
            case "\t", " "..."~": out.unicodeScalars.append(scalar)
            default:
                if everyScalar || isInvisible(scalar) {
                    out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        return out
    }

    /// Controls, and characters that take no room or change the order of others.
    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F, 0xAD, 0x200B, 0x200E, 0x200F, 0x2028...0x202E, 0x2060...0x2064, 0x2066...0x2069, 0xFEFF: true
        default: false
        }
    }

    /// What a line looks like as `visible(_:)` shows it: joiners and variation selectors dropped, every
    /// space as a space. Compared as Swift compares strings (canonically: "é" equals "e\u{301}", in a set too).
    private static func skeleton(_ line: String) -> String {
        var out = ""
        for scalar in visible(line).unicodeScalars where !(0x200C...0x200D).contains(scalar.value) && !(0xFE00...0xFE0F).contains(scalar.value) {
            out.unicodeScalars.append(scalar.properties.isWhitespace ? " " : scalar)
        }
        return out
    }

    struct Op {
        enum Kind { case same, delete, insert }
        var kind: Kind
        var text: String
        var aIndex: Int
        var bIndex: Int
    }

    /// Longest-common-subsequence edit script; outputs are small, and huge ones are cut.
    static func editScript(_ a: [String], _ b: [String]) -> [Op] {
        let a = Array(a.prefix(2000)), b = Array(b.prefix(2000))
        let n = a.count, m = b.count
        var table = [[Int32]](repeating: [Int32](repeating: 0, count: m + 1), count: n + 1)
        if n > 0, m > 0 {
            for i in stride(from: n - 1, through: 0, by: -1) {
                for j in stride(from: m - 1, through: 0, by: -1) {
                    table[i][j] = a[i].utf8.elementsEqual(b[j].utf8) ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
                }
            }
        }
        var ops: [Op] = []
        var i = 0, j = 0
        while i < n || j < m {
            if i < n, j < m, a[i].utf8.elementsEqual(b[j].utf8) {
                ops.append(Op(kind: .same, text: a[i], aIndex: i, bIndex: j)); i += 1; j += 1
            } else if i < n, j == m || table[i + 1][j] >= table[i][j + 1] {
                ops.append(Op(kind: .delete, text: a[i], aIndex: i, bIndex: j)); i += 1
            } else {
                ops.append(Op(kind: .insert, text: b[j], aIndex: i, bIndex: j)); j += 1
            }
        }
        return ops
    }
}
