import DocTestProtocol
import Foundation
import LessonModel
import MarkdownSyntax
import TutorbuildSupport

/// What the previous build produced: for each page, the hash of everything it was rendered from and its files;
/// for every file of the site, the hash of its bytes.
///
/// Stored inside the site (`.tutorbuild-manifest.json`), written last by a build and removed before it changes
/// anything (`SiteFiles.publish`), so a manifest that is there describes the files that are there.
struct BuildManifest: Codable {
    static let fileName = ".tutorbuild-manifest.json"

    struct Entry: Codable, Equatable {
        var hash: String
        /// The page and its pictures, relative to the site root.
        var files: [String]
    }

    var version = Fingerprint.rendererVersion
    var entries: [String: Entry] = [:]
    /// Every file of the site (relative path) and the content hash of its bytes.
    var files: [String: String] = [:]

    /// The manifest at `url`, or `nil` when there is none this renderer can trust.
    static func read(from url: URL) -> BuildManifest? {
        guard let data = RegularFile.contents(atPath: url.path),
              let manifest = SpeedMachinery.manifestJSON ? ManifestReader.read(data) : try? JSONDecoder().decode(BuildManifest.self, from: data),
              manifest.version == Fingerprint.rendererVersion
        else { return nil }
        return manifest
    }

    /// The manifest as JSON with sorted keys, the shape `ManifestReader` reads back (and `JSONDecoder` would).
    func json() -> String {
        if !SpeedMachinery.manifestJSON {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            return (try? encoder.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        }
        // Written by hand: JSONEncoder took longer than writing the sitemap for a site of 3,000 pages, on the
        // single thread at the end of every build.
        var out: [UInt8] = []
        out.reserveCapacity(entries.count * 96)
        out.append(contentsOf: "{\"entries\":{".utf8)
        for (k, (path, entry)) in entries.sorted(by: { $0.key < $1.key }).enumerated() {
            if k > 0 { out.append(UInt8(ascii: ",")) }
            JSON.append(path, to: &out)
            out.append(contentsOf: ":{\"files\":[".utf8)
            for (f, file) in entry.files.enumerated() {
                if f > 0 { out.append(UInt8(ascii: ",")) }
                JSON.append(file, to: &out)
            }
            out.append(contentsOf: "],\"hash\":".utf8)
            JSON.append(entry.hash, to: &out)
            out.append(UInt8(ascii: "}"))
        }
        out.append(contentsOf: "},\"files\":{".utf8)
        for (k, (path, hash)) in files.sorted(by: { $0.key < $1.key }).enumerated() {
            if k > 0 { out.append(UInt8(ascii: ",")) }
            JSON.append(path, to: &out)
            out.append(UInt8(ascii: ":"))
            JSON.append(hash, to: &out)
        }
        out.append(contentsOf: "},\"version\":".utf8)
        JSON.append(version, to: &out)
        out.append(UInt8(ascii: "}"))
        return String(decoding: out, as: UTF8.self)
    }
}

/// Stable content hashes of what a page is rendered from (`ContentHash`, 64 bit).
enum Fingerprint {
    /// Changes whenever templates, stylesheet or script change, so old pages are not reused.
    static let rendererVersion: String = {
        var h = ContentHash()
        h.add("site-renderer-3")
        h.add(MarkdownParser.behaviourVersion)
        h.add(Stylesheet.css)
        h.add(Script.js)
        return h.hex
    }()

    /// Everything a lesson page shows that comes from outside its own file: which lessons exist in which languages, site settings.
    static func courseShape(_ context: SiteContext) -> String {
        var h = ContentHash()
        h.add(rendererVersion)
        let config = context.config
        h.add(config.baseURL)
        h.add(config.defaultLanguage.rawValue)
        h.add(config.allowRawHTML ? "raw" : "safe")
        for language in Language.allCases { h.add(config.title(language)) }
        for language in context.languages { h.add(language.rawValue) }
        h.add(context.options.search ? "search" : "no-search")
        h.add(context.options.mode.rawValue)
        for lesson in context.site.lessons {
            h.add(lesson.slug)
            h.add(lesson.sourceLanguage.rawValue)
            for language in lesson.languages { h.add(language.rawValue) }
        }
        if let report = context.report {
            h.add(report.toolchain)
            h.add(report.modelHash)
        } else {
            h.add("no-report")
        }
        return h.hex
    }

    /// A language's search index's inputs: each of its pages in course order (the text it was made from
    /// and its anchors, which follow the source language's headings), the folding table, the search terms and the program.
    ///
    /// The index reads only the pages' text, never their doc-test results or neighbours, so an edit to an
    /// English lesson leaves the Chinese indexes as they are. The tokenizer and the excerpts are code
    /// rather than templates, so the running program is part of this, where pages have `rendererVersion`.
    static func searchIndex(_ language: Language, context: SiteContext, folding: ScriptFolding) -> String {
        var h = ContentHash()
        h.add("search-index-2")
        h.add(rendererVersion)
        h.add(RunningProgram.fingerprint)
        h.add(language.rawValue)
        h.add(folding.name)
        for (from, to) in folding.table.sorted(by: { $0.key < $1.key }) { h.add("\(from)\(to)") }
        for group in context.options.searchTerms.groups { h.add(group.joined(separator: "\u{1F}")) }
        for lesson in context.site.lessons {
            guard let p = lesson.pageIndex(language) else { continue }
            let page = lesson.pages[p]
            h.add(page.slug)
            h.add(page.sourceHash)
            for id in page.sectionIDs { h.add(id ?? "-") }
        }
        return h.hex
    }

    /// A lesson page's inputs: its file, its doc-test results, its neighbours' titles, whether it lags its
    /// source, and the course shape.
    static func lessonPage(_ page: LessonPage, shape: String) -> String {
        var h = ContentHash()
        h.add(shape)
        h.add(page.content.sourceHash)
        for neighbour in [page.previous, page.next] {
            if let neighbour, let shown = neighbour.pageIndex(shownTo: page.language) {
                h.add(neighbour.slug)
                h.add(neighbour.pages[shown].title)
            } else {
                h.add("-")
            }
        }
        // Anchors aligned with the source's headings are in the sections, not in this page's file; whether a
        // translation lags its source depends on the source's file.
        for id in page.content.sectionIDs { h.add(id ?? "-") }
        h.add(page.content.isStale ? "stale" : "current")
        if page.context.report != nil { h.add(page.content.resultsDigest) }
        return h.hex
    }

    /// A hash of a page's doc-test results, in order: what its fingerprint reads of them.
    static func results(_ results: [SnippetResult?]) -> String {
        var h = ContentHash()
        for result in results {
            guard let result else {
                h.add("none")
                continue
            }
            h.add(result.status.rawValue)
            h.add(result.reason ?? "")
            h.add(result.actualOutput ?? "")
            h.add(result.demonstrationLines.map { $0.map(String.init).joined(separator: ",") } ?? "-")
            h.add(result.appCode ?? "-")
            if let provenance = result.provenance {
                h.add(provenance.toolchain)
                h.add(provenance.modelHash)
                h.add(String(provenance.swiftVersion))
                h.add(provenance.defaultIsolation ?? "")
                h.add(String(provenance.verifiedAt.timeIntervalSince1970))
            }
            for snapshot in result.snapshots {
                h.add(snapshot.caption)
                h.add(snapshot.captionZh ?? "")
                h.add(snapshot.alt)
                h.add(snapshot.altZh ?? "")
                h.add(snapshot.svg)
            }
        }
        return h.hex
    }
}
