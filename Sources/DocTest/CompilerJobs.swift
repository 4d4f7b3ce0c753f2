import Digest
import Foundation
import TutorbuildSupport
import XXHash

/// The compiler driver's jobs for one set of flags, planned once (`swiftc -###`) and then run directly for every
/// program: the driver's own start-up and planning were 0.06–0.2 s of each 0.5–0.9 s compile (docs/doctest.md
/// "Where a program's time goes"), paid again on every edit in `serve`.
///
/// A plan is the driver's own shell-quoted job list with the program's folder replaced by a placeholder, so the
/// frontend, `swift-autolink-extract` and the linker run with exactly the arguments the driver would give them.
/// Whenever a plan cannot be made or does not look like one, the program is compiled through the driver as before.
final class CompilerJobs: Sendable {
    /// Where plans are remembered between runs (the doc-test cache), or `nil`.
    let cacheDirectory: String?
    /// Plans by key; `nil` where the driver must be used.
    private let plans = Locked<[String: String?]>([:])

    init(cacheDirectory: String?) {
        self.cacheDirectory = cacheDirectory
    }

    /// Stands for the program's folder in a plan; never a real path.
    static let placeholder = "/tutorbuild-compiler-jobs/program"

    /// Runs `swiftc arguments` for files inside `directory`, through a plan when there is one.
    func run(
        swiftc: String, _ arguments: [String], directory: String, environment: [String: String], limits: ProcessLimits
    ) throws -> ProcessOutcome {
        switch try plan(swiftc: swiftc, arguments, directory: directory, limits: limits) {
        case .script(let script):
            return try ContainedProcess.run("/bin/sh", ["-e", "-c", script], directory: directory, environment: environment, limits: limits)
        case .driver:
            return try ContainedProcess.run(swiftc, arguments, directory: directory, environment: environment, limits: limits)
        case .stopped(let outcome):
            return outcome
        }
    }

    /// How a compile runs.
    enum Way: Sendable, Equatable {
        /// The planned jobs, with the program's folder filled in.
        case script(String)
        /// Through the driver: no plan can be made for these arguments.
        case driver
        /// Planning itself ran out of time or output: the compile would too, so this is its outcome.
        case stopped(ProcessOutcome)
    }

    /// The shell script that does what `swiftc arguments` does in `directory`, or `nil` to use the driver.
    func script(swiftc: String, _ arguments: [String], directory: String, limits: ProcessLimits) throws -> String? {
        if case .script(let script) = try plan(swiftc: swiftc, arguments, directory: directory, limits: limits) { return script }
        return nil
    }

    /// How `swiftc arguments` runs in `directory`: a plan known in memory, stored in the cache, or made now.
    func plan(swiftc: String, _ arguments: [String], directory: String, limits: ProcessLimits) throws -> Way {
        // The folder goes into shell text unquoted: only plain path characters (temporary folders always are).
        guard !directory.isEmpty, directory.utf8.allSatisfy(Self.isPlainPathByte) else { return .driver }
        let general = arguments.map { $0.replacingOccurrences(of: directory, with: Self.placeholder) }
        let key = Self.key(swiftc: swiftc, general)
        let plan: String?
        if let known = plans.value[key] {
            plan = known
        } else if let stored = stored(key), Self.isPlan(stored, swiftc: swiftc) {
            plan = stored
            plans.mutate { $0[key] = plan }
        } else {
            switch try Self.makePlan(swiftc: swiftc, general, limits: limits) {
            case .success(let made):
                plan = made
                plans.mutate { $0[key] = .some(made) }
                if let made { store(made, key) }
            case .failure(let stopped):
                return .stopped(stopped.outcome)
            }
        }
        guard let plan else { return .driver }
        return .script(plan.replacingOccurrences(of: Self.placeholder, with: directory))
    }

    /// Planning that ran out of time or output.
    struct Stopped: Error {
        var outcome: ProcessOutcome
    }

