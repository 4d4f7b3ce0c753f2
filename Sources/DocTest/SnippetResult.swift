import Diagnostics
@_exported import DocTestProtocol
import Foundation
import LessonModel

/// What running one snippet showed: its status, what it printed, and the pictures it took.
public struct SnippetResult: Sendable, Hashable, Codable {
    public enum Status: String, Sendable, Hashable, Codable {
        /// Compiled, ran, and matched its expected output (or behaved as its attribute demands).
        case passed
        case failed
        /// Not run on purpose (`ignore`, filtered out) or because an earlier step failed.
        case notRun = "not-run"
    }

    public var status: Status
    /// Why a failed or not-run snippet ended that way, one line.
    public var reason: String?
    /// What the snippet printed (markers and snapshots removed).
    public var actualOutput: String?
    public var snapshots: [Snapshot]
    /// What verified this snippet, for the site's "verified" badge (set when it was compiled).
    public var provenance: Provenance?

    public init(
        status: Status, reason: String? = nil, actualOutput: String? = nil, snapshots: [Snapshot] = [],
        provenance: Provenance? = nil
    ) {
        self.status = status
        self.reason = reason
        self.actualOutput = actualOutput
        self.snapshots = snapshots
        self.provenance = provenance
    }
}

/// The toolchain and model a snippet was verified with, and when.
public struct Provenance: Sendable, Hashable, Codable {
    /// `swiftc --version`'s first line.
    public var toolchain: String
    public var modelHash: String
    /// Swift language mode of the lesson's program.
    public var swiftVersion: Int
    public var verifiedAt: Date

    public init(toolchain: String, modelHash: String, swiftVersion: Int, verifiedAt: Date) {
        self.toolchain = toolchain
        self.modelHash = modelHash
        self.swiftVersion = swiftVersion
        self.verifiedAt = verifiedAt
    }
}

/// A picture of the simulated screen taken by a snippet (`app.snapshot("caption")`), kept as data.
public struct Snapshot: Sendable, Hashable, Codable {
    public var caption: String
    /// The caption for Chinese pages, when the snippet gave one (`app.snapshot("…", zh: "…")`).
    public var captionZh: String?
    public var alt: String
    /// The alt text for Chinese pages (the model generates it from the state, `altZh` in the snapshot payload).
    public var altZh: String?
    public var picture: Picture

    public init(caption: String, captionZh: String? = nil, alt: String, altZh: String? = nil, picture: Picture) {
        self.caption = caption
        self.captionZh = captionZh
        self.alt = alt
        self.altZh = altZh
        self.picture = picture
    }

    init(_ payload: SnapshotPayload) {
        self.init(caption: payload.caption, captionZh: payload.zh, alt: payload.alt, altZh: payload.altZh, picture: payload.picture)
    }

    /// The picture as SVG, written by tutorbuild (`PictureSVG`), never taken from a program's output.
    public var svg: String { PictureSVG.render(picture) }

    /// The caption to show on a page in `language` (`"en"`, `"zh-Hans"`, `"zh-Hant"`).
    public func caption(for language: String) -> String {
        language.hasPrefix("zh") ? captionZh ?? caption : caption
    }

    /// The alt text for a page in `language` (`"en"`, `"zh-Hans"`, `"zh-Hant"`): Chinese pages get `altZh` when
    /// there is one (in Simplified script, like `captionZh`), else the English alt.
    public func alt(for language: String) -> String {
        language.hasPrefix("zh") ? altZh ?? alt : alt
    }
}

/// Key of one snippet: the lesson file's path and the snippet's index in it.
public struct SnippetKey: Sendable, Hashable, Codable {
    public var path: String
    public var index: Int

    public init(path: String, index: Int) {
        self.path = path
        self.index = index
    }
}

/// Results of a doc-test run, with the provenance the site shows in its "verified" badges.
public struct VerificationReport: Sendable, Codable {
    /// `swiftc --version`'s first line.
    public var toolchain: String
    /// Hash of the bundled UIKit model's sources.
    public var modelHash: String
    public var results: [SnippetKey: SnippetResult]

    public init(toolchain: String, modelHash: String, results: [SnippetKey: SnippetResult]) {
        self.toolchain = toolchain
        self.modelHash = modelHash
        self.results = results
    }

    public func result(_ document: LessonDocument, _ snippet: Snippet) -> SnippetResult? {
        results[SnippetKey(path: document.path, index: snippet.index)]
    }
}
