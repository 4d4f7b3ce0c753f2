import UIKitModel

// MARK: Shapes

/// An outline, as SwiftUI's `Path`: the model records the points its lines, curves and figures pass through and
/// draws a path as its bounding box (a shape of one's own fills or strokes that box [approximation]).
public struct Path: Equatable, Sendable {
    /// Every point the path's elements pass through or are bounded by (curves by their control points).
    private var points: [CGPoint] = []
    private var hasFigures = false

    public init() {}

    public init(_ rect: CGRect) { addRect(rect) }

    public init(roundedRect rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .continuous) { addRect(rect) }

    public init(roundedRect rect: CGRect, cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) { addRect(rect) }

    public init(ellipseIn rect: CGRect) { addRect(rect) }

    public init(_ callback: (inout Path) -> Void) {
        var path = Path()
        callback(&path)
        self = path
    }

    init(rect: CGRect) { self.init(rect) }

    /// Whether the path has no elements.
    public var isEmpty: Bool { points.isEmpty }

    /// The smallest rectangle holding every point of the path (the control points of curves included).
    public var boundingRect: CGRect {
        guard let first = points.first else { return .null }
        var minX = first.x, maxX = first.x, minY = first.y, maxY = first.y
        for point in points {
            minX = Swift.min(minX, point.x); maxX = Swift.max(maxX, point.x)
            minY = Swift.min(minY, point.y); maxY = Swift.max(maxY, point.y)
        }
        return CGRect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
    }

    public mutating func move(to end: CGPoint) { points.append(end) }

    public mutating func addLine(to end: CGPoint) { points.append(end) }

    public mutating func addLines(_ lines: [CGPoint]) { points += lines }

    public mutating func addQuadCurve(to end: CGPoint, control: CGPoint) { points += [control, end] }

    public mutating func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint) { points += [control1, control2, end] }

    public mutating func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
        let r = rect.applying(transform)
        points += [CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.maxY)]
    }

    public mutating func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
        for rect in rects { addRect(rect, transform: transform) }
    }

    public mutating func addRoundedRect(
        in rect: CGRect, cornerSize: CGSize, style: RoundedCornerStyle = .continuous, transform: CGAffineTransform = .identity
    ) {
        addRect(rect, transform: transform)
    }

    public mutating func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
        addRect(rect, transform: transform)
    }

    /// Adds an arc; the model bounds it by its whole circle.
    public mutating func addArc(
        center: CGPoint, radius: CGFloat, startAngle: Angle, endAngle: Angle, clockwise: Bool,
        transform: CGAffineTransform = .identity
    ) {
        addRect(CGRect(x: center.x - radius, y: center.y - radius, width: 2 * radius, height: 2 * radius), transform: transform)
    }

    public mutating func addPath(_ path: Path, transform: CGAffineTransform = .identity) {
        if !path.isEmpty { addRect(path.boundingRect, transform: transform) }
    }

    public mutating func closeSubpath() {}

    /// Whether `point` is inside the path's bounding box (the model's outline).
    public func contains(_ p: CGPoint, eoFill: Bool = false) -> Bool { boundingRect.contains(p) }
}

/// An angle, as SwiftUI's `Angle`.
public struct Angle: Equatable, Hashable, Comparable, Sendable {
    public var radians: Double
    public var degrees: Double {
        get { radians * 180 / .pi }
        set { radians = newValue * .pi / 180 }
    }

    public init() { radians = 0 }
    public init(radians: Double) { self.radians = radians }
    public init(degrees: Double) { radians = degrees * .pi / 180 }

    public static func radians(_ radians: Double) -> Angle { Angle(radians: radians) }
    public static func degrees(_ degrees: Double) -> Angle { Angle(degrees: degrees) }
    public static let zero = Angle()
    public static func < (lhs: Angle, rhs: Angle) -> Bool { lhs.radians < rhs.radians }
}

