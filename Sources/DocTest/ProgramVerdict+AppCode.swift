import Foundation
import LessonModel

extension ProgramVerdict {
    /// Gives each result its demonstration lines and, in the lesson's program, what it adds to the app file.
    mutating func attachAppCode() {
        guard let demonstration = outcome.demonstration else { return }
        let isLesson = program.role == .lesson
        for i in program.snippets where results[i] != nil {
            results[i]!.demonstrationLines = demonstration[i] ?? []
            if isLesson { results[i]!.appCode = appCode(i, demonstration: demonstration) }
        }
    }

    /// Snippet `i`'s top-level declarations as written (comments kept, `snippet.hide` markers left out), with the
    /// members of later `in=` snippets inside their type; a declaration with a demonstration line is left out whole.
    func appCode(_ i: Int, demonstration: [Int: [Int]]) -> String? {
        let s = snippet(i)
        guard s.attributes.spliceInto == nil else { return nil }
        let lines = s.code.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let demo = Set(demonstration[i] ?? [])
        let kept = SnippetLayout(code: s.code).declarations.filter { !$0.contains { demo.contains($0) } }
        guard !kept.isEmpty else { return nil }
        let insertions = splicedMembers(into: i, demonstration: demonstration)
        var out: [String] = []
        for range in kept {
            if let last = out.last, !last.isEmpty { out.append("") }
            for n in range where n < lines.count && !Self.isMarker(lines[n]) {
                guard let members = insertions[n] else {
                    out.append(lines[n])
                    continue
                }
                let scalars = Array(lines[n].unicodeScalars)
                let column = min(members.column, scalars.count)
                let before = String(String.UnicodeScalarView(scalars[..<column]))
                if !before.allSatisfy({ $0 == " " || $0 == "\t" }) { out.append(before) }
                out += members.lines
                out.append(String(repeating: " ", count: column) + String(String.UnicodeScalarView(scalars[column...])))
            }
        }
        return out.joined(separator: "\n")
    }

    /// The lines of later `in=` snippets that go before a closing brace of snippet `host`, by that brace's line.
    func splicedMembers(into host: Int, demonstration: [Int: [Int]]) -> [Int: (column: Int, lines: [String])] {
        var members: [Int: (column: Int, lines: [String])] = [:]
        for j in program.snippets where j > host {
            let child = snippet(j)
            guard let type = child.attributes.spliceInto,
                  let end = SnippetLayout.typeBodyEnd(named: type, in: snippet(host).code),
                  !program.snippets.contains(where: { $0 < host && $0 != host && SnippetLayout.typeBodyEnd(named: type, in: snippet($0).code) != nil })
            else { continue }
            let demo = Set(demonstration[j] ?? [])
            var lines: [String] = []
            for (n, line) in child.code.split(separator: "\n", omittingEmptySubsequences: false).enumerated()
            where !demo.contains(n) && !Self.isMarker(line) {
                lines.append(String(line))
            }
            while lines.last?.allSatisfy({ $0 == " " }) == true { lines.removeLast() }
            if members[end.line] == nil { members[end.line] = (end.column, [""]) }
            members[end.line]!.lines += lines
        }
        return members
    }

    static func isMarker(_ line: some StringProtocol) -> Bool {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        return trimmed == "// snippet.hide" || trimmed == "// snippet.show"
    }
}
