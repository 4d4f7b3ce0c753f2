@testable import DocTest
import Foundation
import TestSupport
import Testing

/// Lesson programs link with the toolchain's lld when it ships one: the same program, a third less linking time.
@Suite("The linker of lesson programs")
struct LinkerTests {
    @Test("issue 29 #1: a program links with lld when the toolchain ships it; a checked compile-fail program links nothing")
    func lld() {
        var toolchain = Toolchain(swiftc: "/usr/bin/swiftc", version: "Swift 6.3", buildDirectory: "/b", modelHash: "m")
        #expect(!toolchain.arguments(source: "main.swift", output: "lesson", mode: .xcodeAppTemplate).contains("-use-ld=lld"))
        let gold = toolchain.fingerprint
        toolchain.linksWithLLD = true
        #expect(toolchain.arguments(source: "main.swift", output: "lesson", mode: .xcodeAppTemplate).contains("-use-ld=lld"))
        #expect(!toolchain.arguments(source: "main.swift", output: nil, mode: .xcodeAppTemplate).contains("-use-ld=lld"))
        // Another linker makes another binary: results made with one never answer for the other.
        #expect(toolchain.fingerprint != gold)
    }

    @Test("issue 29 #1: lld is used only where it sits beside the compiler")
    func detection() throws {
        let folder = TemporaryFolder.make().path
        #expect(!Toolchain.shipsLLD(folder + "/swiftc"))
        FileManager.default.createFile(atPath: folder + "/ld.lld", contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o755])
        #expect(Toolchain.shipsLLD(folder + "/swiftc"))
    }
}
