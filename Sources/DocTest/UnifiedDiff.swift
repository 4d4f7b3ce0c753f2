/// A unified diff of expected against actual output, for failure messages.
enum UnifiedDiff {
    /// `--- expected` / `+++ actual` hunks with 2 lines of context.
    static func diff(expected: String, actual: String, context: Int = 2) -> String {
        let a = expected.isEmpty ? [] : expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let b = actual.isEmpty ? [] : actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
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
            for op in slice {
                switch op.kind {
                case .same: lines.append(" " + op.text)
                case .delete: lines.append("-" + op.text)
                case .insert: lines.append("+" + op.text)
                }
            }
            k = stop
        }
        if a.isEmpty, !b.isEmpty { lines.append("(expected no output)") }
        if b.isEmpty, !a.isEmpty { lines.append("(the snippet printed nothing)") }
        return lines.joined(separator: "\n")
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
                    table[i][j] = a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
                }
            }
        }
        var ops: [Op] = []
        var i = 0, j = 0
        while i < n || j < m {
            if i < n, j < m, a[i] == b[j] {
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