    /// The driver's job list for `general` (arguments naming the placeholder folder), as a script whose last job
    /// is `exec`ed; `nil` when the driver fails or prints something that is not such a list.
    static func makePlan(swiftc: String, _ general: [String], limits: ProcessLimits) throws -> Result<String?, Stopped> {
        let folder = try RunningChildren.makeFolder()
        defer { RunningChildren.removeFolder(folder) }
        let outcome = try ContainedProcess.run(
            swiftc, ["-###"] + general, directory: folder, environment: Toolchain.compilerEnvironment(temporaryDirectory: folder),
            limits: limits)
        if outcome.timedOut || outcome.outputExceeded { return .failure(Stopped(outcome: outcome)) }
        guard outcome.succeeded, outcome.stderr.isEmpty else { return .success(nil) }
        // Jobs that read files the driver wrote before running them are not the whole compile, with one exception:
        // a whole-module compile of three or more files gets an output map that asks for no output, which the
        // frontend does without.
        guard let written = writtenFiles(in: folder) else { return .success(nil) }
        var stdout = outcome.stdout
        for file in written {
            guard isEmptyOutputMap(atPath: file) else { return .success(nil) }
            stdout = stdout.replacingOccurrences(of: " -supplementary-output-file-map \(file)", with: "")
            guard !stdout.contains(file) else { return .success(nil) }
        }
        // The driver's temporary folder (objects, the autolink list) becomes the program's own folder.
        let temporary = try NSRegularExpression(pattern: NSRegularExpression.escapedPattern(for: folder) + "/TemporaryDirectory\\.[A-Za-z0-9]+")
        let text = stdout as NSString
        let jobs = temporary.stringByReplacingMatches(
            in: stdout, range: NSRange(location: 0, length: text.length), withTemplate: NSRegularExpression.escapedTemplate(for: placeholder))
        var lines = jobs.split(separator: "\n").map(String.init)
        guard let last = lines.indices.last else { return .success(nil) }
        lines[last] = "exec " + lines[last]
        let plan = lines.joined(separator: "\n") + "\n"
        return .success(isPlan(plan, swiftc: swiftc) ? plan : nil)
    }

    /// The files the driver left in `folder` (its temporary folders hold a marker too, which is not counted), or `nil`
    /// when the folder cannot be read.
    static func writtenFiles(in folder: String) -> [String]? {
        guard let walk = FileManager.default.enumerator(atPath: folder) else { return nil }
        var files: [String] = []
        for case let path as String in walk {
            var status = stat()
            guard lstat(folder + "/" + path, &status) == 0 else { return nil }
            if status.st_mode & S_IFMT != S_IFDIR, (path as NSString).lastPathComponent != ".keep-directory" { files.append(folder + "/" + path) }
        }
        return files
    }

    /// Whether `path` is a supplementary output map that names no output for any file (`{"main.swift": {}}`).
    static func isEmptyOutputMap(atPath path: String) -> Bool {
        guard let data = RegularFile.contents(atPath: path),
              let map = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any], !map.isEmpty else { return false }
        return map.values.allSatisfy { ($0 as? [String: Any])?.isEmpty == true }
    }

    /// Whether `plan` is a job list of this toolchain: each line runs one of the compiler's own programs and holds
    /// only the characters of plain arguments (no shell expansion, redirection or second command), and none names
    /// the driver's temporary folder.
    static func isPlan(_ plan: String, swiftc: String) -> Bool {
        let tools = URL(fileURLWithPath: swiftc).resolvingSymlinksInPath().deletingLastPathComponent().path + "/"
        let lines = plan.split(separator: "\n")
        guard !lines.isEmpty, plan.contains(placeholder), !plan.contains("TemporaryDirectory.") else { return false }
        return lines.enumerated().allSatisfy { index, line in
            let command = index == lines.count - 1 && line.hasPrefix("exec ") ? line.dropFirst(5) : line[...]
            return command.hasPrefix(tools) && line.utf8.allSatisfy { isPlainPathByte($0) || Self.argumentPunctuation.contains($0) }
        }
    }

    /// What the driver's job lists hold besides path characters: spaces between arguments, `=` and `,` in flags,
    /// `@` before a response file, `:` and `+` in versions, and single quotes around a path with a space.
    private static let argumentPunctuation = Set(" =,@:+'".utf8)

    private static func isPlainPathByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
             UInt8(ascii: "/"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }

    /// The compiler file (path, size, time) and the arguments: what a plan depends on.
    private static func key(swiftc: String, _ general: [String]) -> String {
        let resolved = URL(fileURLWithPath: swiftc).resolvingSymlinksInPath().path
        return XXH3.hex128("\(resolved)|\(FileStamp.of(resolved) ?? "missing")|" + general.joined(separator: "\u{0}"))
    }

    /// Plans are sealed like every cache entry: one cut short or edited is planned again.
    private func stored(_ key: String) -> String? {
        guard let cacheDirectory, let data = RegularFile.contents(atPath: "\(cacheDirectory)/jobs-\(key).sh"),
              let body = CacheFile.unseal(data, label: Self.label(key)) else { return nil }
        UnusedEntries.touch("\(cacheDirectory)/jobs-\(key).sh")
        return String(data: body, encoding: .utf8)
    }

    private func store(_ plan: String, _ key: String) {
        guard let cacheDirectory else { return }
        CacheFile.write(CacheFile.seal(Data(plan.utf8), label: Self.label(key)), to: "\(cacheDirectory)/jobs-\(key).sh")
    }

    private static func label(_ key: String) -> String { "tutorbuild-compiler-jobs-1 \(key)" }
}
