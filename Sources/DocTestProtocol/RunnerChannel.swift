import Foundation

/// The channel that carries a lesson program's bookkeeping to the runner, apart from what the program prints.
///
/// The runner starts each program with a Unix socket as file descriptor 3 and writes a fresh random key
/// into it. The generated support code reads the key before any snippet runs and keeps it in a type whose
/// name is also random for each compile, so a snippet can neither name the code that writes records nor
/// sign a record of its own. Each record is one line, `<key> <kind> [argument]`, and the program waits for
/// the runner's one-byte answer before going on: by then the runner has read everything printed before the
/// record, so it knows where each snippet's output starts in stdout without asking the program. The runner
/// refuses a channel with any record it did not expect (docs/doctest.md, docs/security.md).
public enum RunnerChannel {
    /// The descriptor a program finds the channel on.
    public static let descriptor: Int32 = 3
    /// Bytes of the key (hex digits).
    public static let keyLength = 32

    /// What a record says.
    public enum Kind: String, Sendable {
        /// A snippet starts (argument: its index).
        case snippet = "SNIPPET"
        /// A `should-trap` snippet finished without trapping (argument: its index).
        case noTrap = "NO-TRAP"
        /// The program reached its end.
        case end = "END"
        /// A picture (argument: base64 of the JSON of a `SnapshotPayload`).
        case snapshot = "SNAPSHOT"
    }

    /// One record's line.
    public static func line(key: String, kind: Kind, argument: String? = nil) -> String {
        var line = key + " " + kind.rawValue
        if let argument { line += " " + argument }
        return line + "\n"
    }

    nonisolated(unsafe) private static var sink: ((Kind, String) -> Void)?

    /// Connects the model's snapshots to the channel; the generated support code does this first, and only
    /// the first call counts, so a snippet cannot redirect pictures.
    public static func connect(_ send: @escaping (Kind, String) -> Void) {
        guard sink == nil else { return }
        sink = send
    }

    /// Sends a picture, if a runner is listening (a program run by hand just draws nothing).
    package static func send(_ snapshot: SnapshotPayload) {
        guard let sink else { return }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Encoding numbers and strings cannot fail.
        guard let json = try? encoder.encode(snapshot) else { return }
        sink(.snapshot, json.base64EncodedString())
    }
}
