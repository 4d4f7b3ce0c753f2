import Foundation

/// The `tutorbuild` executable the process-level tests run, and the environment to run it in.
///
/// `TUTORBUILD_BINARY` names another build of it: `scripts/test` runs the process tests again against the
/// release build, since optimized code ends objects' lifetimes earlier than the debug build does.
enum TutorbuildBinary {
    static let package = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().path

    static let path: String = {
        guard let named = ProcessInfo.processInfo.environment["TUTORBUILD_BINARY"], !named.isEmpty else {
            return package + "/.build/debug/tutorbuild"
        }
        return named.hasPrefix("/") ? named : FileManager.default.currentDirectoryPath + "/" + named
    }()

    /// This process's environment, plus the debug build's UIKit model for a binary built without one beside
    /// it (`swift build -c release --product tutorbuild` builds the executable alone).
    static let environment: [String: String] = {
        var environment = ProcessInfo.processInfo.environment
        let folder = (path as NSString).deletingLastPathComponent
        if environment["TUTORBUILD_BUILD_DIR"] == nil, !FileManager.default.fileExists(atPath: folder + "/libUIKit.so") {
            environment["TUTORBUILD_BUILD_DIR"] = package + "/.build/debug"
        }
        return environment
    }()

    /// A `Process` for the binary, in its environment.
    static func process(_ arguments: [String]) -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: path)
        process.arguments = arguments
        process.environment = environment
        return process
    }
}
