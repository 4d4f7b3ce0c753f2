import UIKitModel

/// A tap action on a view and whether its whole frame takes taps.
struct TapSpec {
    let count: Int
    let action: () -> Void
    let fillsFrame: Bool
}

extension View {
    /// Runs `action` when the user taps the view's drawn content (its texts and controls' frames); taps on spacers
    /// and empty areas go through unless `contentShape(Rectangle())` is applied first (S58).
    public func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> some View {
        applying(.tap(count, action))
    }

    /// Makes the whole frame of the view its content for hit testing (S58).
    public func contentShape<S: Shape>(_ shape: S) -> some View {
        applying(.contentShape)
    }
}

/// A transparent view behind a view with `onTapGesture`: it takes taps only where the view draws, or over its whole
/// frame with a content shape (S58), and runs the action through a tap recognizer.
final class SwiftUITapCatcher: UIView {
    var action: (() -> Void)?
    var fillsFrame = false
    let recognizer: UITapGestureRecognizer
    /// The frames, in this view's coordinates, of what the modified view draws.
    var drawnFrames: [CGRect] = []

    override init(frame: CGRect) {
        recognizer = UITapGestureRecognizer()
        super.init(frame: frame)
        recognizer.addTarget(self, action: Selector(_tutorbuildMethod: SwiftUITapCatcher.tapped, swift: "tapped", objc: "tapped"))
        addGestureRecognizer(recognizer)
    }

    required init?(coder: NSCoder) { fatalError("not made from a coder") }

    func tapped() { action?() }

    override func point(inside point: CGPoint, with event: UIEvent?) -> Bool {
        guard bounds.contains(point) else { return false }
        return fillsFrame || drawnFrames.contains { $0.contains(point) }
    }
}

/// A `Text`'s label: it takes the touches that land on it, as a hit-testable `Text` does on iOS, so a field or
/// button drawn under it gets none; a tap gesture around it still fires through its catcher (S58).
final class SwiftUILabel: UILabel {
    /// The catcher of the innermost `onTapGesture` around the text, which a tap on it reaches.
    weak var tapCatcher: SwiftUITapCatcher?

    override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        let hit = super.hitTest(point, with: event)
        guard hit === self, let tapCatcher, tapCatcher.isUserInteractionEnabled else { return hit }
        return tapCatcher
    }
}

/// An `Image`'s image view: like a `Text`'s label, it takes the touches that land on it (S58).
final class SwiftUIImageView: UIImageView {
    /// The catcher of the innermost `onTapGesture` around the image, which a tap on it reaches.
    weak var tapCatcher: SwiftUITapCatcher?

    override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        let hit = super.hitTest(point, with: event)
        guard hit === self, let tapCatcher, tapCatcher.isUserInteractionEnabled else { return hit }
        return tapCatcher
    }
}

/// A `Color`'s or a filled shape's view: like a `Text`'s label, it takes the touches that land on it (SwiftUI's
/// colours and shapes are hit-testable where they draw, S58).
final class SwiftUIColorView: UIView {
    /// The catcher of the innermost `onTapGesture` around the colour, which a tap on it reaches.
    weak var tapCatcher: SwiftUITapCatcher?

    override func hitTest(_ point: CGPoint, with event: UIEvent?) -> UIView? {
        let hit = super.hitTest(point, with: event)
        guard hit === self, let tapCatcher, tapCatcher.isUserInteractionEnabled else { return hit }
        return tapCatcher
    }
}

extension Element {
    /// A colour that is not clear, or a shape with a fill that is not: what takes touches where it draws.
    var drawsOpaqueFill: Bool {
        switch kind {
        case .color(let color): return color.cgColor.alpha > 0
        case .shape(let drawing): return (drawing.fill?.cgColor.alpha ?? 0) > 0
        default: return false
        }
    }

    var isTextOrImage: Bool {
        switch kind {
        case .text, .image: return true
        default: return false
        }
    }
}
