import Foundation
import LessonModel

/// Converted Markdown kept between builds, so OpenCC (the slowest step of a build) runs only on lessons that changed.
///
/// One file per lesson and target script, `<directory>/<slug>.<lang>.md`, and one for the search folding
/// table: the cache stays as large as the course, and an edited lesson overwrites its own entry. An
/// entry stores what it was made from (a salt naming the glossary, OpenCC's data and the target, then
/// the whole input text) followed by the result, and is used only when both match byte for byte: an
/// exact comparison, cheaper than hashing every source on every build.
public struct ConversionCache: Sendable {
    public var directory: String
    /// Everything besides the input text that a result depends on.
    let salt: String

    static let format = "tutorbuild-converted-2"

    public init(directory: String, glossary: Glossary) {
        self.directory = directory
        var hasher = SHA256()
        hasher.update(Self.format)
        hasher.update(ScriptConverter.dataFingerprint)
        for term in glossary.terms {
            for (language, form) in term.forms.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                hasher.update(language.rawValue)
                hasher.update(form)
            }
        }
        salt = hasher.finalize()
    }

    /// The entry holding a lesson's page in `target`'s script.
    static func entry(slug: String, target: Language) -> String {
        "\(slug).\(target.rawValue).md"
    }

    /// The first line of an entry: format, salt, what the input becomes, and the input's length in bytes.
    private func header(_ purpose: String, inputBytes: Int) -> [UInt8] {
        Array("\(Self.format) \(salt) \(purpose) \(inputBytes)\n".utf8)
    }

    /// The result stored under `entry`, if it was made from `input` for `purpose` (e.g. the target language).
    func load(_ entry: String, purpose: String, input: String) -> String? {
        guard let data = FileManager.default.contents(atPath: directory + "/" + entry) else { return nil }
        var input = input
        return input.withUTF8 { inputBytes -> String? in
            let expected = header(purpose, inputBytes: inputBytes.count)
            let resultStart = expected.count + inputBytes.count
            guard data.count >= resultStart else { return nil }
            return data.withUnsafeBytes { stored -> String? in
                // memcmp: the generic `elementsEqual` goes byte by byte through iterators.
                guard memcmp(stored.baseAddress!, expected, expected.count) == 0,
                      inputBytes.isEmpty || memcmp(stored.baseAddress! + expected.count, inputBytes.baseAddress!, inputBytes.count) == 0
                else { return nil }
                return String(decoding: stored[resultStart...], as: UTF8.self)
            }
        }
    }

    /// Stores `result` under `entry`; a failure only costs a conversion next time, so it is not reported.
    func store(_ result: String, as entry: String, purpose: String, input: String) {
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let file = directory + "/" + entry
        var bytes = header(purpose, inputBytes: input.utf8.count)
        bytes += input.utf8
        bytes += result.utf8
        // Write then rename, so a build running at the same time never reads half an entry.
        let temporary = file + ".\(UUID().uuidString).tmp"
        if FileManager.default.createFile(atPath: temporary, contents: Data(bytes)) {
            if rename(temporary, file) != 0 { unlink(temporary) }
        }
    }
}
