import Foundation

/// Ends the program as UIKit's uncaught Objective-C exceptions do, with the same first line on standard error.
///
/// For programming errors UIKit raises rather than returns from (dequeueing an unregistered reuse identifier):
/// a wrong answer would be worse than the crash a reader gets on a device.
///
/// `file` and `line`, when given, say where the lesson wrote what failed (a selector's `#selector`).
package func raiseUncaughtException(_ name: String, reason: String, file: StaticString? = nil, line: UInt = 0) -> Never {
    let message = "*** Terminating app due to uncaught exception '\(name)', reason: '\(reason)'\n"
    FileHandle.standardError.write(Data(message.utf8))
    if let file { fatalError("\(name): \(reason)", file: file, line: line) }
    fatalError("\(name): \(reason)")
}
