import Foundation
import LessonModel

/// A generator's OpenCC handles, one per direction, and the glossary pins each target script gets, each made once, on first use.
///
/// Lazily, per direction, because a course written in Simplified Chinese never needs the Simplified
/// converter, and each open handle holds its dictionaries in memory.
final class ConverterSet: @unchecked Sendable {
    struct Opened {
        let converter: ScriptConverter
        /// Pairs (what OpenCC makes of a term, the pinned form), longest first.
        let pins: [(String, String)]
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
        let opening = Result { try ScriptConverter(direction) }
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
            // by character: those forms are pinned too. Each distinct form is replaced once, so a word that all
            // three give alike costs one pass over the page, not three.
            for produced in [converter.convert(from), from, from.map { converter.convert(String($0)) }.joined()]
            where produced != pinned && pins[produced] == nil {
                pins[produced] = pinned
            }
        }
        return Opened(converter: converter, pins: pins.map { ($0.key, $0.value) }.sorted { ($0.0.count, $0.0) > ($1.0.count, $1.0) })
    }
}
