import Foundation

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

    /// The result of snippet `index` of the lesson file at `path`, if it was run.
    public func result(path: String, index: Int) -> SnippetResult? {
        results[SnippetKey(path: path, index: index)]
    }
}

extension JSONEncoder {
    /// How doc-test results are written: sorted keys for stable files, dates as ISO 8601.
    package static var doctest: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        encoder.dateEncodingStrategy = .iso8601
        return encoder
    }
}

extension JSONDecoder {
    /// Reads what `JSONEncoder.doctest` wrote.
    package static var doctest: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
