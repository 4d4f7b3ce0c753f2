import Foundation

/// Where an animation stops.
public enum UIViewAnimatingPosition: Int, Sendable {
    case end = 0, start, current
}

/// The life of an animator.
public enum UIViewAnimatingState: Int, Sendable {
    case inactive = 0, active, stopped
}

/// An interruptible animation, as UIKit's `UIViewPropertyAnimator`.
///
/// As with `UIView.animate`, the model layer changes at once: the animations run when the animator starts, and the
/// completions run after `duration` (plus any delay) on the virtual clock with `.end`. Stopping early leaves the
/// values as they are (the model has no presentation layer to freeze midway).
@preconcurrency @MainActor open class UIViewPropertyAnimator: NSObject {
    open private(set) var duration: TimeInterval
    /// The curve (stored; the model does not interpolate).
    public let curve: UIView.AnimationCurve?
    open private(set) var delay: TimeInterval = 0
    open private(set) var state: UIViewAnimatingState = .inactive
    open private(set) var isRunning = false
    open var isReversed = false
    open var isInterruptible = true
    open var isUserInteractionEnabled = true
    open var pausesOnCompletion = false
    /// How far the animation has got: 0 until it finishes, then 1 (the model does not interpolate).
    open var fractionComplete: CGFloat = 0
    private var animations: [() -> Void] = []
    private var completions: [(UIViewAnimatingPosition) -> Void] = []
    private var generation = 0

    /// The timing curve the animator was made with (stored; the model does not interpolate).
    open private(set) var timingParameters: (any UITimingCurveProvider)?

    public init(duration: TimeInterval, curve: UIView.AnimationCurve, animations: (() -> Void)? = nil) {
        self.duration = duration
        self.curve = curve
        timingParameters = UICubicTimingParameters(animationCurve: curve)
        super.init()
        if let animations { self.animations.append(animations) }
    }

    public init(duration: TimeInterval, dampingRatio ratio: CGFloat, animations: (() -> Void)? = nil) {
        self.duration = duration
        curve = nil
        timingParameters = UISpringTimingParameters(dampingRatio: ratio)
        super.init()
        if let animations { self.animations.append(animations) }
    }

    public init(duration: TimeInterval, controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint, animations: (() -> Void)? = nil) {
        self.duration = duration
        curve = nil
        timingParameters = UICubicTimingParameters(controlPoint1: point1, controlPoint2: point2)
        super.init()
        if let animations { self.animations.append(animations) }
    }

    /// An animator with a spring or cubic timing object; animations are added with `addAnimations`.
    public init(duration: TimeInterval, timingParameters parameters: any UITimingCurveProvider) {
        self.duration = duration
        curve = parameters.cubicTimingParameters.map { $0.timingCurveType == .builtin ? $0.animationCurve : nil } ?? nil
        timingParameters = parameters
        super.init()
    }

    /// Creates and starts an animator.
    @discardableResult
    open class func runningPropertyAnimator(
        withDuration duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions,
        animations: @escaping () -> Void, completion: ((UIViewAnimatingPosition) -> Void)? = nil
    ) -> UIViewPropertyAnimator {
        let animator = UIViewPropertyAnimator(duration: duration, curve: .easeInOut, animations: animations)
        if let completion { animator.addCompletion(completion) }
        animator.startAnimation(afterDelay: delay)
        return animator
    }

    open func addAnimations(_ animation: @escaping () -> Void) {
        // Added to a running animator, the change still happens at once.
        if isRunning { animation() } else { animations.append(animation) }
    }

    open func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {
        addAnimations(animation)
    }

    open func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {
        completions.append(completion)
    }

    open func startAnimation() {
        startAnimation(afterDelay: 0)
    }

    open func startAnimation(afterDelay delay: TimeInterval) {
        guard !isRunning else { return }
        self.delay = delay
        state = .active
        isRunning = true
        generation += 1
        let current = generation
        let system = UIKitSystem.shared
        let run = { [self] in
            system.trace(.animation, "UIViewPropertyAnimator(duration: \(formatPoints(CGFloat(duration)))).startAnimation()")
            let pending = animations
            animations = []
            pending.forEach { $0() }
            system.clock.schedule(after: duration) { [self] in
                guard generation == current, isRunning else { return }
                finish(at: isReversed ? .start : .end)
            }
        }
        if delay > 0 { system.clock.schedule(after: delay, run) } else { run() }
    }

    /// Pauses the animation (the model's values are already final).
    open func pauseAnimation() {
        guard state != .stopped else { return }
        state = .active
        isRunning = false
    }

    /// Stops the animation; with `withoutFinishing` true the completions never run.
    open func stopAnimation(_ withoutFinishing: Bool) {
        isRunning = false
        generation += 1
        state = withoutFinishing ? .inactive : .stopped
        if withoutFinishing { completions = [] }
    }

    /// Finishes a stopped animation at `finalPosition`, running the completions.
    open func finishAnimation(at finalPosition: UIViewAnimatingPosition) {
        finish(at: finalPosition)
    }

    /// Resumes a paused animation (new timing changes nothing the model shows: it does not interpolate).
    open func continueAnimation(withTimingParameters parameters: (any UITimingCurveProvider)?, durationFactor: CGFloat) {
        startAnimation()
    }

    private func finish(at position: UIViewAnimatingPosition) {
        isRunning = false
        state = .inactive
        fractionComplete = position == .end ? 1 : 0
        let pending = completions
        completions = []
        pending.forEach { $0(position) }
    }
}
