import Foundation

/// The JSON a snapshot line carries: `{"alt": …, "altZh": …, "caption": …, "svg": …, "zh": …}` with sorted keys.
struct SnapshotPayload: Codable, Equatable {
    /// The prefix of a snapshot line; U+001E (record separator) keeps it apart from ordinary output.
    static let marker = "\u{1E}TUTORBUILD-SNAPSHOT "

    var caption: String
    /// The caption in Chinese, for Chinese pages (`snapshot(_:zh:)`).
    var zh: String?
    var alt: String
    /// The alt text in Chinese, for Chinese pages (generated from the state unless `snapshot(…, altZh:)` gave one).
    var altZh: String?
    var svg: String

    /// `marker + base64(UTF-8 JSON)`.
    var line: String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding a few strings cannot fail; an empty object keeps the line well-formed regardless.
        let json = (try? encoder.encode(self)) ?? Data("{}".utf8)
        return Self.marker + json.base64EncodedString()
    }

    /// Decodes a snapshot line, or returns `nil` if it is not one.
    init?(line: String) {
        guard line.hasPrefix(Self.marker),
            let data = Data(base64Encoded: String(line.dropFirst(Self.marker.count))),
            let payload = try? JSONDecoder().decode(SnapshotPayload.self, from: data)
        else { return nil }
        self = payload
    }

    init(caption: String, zh: String? = nil, alt: String, altZh: String? = nil, svg: String) {
        self.caption = caption
        self.zh = zh
        self.alt = alt
        self.altZh = altZh
        self.svg = svg
    }
}
