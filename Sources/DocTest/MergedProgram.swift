import DocTestProtocol
import Foundation
import LessonModel
import TutorbuildSupport
import XXHash

#if canImport(Glibc)
import Glibc
#endif

/// Several lessons' programs compiled as the files of one module, in one compiler invocation and one link, so the
/// modules are imported and the program linked once for all of them (docs/doctest.md "Merged programs").
///
/// Each lesson still runs in a process of its own: `main.swift` starts the support type as a lesson's program does,
/// then calls the run function of the lesson that `TUTORBUILD_LESSON` names (removed from the environment first).
struct MergedProgram: Sendable {
    struct Member: Sendable {
        var key: String
        var program: LessonProgram
        var file: MergedLessonFile
    }

    var members: [Member]

    static let selector = "TUTORBUILD_LESSON"

    static func fileName(_ slot: Int) -> String { "lesson\(slot).swift" }

    /// `main.swift` of a merged program, awaiting the run functions of the lessons that suspend; the support type's
    /// name still `LessonProgram.supportName`.
    static func mainText(suspending: [Bool]) -> String {
        let name = LessonProgram.supportName
        var out = LessonProgram.preamble + LessonProgram.support + LessonProgram.mainActorTopLevel
        out += "#sourceLocation(file: \"\(LessonProgram.supportFile)\", line: 1)\n"
        out += "let \(name)_lesson = getenv(\"\(selector)\").map { String(cString: $0) } ?? \"\"\n"
        out += "unsetenv(\"\(selector)\")\n"
        out += "switch \(name)_lesson {\n"
        for (slot, suspends) in suspending.enumerated() {
            out += "case \"\(slot)\": \(suspends ? "await " : "")\(MergedLessonFile.runFunction(slot: slot, supportName: name))()\n"
        }
        return out + "default: break\n}\n#sourceLocation()\n"
    }

    /// The members a compiler message concerns, given the source line the compiler shows under it: the one whose
    /// file it names; the one whose snippet of the virtual file it names (the names repeat between lessons) holds
    /// that line, or all that could; all, for a message elsewhere.
    func concerned(_ message: ProgramOutcome.CompilerMessage, excerpt: String?) -> Set<Int> {
        let name = message.file.split(separator: "/").last.map(String.init) ?? ""
        if let slot = members.indices.first(where: { Self.fileName($0) == name }) { return [slot] }
        if let index = ProgramVerdict.snippetIndex(message.file) {
            let candidates = members.indices.filter { members[$0].program.snippets.contains(index) }
            let matching = candidates.filter { slot in
                guard let lines = members[slot].file.lines[index], message.line >= 1, message.line <= lines.count, let excerpt else { return false }
                return lines[message.line - 1] == excerpt
            }
            return Set(matching.count == 1 ? matching : candidates)
        }
        return Set(members.indices)
    }

    /// The members whose snippet of the virtual file a message names holds, at the message's line, the source line the
    /// compiler shows under it.
    func sharing(_ message: ProgramOutcome.CompilerMessage, excerpt: String?) -> [Int] {
        guard let index = ProgramVerdict.snippetIndex(message.file), let excerpt else { return [] }
        return members.indices.filter { slot in
            guard members[slot].program.snippets.contains(index), let lines = members[slot].file.lines[index],
                  message.line >= 1, message.line <= lines.count else { return false }
            return lines[message.line - 1] == excerpt
        }
    }

    typealias Warning = (text: String, message: ProgramOutcome.CompilerMessage)

