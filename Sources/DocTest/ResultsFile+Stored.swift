import DocTestProtocol
import Foundation

extension ResultsFile {
    /// `results.json` as written: a snippet's pictures appear in both twins' results (and often in several snippets),
    /// so each distinct picture and provenance is stored once in a table and results refer to it by position.
    struct Stored: Codable {
        var toolchain: String
        var modelHash: String
        var pictures: [Picture]
        var provenances: [Provenance]
        var results: [Entry]

        struct Entry: Codable {
            var path: String
            var index: Int
            var status: SnippetResult.Status
            var reason: String?
            var actualOutput: String?
            var snapshots: [StoredSnapshot]?
            /// Position in `provenances`.
            var provenance: Int?
            var inputs: String?
            var demonstrationLines: [Int]?
            var appCode: String?
        }

        struct StoredSnapshot: Codable {
            var caption: String
            var captionZh: String?
            var alt: String
            var altZh: String?
            /// Position in `pictures`.
            var picture: Int
        }

        init(_ report: VerificationReport) {
            toolchain = report.toolchain
            modelHash = report.modelHash
            var pictureTable = Table<Picture>()
            var provenanceTable = Table<Provenance>()
            let sorted = report.results.sorted { ($0.key.path, $0.key.index) < ($1.key.path, $1.key.index) }
            results = sorted.map { key, result in
                let snapshots = result.snapshots.map {
                    StoredSnapshot(caption: $0.caption, captionZh: $0.captionZh, alt: $0.alt, altZh: $0.altZh,
                                   picture: pictureTable.position(of: $0.picture))
                }
                return Entry(
                    path: key.path, index: key.index, status: result.status, reason: result.reason,
                    actualOutput: result.actualOutput, snapshots: snapshots.isEmpty ? nil : snapshots,
                    provenance: result.provenance.map { provenanceTable.position(of: $0) }, inputs: result.inputs,
                    demonstrationLines: result.demonstrationLines, appCode: result.appCode)
            }
            pictures = pictureTable.values
            provenances = provenanceTable.values
        }

        /// The report stored, or `nil` when an entry refers past the end of a table (a damaged file is not trusted).
        var report: VerificationReport? {
            var out: [SnippetKey: SnippetResult] = [:]
            out.reserveCapacity(results.count)
            for entry in results {
                var snapshots: [Snapshot] = []
                for stored in entry.snapshots ?? [] {
                    guard pictures.indices.contains(stored.picture) else { return nil }
                    snapshots.append(Snapshot(caption: stored.caption, captionZh: stored.captionZh, alt: stored.alt,
                                              altZh: stored.altZh, picture: pictures[stored.picture]))
                }
                var provenance: Provenance?
                if let position = entry.provenance {
                    guard provenances.indices.contains(position) else { return nil }
                    provenance = provenances[position]
                }
                var result = SnippetResult(status: entry.status, reason: entry.reason, actualOutput: entry.actualOutput,
                                           snapshots: snapshots, provenance: provenance)
                result.inputs = entry.inputs
                result.demonstrationLines = entry.demonstrationLines
                result.appCode = entry.appCode
                out[SnippetKey(path: entry.path, index: entry.index)] = result
            }
            return VerificationReport(toolchain: toolchain, modelHash: modelHash, results: out)
        }
    }

    /// Distinct values in first-seen order, each with its position.
    struct Table<Value: Hashable> {
        private(set) var values: [Value] = []
        private var positions: [Value: Int] = [:]

        mutating func position(of value: Value) -> Int {
            if let known = positions[value] { return known }
            positions[value] = values.count
            values.append(value)
            return values.count - 1
        }
    }
}
