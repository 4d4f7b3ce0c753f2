import Foundation

/// Ends the program as UIKit's uncaught Objective-C exceptions do, with the same first line on standard error.
///
/// For programming errors UIKit raises rather than returns from (dequeueing an unregistered reuse identifier):
/// a wrong answer would be worse than the crash a reader gets on a device.
package func raiseUncaughtException(_ name: String, reason: String) -> Never {
    let message = "*** Terminating app due to uncaught exception '\(name)', reason: '\(reason)'\n"
    FileHandle.standardError.write(Data(message.utf8))
    fatalError("\(name): \(reason)")
}