    /// Gives each member the warnings that are its own, and returns the members to compile alone (`tainted`): those an
    /// error or a message they share may concern.
    ///
    /// A warning concerns one member when its line, notes and all, is in that member alone. A warning on a line that
    /// several members share at the same snippet and line comes once from each of them: when its identical copies are
    /// as many as those members, each gets one; otherwise they go alone.
    func assign(_ blocks: [Block], directory: String) -> (tainted: Set<Int>, warnings: [Int: [Warning]]) {
        var tainted = Set<Int>()
        var warnings: [Int: [Warning]] = [:]
        // The copies of one warning differ at most in the empty lines that follow them.
        let copy = { (block: Block) in block.text.split(separator: "\n").joined(separator: "\n") }
        let copies = Dictionary(blocks.map { (copy($0), 1) }, uniquingKeysWith: +)
        var handed: [String: Int] = [:]
        for block in blocks {
            let concerned = self.concerned(block.message, excerpt: block.excerpt)
            let ownNotes = block.notes.filter { !$0.message.file.hasPrefix("/") || $0.message.file.hasPrefix(directory) }
            var slot = concerned.count == 1 && ownNotes.allSatisfy({ self.concerned($0.message, excerpt: $0.excerpt) == concerned }) ? concerned.first : nil
            let sharing = self.sharing(block.message, excerpt: block.excerpt)
            if slot == nil, ownNotes.isEmpty, sharing.count > 1, copies[copy(block)] == sharing.count {
                let n = handed[copy(block), default: 0]
                handed[copy(block)] = n + 1
                slot = sharing[n]
            }
            if block.message.severity == "warning", let slot, ProgramVerdict.snippetIndex(block.message.file) != nil,
               !Self.aboutIsolation(block.message.message, of: members[slot].file.variables) {
                warnings[slot, default: []].append((block.text, block.message))
            } else {
                tainted.formUnion(concerned)
            }
        }
        return (tainted, warnings)
    }

    /// Whether a message is about the actor isolation of one of `variables` (`main actor-isolated let 'guide' can not
    /// be referenced from a nonisolated context`), which only their place in a merged program may cause.
    static func aboutIsolation(_ message: String, of variables: Set<String>) -> Bool {
        guard message.contains("isolated") || message.contains("concurrency") || message.contains("Sendable") else { return false }
        return variables.contains { message.contains("'\($0)'") }
    }

    /// A compiler's output cut into its messages (`-diagnostic-style llvm`): each error or warning with its lines
    /// (the source line, the caret, its notes) and the source line shown under it.
    static func blocks(_ output: String) -> [Block] {
        var blocks: [Block] = []
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        for (n, line) in lines.enumerated() {
            let excerpt = n + 1 < lines.count ? lines[n + 1] : nil
            if let message = ProgramOutcome.parseMessages(line).first, message.severity != "note" {
                blocks.append(Block(text: line + "\n", message: message, excerpt: excerpt))
            } else if !blocks.isEmpty {
                blocks[blocks.count - 1].text += line + "\n"
                if let note = ProgramOutcome.parseMessages(line).first { blocks[blocks.count - 1].notes.append((note, excerpt)) }
            }
        }
        return blocks
    }

    /// One error or warning of a compiler's output, with its notes and the source lines shown under each.
    struct Block {
        var text: String
        var message: ProgramOutcome.CompilerMessage
        var excerpt: String?
        var notes: [(message: ProgramOutcome.CompilerMessage, excerpt: String?)] = []
    }
}

extension ProgramExecutor {
    /// One member's runs, at the same time as the others': each in a folder of its own holding a link to the shared
    /// executable, so that no member sees files another wrote, as none could when each lesson was compiled alone.
    private func memberRuns(_ member: MergedProgram.Member, slot: Int, executable: String) throws -> [ProgramOutcome.Run] {
        let folder = try RunningChildren.makeFolder()
        defer { RunningChildren.removeFolder(folder) }
        let own = folder + "/lesson"
        if link(executable, own) != 0 {
            do { try FileManager.default.copyItem(atPath: executable, toPath: own) } catch {
                throw DocTestError.io("cannot place '\(executable)' in '\(folder)': \(error.localizedDescription)")
            }
        }
        return try runs(
            of: member.program, executable: own, directory: folder, environment: [MergedProgram.selector: String(slot)], backtrace: nil)
    }

