@testable import DocTest
import DocTestProtocol
import Foundation
import TestSupport
import Testing

/// `results.json` holds what the site and CI need once: pictures and provenances in tables, compact and stable.
@Suite("results.json's stored form")
struct ResultsFileTests {
    let root = TemporaryFolder.make().path

    /// A screen of some size: fifty keys.
    static let picture = Picture(width: 320, height: 480, elements: (0..<50).map {
        .rect(PictureRect(x: Double($0 % 10) * 32, y: 264 + Double($0 / 10) * 43, width: 30, height: 40), fill: nil, radius: 5)
    })
    static let provenance = Provenance(toolchain: "Swift version 6.3.1", modelHash: "abc", swiftVersion: 6,
                                       defaultIsolation: "MainActor", verifiedAt: Date(timeIntervalSince1970: 1_764_000_000))

    /// A result with one picture, as both twins of a lesson (and several snippets) have.
    static func result(_ caption: String) -> SnippetResult {
        var result = SnippetResult(status: .passed, actualOutput: "shown\n",
                                   snapshots: [Snapshot(caption: caption, alt: "a screen", picture: picture)], provenance: provenance)
        result.inputs = "0123"
        return result
    }

    static func report(_ results: [SnippetKey: SnippetResult]) -> DocTestReport {
        DocTestReport(verification: VerificationReport(toolchain: "t", modelHash: "m", results: results), diagnostics: [],
                      entries: [], statistics: .init(), blessed: [])
    }

    static let results: [SnippetKey: SnippetResult] = Dictionary(uniqueKeysWithValues: (0..<40).flatMap { index in
        ["content/a/en.md", "content/a/zh-Hans.md"].map { (SnippetKey(path: $0, index: index), result("step \(index)")) }
    })

    @Test("issue 29 #4: a picture shown by many results is stored once, and reading gives back every result")
    func picturesOnce() throws {
        let path = root + "/results.json"
        try ResultsFile.write(Self.report(Self.results), to: path)
        #expect(ResultsFile.read(from: path)?.results == Self.results)
        let stored = ResultsFile.Stored(Self.report(Self.results).verification)
        #expect(stored.pictures.count == 1)
        #expect(stored.provenances.count == 1)
        // 80 results with a picture each take less room than ten copies of the picture.
        let size = try ResultsFile.encoded(Self.report(Self.results).verification).count
        let onePicture = try JSONEncoder().encode(Self.picture).count
        #expect(size < 10 * onePicture)
    }

    @Test("issue 29 #4: the same results give the same bytes, whatever the dictionary's order")
    func stableBytes() throws {
        let a = try ResultsFile.encoded(VerificationReport(toolchain: "t", modelHash: "m", results: Self.results))
        var shuffled: [SnippetKey: SnippetResult] = [:]
        for (key, value) in Self.results.shuffled() { shuffled[key] = value }
        let b = try ResultsFile.encoded(VerificationReport(toolchain: "t", modelHash: "m", results: shuffled))
        #expect(a == b)
        #expect(!String(decoding: a, as: UTF8.self).contains("\n"))
    }

    @Test("a stored result that names a picture past the table's end makes the whole file untrusted")
    func danglingPosition() throws {
        var stored = ResultsFile.Stored(VerificationReport(toolchain: "t", modelHash: "m", results: Self.results))
        #expect(stored.report != nil)
        stored.results[0].snapshots?[0].picture = 7
        #expect(stored.report == nil)
        stored = ResultsFile.Stored(VerificationReport(toolchain: "t", modelHash: "m", results: Self.results))
        stored.results[0].provenance = 3
        #expect(stored.report == nil)
    }
}
