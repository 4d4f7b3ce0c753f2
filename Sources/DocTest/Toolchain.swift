import Digest
import Foundation
import LessonModel
import TutorbuildSupport
import XXHash

/// The compiler and the built UIKit model that lesson programs compile against.
struct Toolchain: Sendable {
    var swiftc: String
    /// `swiftc --version`'s first line.
    var version: String
    /// Holds `libUIKit.so` and `Modules/UIKit.swiftmodule`.
    var buildDirectory: String
    /// Hash of the model's sources when they are found beside the build, else of the built library.
    var modelHash: String
    /// The compiler's Clang module cache (`ModuleCache`); `nil` leaves the compiler's default.
    var moduleCache: String? = nil
    /// Links with LLVM's lld (`-use-ld=lld`) when the toolchain ships it: linking a lesson program with the default
    /// gold took about 30% of its compile's CPU time, lld a third less (docs/doctest.md "Where a program's time goes").
    var linksWithLLD = false
    /// The driver's jobs, planned once per set of flags and run directly (`CompilerJobs`).
    var jobs = CompilerJobs(cacheDirectory: nil)
    /// Where facts about the compiler and the model are kept between runs (`factsDirectory(courseCache:)`), `nil` for none.
    var factsDirectory: String? = nil

    static func locate(
        options: DocTestOptions, cacheDirectory: String? = nil, environment env: [String: String] = ProcessInfo.processInfo.environment
    ) throws -> Toolchain {
        let swiftc = options.swiftc ?? env["TUTORBUILD_SWIFTC"] ?? findInPath("swiftc") ?? "/usr/bin/swiftc"
        guard FileManager.default.isExecutableFile(atPath: swiftc) else {
            throw DocTestError.compilerNotFound("'\(swiftc)' is not an executable")
        }
        let directory = options.buildDirectory ?? env["TUTORBUILD_BUILD_DIR"] ?? defaultBuildDirectory()
        guard FileManager.default.fileExists(atPath: directory + "/" + libraryName) else {
            throw DocTestError.modelNotBuilt(directory)
        }
        let facts = options.useCache ? factsDirectory(courseCache: cacheDirectory, environment: env) : nil
        let key = [swiftc, directory, facts ?? "", options.moduleCacheDirectory ?? ""].joined(separator: "|")
        let stamp = [swiftc, directory + "/" + libraryName].map { FileStamp.of($0) ?? "missing" }.joined(separator: "|")
        if options.useCache, let known = located.value[key], known.stamp == stamp { return known.toolchain }
        if let facts { pruneFacts(in: facts) }
        let version = try compilerVersion(swiftc, cacheDirectory: facts)
        let toolchain = Toolchain(
            swiftc: swiftc, version: version, buildDirectory: directory,
            modelHash: modelHash(buildDirectory: directory, cacheDirectory: facts),
            moduleCache: ModuleCache.directory(options.moduleCacheDirectory), linksWithLLD: shipsLLD(swiftc),
            jobs: CompilerJobs(cacheDirectory: facts), factsDirectory: facts)
        if options.useCache { located.mutate { $0[key] = (stamp, toolchain) } }
        return toolchain
    }

    /// The toolchains this process has located, each with the stamps of the compiler and the model library it was
    /// located with: `serve` locates one twice per edit, and stamping the model's ~600 source files for its hash
    /// took 0.04–0.06 s each time. Good while neither file changes (a rebuilt model is a new library file).
    private static let located = Locked<[String: (stamp: String, toolchain: Toolchain)]>([:])

    /// Removes facts no run has used for 30 days, at most once a day: each compiler, model and set of flags leaves
    /// its own files (the driver's plans are keyed by a merged compile's file count too), which would only pile up.
    static func pruneFacts(in directory: String, now: Date = Date()) {
        UnusedEntries.pruneIfDue(directory: directory, stamp: "pruned-facts", now: now) { name in
            !name.contains("/") && factPrefixes.contains { name.hasPrefix($0) }
        }
    }

    /// The names of the files a facts folder holds begin with one of these.
    static let factPrefixes = ["toolchain-", "model-", "jobs-", "introduced-"]

    /// Where what is learnt about the compiler and the model is kept (its version, the model's hash, the driver's
    /// plans, the availability table; each keyed by the files it was learnt from): the user's cache folder, shared by
    /// every run on the machine, else the course's cache. A test suite or an author's tools start many runs, each with a
    /// cache of its own, and each learnt them again: 16% of `swift test`'s CPU time (docs/doctest.md "Cache").
    static func factsDirectory(courseCache: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        ModuleCache.userFolder("toolchain-facts", environment: environment) ?? courseCache
    }

