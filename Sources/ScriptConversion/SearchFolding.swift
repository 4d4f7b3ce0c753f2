import Foundation
import LessonModel
import TutorbuildSupport

/// The character table that folds Traditional Chinese to Simplified in search indexes and queries.
public enum SearchFolding {
    /// Maps each Traditional character that occurs in the course's Chinese pages (or is the Traditional
    /// form of a character that does) to its Simplified form, so a query in either script finds both.
    ///
    /// With a cache, the table is made again only when the set of characters changes. OpenCC comes from
    /// `generator`, so a build that converted pages opens no second Simplified-to-Traditional handle.
    ///
    /// `recorded` holds `hanCharacters(of:)` of the content folder's lessons that were not loaded (a
    /// rebuild loads only the lessons that changed), so that the table is the whole course's.
    public static func table(
        for course: Course, recorded: [String] = [], cache: ConversionCache? = nil,
        using generator: ScriptPageGenerator = ScriptPageGenerator(glossary: Glossary())
    ) throws -> [Character: Character] {
        let characters = hanCharacters(in: chineseTexts(in: course) + recorded)
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

    /// The Markdown of every Chinese page, generated ones included, read in place: `course.documents` would copy each whole document.
    static func chineseTexts(in course: Course) -> [String] {
        var texts: [String] = []
        for l in course.lessons.indices {
            for d in course.lessons[l].documents.indices where course.lessons[l].documents[d].language.isChinese {
                texts.append(course.lessons[l].documents[d].source.text)
            }
            // Generated pages are searched too: their characters need folding as much as hand-written ones.
            for g in course.lessons[l].generated.indices where course.lessons[l].generated[g].language.isChinese {
                texts.append(course.lessons[l].generated[g].text)
            }
        }
        return texts
    }

    /// The ideographs of `lesson`'s Chinese pages (generated ones included), each once, in scalar order:
    /// what the table needs of a lesson a rebuild does not load.
    public static func hanCharacters(of lesson: Lesson) -> String {
        var texts: [String] = []
        for d in lesson.documents.indices where lesson.documents[d].language.isChinese { texts.append(lesson.documents[d].source.text) }
        for g in lesson.generated.indices where lesson.generated[g].language.isChinese { texts.append(lesson.generated[g].text) }
        guard !texts.isEmpty else { return "" }
        // Sorted scalars, each once: a lesson's few thousand ideographs, where the course-wide bit set would
        // be cleared for every lesson.
        var scalars: [UInt32] = []
        for text in texts {
            for scalar in text.unicodeScalars where scalar.value >= 0x3400 { scalars.append(scalar.value) }
        }
        scalars.sort()
        var out = String.UnicodeScalarView()
        var last: UInt32 = 0
        for value in scalars where value != last {
            last = value
            let scalar = Unicode.Scalar(value)!
            if scalar.properties.isIdeographic { out.append(scalar) }
        }
        return String(out)
    }

    /// The ideographs of the course's Chinese pages, each once, in scalar order.
    static func hanCharacters(in course: Course) -> [Character] {
        hanCharacters(in: chineseTexts(in: course))
    }

    /// The ideographs of `texts`, each once, in scalar order.
    static func hanCharacters(in texts: [String]) -> [Character] {
        // Pages are scanned on every core, each worker marking what it saw; the marks are merged after.
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, texts.count / 16))
        let seenByWorker = (0..<workers).parallelMap { worker in
            // One bit per scalar from U+3400 (where ideographs start) to the end of Unicode.
            var seen = [UInt64](repeating: 0, count: (0x110000 - 0x3400 + 63) / 64)
            for t in stride(from: worker, to: texts.count, by: workers) {
                var text = texts[t]
                text.withUTF8 { markScalars(from: 0x3400, in: $0, into: &seen) }
            }
            return seen
        }
        var seen = seenByWorker[0]
        for other in seenByWorker.dropFirst() {
            for i in seen.indices { seen[i] |= other[i] }
        }
        var han: [Character] = []
        for (word, bits) in seen.enumerated() where bits != 0 {
            for bit in 0..<64 where bits & (1 << UInt64(bit)) != 0 {
                if let scalar = Unicode.Scalar(UInt32(0x3400 + word * 64 + bit)), scalar.properties.isIdeographic {
                    han.append(Character(scalar))
                }
            }
        }
        return han
    }

    /// Sets the bit of every scalar at or above `lowest` (at least U+0800) that occurs in `bytes`.
    private static func markScalars(from lowest: UInt32, in bytes: UnsafeBufferPointer<UInt8>, into seen: inout [UInt64]) {
        guard let base = bytes.baseAddress else { return }
        let count = bytes.count
        seen.withUnsafeMutableBufferPointer { seen in
            var i = 0
            while i < count {
                // Half of a Chinese lesson is ASCII (markup, code, links): skip it eight bytes at a time.
                while i + 8 <= count, UnsafeRawPointer(base + i).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0 {
                    i += 8
                }
                guard i < count else { break }
                let lead = base[i]
                // Only three- and four-byte sequences reach U+0800 and above; skip the rest by their length.
                guard lead >= 0xE0 else {
                    i += lead < 0xC0 ? 1 : 2
                    continue
                }
                let length = lead < 0xF0 ? 3 : 4
                guard i + length <= count else { break }
                var value = UInt32(lead & (length == 3 ? 0x0F : 0x07)) << 12
                    | UInt32(base[i + 1] & 0x3F) << 6 | UInt32(base[i + 2] & 0x3F)
                if length == 4 { value = value << 6 | UInt32(base[i + 3] & 0x3F) }
                i += length
                if value >= lowest, value < 0x110000 {
                    let offset = Int(value - lowest)
                    seen[offset >> 6] |= 1 << UInt64(offset & 63)
                }
            }
        }
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
