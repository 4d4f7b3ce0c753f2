import Diagnostics
import Foundation
import LessonModel
import MarkdownSyntax
import TutorbuildSupport

/// Makes the other Chinese script's page for lessons written in only one: prose converted, code left alone.
public struct ScriptPageGenerator: Sendable {
    let glossary: Glossary
    /// Where converted Markdown is kept between builds; `nil` converts every time.
    let cache: ConversionCache?
    let converters: ConverterSet

    /// A generator; OpenCC is opened on the first conversion the cache cannot answer.
    public init(glossary: Glossary, cache: ConversionCache? = nil) {
        self.glossary = glossary
        self.cache = cache
        converters = ConverterSet(glossary: glossary)
    }

    /// The same generator with OpenCC handles of its own, for another thread.
    func withOwnConverters() -> ScriptPageGenerator {
        ScriptPageGenerator(glossary: glossary, cache: cache)
    }

    /// The course with its generated pages (`Lesson.generated`): a page for every lesson that has one Chinese
    /// script but not the other.
    ///
    /// Throws when a page needs converting and OpenCC cannot be opened.
    public func withGeneratedPages(_ course: Course) throws -> Course {
        // Lessons are independent: convert them on every core, each worker with its own OpenCC handles.
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, course.lessons.count / 8))
        let generators = [self] + (1..<workers).map { _ in withOwnConverters() }
        let lessons = course.lessons
        let addedByWorker = try generators.indices.parallelMap { worker in
            let generator = generators[worker]
            var addedByLesson: [(lesson: Int, added: [GeneratedPage])] = []
            for l in stride(from: worker, to: lessons.count, by: generators.count) {
                var added: [GeneratedPage] = []
                for (from, to) in [(Language.zhHans, Language.zhHant), (.zhHant, .zhHans)] where lessons[l].documentIndex(to) == nil {
                    guard let source = lessons[l].documentIndex(from) else { continue }
                    added.append(try generator.page(lessons[l].documents[source], to: to))
                }
                addedByLesson.append((l, added))
            }
            return addedByLesson
        }
        var course = course
        for (l, added) in addedByWorker.joined() where !added.isEmpty {
            course.lessons[l].generated = added.sorted { $0.language < $1.language }
        }
        return course
    }

    /// The page converted from `source` into `target`'s script, parsed (as the renderer sees it).
    public func generate(_ source: LessonDocument, to target: Language) throws -> LessonDocument {
        try page(source, to: target).document()
    }

    /// The page converted from `source` into `target`'s script: its Markdown converted or taken from the
    /// cache, and its facts taken from the cache beside it, else learned by parsing it; line numbers stay the source's.
    public func page(_ source: LessonDocument, to target: Language) throws -> GeneratedPage {
        guard let cache else { return GeneratedPage(converting: source, to: target, text: try convertedMarkdown(source, to: target)) }
        let entry = ConversionCache.entry(slug: source.slug, target: target)
        let text: String
        if let stored = cache.load(entry, purpose: target.rawValue, input: source.source.text) {
            text = stored
        } else {
            text = try convertedMarkdown(source, to: target)
            cache.store(text, as: entry, purpose: target.rawValue, input: source.source.text)
        }
        // The facts of a converted text are its parse's, by this program: kept under that text, like a conversion.
        let factsEntry = ConversionCache.factsEntry(slug: source.slug, target: target)
        let factsPurpose = "facts " + target.rawValue
        if let stored = cache.load(factsEntry, purpose: factsPurpose, input: text), let facts = Self.facts(stored) {
            return GeneratedPage(converting: source, to: target, text: text, facts: facts)
        }
        let page = GeneratedPage(converting: source, to: target, text: text)
        cache.store(Self.stored(page.facts), as: factsEntry, purpose: factsPurpose, input: text)
        return page
    }

    /// The source Markdown with prose, headings, front matter values and code comments converted.
    public func convertedMarkdown(_ source: LessonDocument, to target: Language) throws -> String {
        let bytes = Array(source.source.text.utf8)
        let protected = ProtectedRanges(of: source).ranges
        // One OpenCC call per document: each protected range becomes a private-use placeholder that
        // OpenCC passes through, then the original bytes go back in, in order.
        let placeholder: Unicode.Scalar = "\u{E000}"
        var masked = ""
        var kept: [String] = []
        var cursor = 0
        for range in protected where range.upperBound > cursor {
            let lower = max(range.lowerBound, cursor)
            if lower > cursor { masked += String(decoding: bytes[cursor..<lower], as: UTF8.self) }
            kept.append(String(decoding: bytes[lower..<range.upperBound], as: UTF8.self))
            masked.unicodeScalars.append(placeholder)
            cursor = range.upperBound
        }
        if cursor < bytes.count { masked += String(decoding: bytes[cursor...], as: UTF8.self) }
        let converted = try converting(masked, to: target)
        let placeholders = converted.unicodeScalars.count { $0 == placeholder }
        guard placeholders == kept.count, !source.source.text.unicodeScalars.contains(placeholder) else {
            return try convertedSegmentBySegment(bytes, protected, to: target)
        }
        return Self.restoring(kept, into: converted, reserving: bytes.count + 64)
    }

    /// `converted` with each placeholder replaced by the next of `kept`, on UTF-8 (the placeholder U+E000 is
    /// EE 80 80; no other scalar has those bytes).
    private static func restoring(_ kept: [String], into converted: String, reserving capacity: Int) -> String {
        var out: [UInt8] = []
        out.reserveCapacity(capacity)
        let convertedBytes = Array(converted.utf8)
        var next = 0
        var k = 0
        while k < convertedBytes.count {
            if convertedBytes[k] == 0xEE, k + 2 < convertedBytes.count, convertedBytes[k + 1] == 0x80, convertedBytes[k + 2] == 0x80 {
                out.append(contentsOf: kept[next].utf8)
                next += 1
                k += 3
            } else {
                out.append(convertedBytes[k])
                k += 1
            }
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// The slow path, for text that already contains the placeholder: one conversion per unprotected run.
    private func convertedSegmentBySegment(_ bytes: [UInt8], _ protected: [Range<Int>], to target: Language) throws -> String {
        var out = ""
        var cursor = 0
        for range in protected where range.upperBound > cursor {
            let lower = max(range.lowerBound, cursor)
            if lower > cursor { out += try converting(String(decoding: bytes[cursor..<lower], as: UTF8.self), to: target) }
            out += String(decoding: bytes[lower..<range.upperBound], as: UTF8.self)
            cursor = range.upperBound
        }
        if cursor < bytes.count { out += try converting(String(decoding: bytes[cursor...], as: UTF8.self), to: target) }
        return out
    }

    /// Opens OpenCC for `target` now, so that `convert(_:to:)` cannot fail later.
    public func prepare(for target: Language) throws {
        _ = try converters.opened(to: target)
    }

    /// Converts prose and then applies the glossary's pins; text stays as it is when OpenCC cannot be opened
    /// (`prepare(for:)` reports that beforehand).
    public func convert(_ text: String, to target: Language) -> String {
        (try? converting(text, to: target)) ?? text
    }

    func converting(_ text: String, to target: Language) throws -> String {
        let opened = try converters.opened(to: target)
        return Self.quotes(opened.pins.apply(opened.converter.convert(text)), for: target)
    }

    /// Taiwan quotes with 「」 where the mainland uses “” (OpenCC leaves punctuation alone), and back.
    static func quotes(_ text: String, for target: Language) -> String {
        let (open, close, newOpen, newClose): (Character, Character, Character, Character) =
            target == .zhHant ? ("\u{201C}", "\u{201D}", "「", "」") : ("「", "」", "\u{201C}", "\u{201D}")
        guard text.contains(open) || text.contains(close) else { return text }
        return String(text.map { $0 == open ? newOpen : $0 == close ? newClose : $0 })
    }
}