/// A 2D shape, as SwiftUI's `Shape`: a view that fills the space offered with the foreground style, and the outline
/// `clipShape`, `contentShape` and `background(_:in:)` use. The model has `Rectangle`, `RoundedRectangle`,
/// `Capsule` and `Circle`.
public protocol Shape: Sendable, View {
    nonisolated func path(in rect: CGRect) -> Path
}

/// A shape that can be inset to draw its border inside its frame, as SwiftUI's `InsettableShape`.
public protocol InsettableShape: Shape {
    associatedtype InsetShape: InsettableShape
    nonisolated func inset(by amount: CGFloat) -> InsetShape
}

/// How a shape's corners are rounded, as SwiftUI's `RoundedCornerStyle`.
public enum RoundedCornerStyle: Equatable, Hashable, Sendable {
    case circular, continuous
}

/// How a shape is filled, as SwiftUI's `FillStyle` (the model fills every shape whole).
public struct FillStyle: Equatable, Sendable {
    public var isEOFilled: Bool
    public var isAntialiased: Bool

    public init(eoFill: Bool = false, antialiased: Bool = true) {
        isEOFilled = eoFill
        isAntialiased = antialiased
    }
}

/// The model's shapes: each knows the corner radius it draws with in a frame of a given size.
protocol ModelShape: PrimitiveView {
    nonisolated func cornerRadius(in size: CGSize) -> CGFloat
}

extension ModelShape {
    @MainActor func resolve(in context: ResolveContext) -> Element {
        Element(.shape(ShapeDrawing(
            cornerRadius: cornerRadius(in:), fill: context.traits.foreground ?? .label, stroke: nil)), context)
    }
}

/// A rectangle filling its frame; `contentShape(Rectangle())` makes a view's whole frame take taps (S58).
public struct Rectangle: InsettableShape, ModelShape {
    public typealias Body = Never
    public init() {}
    nonisolated public func path(in rect: CGRect) -> Path { Path(rect: rect) }
    nonisolated public func inset(by amount: CGFloat) -> Rectangle { self }
    nonisolated func cornerRadius(in size: CGSize) -> CGFloat { 0 }
}

/// A rectangle with rounded corners, as SwiftUI's `RoundedRectangle`.
public struct RoundedRectangle: InsettableShape, ModelShape {
    public typealias Body = Never
    public var cornerSize: CGSize
    public var style: RoundedCornerStyle

    public init(cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {
        self.cornerSize = cornerSize
        self.style = style
    }

    public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {
        self.init(cornerSize: CGSize(width: cornerRadius, height: cornerRadius), style: style)
    }

    nonisolated public func path(in rect: CGRect) -> Path { Path(rect: rect) }
    nonisolated public func inset(by amount: CGFloat) -> RoundedRectangle { self }
    nonisolated func cornerRadius(in size: CGSize) -> CGFloat { min(cornerSize.width, min(size.width, size.height) / 2) }
}

/// A rectangle whose short sides are half circles, as SwiftUI's `Capsule`.
public struct Capsule: InsettableShape, ModelShape {
    public typealias Body = Never
    public var style: RoundedCornerStyle
    public init(style: RoundedCornerStyle = .continuous) { self.style = style }
    nonisolated public func path(in rect: CGRect) -> Path { Path(rect: rect) }
    nonisolated public func inset(by amount: CGFloat) -> Capsule { self }
    nonisolated func cornerRadius(in size: CGSize) -> CGFloat { min(size.width, size.height) / 2 }
}

/// A circle centred in its frame, as SwiftUI's `Circle`; the model draws it as its frame with fully rounded corners.
public struct Circle: InsettableShape, ModelShape {
    public typealias Body = Never
    public init() {}
    nonisolated public func path(in rect: CGRect) -> Path { Path(rect: rect) }
    nonisolated public func inset(by amount: CGFloat) -> Circle { self }
    nonisolated func cornerRadius(in size: CGSize) -> CGFloat { min(size.width, size.height) / 2 }
}

/// How a shape view draws: its corners, its fill and its border.
struct ShapeDrawing {
    var cornerRadius: (CGSize) -> CGFloat
    var fill: UIColor?
    var stroke: (color: UIColor, width: CGFloat)?
    /// For a shape of one's own: the part of its frame (in the frame's coordinates) its path's bounding box covers.
    var pathBounds: ((CGRect) -> CGRect)?
}

extension Shape {
    /// A shape of one's own fills itself with the foreground style, as SwiftUI's shapes do.
    public var body: _ShapeView<Self, ForegroundStyle> { _ShapeView(shape: self, style: .foreground, lineWidth: nil) }
}

/// A shape filled or stroked with a style, as SwiftUI's `_ShapeView`.
public struct _ShapeView<Content: Shape, Style: ShapeStyle>: View, PrimitiveView {
    public typealias Body = Never
    let shape: Content
    let style: Style
    let lineWidth: CGFloat?

