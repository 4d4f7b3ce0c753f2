import Foundation
import LessonModel

/// A generator's OpenCC handles, one per direction, and the glossary pins each target script gets, each made once, on first use.
///
/// Lazily, per direction, because a course written in Simplified Chinese never needs the Simplified
/// converter, and each open handle holds its dictionaries in memory.
final class ConverterSet: @unchecked Sendable {
    struct Opened {
        let converter: ScriptConverter
        /// What OpenCC makes of each term, and the pinned form.
        let pins: GlossaryPins
    }

    private let glossary: Glossary
    private let lock = NSLock()
    private var results: [Language: Result<Opened, Error>] = [:]
    private var handles: [ScriptConverter.Direction: Result<ScriptConverter, Error>] = [:]

    init(glossary: Glossary) {
        self.glossary = glossary
    }

    /// The converter to `target` (zh-Hant or zh-Hans) with its pins.
    func opened(to target: Language) throws -> Opened {
        try lock.withLock {
            if let result = results[target] { return try result.get() }
            let opening = Result { try open(to: target) }
            results[target] = opening
            return try opening.get()
        }
    }

    /// The handle for `direction`, shared by page generation and the search folding table.
    func converter(_ direction: ScriptConverter.Direction) throws -> ScriptConverter {
        try lock.withLock { try handle(direction) }
    }

    /// `converter(_:)` with the lock already held.
    private func handle(_ direction: ScriptConverter.Direction) throws -> ScriptConverter {
        if let result = handles[direction] { return try result.get() }
        let opening = Result { try ScriptConverter.shared(direction) }
        handles[direction] = opening
        return try opening.get()
    }

    private func open(to target: Language) throws -> Opened {
        let converter = try handle(target == .zhHant ? .simplifiedToTaiwan : .taiwanToSimplified)
        let source: Language = target == .zhHant ? .zhHans : .zhHant
        var pins: [String: String] = [:]
        for term in glossary.terms {
            guard let from = term.forms[source], let pinned = term.forms[target] else { continue }
            // OpenCC segments by phrase, so inside some sentences a word stays as it was or is converted character
            // by character: those forms are pinned too, and on Traditional pages the forms the entry lists as wrong.
            // A form that is already right is kept as a pin of its own: matched longest first, it keeps a shorter
            // entry from replacing part of it (資料庫 stays whole where 庫 becomes 函式庫).
            let wrong = target == .zhHant ? term.wrong : []
            for produced in [converter.convert(from), from, from.map { converter.convert(String($0)) }.joined()] + wrong
            where pins[produced] == nil {
                pins[produced] = pinned
            }
        }
        return Opened(converter: converter, pins: GlossaryPins(pins))
    }
}

/// The glossary's replacements for one target script, applied in one pass, the longest match first.
///
/// One pass, so that a replacement is never replaced again (視圖 inside what 檢視 became), and longest first,
/// so that a phrase entry wins over the morpheme inside it (并发送 over 并发).
struct GlossaryPins: Sendable {
    private let pins: [String: String]
    /// Lengths in characters of the pinned forms, longest first.
    private let lengths: [Int]
    /// The first character of every pinned form, to skip the rest of the text quickly.
    private let starts: Set<Character>

    init(_ pins: [String: String]) {
        self.pins = pins
        lengths = Set(pins.keys.map(\.count)).sorted(by: >)
        starts = Set(pins.keys.compactMap(\.first))
    }

    func apply(_ text: String) -> String {
        guard !pins.isEmpty else { return text }
        let characters = Array(text)
        var out = ""
        out.reserveCapacity(text.utf8.count)
        var i = 0
        scanning: while i < characters.count {
            if starts.contains(characters[i]) {
                for length in lengths where i + length <= characters.count {
                    if let replacement = pins[String(characters[i..<(i + length)])] {
                        out += replacement
                        i += length
                        continue scanning
                    }
                }
            }
            out.append(characters[i])
            i += 1
        }
        return out
    }
}
