import DocTestProtocol
import Foundation

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
    /// The signal the program said it was dying of.
    var signal: Int32?
    /// Why the channel cannot be trusted, when it cannot.
    var forgery: String?

    init() {}

    /// Reads a run's channel. `snippets` are the indices the program may enter, in program order.
    init(channel: [UInt8], stdout: [UInt8], key: String, snippets: [Int], overflowed: Bool = false) {
        if overflowed {
            forgery = "the program sent more than \(ContainedProcess.channelLimit >> 20) MB on the runner's channel"
            return
        }
        let allowed = Set(snippets)
        let keyBytes = Array(key.utf8)
        var current: Int?
        var start = 0
        var lines = channel.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        // A last line without its newline was cut off by the program's end: not a record, not trusted.
        lines.removeLast()
        for line in lines {
            guard let record = Record(line, key: keyBytes) else {
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
            case .signal:
                guard let n = Int32(record.argument), n > 0, n < 65 else {
                    forgery = "the runner's channel names no signal"
                    return
                }
                signal = n
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

    /// One line of the channel: `<key> <offset> <kind> [argument]`.
    private struct Record {
        var offset: Int
        var kind: RunnerChannel.Kind
        var argument: String

        init?(_ line: ArraySlice<UInt8>, key: [UInt8]) {
            let fields = line.split(separator: UInt8(ascii: " "), maxSplits: 3, omittingEmptySubsequences: false)
            guard fields.count >= 3, fields[0].elementsEqual(key),
                let offset = Int(String(decoding: fields[1], as: UTF8.self)),
                let kind = RunnerChannel.Kind(rawValue: String(decoding: fields[2], as: UTF8.self))
            else { return nil }
            self.offset = offset
            self.kind = kind
            argument = fields.count > 3 ? String(decoding: fields[3], as: UTF8.self) : ""
        }
    }
}
