import Foundation

/// Whether lesson programs run under bubblewrap (docs/security.md).
public enum SandboxMode: Sendable, Hashable {
    /// Under bubblewrap when it works on this machine; otherwise unsandboxed, with a notice.
    case automatic
    /// Under bubblewrap, or not at all (`--sandbox`).
    case required
    /// Never (`--no-sandbox`).
    case off
}

/// Finds a bubblewrap that can actually make the namespaces the runner needs (it is often installed but refused).
enum Sandbox {
    /// The `bwrap` to use, or why there is none; probed once per process.
    static let probe: Result<String, DocTestError> = {
        let candidates = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map { "\($0)/bwrap" }
        guard let bwrap = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            return .failure(.sandboxUnavailable("bubblewrap ('bwrap') was not found; install it (Debian: apt-get install bubblewrap)"))
        }
        let directory = FileManager.default.temporaryDirectory.path
        let trial = try? ContainedProcess.run(
            bwrap, ContainedProcess.sandboxArguments(directory: directory, readable: []) + ["/bin/true"], directory: directory,
            limits: ProcessLimits(timeout: 10, outputBytes: 1 << 16, memoryBytes: nil))
        guard let trial, trial.succeeded else {
            let reason = trial.map { $0.stderr.split(separator: "\n").first.map(String.init) ?? "exit \($0.exitCode ?? -1)" } ?? "cannot start it"
            return .failure(.sandboxUnavailable("bubblewrap cannot create its namespaces here (\(reason))"))
        }
        return .success(bwrap)
    }()
}
