import Foundation
import LessonModel

/// How `tutorbuild test` runs: limits, parallelism, selection, cache and bless.
public struct DocTestOptions: Sendable {
    /// Wall-clock limit for running one lesson program, in seconds.
    public var timeout: Double = 10
    /// Wall-clock limit for compiling one lesson program, in seconds.
    public var compileTimeout: Double = 120
    /// Largest stdout (and, separately, stderr) a program may write, in bytes.
    public var outputLimit: Int = 1 << 20
    /// Address-space limit of a running program, in bytes.
    public var memoryLimit: Int = 2 << 30
    /// Address space of the compiler, which reads author input too (a huge array literal can take gigabytes).
    public var compileMemoryLimit: Int = 3 << 30
    /// Programs compiled and run at once; defaults to the number of cores.
    public var jobs: Int = ProcessInfo.processInfo.activeProcessorCount
    /// Only lessons whose path or slug contains this text, or snippets whose code contains it.
    public var filter: String?
    /// Run only shard `index` (1-based) of `count`; lessons are dealt round-robin in course order.
    public var shard: (index: Int, count: Int)?
    public var useCache: Bool = true
    /// Compile the programs the cache does not answer several lessons to a compile where that cannot change
    /// their results (docs/doctest.md "Merged programs"); off, each lesson's program is compiled alone.
    public var mergePrograms: Bool = true
    /// Find each snippet's demonstration lines from the compiler's AST (`DemonstrationLines`), which the site's
    /// shading and app-code files need; `tutorbuild test` turns it off, since a verdict never reads them.
    public var demonstrationLines: Bool = true
    /// Where cached results live; default `.tutorbuild/cache` next to the content folder.
    public var cacheDirectory: String?
    /// Rewrite expected output blocks with the actual output.
    public var bless: Bool = false
    /// Compile every lesson in this Swift language mode, whatever the lesson or `site.yml` says.
    public var swiftVersion: Int?
    /// Compile every lesson with this default actor isolation, whatever the lesson or `site.yml` says.
    public var defaultIsolation: DefaultIsolation?
    /// Compile every lesson for this iOS deployment target, whatever the lessons and `site.yml` say.
    public var deploymentTarget: Int?
    /// Run lesson programs under bubblewrap: their own PID namespace, no network, a read-only view of the
    /// system with `.tutorbuild/` and the content (docs/security.md); by default whenever bubblewrap works.
    public var sandbox: SandboxMode = .automatic
    /// The directory holding `libUIKit.so` and `Modules/`; default: beside the running executable,
    /// or `$TUTORBUILD_BUILD_DIR`.
    public var buildDirectory: String?
    /// The compiler; default `swiftc` from `PATH` (or `$TUTORBUILD_SWIFTC`).
    public var swiftc: String?
    /// Where the compiler keeps the Clang modules it builds from the system's headers (Glibc, Foundation's), which
    /// every program imports; default `ModuleCache.defaultDirectory()`. Shared by runs, so only the first builds them.
    public var moduleCacheDirectory: String?
    /// Where the last report is written for the site build; default `.tutorbuild/results.json`
    /// next to the content folder. Empty string: do not write.
    public var resultsPath: String?
    /// Called from worker threads as programs finish, for progress lines.
    public var progress: (@Sendable (DocTestProgress) -> Void)?
    /// Called from a worker thread when a program being compiled has type-checked (its demonstration dump, which
    /// runs beside the compile, succeeded), with its lesson documents' paths, before its compile and run end:
    /// the first result a preview can show (issue 29).
    public var typeChecked: (@Sendable (_ paths: [String]) -> Void)?

    public init() {}

    /// Parses `I/N` (1 ≤ I ≤ N).
    public static func parseShard(_ text: String) -> (index: Int, count: Int)? {
        let parts = text.split(separator: "/")
        guard parts.count == 2, let i = Int(parts[0]), let n = Int(parts[1]), n >= 1, i >= 1, i <= n else { return nil }
        return (i, n)
    }
}

/// One step of a doc-test run, for a progress line on a terminal.
public struct DocTestProgress: Sendable {
    /// Programs finished so far, and in all.
    public var done: Int
    public var total: Int
    /// The lesson documents the program belongs to.
    public var paths: [String]
    /// `compiled`, `cached`, `failed to compile`, …
    public var what: String
    public var seconds: Double

    /// `[3/12] content/keyboard/en.md, content/keyboard/zh-Hans.md: compiled and ran (1.2 s)`.
    public var line: String {
        "[\(done)/\(total)] \(paths.joined(separator: ", ")): \(what)" + (seconds > 0 ? String(format: " (%.1f s)", seconds) : "")
    }
}
