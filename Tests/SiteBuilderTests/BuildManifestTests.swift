import Foundation
import TestSupport
import Testing
@testable import SiteBuilder

/// The manifest that lets a rebuild reuse unchanged pages.
@Suite struct BuildManifestTests {
    @Test func jsonReadsBackAsTheSameManifest() throws {
        var manifest = BuildManifest()
        manifest.entries = [
            "en/b-lesson/index.html": .init(hash: "00ff", files: ["en/b-lesson/index.html", "en/b-lesson/snapshot-1-1.svg"]),
            "zh-Hans/a-lesson/index.html": .init(hash: "1234abcd", files: ["zh-Hans/a-lesson/index.html"]),
            // Names a hand-written encoder could get wrong.
            "en/quote\"back\\slash/ünï/index.html": .init(hash: "", files: []),
        ]
        manifest.files = ["en/b-lesson/index.html": "0123456789abcdef", "assets/site.css": "fedcba9876543210"]
        let folder = TemporaryFolder.make("manifest")
        let file = folder.appendingPathComponent(BuildManifest.fileName)
        try manifest.json().write(to: file, atomically: false, encoding: .utf8)

        let read = try #require(BuildManifest.read(from: file))
        #expect(read.version == manifest.version)
        #expect(read.entries == manifest.entries)
        #expect(read.files == manifest.files)
    }

    @Test func jsonIsTheSameWhateverTheInsertionOrder() {
        var a = BuildManifest(), b = BuildManifest()
        let entries: [(String, BuildManifest.Entry)] = (0..<50).map { ("en/l\($0)/index.html", .init(hash: "\($0)", files: ["en/l\($0)/index.html"])) }
        for (path, entry) in entries { a.entries[path] = entry }
        for (path, entry) in entries.reversed() { b.entries[path] = entry }
        #expect(a.json() == b.json())
    }

    @Test func aManifestOfAnotherRendererIsIgnored() throws {
        var manifest = BuildManifest()
        manifest.version = "another"
        manifest.entries = ["en/x/index.html": .init(hash: "1", files: ["en/x/index.html"])]
        let file = TemporaryFolder.make("manifest").appendingPathComponent(BuildManifest.fileName)
        try manifest.json().write(to: file, atomically: false, encoding: .utf8)
        #expect(BuildManifest.read(from: file) == nil)
    }
    @Test("the manifest reader agrees with JSONDecoder on what json() writes", arguments: [
        "en/plain/index.html", "en/tab\there/index.html", "en/line\nbreak/a.png", "en/\u{1}control/x", "zh-Hans/中文/😀.svg",
        "en/quote\"back\\slash/index.html", "",
    ])
    func readerAgreesWithJSONDecoder(_ name: String) throws {
        var manifest = BuildManifest()
        manifest.entries = [name: .init(hash: "ab", files: [name, "x"]), "other": .init(hash: "", files: [])]
        manifest.files = [name: "0123", "assets/site.css": "4567"]
        let data = Data(manifest.json().utf8)
        let read = try #require(ManifestReader.read(data))
        let decoded = try JSONDecoder().decode(BuildManifest.self, from: data)
        #expect(read.entries == decoded.entries)
        #expect(read.files == decoded.files)
        #expect(read.version == decoded.version)
        #expect(read.entries == manifest.entries && read.files == manifest.files)
    }

    @Test("a manifest cut short anywhere, or with anything after it, reads as none")
    func damagedManifestReadsAsNone() {
        var manifest = BuildManifest()
        manifest.entries = ["en/a/index.html": .init(hash: "1", files: ["en/a/index.html", "en/a/p.svg"])]
        manifest.files = ["en/a/index.html": "2", "en/a/p.svg": "3"]
        let data = Data(manifest.json().utf8)
        #expect(ManifestReader.read(data) != nil)
        for length in 0..<data.count {
            #expect(ManifestReader.read(data.prefix(length)) == nil, "cut at \(length)")
        }
        #expect(ManifestReader.read(data + Data(" ".utf8)) == nil)
    }
}
