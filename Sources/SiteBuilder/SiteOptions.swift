import Foundation
import LessonModel

/// How a site is built: what to include and who hears about progress.
public struct SiteOptions: Sendable {
    /// `build` publishes; `serve` previews while writing (failures are shown inside the page either way).
    public enum Mode: String, Sendable {
        case build
        case serve
    }

    public var mode: Mode
    /// Write the per-language search indexes and the search box.
    public var search: Bool
    /// Reuse pages from the previous build whose inputs did not change (a content-hash manifest).
    public var incremental: Bool
    /// Called as each named step starts, e.g. `[3/8] Render lessons`.
    public var progress: (@Sendable (SiteStep) -> Void)?
    /// Traditional → Simplified character folding for every search index and query, so 鍵盤 finds 键盘 and back.
    public var searchFolding: [Character: Character] = [:]
    /// Words a query may use for each other (`content/search-terms.yml` and the glossary's pairs).
    public var searchTerms = SearchTerms()
    /// Converts site text (snapshot captions) into another Chinese script; `nil` leaves it as written.
    public var scriptConverter: (@Sendable (_ text: String, _ to: Language) -> String)?
    /// Where each search index keeps its pages' postings (`SearchPostingsCache`) and text (`SearchTextCache`)
    /// between builds, so that making it again after an edit tokenizes only the changed pages; `nil` keeps them nowhere.
    public var searchTextFolder: String?
    /// Called once the pages are in place, before the search indexes are made, which then follow them: a preview
    /// shows an edited lesson's page without waiting for the indexes of every lesson (docs/site.md, "The preview's
    /// edit loop"). `nil`: everything is published at once, at the end.
    public var pagesPublished: (@Sendable () -> Void)?
    /// Tests only: throw when this step starts, to prove the old site survives a failed build.
    var failAtStep: SiteStep.Name?

    public init(mode: Mode = .build, search: Bool = true, incremental: Bool = true, progress: (@Sendable (SiteStep) -> Void)? = nil) {
        self.mode = mode
        self.search = search
        self.incremental = incremental
        self.progress = progress
    }
}

/// One named step of the site build, for progress lines like `[3/4] Render pages and search indexes`.
public struct SiteStep: Sendable, CustomStringConvertible {
    /// The steps, in the order a build takes them.
    public enum Name: String, CaseIterable, Sendable {
        case prepare = "Prepare the output folder"
        case assets = "Write stylesheet and script"
        case render = "Render pages and search indexes"
        case publish = "Publish the changed files"
    }

    public var name: Name
    /// 1-based.
    public var number: Int { Name.allCases.firstIndex(of: name)! + 1 }
    public var count: Int { Name.allCases.count }

    public var description: String { "[\(number)/\(count)] \(name.rawValue)" }
}

/// What a finished build did, for the CLI to print and the benchmark to check.
public struct SiteBuildSummary: Sendable, CustomStringConvertible {
    /// Every file written (pages, assets, indexes), relative to the site folder.
    public var filesWritten: Int = 0
    /// Pages rendered in this build.
    public var pagesRendered: Int = 0
    /// Pages whose inputs had not changed, taken over from the previous site.
    public var pagesReused: Int = 0
    /// Search index size per language, in bytes.
    public var searchIndexBytes: [String: Int] = [:]
    /// Bytes written by this build (reused pages not counted).
    public var totalBytes: Int = 0
    /// The published site's identity (`BuildRecord.siteIdentity`), known from publishing it without walking it again.
    public var siteIdentity: String?

    /// One line, e.g. `2004 pages (2000 unchanged), search index en 1.4 MB, zh-Hans 3.9 MB`.
    public var description: String {
        let pages = pagesRendered + pagesReused
        var line = "\(pages) pages" + (pagesReused > 0 ? " (\(pagesReused) unchanged)" : "")
        if !searchIndexBytes.isEmpty {
            line += ", search index " + searchIndexBytes.sorted { $0.key < $1.key }.map { "\($0.key) \(Self.size($0.value))" }.joined(separator: ", ")
        }
        return line
    }

    static func size(_ bytes: Int) -> String {
        bytes >= 1_048_576 ? String(format: "%.1f MB", Double(bytes) / 1_048_576) : "\(max(1, (bytes + 512) / 1024)) KB"
    }
}

/// A build that failed in a named step, with the path involved.
public struct SiteBuildError: Error, CustomStringConvertible {
    public var step: String
    public var path: String
    public var message: String
    /// The build read a lesson it had not loaded as the last build recorded it, and found it changed or
    /// gone (`RecordedLesson`): nothing was published, and a whole build will do.
    public var needsWholeBuild = false

    /// The failure of a build that found a lesson it did not load not as the last build recorded it.
    static func notAsRecorded(_ path: String, _ message: String) -> SiteBuildError {
        var error = SiteBuildError(step: SiteStep.Name.render.rawValue, path: path, message: message)
        error.needsWholeBuild = true
        return error
    }

    public var description: String { "site build failed in step '\(step)': \(path): \(message)" }
}
