import Foundation
import LessonModel
import TutorbuildSupport

/// The programs one lesson file makes, as cache keys, and the problems found while making them.
///
/// Making a lesson's programs (comments stripped, Objective-C-isms rewritten, snippets laid out) and
/// hashing their text into keys cost more than parsing the lesson; `LessonPlanCache` remembers the plan
/// of an unchanged lesson file, so a fully cached run neither builds nor hashes any program text.
struct LessonPlan: Sendable, Codable, Hashable {
    struct Program: Sendable, Codable, Hashable {
        var key: String
        var role: LessonProgram.Role
        var swiftVersion: Int
        var snippets: [Int]
        var runs: [Int?]

        /// The program without its text, which is built only to compile it (`LessonPlan.text(of:in:)`).
        var unbuilt: LessonProgram {
            LessonProgram(role: role, text: "", swiftVersion: swiftVersion, snippets: snippets, runs: runs)
        }
    }

    var programs: [Program]
    var problems: [LessonProgramBuilder.Problem]

    /// Builds the document's programs and keys them.
    init(document: LessonDocument, toolchain: Toolchain, limits: ProcessLimits) {
        let built = LessonProgramBuilder(document: document).build()
        programs = built.programs.map {
            Program(key: ResultCache.key($0, toolchain: toolchain, limits: limits), role: $0.role,
                    swiftVersion: $0.swiftVersion, snippets: $0.snippets, runs: $0.runs)
        }
        problems = built.problems
    }

    /// The program of `role` built from `document`, text and all (for a program that must be compiled).
    static func program(_ role: LessonProgram.Role, of document: LessonDocument) -> LessonProgram? {
        LessonProgramBuilder(document: document).build().programs.first { $0.role == role }
    }
}

/// Lesson plans on disk, one entry per lesson file, used only while the file's text is unchanged.
///
/// An entry is named by the file's path, the toolchain fingerprint (compiler, model hash, flags), the
/// limits and this program (a new tutorbuild may build programs differently). It holds the sealed plan
/// (`CacheFile.seal`: a damaged or swapped plan is not trusted) followed by the whole text of the lesson
/// file it was made from, which must equal the current text byte for byte: an exact comparison, cheaper
/// than hashing every lesson file on every run, and nothing to collide.
struct LessonPlanCache: Sendable {
    var directory: String
    /// Everything besides the lesson file that the plan depends on.
    let salt: String

    /// The layout of an entry; bump it when that changes.
    static let format = "tutorbuild-plan-2"

    init(directory: String, toolchain: Toolchain, limits: ProcessLimits) {
        self.directory = directory
        var hasher = SHA256()
        hasher.update(Self.format)
        hasher.update(RunningProgram.fingerprint)
        hasher.update(toolchain.fingerprint)
        hasher.update("limits \(limits.outputBytes ?? 0) \(limits.memoryBytes ?? 0) \(limits.sandbox != nil)")
        salt = hasher.finalize()
    }

    func key(_ document: LessonDocument) -> String { SHA256.hex(salt + "\n" + document.path) }

    func path(_ key: String) -> String { "\(directory)/\(key.prefix(2))/\(key).plan" }

    /// The plan remembered for `document`, or `nil` when there is none for its current text.
    func load(_ document: LessonDocument) -> LessonPlan? {
        let key = key(document)
        let file = path(key)
        guard let stored = RegularFile.contents(atPath: file),
              let planEnd = Self.secondLineEnd(stored),
              Self.same(stored[(planEnd + 1)...], document.source.text),
              let body = CacheFile.unseal(stored[..<planEnd], label: "\(Self.format) \(key)"),
              let plan = try? JSONDecoder().decode(LessonPlan.self, from: body)
        else { return nil }
        // Touch the entry: `ResultCache.prune` removes entries no run has used for a while.
        utime(file, nil)
        return plan
    }

    /// Where the entry's second line (the plan) ends; found with `memchr`, as Data's own search is slow.
    static func secondLineEnd(_ stored: Data) -> Int? {
        stored.withUnsafeBytes { bytes -> Int? in
            guard let base = bytes.baseAddress, let first = memchr(base, 0x0A, bytes.count) else { return nil }
            let start = base.distance(to: first) + 1
            guard let second = memchr(base + start, 0x0A, bytes.count - start) else { return nil }
            return stored.startIndex + base.distance(to: second)
        }
    }

    /// Whether `bytes` are `text`'s UTF-8, compared a block at a time (Data's iterator goes byte by byte).
    static func same(_ bytes: Data, _ text: String) -> Bool {
        var text = text
        return text.withUTF8 { utf8 in
            guard bytes.count == utf8.count, let expected = utf8.baseAddress else { return bytes.count == utf8.count }
            return bytes.withUnsafeBytes { memcmp($0.baseAddress!, expected, utf8.count) == 0 }
        }
    }

    func store(_ plan: LessonPlan, for document: LessonDocument) {
        // Compact JSON has no line break, so the plan is the entry's second line; sorted keys, so the same
        // plan is the same bytes.
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        guard let body = try? encoder.encode(plan) else { return }
        let key = key(document)
        CacheFile.write(CacheFile.seal(body, label: "\(Self.format) \(key)") + Data("\n".utf8) + Data(document.source.text.utf8), to: path(key))
    }
}
