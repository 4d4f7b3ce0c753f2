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