    /// Runs `swiftc arguments` on files inside `directory`, whose temporary files it keeps too.
    func compile(_ arguments: [String], directory: String, limits: ProcessLimits) throws -> ProcessOutcome {
        try jobs.run(
            swiftc: swiftc, arguments, directory: directory,
            environment: Self.compilerEnvironment(temporaryDirectory: directory), limits: limits)
    }

    /// Whether `ld.lld` sits beside the (resolved) compiler, where the driver looks for it first.
    static func shipsLLD(_ swiftc: String) -> Bool {
        let directory = URL(fileURLWithPath: swiftc).resolvingSymlinksInPath().deletingLastPathComponent().path
        return FileManager.default.isExecutableFile(atPath: directory + "/ld.lld")
    }

    static let libraryName = "libUIKit.so"

    /// `swiftc --version`'s first line; remembered in the cache per compiler file (path, size, time), as it costs ~0.1 s.
    static func compilerVersion(_ swiftc: String, cacheDirectory: String?) throws -> String {
        let resolved = URL(fileURLWithPath: swiftc).resolvingSymlinksInPath().path
        let stamp = "\(resolved)|\(FileStamp.of(resolved) ?? "missing")"
        let file = cacheDirectory.map { "\($0)/toolchain-\(XXH3.hex128(stamp).prefix(16)).txt" }
        if let file, let data = RegularFile.contents(atPath: file), let text = String(data: data, encoding: .utf8), !text.isEmpty {
            UnusedEntries.touch(file)
            return text
        }
        let directory = try RunningChildren.makeFolder()
        defer { RunningChildren.removeFolder(directory) }
        let outcome = try ContainedProcess.run(
            swiftc, ["--version"], directory: directory, environment: compilerEnvironment(temporaryDirectory: directory),
            limits: ProcessLimits(timeout: 60, outputBytes: nil, memoryBytes: nil))
        let version = (outcome.stdout + outcome.stderr).split(separator: "\n").first.map(String.init) ?? "unknown"
        // Written whole or not at all: other runs read the same file (`factsDirectory(courseCache:)`).
        if let file, outcome.succeeded { CacheFile.write(Data(version.utf8), to: file) }
        return version
    }

    /// What the compiler runs with: its temporary files go in `temporaryDirectory`, which the caller removes.
    ///
    /// `swiftc --version` and `swiftc -typecheck` each leave an empty `TemporaryDirectory.*` behind in
    /// `TMPDIR` (Swift 6.3 driver); pointed at our own folder, they go when it goes.
    static func compilerEnvironment(temporaryDirectory: String) -> [String: String] {
        ["TMPDIR": temporaryDirectory]
    }

