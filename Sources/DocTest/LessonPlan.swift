import Digest
import Foundation
import LessonModel
import TutorbuildSupport
import XXHash

/// The programs one lesson file makes, as cache keys, and the problems found while making them.
///
/// Making a lesson's programs (comments stripped, Objective-C-isms rewritten, snippets laid out) and
/// hashing their text into keys cost more than parsing the lesson; `LessonPlanCache` remembers the plan
/// of an unchanged lesson file, so a fully cached run neither builds nor hashes any program text.
struct LessonPlan: Sendable, Codable, Hashable {
    struct Program: Sendable, Codable, Hashable {
        var key: String
        var role: LessonProgram.Role
        var mode: LanguageMode
        var snippets: [Int]
        var runs: [Int?]

        /// The program without its text, which is built only to compile it (`LessonPlan.text(of:in:)`).
        var unbuilt: LessonProgram {
            LessonProgram(role: role, text: "", mode: mode, snippets: snippets, runs: runs)
        }
    }

    var programs: [Program]
    var problems: [LessonProgramBuilder.Problem]

    init(programs: [Program], problems: [LessonProgramBuilder.Problem]) {
        self.programs = programs
        self.problems = problems
    }

    /// Builds the document's programs and keys them.
    init(document: LessonDocument, toolchain: Toolchain, limits: ProcessLimits) {
        let built = LessonProgramBuilder(document: document).build()
        programs = built.programs.map {
            Program(key: ResultCache.key($0, toolchain: toolchain, limits: limits), role: $0.role,
                    mode: $0.mode, snippets: $0.snippets, runs: $0.runs)
        }
        problems = built.problems
    }

    /// Whether every snippet the plan names is one of `document`'s: a plan read from the cache is indexed by them.
    func fits(_ document: LessonDocument) -> Bool {
        let known = document.snippets.indices
        return problems.allSatisfy { known.contains($0.snippet) } && programs.allSatisfy { program in
            let own: Int? = switch program.role {
            case .compileFail(let i), .isolated(let i): i
            case .lesson, .prefix: nil
            }
            return (own.map(known.contains) ?? true) && program.snippets.allSatisfy(known.contains)
                && program.runs.allSatisfy { $0.map(known.contains) ?? true }
        }
    }

    /// The program of `role` built from `document`, text and all (for a program that must be compiled).
    static func program(_ role: LessonProgram.Role, of document: LessonDocument) -> LessonProgram? {
        LessonProgramBuilder(document: document).build().programs.first { $0.role == role }
    }
}

/// Lesson plans on disk, one entry per lesson file, used only while the file's text is unchanged.
///
/// An entry is named by the file's path, the toolchain fingerprint (compiler, model hash, flags), the
/// limits and this program (a new tutorbuild may build programs differently). It holds the plan (as
/// `LessonPlan.lines`) sealed
/// (`CacheFile.seal`: a damaged or swapped plan is not trusted) under a label that ends with the 128-bit
/// XXH3 of the lesson file's text: a file of another text is refused by the label alone, and the entry
/// stays a few hundred bytes (it used to hold the whole text, read again on every run to compare).
struct LessonPlanCache: Sendable {
    var directory: String
    /// Everything besides the lesson file that the plan depends on.
    let salt: String

    /// The layout of an entry; bump it when that changes.
    static let format = "tutorbuild-plan-6"

    init(directory: String, toolchain: Toolchain, limits: ProcessLimits) {
        self.directory = directory
        salt = XXH3.hex128([
            Self.format, RunningProgram.fingerprint, toolchain.fingerprint,
            "limits \(limits.outputBytes ?? 0) \(limits.memoryBytes ?? 0) \(limits.sandbox != nil)",
        ].joined(separator: "\n"))
    }

    /// The entry of a lesson file: its path and the language mode it compiles in (a run may override the file's).
    func key(_ document: LessonDocument) -> String {
        XXH3.hex128(salt + "\n" + document.path + "\n" + document.frontMatter.languageMode.description)
    }

    func path(_ key: String) -> String { "\(directory)/\(key.prefix(2))/\(key).plan" }

    /// The entry's label: what it is, which file, and that file's text.
    private func label(_ key: String, _ document: LessonDocument) -> String {
        "\(Self.format) \(key) \(XXH3.hex128(document.source.text))"
    }

    /// The plan remembered for `document`, or `nil` when there is none for its current text.
    func load(_ document: LessonDocument) -> LessonPlan? {
        let key = key(document)
        let file = path(key)
        guard let (stored, info) = RegularFile.withContentsAndStatus(of: file, { (Data(buffer: $0), $1) }),
              let body = CacheFile.unseal(stored, label: label(key, document)),
              let plan = SpeedMachinery.lineFormats ? LessonPlan(lines: String(decoding: body, as: UTF8.self)) : try? JSONDecoder().decode(LessonPlan.self, from: body),
              plan.fits(document)
        else { return nil }
        // `ResultCache.prune` removes entries no run has used for a while.
        UnusedEntries.touch(file, status: info)
        return plan
    }

    func store(_ plan: LessonPlan, for document: LessonDocument) {
        let key = key(document)
        let body = SpeedMachinery.lineFormats ? Data(plan.lines.utf8) : (try? JSONEncoder().encode(plan)) ?? Data()
        CacheFile.write(CacheFile.seal(body, label: label(key, document)), to: path(key))
    }
}
