import LessonModel

/// The character table that folds Traditional Chinese to Simplified in search indexes and queries.
public enum SearchFolding {
    /// Maps each Traditional character that occurs in the course's Chinese pages (or is the Traditional
    /// form of a character that does) to its Simplified form, so a query in either script finds both.
    ///
    /// With a cache, the table is made again only when the set of characters changes. OpenCC comes from
    /// `generator`, so a build that converted pages opens no second Simplified-to-Traditional handle.
    public static func table(
        for course: Course, cache: ConversionCache? = nil, using generator: ScriptPageGenerator = ScriptPageGenerator(glossary: Glossary())
    ) throws -> [Character: Character] {
        let characters = hanCharacters(in: course)
        // A course without Chinese needs no table, and no OpenCC.
        if characters.isEmpty { return [:] }
        let input = String(characters)
        if let cache, let stored = cache.load(entryName, purpose: "search-folding", input: input) {
            return decode(stored)
        }
        let table = try makeTable(characters, generator.converters)
        cache?.store(encode(table), as: entryName, purpose: "search-folding", input: input)
        return table
    }

    static let entryName = "search-folding.tsv"

    /// The ideographs of the course's Chinese pages, each once, in scalar order.
    static func hanCharacters(in course: Course) -> [Character] {
        var han: [Unicode.Scalar] = []
        // Each scalar is looked up once: the same few thousand characters recur on every page.
        var seen = [Bool](repeating: false, count: 0x110000)
        for document in course.documents where document.language.isChinese {
            var text = document.source.text
            text.withUTF8 { bytes in
                // Ideographs start at U+3400 (E3 90 80): only lead bytes from E3 up need decoding.
                var i = 0
                while i < bytes.count {
                    let lead = bytes[i]
                    guard lead >= 0xE3 else {
                        i += lead < 0x80 ? 1 : lead < 0xC0 ? 1 : lead < 0xE0 ? 2 : 3
                        continue
                    }
                    let length = lead < 0xF0 ? 3 : 4
                    guard i + length <= bytes.count else { break }
                    var value = UInt32(lead & (length == 3 ? 0x0F : 0x07))
                    for k in 1..<length { value = value << 6 | UInt32(bytes[i + k] & 0x3F) }
                    i += length
                    if value >= 0x3400, value < 0x110000, !seen[Int(value)], let scalar = Unicode.Scalar(value) {
                        seen[Int(value)] = true
                        if scalar.properties.isIdeographic { han.append(scalar) }
                    }
                }
            }
        }
        return han.sorted().map(Character.init)
    }

    static func makeTable(_ characters: [Character], _ converters: ConverterSet) throws -> [Character: Character] {
        let toSimplified = try converters.converter(.traditionalToSimplified)
        let toTraditional = try converters.converter(.simplifiedToTaiwan)
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

    /// One `from<TAB>to` line per pair, sorted, for the cache.
    static func encode(_ table: [Character: Character]) -> String {
        table.sorted { $0.key < $1.key }.map { "\($0.key)\t\($0.value)\n" }.joined()
    }

    static func decode(_ text: String) -> [Character: Character] {
        var table: [Character: Character] = [:]
        for line in text.split(separator: "\n") {
            let pair = line.split(separator: "\t")
            if pair.count == 2, pair[0].count == 1, pair[1].count == 1 { table[pair[0].first!] = pair[1].first! }
        }
        return table
    }
}
