import Diagnostics

/// What a snippet's info string asks of the doc-test runner and the site.
public struct SnippetAttributes: Sendable, Hashable, Codable {
    /// How the doc-test runner treats the snippet.
    public enum Mode: String, Sendable, Hashable, Codable {
        case run
        case noRun = "no-run"
        case ignore
        case compileFail = "compile-fail"
        case shouldTrap = "should-trap"
    }

    public var mode: Mode = .run
    /// Text the compiler's error must contain, for `compile-fail="…"`.
    public var expectedError: String?
    /// The language modes a `compile-fail=swift6` snippet fails in; in the others it must compile. `nil`: it fails in every mode.
    public var failsIn: FailCondition?
    /// The whole block is left off the page.
    public var hidden = false
    /// The snippet runs in a program of its own.
    public var isolated = false
    /// The type whose body this snippet's members are spliced into (`in=TypeName`).
    public var spliceInto: String?

    public init() {}

    /// Every field, written out for the results stamp (`DocTestRun.resultInputs`): field by field, as
    /// `String(describing:)` goes through reflection. A new field goes here too (`ResultsStampTests`).
    public var stampText: String {
        "\(mode.rawValue) \(hidden) \(isolated) in \(spliceInto?.utf8.count ?? -1) \(spliceInto ?? "") error \(expectedError?.utf8.count ?? -1) \(expectedError ?? "") fails \(failsIn?.description ?? "-")"
    }

    /// The language modes a `compile-fail` snippet fails in (`swift6`, `nonisolated`, `swift6+MainActor`): a compile
    /// error that only Swift 6's data-race checking or one default isolation raises is a warning, or nothing, in the others.
    public struct FailCondition: Sendable, Hashable, Codable, CustomStringConvertible {
        public var swiftVersion: Int?
        public var defaultIsolation: DefaultIsolation?

        public init(swiftVersion: Int? = nil, defaultIsolation: DefaultIsolation? = nil) {
            self.swiftVersion = swiftVersion
            self.defaultIsolation = defaultIsolation
        }

        /// The words a condition is made of, for messages.
        public static let words = LanguageMode.swiftVersions.map { "swift\($0)" } + DefaultIsolation.allCases.map(\.rawValue)

        /// `swift6`, `MainActor`, `swift6+nonisolated`; `nil` for any other text (an unknown word, two versions, an empty part).
        public init?(parsing text: String) {
            for part in text.split(separator: "+", omittingEmptySubsequences: false) {
                if let n = LanguageMode.swiftVersions.first(where: { part == "swift\($0)" }), swiftVersion == nil {
                    swiftVersion = n
                } else if let isolation = DefaultIsolation(rawValue: String(part)), defaultIsolation == nil {
                    defaultIsolation = isolation
                } else {
                    return nil
                }
            }
        }

        /// Whether a program compiled in `mode` must fail.
        public func matches(_ mode: LanguageMode) -> Bool {
            (swiftVersion ?? mode.swiftVersion) == mode.swiftVersion
                && (defaultIsolation ?? mode.defaultIsolation) == mode.defaultIsolation
        }

        /// Whether a program compiled in Swift `version` with `isolation` (as a result's provenance records them) must fail.
        public func matches(swiftVersion version: Int, defaultIsolation isolation: String?) -> Bool {
            (swiftVersion ?? version) == version && (defaultIsolation.map { $0.rawValue == isolation } ?? true)
        }

        /// `swift6+MainActor`, as written in the info string.
        public var description: String {
            [swiftVersion.map { "swift\($0)" }, defaultIsolation?.rawValue].compactMap { $0 }.joined(separator: "+")
        }
    }

    /// Every attribute name the parser accepts, for messages and `--help`.
    public static let names = ["no-run", "ignore", "compile-fail", "should-trap", "hidden", "isolated", "in"]
}

/// Parses the words after `swift` in a fence's info string.
struct SnippetAttributeParser {
    struct Word {
        var name: String
        var value: String?
        /// Offset of the word in the info string, in UTF-8 bytes.
        var offset: Int
        /// Length of the word (value included), in UTF-8 bytes.
        var length: Int = 0
        /// The value was double-quoted: text, never a keyword such as a language mode.
        var quoted = false
    }

    /// The offset of a quote that is never closed.
    struct UnclosedQuote: Error {
        var offset: Int
    }