    func resolve(in context: ResolveContext) -> Element {
        let corner = (shape as? any ModelShape).map { shape in { (size: CGSize) in shape.cornerRadius(in: size) } }
            ?? { _ in 0 }
        let color = style is ForegroundStyle ? (context.traits.foreground ?? .label) : style._uiColor
        var drawing = lineWidth.map { ShapeDrawing(cornerRadius: corner, fill: nil, stroke: (color, $0)) }
            ?? ShapeDrawing(cornerRadius: corner, fill: color, stroke: nil)
        if !(shape is any ModelShape) {
            let shape = shape
            drawing.pathBounds = { frame in
                let bounds = shape.path(in: CGRect(origin: .zero, size: frame.size)).boundingRect
                return bounds.isNull ? .zero : bounds
            }
        }
        return Element(.shape(drawing), context)
    }
}

extension Shape {
    /// Fills the shape with `content` (the foreground style by default).
    public func fill<S: ShapeStyle>(_ content: S = .foreground, style: FillStyle = FillStyle()) -> _ShapeView<Self, S> {
        _ShapeView(shape: self, style: content, lineWidth: nil)
    }

    /// Draws the shape's outline, centred on its edge, `lineWidth` points wide.
    public func stroke<S: ShapeStyle>(_ content: S, lineWidth: CGFloat = 1) -> some View {
        _ShapeView(shape: self, style: content, lineWidth: lineWidth)
    }
}

extension InsettableShape {
    /// Draws the shape's outline inside its frame, `lineWidth` points wide.
    public func strokeBorder<S: ShapeStyle>(_ content: S = .foreground, lineWidth: CGFloat = 1, antialiased: Bool = true) -> some View {
        _ShapeView(shape: self, style: content, lineWidth: lineWidth)
    }
}

/// The foreground style of the current context, as SwiftUI's `ForegroundStyle` (`.foreground`).
public struct ForegroundStyle: ShapeStyle {
    public init() {}
    public var _uiColor: UIColor { .label }
}

extension ShapeStyle where Self == ForegroundStyle {
    public static var foreground: ForegroundStyle { ForegroundStyle() }
}

// MARK: Modifiers that draw with shapes and colors

extension View {
    /// Sets the color of the text and symbols inside; deprecated in iOS 27 (Apple's availability: iOS 13.0–27.0), so
    /// it warns as Xcode does at deployment target 27 and later (the runner drops the warning below it).
    @available(*, deprecated, message: "iOS 27.0: renamed to 'foregroundStyle(_:)'", renamed: "foregroundStyle(_:)")
    public func foregroundColor(_ color: Color?) -> some View {
        applying(.traits { $0.foreground = color?._uiColor })
    }

    /// Clips the view to `shape`: backgrounds and fills drawn in its frame take the shape's corners (the model does
    /// not clip text or other content).
    public func clipShape<S: Shape>(_ shape: S, style: FillStyle = FillStyle()) -> some View {
        let corner = (shape as? any ModelShape).map { shape in { (size: CGSize) in shape.cornerRadius(in: size) } }
        return applying(.transform { element in
            guard let corner else { return element }
            return element.rounded(corner)
        })
    }

