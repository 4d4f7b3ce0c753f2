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

    /// The snapshot a program sent through the runner's channel.
    public init(_ payload: SnapshotPayload) {
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