    /// The directory of the running executable (`.build/debug/tutorbuild` sits beside `libUIKit.so`).
    static func defaultBuildDirectory() -> String {
        // `/proc/self/exe` names the executable even when it was started through `PATH`.
        let path = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"))
            ?? CommandLine.arguments.first.flatMap { $0.contains("/") ? $0 : findInPath($0) } ?? "."
        let executable = URL(fileURLWithPath: path).resolvingSymlinksInPath()
        var directory = executable.deletingLastPathComponent()
        // Test bundles live one level further in (`.build/debug/x.xctest/...`).
        for _ in 0..<4 {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent(libraryName).path) { return directory.path }
            directory = directory.deletingLastPathComponent()
        }
        return executable.deletingLastPathComponent().path
    }

    static func findInPath(_ name: String) -> String? {
        for dir in (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":") {
            let path = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: path) { return path }
        }
        return nil
    }

    /// Hashes `Sources/UIKit*` of the package that owns the build directory, else the library file, with
    /// SHA-256: the hash is the model's name on every verified page and in `results.json`.
    ///
    /// Hashing ~200 KB costs ~0.1 s in a debug build, a good part of a warm run: the hash is
    /// remembered in the cache under a stamp of the files' paths, sizes and modification times.
    static func modelHash(buildDirectory: String, cacheDirectory: String? = nil) -> String {
        var root = URL(fileURLWithPath: buildDirectory).resolvingSymlinksInPath()
        var sources: URL?
        for _ in 0..<4 {
            root = root.deletingLastPathComponent()
            if FileManager.default.fileExists(atPath: root.appendingPathComponent("Package.swift").path) {
                sources = root.appendingPathComponent("Sources")
                break
            }
        }
        var files: [(name: String, path: String)] = []
        if let sources {
            for target in [
                "UIKit", "UIKitBehavior", "UIKitModel", "Combine", "SwiftUI", "UIKitSimulator", "DocTestProtocol", "TutorbuildSupport",
                "UIKitDeployment13", "UIKitDeployment15", "UIKitDeployment26", "UIKitDeployment27",
            ] {
                let dir = sources.appendingPathComponent(target)
                let names = (FileManager.default.enumerator(atPath: dir.path)?.allObjects as? [String] ?? [])
                    .filter { $0.hasSuffix(".swift") }.sorted()
                files += names.map { ("\(target)/\($0)", dir.appendingPathComponent($0).path) }
            }
        }
        if files.isEmpty { files = [(libraryName, buildDirectory + "/" + libraryName)] }
        var stamp = ""
        for file in files {
            stamp += "\(file.path)|\(FileStamp.of(file.path) ?? "missing")\n"
        }
        let remembered = cacheDirectory.map { "\($0)/model-\(XXH3.hex128(stamp).prefix(16)).txt" }
        if let remembered, let data = RegularFile.contents(atPath: remembered), data.count == 16 {
            UnusedEntries.touch(remembered)
            return String(decoding: data, as: UTF8.self)
        }
        var hasher = SHA256()
        for file in files {
            guard let data = FileManager.default.contents(atPath: file.path) else { continue }
            if file.name != libraryName { hasher.update(file.name) }
            hasher.update(data)
        }
        let hash = String(hasher.finalize().prefix(16))
        if let remembered { CacheFile.write(Data(hash.utf8), to: remembered) }
        return hash
    }

    /// `tutorbuild-launch` beside the model (`swift build` makes both), which starts every lesson program.
    func launcher() throws -> String {
        let path = buildDirectory + "/tutorbuild-launch"
        guard FileManager.default.isExecutableFile(atPath: path) else { throw DocTestError.launcherNotBuilt(buildDirectory) }
        return path
    }

    /// Compiler arguments for a program file; the output is written to `output` unless only checking.
    ///
    /// Checking stops after SIL's diagnostic passes, not after type-checking: Swift 6's data-race errors ("sending
    /// 'note' risks causing data races", uikit-behaviour-3 §B6.2) and definite initialization are reported there, and
    /// Xcode reports them too.
    func arguments(source: String, output: String?, mode: LanguageMode) -> [String] {
        var args = (output == nil ? ["-emit-sil", "-o", "/dev/null"] : ["-Onone"]) + [
            "-module-name", LessonProgram.moduleName,
            "-diagnostic-style", "llvm", "-I", buildDirectory + "/Modules",
        ]
        args += Self.modeArguments(mode)
        if let moduleCache { args += ["-module-cache-path", moduleCache] }
        if let output {
            args += ["-L", buildDirectory, "-lUIKit", "-Xlinker", "-rpath", "-Xlinker", buildDirectory, "-o", output]
            if linksWithLLD { args.append("-use-ld=lld") }
        }
        return args + [source]
    }

    /// The flags of a language mode, as an Xcode project with these build settings passes them: `SWIFT_VERSION`,
    /// `SWIFT_DEFAULT_ACTOR_ISOLATION`, Approachable Concurrency's upcoming features and MemberImportVisibility;
    /// strict-concurrency checking stays minimal, the default of both modes' projects (uikit-behaviour-3 §B6.3).
    /// The deployment target becomes `-module-alias UIKit=UIKitDeploymentNN`: `import UIKit` then brings the model
    /// with the deprecations up to that iOS, which warn as Xcode's do (docs/model.md "Deployment target").
    static func modeArguments(_ mode: LanguageMode) -> [String] {
        ["-swift-version", "\(mode.swiftVersion)", "-default-isolation", mode.defaultIsolation.rawValue]
            + mode.upcomingFeatures.flatMap { ["-enable-upcoming-feature", $0] }
            + (mode.uikitModule.map { ["-module-alias", "UIKit=\($0)"] } ?? [])
    }

    /// Changes whenever what a cached outcome holds changes (2: runs carry the channel's transcript; 3: compile-fail
    /// programs are checked through SIL; 4: the launcher reports each run's end; 5: demonstration lines; 6: uses of API newer than the deployment target fail).
    static let outcomeFormat = 6

    /// What, besides the program text and its language mode (`fingerprint(mode:)`), changes a result.
    var fingerprint: String {
        var flags = arguments(source: "", output: "", mode: .xcodeAppTemplate).filter { !$0.hasPrefix("/") }
        // Where the cache of system modules lives changes no program.
        flags.removeAll { $0 == "-module-cache-path" }
        return "outcome \(Self.outcomeFormat)|\(version)|\(modelHash)|\(flags.joined(separator: " "))"
    }

    /// `fingerprint` with the flags of `mode`: part of every program's cache key, so a program compiled in one mode
    /// never answers for another.
    func fingerprint(mode: LanguageMode) -> String {
        fingerprint + "|" + Self.modeArguments(mode).joined(separator: " ")
    }
}