    /// Splits `name` / `name=value` / `name="quoted value"` words.
    static func words(_ info: String) -> Result<[Word], UnclosedQuote> {
        var words: [Word] = []
        let bytes = Array(info.utf8)
        var i = 0
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x09 }
        while i < bytes.count {
            while i < bytes.count, isSpace(bytes[i]) { i += 1 }
            guard i < bytes.count else { break }
            let start = i
            var name: [UInt8] = []
            while i < bytes.count, !isSpace(bytes[i]), bytes[i] != UInt8(ascii: "=") {
                name.append(bytes[i])
                i += 1
            }
            var value: [UInt8]?
            var quoted = false
            if i < bytes.count, bytes[i] == UInt8(ascii: "=") {
                i += 1
                var v: [UInt8] = []
                if i < bytes.count, bytes[i] == UInt8(ascii: "\"") {
                    i += 1
                    quoted = true
                    var closed = false
                    while i < bytes.count {
                        if bytes[i] == UInt8(ascii: "\\"), i + 1 < bytes.count {
                            v.append(bytes[i + 1])
                            i += 2
                            continue
                        }
                        if bytes[i] == UInt8(ascii: "\"") {
                            closed = true
                            i += 1
                            break
                        }
                        v.append(bytes[i])
                        i += 1
                    }
                    if !closed { return .failure(UnclosedQuote(offset: start)) }
                } else {
                    while i < bytes.count, !isSpace(bytes[i]) {
                        v.append(bytes[i])
                        i += 1
                    }
                }
                value = v
            }
            words.append(Word(
                name: String(decoding: name, as: UTF8.self), value: value.map { String(decoding: $0, as: UTF8.self) },
                offset: start, length: i - start, quoted: quoted))
        }
        return .success(words)
    }

    /// Parses the attributes after the language word; `locate` turns an info-string offset into a location.
    static func parse(
        _ words: [Word], locate: (Int) -> SourceLocation, into bag: inout DiagnosticBag
    ) -> SnippetAttributes {
        var attributes = SnippetAttributes()
        var modeWord: Word?
        func setMode(_ mode: SnippetAttributes.Mode, _ word: Word) {
            if let previous = modeWord, previous.name != word.name {
                bag.error(
                    .snippetAttributeConflict, locate(word.offset),
                    .attributesConflict(previous.name, word.name))
            }
            modeWord = word
            attributes.mode = mode
        }
        for word in words {
            let location = locate(word.offset)
            let end = locate(word.offset + max(0, word.length - 1))
            let before = bag.diagnostics.count
            defer {
                // Every diagnostic about this word spans the whole word, for editors.
                bag.setEndLocation(end, from: before)
            }
            func noValue() {
                if word.value != nil {
                    bag.error(.snippetAttributeUnexpectedValue, location, .attributeTakesNoValue(word.name))
                }
            }
            switch word.name {
            case "no-run": setMode(.noRun, word); noValue()
            case "ignore": setMode(.ignore, word); noValue()
            case "should-trap": setMode(.shouldTrap, word); noValue()
            case "compile-fail":
                setMode(.compileFail, word)
                compileFailValue(word, location, into: &attributes, &bag)
            case "hidden": attributes.hidden = true; noValue()
            case "isolated": attributes.isolated = true; noValue()
            case "in":
                if let value = word.value, isIdentifier(value) {
                    attributes.spliceInto = value
                } else {
                    bag.error(.snippetAttributeInvalidValue, location, .spliceNeedsTypeName)
                }
            default:
                bag.error(
                    .snippetAttributeUnknown, location,
                    .unknownAttribute(word.name))
            }
        }
        if attributes.spliceInto != nil, attributes.isolated {
            bag.error(.snippetAttributeConflict, locate(0), .attributesConflict("in", "isolated"))
        }
        return attributes
    }

    /// `compile-fail="text"` is the error's text; `compile-fail=swift6` (unquoted) the modes it fails in. Each at most once.
    private static func compileFailValue(
        _ word: Word, _ location: SourceLocation, into attributes: inout SnippetAttributes, _ bag: inout DiagnosticBag
    ) {
        guard let value = word.value, !value.isEmpty || word.quoted else { return }
        if word.quoted {
            if attributes.expectedError != nil {
                bag.error(.snippetCompileFailTwice, location, .compileFailGivenTwice("an expected error"))
            }
            if !value.isEmpty { attributes.expectedError = value }
        } else if let condition = SnippetAttributes.FailCondition(parsing: value) {
            if attributes.failsIn != nil {
                bag.error(.snippetCompileFailTwice, location, .compileFailGivenTwice("a language mode"))
            }
            attributes.failsIn = condition
        } else {
            bag.error(.snippetCompileFailMode, location, .compileFailModeInvalid(value))
        }
    }

    static func isIdentifier(_ s: String) -> Bool {
        guard let first = s.unicodeScalars.first, first == "_" || first.properties.isAlphabetic else { return false }
        return s.unicodeScalars.allSatisfy { $0 == "_" || $0 == "." || $0.properties.isAlphabetic || ("0"..."9").contains($0) }
    }
}
