import Foundation
import LessonModel

/// Converted Markdown kept between builds, so OpenCC (the slowest step of a build) runs only on lessons that changed.
///
/// One file per lesson and target script, `<directory>/<slug>.<lang>.md` (and one for the search
/// folding table), starting with a line that names the key it was made for: the size stays bounded by the course, and an edited lesson simply
/// overwrites its entry. The key covers the source text and everything else the conversion reads.
public struct ConversionCache: Sendable {
    public var directory: String
    /// Everything besides the source text that the converted text depends on.
    let salt: String

    static let header = "tutorbuild-converted-1 "

    public init(directory: String, glossary: Glossary) {
        self.directory = directory
        var hasher = SHA256()
        hasher.update(Self.header)
        hasher.update(ScriptConverter.dataFingerprint)
        for term in glossary.terms {
            for (language, form) in term.forms.sorted(by: { $0.key.rawValue < $1.key.rawValue }) {
                hasher.update(language.rawValue)
                hasher.update(form)
            }
        }
        salt = hasher.finalize()
    }

    /// The key for what is made from `text` (converted to `target`, if it is a page).
    func key(_ text: String, to target: Language? = nil) -> String {
        var hasher = SHA256()
        hasher.update(salt)
        hasher.update(target?.rawValue ?? "")
        hasher.update(text)
        return hasher.finalize()
    }

    /// The entry holding a lesson's page in `target`'s script.
    static func entry(slug: String, target: Language) -> String {
        "\(slug).\(target.rawValue).md"
    }

    /// The text stored under `entry`, if it was made for `key`.
    func load(_ entry: String, key: String) -> String? {
        guard let data = FileManager.default.contents(atPath: directory + "/" + entry) else { return nil }
        let expected = Array((Self.header + key + "\n").utf8)
        guard data.count >= expected.count, data.prefix(expected.count).elementsEqual(expected) else { return nil }
        return String(decoding: data.dropFirst(expected.count), as: UTF8.self)
    }

    /// Stores `text` under `entry`; a failure only costs a conversion next time, so it is not reported.
    func store(_ text: String, as entry: String, key: String) {
        try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let file = directory + "/" + entry
        // Write then rename, so a build running at the same time never reads half an entry.
        let temporary = file + ".\(UUID().uuidString).tmp"
        if FileManager.default.createFile(atPath: temporary, contents: Data((Self.header + key + "\n" + text).utf8)) {
            if rename(temporary, file) != 0 { unlink(temporary) }
        }
    }
}
