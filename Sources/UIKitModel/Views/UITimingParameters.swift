import Foundation

/// A two-dimensional vector, as Core Graphics' `CGVector` (spring velocities), which corelibs Foundation lacks.
public struct CGVector: Equatable, Hashable, Sendable {
    public var dx: CGFloat
    public var dy: CGFloat

    public init() { self.init(dx: 0, dy: 0) }
    public init(dx: CGFloat, dy: CGFloat) {
        self.dx = dx
        self.dy = dy
    }
    public init(dx: Double, dy: Double) { self.init(dx: CGFloat(dx), dy: CGFloat(dy)) }
    public init(dx: Int, dy: Int) { self.init(dx: CGFloat(dx), dy: CGFloat(dy)) }

    public static var zero: CGVector { CGVector() }
}

/// Which kind of timing curve a provider describes, as UIKit's `UITimingCurveType`.
public enum UITimingCurveType: Int, Sendable {
    case builtin = 0, cubic, spring, composed
}

/// An object that gives an animator its timing curve, as UIKit's `UITimingCurveProvider`.
///
/// The model does not interpolate, so a curve only changes nothing the lesson sees; it is kept so code that builds
/// spring and cubic timing compiles and reads back as in UIKit.
@preconcurrency @MainActor public protocol UITimingCurveProvider: NSCoding, NSCopying {
    var timingCurveType: UITimingCurveType { get }
    var cubicTimingParameters: UICubicTimingParameters? { get }
    var springTimingParameters: UISpringTimingParameters? { get }
}

/// Cubic Bézier timing, as UIKit's `UICubicTimingParameters` (stored, not interpolated).
@preconcurrency @MainActor open class UICubicTimingParameters: NSObject, UITimingCurveProvider {
    open private(set) var animationCurve: UIView.AnimationCurve
    open private(set) var controlPoint1: CGPoint
    open private(set) var controlPoint2: CGPoint
    private let type: UITimingCurveType

    /// UIKit's default: the built-in ease-in-out curve.
    public override init() {
        animationCurve = .easeInOut
        (controlPoint1, controlPoint2) = Self.points(for: .easeInOut)
        type = .builtin
        super.init()
    }

    public init(animationCurve curve: UIView.AnimationCurve) {
        animationCurve = curve
        (controlPoint1, controlPoint2) = Self.points(for: curve)
        type = .builtin
        super.init()
    }

    public init(controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint) {
        animationCurve = .easeInOut
        controlPoint1 = point1
        controlPoint2 = point2
        type = .cubic
        super.init()
    }

    /// The model reads no archives, so decoding stops the program rather than inventing parameters.
    public required init?(coder: NSCoder) {
        fatalError("UICubicTimingParameters(coder:): archived timing parameters are not modelled")
    }

    nonisolated open func encode(with coder: NSCoder) {
        fatalError("UICubicTimingParameters.encode(with:): archiving timing parameters is not modelled")
    }

    nonisolated open func copy(with zone: NSZone? = nil) -> Any {
        onModelThread { [self] in
            let copy = type == .cubic
                ? UICubicTimingParameters(controlPoint1: controlPoint1, controlPoint2: controlPoint2)
                : UICubicTimingParameters(animationCurve: animationCurve)
            return copy
        }
    }

    open var timingCurveType: UITimingCurveType { type }
    open var cubicTimingParameters: UICubicTimingParameters? { self }
    open var springTimingParameters: UISpringTimingParameters? { nil }

    /// Core Animation's control points of the named curves (linear's are the diagonal).
    private static func points(for curve: UIView.AnimationCurve) -> (CGPoint, CGPoint) {
        switch curve {
        case .easeIn: return (CGPoint(x: 0.42, y: 0), CGPoint(x: 1, y: 1))
        case .easeOut: return (CGPoint(x: 0, y: 0), CGPoint(x: 0.58, y: 1))
        case .linear: return (CGPoint(x: 0, y: 0), CGPoint(x: 1, y: 1))
        default: return (CGPoint(x: 0.42, y: 0), CGPoint(x: 0.58, y: 1))
        }
    }
}

/// Spring timing, as UIKit's `UISpringTimingParameters` (stored, not simulated: values change at once).
@preconcurrency @MainActor open class UISpringTimingParameters: NSObject, UITimingCurveProvider {
    open private(set) var initialVelocity: CGVector
    /// The damping ratio the spring was made with (Apple's `init()` documents 4.56), kept for the model's trace.
    package let dampingRatio: CGFloat

    /// Apple: "sets the initial velocity of any animated properties to 0.0 and sets the damping ratio to 4.56".
    public override init() {
        initialVelocity = .zero
        dampingRatio = 4.56
        super.init()
    }

    public convenience init(dampingRatio ratio: CGFloat) {
        self.init(dampingRatio: ratio, initialVelocity: .zero)
    }

    public init(dampingRatio ratio: CGFloat, initialVelocity velocity: CGVector) {
        initialVelocity = velocity
        dampingRatio = ratio
        super.init()
    }

    public init(mass: CGFloat, stiffness: CGFloat, damping: CGFloat, initialVelocity velocity: CGVector) {
        initialVelocity = velocity
        dampingRatio = damping / (2 * (stiffness * mass).squareRoot())
        super.init()
    }

    @available(iOS 17.0, *)
    public convenience init(duration: TimeInterval, bounce: CGFloat) {
        self.init(duration: duration, bounce: bounce, initialVelocity: .zero)
    }

    @available(iOS 17.0, *)
    public init(duration: TimeInterval, bounce: CGFloat, initialVelocity velocity: CGVector) {
        initialVelocity = velocity
        dampingRatio = 1 - bounce
        super.init()
    }

    /// The model reads no archives, so decoding stops the program rather than inventing parameters.
    public required init?(coder: NSCoder) {
        fatalError("UISpringTimingParameters(coder:): archived timing parameters are not modelled")
    }

    nonisolated open func encode(with coder: NSCoder) {
        fatalError("UISpringTimingParameters.encode(with:): archiving timing parameters is not modelled")
    }

    nonisolated open func copy(with zone: NSZone? = nil) -> Any {
        onModelThread { [self] in UISpringTimingParameters(dampingRatio: dampingRatio, initialVelocity: initialVelocity) }
    }

    open var timingCurveType: UITimingCurveType { .spring }
    open var cubicTimingParameters: UICubicTimingParameters? { nil }
    open var springTimingParameters: UISpringTimingParameters? { self }
}
