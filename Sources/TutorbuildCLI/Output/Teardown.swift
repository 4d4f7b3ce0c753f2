import Foundation
import TutorbuildSupport

/// Keeps large values alive until the process exits, so a command does not spend its last moments freeing them.
///
/// A course of a thousand lessons is a large tree of values; releasing it takes longer than the
/// operating system takes to reclaim the whole process.
enum Teardown {
    nonisolated(unsafe) private static var kept: [Any] = []
    private static let lock = NSLock()

    static func keep(_ value: Any) {
        guard SpeedMachinery.teardown else { return }
        lock.withLock { kept.append(value) }
    }
}