    /// Rounds the corners of the view's background and fills; Apple deprecates it in favour of `clipShape`.
    @available(iOS, introduced: 13.0, deprecated: 100000.0, message: "Use `clipShape` or `fill` instead.")
    public func cornerRadius(_ radius: CGFloat, antialiased: Bool = true) -> some View {
        applying(.transform { $0.rounded { size in min(radius, min(size.width, size.height) / 2) } })
    }

    /// Fills `shape`, sized to the view's frame, with `style` behind the view.
    @available(iOS 15.0, *)
    public func background<S: ShapeStyle, T: Shape>(_ style: S, in shape: T, fillStyle: FillStyle = FillStyle()) -> some View {
        let fill = _ShapeView(shape: shape, style: style, lineWidth: nil)
        return applying(.background { context in resolveView(fill, in: context) })
    }

    /// Places `background`, sized to the view's frame, behind the view; Apple deprecates it in favour of
    /// `background(alignment:content:)`.
    @available(iOS, introduced: 13.0, deprecated: 100000.0, message: "Use `background(alignment:content:)` instead.")
    @_disfavoredOverload
    public func background<Background: View>(_ background: Background, alignment: Alignment = .center) -> some View {
        applying(.background { context in resolveView(background, in: context) })
    }

    /// Places `content`, sized to the view's frame, in front of the view.
    @available(iOS 15.0, *)
    public func overlay<V: View>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View {
        let content = content()
        return applying(.overlay { context in resolveView(content, in: context) })
    }

    /// Places `overlay` in front of the view; Apple deprecates it in favour of `overlay(alignment:content:)`.
    @available(iOS, introduced: 13.0, deprecated: 100000.0, message: "Use `overlay(alignment:content:)` instead.")
    @_disfavoredOverload
    public func overlay<Overlay: View>(_ overlay: Overlay, alignment: Alignment = .center) -> some View {
        applying(.overlay { context in resolveView(overlay, in: context) })
    }

    /// Fills the view's frame with `style` in front of it.
    @available(iOS 15.0, *)
    public func overlay<S: ShapeStyle>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View {
        let color = style._uiColor
        return applying(.overlay { context in Element(.color(color), context) })
    }

    /// Draws a border of `width` points inside the view's frame, as Apple documents it: a rectangle stroked along
    /// its border, laid over the view.
    public func border<S: ShapeStyle>(_ content: S, width: CGFloat = 1) -> some View {
        overlay { Rectangle().strokeBorder(content, lineWidth: width) }
    }
}

extension Element {
    /// The element with its fills and backgrounds drawn with `corner`'s rounding (`clipShape`).
    func rounded(_ corner: @escaping (CGSize) -> CGFloat) -> Element {
        var copy = self
        switch kind {
        case .color(let color):
            copy.kind = .shape(ShapeDrawing(cornerRadius: corner, fill: color, stroke: nil))
        case .shape(var drawing):
            drawing.cornerRadius = corner
            copy.kind = .shape(drawing)
        case .background(let base, let background):
            copy.kind = .background(base: base.rounded(corner), background: background.rounded(corner))
        case .overlay(let base, let overlay):
            copy.kind = .overlay(base: base.rounded(corner), overlay: overlay)
        case .padding(let insets, let child):
            copy.kind = .padding(insets, child.rounded(corner))
        case .frame(let spec, let child):
            copy.kind = .frame(spec, child.rounded(corner))
        default:
            break
        }
        return copy
    }
}

extension View {
    /// Draws a shadow under what this view draws: each of its views' layer gets the colour (its alpha as the
    /// opacity), the blur radius and the offset, as Core Animation draws a layer's shadow [approximation: a shadow
    /// per view, not one of the composited view].
    public func shadow(color: Color = Color(white: 0, opacity: 0.33), radius: CGFloat, x: CGFloat = 0, y: CGFloat = 0) -> some View {
        applying(.traits { $0.shadow = ShadowSpec(color: color._uiColor, radius: radius, offset: CGSize(width: x, height: y)) })
    }
}
