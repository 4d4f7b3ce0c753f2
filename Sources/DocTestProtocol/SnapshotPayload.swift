/// What `app.snapshot(…)` sends the runner: captions and alt texts in both languages, and the picture as data.
public struct SnapshotPayload: Sendable, Hashable, Codable {
    public var caption: String
    /// The caption in Chinese, for Chinese pages (`snapshot(_:zh:)`).
    public var zh: String?
    public var alt: String
    /// The alt text in Chinese, for Chinese pages (generated from the state unless `snapshot(…, altZh:)` gave one).
    public var altZh: String?
    public var picture: Picture

    public init(caption: String, zh: String? = nil, alt: String, altZh: String? = nil, picture: Picture) {
        self.caption = caption
        self.zh = zh
        self.alt = alt
        self.altZh = altZh
        self.picture = picture
    }
}
