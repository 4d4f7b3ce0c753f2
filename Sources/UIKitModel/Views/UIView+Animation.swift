import Foundation

extension UIView {
    /// The timing curve of an animation; any raw value is accepted, as with UIKit's imported enum.
    public struct AnimationCurve: RawRepresentable, Hashable, Sendable {
        public let rawValue: Int
        public init?(rawValue: Int) { self.rawValue = rawValue }
        private init(_ rawValue: Int) { self.rawValue = rawValue }
        public static let easeInOut = AnimationCurve(0)
        public static let easeIn = AnimationCurve(1)
        public static let easeOut = AnimationCurve(2)
        public static let linear = AnimationCurve(3)
    }

    /// Options for `animate(withDuration:delay:options:animations:completion:)`.
    public struct AnimationOptions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
        public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 5)
        public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 6)
        public static let allowAnimatedContent = AnimationOptions(rawValue: 1 << 7)
        public static let showHideTransitionViews = AnimationOptions(rawValue: 1 << 8)
        public static let overrideInheritedOptions = AnimationOptions(rawValue: 1 << 9)
        public static let transitionNone = AnimationOptions(rawValue: 0 << 20)
        public static let preferredFramesPerSecondDefault = AnimationOptions(rawValue: 0 << 24)
        public static let preferredFramesPerSecond60 = AnimationOptions(rawValue: 3 << 24)
        public static let preferredFramesPerSecond30 = AnimationOptions(rawValue: 7 << 24)
        public static let transitionFlipFromLeft = AnimationOptions(rawValue: 1 << 20)
        public static let transitionFlipFromRight = AnimationOptions(rawValue: 2 << 20)
        public static let transitionCurlUp = AnimationOptions(rawValue: 3 << 20)
        public static let transitionCurlDown = AnimationOptions(rawValue: 4 << 20)
        public static let transitionCrossDissolve = AnimationOptions(rawValue: 5 << 20)
        public static let transitionFlipFromTop = AnimationOptions(rawValue: 6 << 20)
        public static let transitionFlipFromBottom = AnimationOptions(rawValue: 7 << 20)
        /// Pending trait, property and layout updates are applied before the animations run and again after them, so
        /// a constraint changed inside the block moves its views without `layoutIfNeeded()` (iOS 26).
        @available(iOS 26.0, *)
        public static let flushUpdates = AnimationOptions(rawValue: 1 << 29)
    }

    /// Applies `animations` now (the model layer changes at once, as in UIKit) and completes after `duration`.
    public class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
        animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        let system = UIKitSystem.shared
        let run = {
            system.trace(.animation, "UIView.animate(withDuration: \(formatPoints(CGFloat(duration))))")
            if options.contains(.flushUpdates) {
                // Apple's flushUpdates: the invalidations made before the scope, then those made inside it.
                system.layoutPass()
                animations()
                system.layoutPass()
            } else {
                animations()
            }
            system.clock.schedule(after: duration) { completion?(true) }
        }
        if delay > 0 {
            system.clock.schedule(after: delay, run)
        } else {
            run()
        }
    }

    /// Applies `animations` now and calls `completion` after `duration` on the virtual clock.
    public class func animate(
        withDuration duration: TimeInterval, animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
    ) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }

    /// Applies `animations` now.
    public class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: nil)
    }

    /// The async form Swift imports from `animate(withDuration:animations:completion:)`: returns `finished` once the
    /// animation completes on the virtual clock.
    public class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) async -> Bool {
        await withCheckedContinuation { continuation in
            animate(withDuration: duration, delay: 0, options: [], animations: animations) { continuation.resume(returning: $0) }
        }
    }

    /// The async form Swift imports from `animate(withDuration:delay:options:animations:completion:)`.
    public class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [], animations: @escaping () -> Void
    ) async -> Bool {
        await withCheckedContinuation { continuation in
            animate(withDuration: duration, delay: delay, options: options, animations: animations) { continuation.resume(returning: $0) }
        }
    }

    /// A spring animation: applied at once like the others, completing after `duration` (the spring is not modelled).
    public class func animate(
        withDuration duration: TimeInterval, delay: TimeInterval, usingSpringWithDamping dampingRatio: CGFloat,
        initialSpringVelocity velocity: CGFloat, options: AnimationOptions = [], animations: @escaping () -> Void,
        completion: ((Bool) -> Void)? = nil
    ) {
        animate(withDuration: duration, delay: delay, options: options, animations: animations, completion: completion)
    }

    /// A transition of `view`'s content (cross-dissolve, flip): the changes apply at once, then `completion`.
    public class func transition(
        with view: UIView, duration: TimeInterval, options: AnimationOptions = [], animations: (() -> Void)?,
        completion: ((Bool) -> Void)? = nil
    ) {
        animate(withDuration: duration, delay: 0, options: options, animations: animations ?? {}, completion: completion)
    }

    /// Runs `actionsWithoutAnimation` at once.
    public class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
        actionsWithoutAnimation()
    }
}
