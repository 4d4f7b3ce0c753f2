import Foundation

extension UIView {
    /// Options for `animateKeyframes(withDuration:delay:options:animations:completion:)`, as UIKit's
    /// `UIView.KeyframeAnimationOptions` (the model stores none of them: keyframes apply at once).
    public struct KeyframeAnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let layoutSubviews = KeyframeAnimationOptions(rawValue: 1 << 0)
        public static let allowUserInteraction = KeyframeAnimationOptions(rawValue: 1 << 1)
        public static let beginFromCurrentState = KeyframeAnimationOptions(rawValue: 1 << 2)
        public static let `repeat` = KeyframeAnimationOptions(rawValue: 1 << 3)
        public static let autoreverse = KeyframeAnimationOptions(rawValue: 1 << 4)
        public static let overrideInheritedDuration = KeyframeAnimationOptions(rawValue: 1 << 5)
        public static let overrideInheritedOptions = KeyframeAnimationOptions(rawValue: 1 << 9)
        public static let calculationModeLinear = KeyframeAnimationOptions(rawValue: 0 << 10)
        public static let calculationModeDiscrete = KeyframeAnimationOptions(rawValue: 1 << 10)
        public static let calculationModePaced = KeyframeAnimationOptions(rawValue: 2 << 10)
        public static let calculationModeCubic = KeyframeAnimationOptions(rawValue: 3 << 10)
        public static let calculationModeCubicPaced = KeyframeAnimationOptions(rawValue: 4 << 10)
    }

    /// Runs `animations` now, so each `addKeyframe` block applies in order and the last value set wins (UIKit's
    /// model layer takes the final values at once too), and calls `completion(true)` after `delay + duration` on the
    /// virtual clock.
    public class func animateKeyframes(
        withDuration duration: TimeInterval, delay: TimeInterval, options: KeyframeAnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        let system = UIKitSystem.shared
        system.trace(.animation, "UIView.animateKeyframes(withDuration: \(formatPoints(CGFloat(duration))))")
        animations()
        system.clock.schedule(after: delay + duration) { completion?(true) }
    }

    /// Adds a keyframe inside `animateKeyframes`: its changes apply at once (start and duration are fractions of
    /// the whole animation and change nothing the model shows).
    public class func addKeyframe(
        withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double,
        animations: @escaping () -> Void
    ) {
        animations()
    }
}
