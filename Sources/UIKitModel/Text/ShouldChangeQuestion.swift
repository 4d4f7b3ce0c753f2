import Foundation
import UIKitBehavior

/// Which should-change method UIKit asks, and with what, for an edit of one or more ranges (uikit-behaviour-3 §B3).
///
/// A delegate may implement the single-range method, the iOS 26 ranges method, both or neither; UIKit learns which
/// through `respondsToSelector:`, the model through `DelegateProbe` (asking an unimplemented method runs a default
/// that marks itself and has no effect). So each form is asked in the profile's order until one is implemented.
package enum ShouldChangeQuestion {
    /// The answer for an edit of `ranges` (UTF-16, ascending, at least one): `askRanges` is the delegate's ranges
    /// method, `askSingle` its single-range one; each returns the answer and whether the delegate implemented it.
    package static func ask(
        _ ranges: [NSRange], behavior: BehaviorProfile,
        askRanges: ([NSRange]) -> (value: Bool, implemented: Bool),
        askSingle: (NSRange) -> (value: Bool, implemented: Bool)
    ) -> Bool {
        let union = unionRange(ranges)
        // Before iOS 26 UIKit does not know the ranges selector (#146, #148).
        guard behavior.rangesDelegateMethodsExist else { return askSingle(union).value }
        switch behavior.shouldChangeWhenBothImplemented {
        case .ranges:
            let answer = askRanges(ranges)
            if answer.implemented { return answer.value }
            // The text view and search bar pages: "passed the union range instead" (#147, #152).
            return behavior.singleRangeMethodCalledWhenAlone ? askSingle(union).value : true
        case .single:
            let answer = behavior.singleRangeMethodCalledWhenAlone ? askSingle(union) : (value: true, implemented: false)
            return answer.implemented ? answer.value : askRanges(ranges).value
        }
    }

    /// The smallest range holding all of `ranges` (Apple: "the union range").
    package static func unionRange(_ ranges: [NSRange]) -> NSRange {
        guard let first = ranges.first else { return NSRange(location: 0, length: 0) }
        let start = ranges.map(\.location).min() ?? first.location
        let end = ranges.map { $0.location + $0.length }.max() ?? first.location
        return NSRange(location: start, length: end - start)
    }

    /// `[{0, 2}, {5, 0}]`, as the trace writes the ranges argument.
    package static func traceText(_ ranges: [NSRange]) -> String {
        "[" + ranges.map { "{\($0.location), \($0.length)}" }.joined(separator: ", ") + "]"
    }

    /// The ranges as UIKit passes them: each range boxed in an `NSValue`.
    package static func values(_ ranges: [NSRange]) -> [NSValue] { ranges.map { NSValue(range: $0) } }
}
