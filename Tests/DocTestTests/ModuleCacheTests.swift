@testable import DocTest
import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#endif

/// The compiler's Clang module cache: the user's own folder, writable by the compiler's sandbox and by no lesson program.
@Suite("The compiler's module cache")
struct ModuleCacheTests {
    let root = TemporaryFolder.make().path

    @Test("issue 29 #1: the cache is the configured folder, else the user's cache folder, created private to the user")
    func location() throws {
        let xdg = root + "/xdg"
        #expect(ModuleCache.directory(nil, environment: ["XDG_CACHE_HOME": xdg, "HOME": root + "/home"]) == xdg + "/tutorbuild/module-cache")
        #expect(ModuleCache.directory(nil, environment: ["HOME": root + "/home"]) == root + "/home/.cache/tutorbuild/module-cache")
        #expect(ModuleCache.directory(nil, environment: ["TUTORBUILD_MODULE_CACHE": root + "/mine", "HOME": root]) == root + "/mine")
        #expect(ModuleCache.directory(root + "/given", environment: [:]) == root + "/given")
        var info = stat()
        #expect(lstat(xdg + "/tutorbuild/module-cache", &info) == 0 && info.st_mode & 0o777 == 0o700)
    }

    @Test("a folder others can write, or a link in its place, is not used: the compiler keeps its default")
    func refusesShared() throws {
        let shared = root + "/shared"
        try FileManager.default.createDirectory(atPath: shared, withIntermediateDirectories: true)
        chmod(shared, 0o777)
        #expect(ModuleCache.usable(shared) == nil)
        try FileManager.default.createSymbolicLink(atPath: root + "/link", withDestinationPath: root + "/given")
        #expect(ModuleCache.usable(root + "/link") == nil)
    }

    @Test("the compiler's sandbox binds the cache writable; a lesson program's sandbox does not see it writable")
    func onlyTheCompilerWrites() throws {
        let cache = try #require(ModuleCache.usable(root + "/cache"))
        let toolchain = Toolchain(swiftc: "/usr/bin/swiftc", version: "Swift 6.3", buildDirectory: "/b", modelHash: "m", moduleCache: cache)
        var limits = ProcessLimits(timeout: 1, outputBytes: 1, memoryBytes: 1)
        limits.sandbox = "/usr/bin/bwrap"
        let executor = ProgramExecutor(toolchain: toolchain, limits: limits, compileTimeout: 1)
        let compile = ContainedProcess.sandboxArguments(directory: root, readable: [], writable: executor.compileLimits.sandboxWritable)
        #expect(compile.containsSubsequence(["--bind", cache, cache]))
        let run = ContainedProcess.sandboxArguments(directory: root, readable: limits.sandboxReadable, writable: limits.sandboxWritable)
        #expect(!run.contains(cache))
        #expect(toolchain.arguments(source: "main.swift", output: "lesson", mode: .xcodeAppTemplate).containsSubsequence(["-module-cache-path", cache]))
    }

    @Test("issue 29: what runs learn about the compiler and the model is kept once for the user, not in each course's cache")
    func toolchainFactsShared() throws {
        let environment = ["XDG_CACHE_HOME": root + "/xdg", "PATH": ProcessInfo.processInfo.environment["PATH"] ?? ""]
        var options = DocTestOptions()
        options.buildDirectory = TemporaryCourse.buildDirectory
        let first = try Toolchain.locate(options: options, cacheDirectory: root + "/course-a", environment: environment)
        let facts = root + "/xdg/tutorbuild/toolchain-facts"
        #expect(first.factsDirectory == facts)
        let learnt = try FileManager.default.contentsOfDirectory(atPath: facts)
        #expect(learnt.contains { $0.hasPrefix("toolchain-") } && learnt.contains { $0.hasPrefix("model-") }, "\(learnt)")
        #expect(!FileManager.default.fileExists(atPath: root + "/course-a"))
        // A second course's run reads them: the same answers, nothing new learnt.
        let second = try Toolchain.locate(options: options, cacheDirectory: root + "/course-b", environment: environment)
        #expect((second.version, second.modelHash) == (first.version, first.modelHash))
        #expect(try FileManager.default.contentsOfDirectory(atPath: facts).sorted() == learnt.sorted())
        // `--no-cache` learns them again and keeps nothing.
        options.useCache = false
        #expect(try Toolchain.locate(options: options, cacheDirectory: root + "/course-c", environment: environment).factsDirectory == nil)
    }

    @Test("where the cache lives changes no program's cache key")
    func notInFingerprint() {
        let a = Toolchain(swiftc: "/usr/bin/swiftc", version: "Swift 6.3", buildDirectory: "/b", modelHash: "m", moduleCache: "/one")
        let b = Toolchain(swiftc: "/usr/bin/swiftc", version: "Swift 6.3", buildDirectory: "/b", modelHash: "m", moduleCache: nil)
        #expect(a.fingerprint == b.fingerprint)
    }
}

extension Array where Element: Equatable {
    /// Whether `part` appears in order and adjacent.
    func containsSubsequence(_ part: [Element]) -> Bool {
        guard part.count <= count else { return false }
        return (0...(count - part.count)).contains { Array(self[$0..<($0 + part.count)]) == part }
    }
}
