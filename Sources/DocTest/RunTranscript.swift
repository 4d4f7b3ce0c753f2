import DocTestProtocol
import Foundation

/// One line the program wrote on the runner's channel, with how many bytes of stdout the runner had read
/// before it: the program waits for the runner's answer to each record, so that count is exact.
struct ChannelRecord: Sendable, Hashable {
    var stdoutOffset: Int
    var bytes: [UInt8]
}

/// One run of a lesson program as the runner saw it: which snippets started, what each printed, its pictures.
///
/// Built from the runner's channel (`RunnerChannel`) and the program's stdout. Only records signed with the
/// run's key count; anything else on the channel means a snippet tried to speak for the runner, and the
/// whole run is refused (`forgery`) rather than trusted in part.
struct RunTranscript: Sendable, Codable, Hashable {
    /// What each snippet printed, by index.
    var outputs: [Int: String] = [:]
    var snapshots: [Int: [Snapshot]] = [:]
    /// Snippets in the order they started.
    var entered: [Int] = []
    /// The program reached its end.
    var ended = false
    /// `should-trap` snippets that finished without crashing.
    var noTrap: Set<Int> = []
    /// Why the channel cannot be trusted, when it cannot.
    var forgery: String?

    init() {}

    /// Reads a run's channel. `snippets` are the indices the program may enter, in program order.
    init(channel: [ChannelRecord], stdout: [UInt8], key: String, snippets: [Int], overflowed: Bool = false) {
        if overflowed {
            forgery = "the program sent more than \(ContainedProcess.channelLimit >> 20) MB on the runner's channel"
            return
        }
        let allowed = Set(snippets)
        let keyBytes = Array(key.utf8)
        var current: Int?
        var start = 0
        // (A last line without its newline was cut off by the program's end: not a record, not trusted.)
        for line in channel {
            guard let record = Record(line.bytes[...], offset: line.stdoutOffset, key: keyBytes) else {
                forgery = "a record on the runner's channel was not written by the runner's code"
                return
            }
            guard !ended, record.offset >= start, record.offset <= stdout.count else {
                forgery = "the runner's channel and the program's output do not agree"
                return
            }
            if let current { outputs[current, default: ""] += String(decoding: stdout[start..<record.offset], as: UTF8.self) }
            start = record.offset
            switch record.kind {
            case .snippet:
                guard let i = Int(record.argument), allowed.contains(i), entered.last.map({ $0 < i }) ?? true else {
                    forgery = "the runner's channel names a snippet out of order"
                    return
                }
                entered.append(i)
                outputs[i] = outputs[i] ?? ""
                current = i
            case .noTrap:
                guard let i = Int(record.argument), allowed.contains(i) else {
                    forgery = "the runner's channel names an unknown snippet"
                    return
                }
                noTrap.insert(i)
            case .end:
                ended = true
                current = nil
            case .snapshot:
                guard let current else { continue }
                guard let data = Data(base64Encoded: record.argument),
                    let payload = try? JSONDecoder().decode(SnapshotPayload.self, from: data)
                else {
                    forgery = "a picture on the runner's channel cannot be read"
                    return
                }
                snapshots[current, default: []].append(Snapshot(payload))
            }
        }
        if let current { outputs[current, default: ""] += String(decoding: stdout[start...], as: UTF8.self) }
    }

    /// One line of the channel: `<key> <kind> [argument]`, and the runner's own stdout count.
    private struct Record {
        var offset: Int
        var kind: RunnerChannel.Kind
        var argument: String

        init?(_ line: ArraySlice<UInt8>, offset: Int, key: [UInt8]) {
            let fields = line.split(separator: UInt8(ascii: " "), maxSplits: 2, omittingEmptySubsequences: false)
            guard fields.count >= 2, fields[0].elementsEqual(key),
                let kind = RunnerChannel.Kind(rawValue: String(decoding: fields[1], as: UTF8.self))
            else { return nil }
            self.offset = offset
            self.kind = kind
            argument = fields.count > 2 ? String(decoding: fields[2], as: UTF8.self) : ""
        }
    }
}
