/// Sets one top-level key in a lesson file's front matter, leaving every other line as written.
public enum FrontMatterEditor {
    /// The file text with `key: value` replaced or added; `nil` when the file has no front matter.
    public static func setting(_ key: String, to value: String, in text: String) -> String? {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard lines.first?.trimmingCharacters(in: "\r") == "---",
              let closing = lines.indices.dropFirst().first(where: { ["---", "..."].contains(lines[$0].trimmingCharacters(in: "\r ")) })
        else { return nil }
        let newLine = "\(key): \(value)"
        if let existing = (1..<closing).first(where: { lines[$0].hasPrefix(key + ":") }) {
            // A block value continues on indented lines or "- " items; replace those too.
            var end = existing + 1
            while end < closing, lines[end].hasPrefix(" ") || lines[end].hasPrefix("-") || lines[end].hasPrefix("\t") { end += 1 }
            lines.replaceSubrange(existing..<end, with: [newLine])
        } else {
            lines.insert(newLine, at: closing)
        }
        return lines.joined(separator: "\n")
    }
}

extension String {
    fileprivate func trimmingCharacters(in set: String) -> String {
        var s = Substring(self)
        while let c = s.last, set.contains(c) { s = s.dropLast() }
        return String(s)
    }
}
