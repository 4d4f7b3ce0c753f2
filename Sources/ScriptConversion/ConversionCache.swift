import Foundation
import LessonModel
import TutorbuildSupport
import XXHash

/// Converted Markdown kept between builds, so OpenCC (the slowest step of a build) runs only on lessons that changed.
///
/// One file per lesson and target script, `<directory>/<slug>.<lang>.md`, and one for the search folding
/// table; an edited lesson overwrites its own entry, and `removeUnused()` drops the entries of lessons
/// that are gone. An entry stores what it was made from (a salt naming the glossary, OpenCC, this
/// program and the target, then the whole input text) followed by the result, and is used only when
/// both match byte for byte: an exact comparison, cheaper than hashing every source on every build.
/// The first line also gives the result's length and checksum, so an entry cut short or edited is made
/// again (and listed in `ignoredEntries`) rather than shown as a shorter page.
public struct ConversionCache: Sendable {
    public var directory: String
    /// Everything besides the input text that a result depends on.
    let salt: String
    /// The entries this build read or wrote.
    private let used = Locked<Set<String>>([])
    /// Entries of this build's inputs that were damaged or not regular files.
    private let ignored = Locked<[String]>([])

    /// The layout of an entry; bump it when that changes (changes to the conversion itself are covered
    /// by `RunningProgram.fingerprint`).
    static let format = "tutorbuild-converted-4"

    public init(directory: String, glossary: Glossary) {
        self.directory = directory
        var inputs = [Self.format, RunningProgram.fingerprint, ScriptConverter.dataFingerprint]
        for term in glossary.terms {
            for (language, form) in term.forms.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                inputs += [language.rawValue, form]
            }
            for form in term.wrong {
                inputs += ["wrong", form]
            }
        }
        salt = XXH3.hex128(inputs.joined(separator: "\u{0}"))
    }

    /// The entry holding a lesson's page in `target`'s script.
    static func entry(slug: String, target: Language) -> String {
        "\(slug).\(target.rawValue).md"
    }

    /// The entry holding the facts of a lesson's page in `target`'s script (`GeneratedPage.Facts`).
    static func factsEntry(slug: String, target: Language) -> String {
        "\(slug).\(target.rawValue).facts"
    }

    /// The start of an entry's first line: format, salt, what the input becomes, and the input's length in
    /// bytes; the line goes on with the result's length and checksum (`seal`).
    private func header(_ purpose: String, inputBytes: Int) -> [UInt8] {
        Array("\(Self.format) \(salt) \(purpose) \(inputBytes) ".utf8)
    }

    /// The end of the first line: the result's length in bytes and its XXH3 (it finds damage, not an
    /// attacker who can rewrite the entry and its checksum alike).
    static func seal(_ result: UnsafeBufferPointer<UInt8>) -> [UInt8] {
        Array("\(result.count) \(XXH3.hex64(UnsafeRawBufferPointer(result)))\n".utf8)
    }

    /// Entries of this build's inputs found damaged or not regular files, sorted; each was made again.
    public var ignoredEntries: [String] { ignored.value.sorted() }

    /// The result stored under `entry`, if it was made from `input` for `purpose` (e.g. the target language).
    func load(_ entry: String, purpose: String, input: String) -> String? {
        used.mutate { _ = $0.insert(entry) }
        let path = directory + "/" + entry
        var input = input
        return input.withUTF8 { inputBytes -> String? in
            let expected = header(purpose, inputBytes: inputBytes.count)
            // Read with plain system calls straight into the buffer the result is decoded from (no Data).
            let result = RegularFile.withContents(of: path) { stored -> String? in
                guard stored.count >= expected.count, let base = stored.baseAddress,
                      // memcmp: the generic `elementsEqual` goes byte by byte through iterators.
                      memcmp(base, expected, expected.count) == 0,
                      let lineEnd = stored[expected.count...].prefix(48).firstIndex(of: 0x0A),
                      stored.count >= lineEnd + 1 + inputBytes.count,
                      inputBytes.isEmpty || memcmp(base + lineEnd + 1, inputBytes.baseAddress!, inputBytes.count) == 0
                else { return nil }  // made from other inputs: an ordinary miss
                let result = UnsafeBufferPointer(rebasing: stored[(lineEnd + 1 + inputBytes.count)...])
                guard Self.seal(result).elementsEqual(stored[expected.count...lineEnd]) else {
                    ignored.mutate { $0.append(path) }
                    return nil
                }
                return String(decoding: result, as: UTF8.self)
            }
            if result == nil, RegularFile.specialKind(atPath: path) != nil { ignored.mutate { $0.append(path) } }
            return result ?? nil
        }
    }

    /// Stores `result` under `entry`; a failure only costs a conversion next time, so it is not reported.
    func store(_ result: String, as entry: String, purpose: String, input: String) {
        used.mutate { _ = $0.insert(entry) }
        var result = result
        var bytes = header(purpose, inputBytes: input.utf8.count)
        result.withUTF8 { bytes += Self.seal($0) }
        bytes += input.utf8
        bytes += result.utf8
        CacheFile.write(bytes, to: directory + "/" + entry)
    }

    /// Removes every file in the directory this build did not read or write: entries of lessons that
    /// were deleted or renamed, and anything an interrupted write left behind.
    public func removeUnused() {
        let kept = used.value
        for name in (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? [] where !kept.contains(name) {
            unlink(directory + "/" + name)
        }
    }
}