    /// For debugging the runner (`TUTORBUILD_DOCTEST_KEEP`): a copy of a merged program, a folder of its files.
    private static func keep(_ sources: [String], _ texts: [String]) {
        guard let keep = ProcessInfo.processInfo.environment["TUTORBUILD_DOCTEST_KEEP"], !keep.isEmpty else { return }
        let folder = keep + "/merged-" + XXH3.hex128(texts.joined()).prefix(16)
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (source, text) in zip(sources, texts) {
            _ = FileManager.default.createFile(atPath: folder + "/" + URL(fileURLWithPath: source).lastPathComponent, contents: Data(text.utf8))
        }
    }

    /// Compiles `merged` as one program and runs each member from it: the outcome of each member the merged compile
    /// decides, `nil` for a member to compile alone (a compiler message about it, a failed compile, an unexpected
    /// crash, whose backtrace needs its own program). A failed compile whose errors name some members is tried once
    /// more without them.
    func executeMerged(_ merged: MergedProgram, retry: Bool = true) throws -> [ProgramOutcome?] {
        let directory = try RunningChildren.makeFolder()
        defer { RunningChildren.removeFolder(directory) }
        let supportName = Self.randomSupportName()
        var sources = [directory + "/main.swift"]
        var texts = [MergedProgram.mainText(suspending: merged.members.map(\.file.suspends)).replacingOccurrences(of: LessonProgram.supportName, with: supportName)]
        for (slot, member) in merged.members.enumerated() {
            sources.append(directory + "/" + MergedProgram.fileName(slot))
            texts.append(member.file.text(slot: slot, supportName: supportName))
        }
        for (source, text) in zip(sources, texts) where !FileManager.default.createFile(atPath: source, contents: Data(text.utf8)) {
            throw DocTestError.io("cannot write '\(source)'")
        }
        Self.keep(sources, texts)
        let executable = directory + "/lesson"
        let mode = merged.members[0].program.mode
        var arguments = toolchain.arguments(source: sources[0], output: executable, mode: mode)
        arguments.insert("-wmo", at: 0)
        arguments += sources.dropFirst()
        var limits = compileLimits
        limits.timeout *= Double(merged.members.count)
        let compile = try toolchain.compile(arguments, directory: directory, limits: limits)
        let output = compile.stderr + compile.stdout
        let allBlocks = MergedProgram.blocks(output)
        let blocks = allBlocks.filter { !$0.message.isDeprecation(after: mode.deploymentTarget) }
        var (tainted, warnings) = merged.assign(blocks, directory: directory)
        if !output.isEmpty, allBlocks.isEmpty { tainted = Set(merged.members.indices) }
        guard compile.succeeded else {
            let rest = merged.members.indices.filter { !tainted.contains($0) }
            guard retry, !compile.timedOut, rest.count >= 2 else { return merged.members.map { _ in nil } }
            let again = try executeMerged(MergedProgram(members: rest.map { merged.members[$0] }), retry: false)
            var outcomes: [ProgramOutcome?] = merged.members.map { _ in nil }
            for (n, slot) in rest.enumerated() { outcomes[slot] = again[n] }
            return outcomes
        }
        // The running programs must not find their sources, which name the support type.
        for source in sources { unlink(source) }
        let ran = try merged.members.indices.filter { !tainted.contains($0) }.parallelMap { slot in
            (slot, try memberRuns(merged.members[slot], slot: slot, executable: executable))
        }
        var outcomes: [ProgramOutcome?] = merged.members.map { _ in nil }
        for (slot, runs) in ran where !runs.contains(where: Self.crashedUnexpectedly) {
            let member = merged.members[slot]
            let own = warnings[slot] ?? []
            let messages = own.map { warning in
                var message = warning.message
                if let index = ProgramVerdict.snippetIndex(message.file) {
                    message.column = member.file.authorColumn(snippet: index, line: message.line, column: message.column)
                }
                return message
            }
            outcomes[slot] = ProgramOutcome(
                compiled: true, compileTimedOut: false, compilerOutput: own.map(\.text).joined(), messages: messages, runs: runs,
                compileSeconds: compile.seconds / Double(merged.members.count), date: Date())
        }
        return outcomes
    }
}
