import LessonModel

/// The character table that folds Traditional Chinese to Simplified in search indexes and queries.
public enum SearchFolding {
    /// Maps each Traditional character that occurs in the course's Chinese pages (or is the Traditional
    /// form of a character that does) to its Simplified form, so a query in either script finds both.
    public static func table(for course: Course) throws -> [Character: Character] {
        let toSimplified = try ScriptConverter(.traditionalToSimplified)
        let toTraditional = try ScriptConverter(.simplifiedToTaiwan)
        var han = Set<Unicode.Scalar>()
        // Each scalar is looked up once: the same few thousand characters recur on every page.
        var seen = [Bool](repeating: false, count: 0x110000)
        for document in course.documents where document.language.isChinese {
            for scalar in document.source.text.unicodeScalars where scalar.value >= 0x3400 && !seen[Int(scalar.value)] {
                seen[Int(scalar.value)] = true
                if scalar.properties.isIdeographic { han.insert(scalar) }
            }
        }
        let characters = han.sorted().map(Character.init)
        // One conversion call per direction: characters one per line convert independently of their neighbours.
        let simplified = toSimplified.convert(characters.map(String.init).joined(separator: "\n")).split(separator: "\n", omittingEmptySubsequences: false)
        let traditional = toTraditional.convert(characters.map(String.init).joined(separator: "\n")).split(separator: "\n", omittingEmptySubsequences: false)
        var table: [Character: Character] = [:]
        guard simplified.count == characters.count, traditional.count == characters.count else { return table }
        for (i, character) in characters.enumerated() {
            if let s = simplified[i].first, simplified[i].count == 1, s != character { table[character] = s }
            if let t = traditional[i].first, traditional[i].count == 1, t != character {
                table[t] = simplified[i].count == 1 && simplified[i].first != character ? simplified[i].first! : character
            }
        }
        return table
    }
}
