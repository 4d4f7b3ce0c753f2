import DocTestProtocol
import Foundation
import UIKitModel

/// Collects the drawing steps of a snapshot into a `Picture`, groups nested as they are opened and closed.
struct PictureBuilder {
    private var stack: [(group: PictureGroup?, elements: [PictureElement])] = [(nil, [])]

    /// The finished picture; open groups are closed.
    func picture(width: CGFloat, height: CGFloat) -> Picture {
        var copy = self
        while copy.stack.count > 1 { copy.endGroup() }
        return Picture(width: Double(width), height: Double(height), elements: copy.stack[0].elements)
    }

    static let black = PictureColor(red: 0, green: 0, blue: 0)

    /// A `#rrggbb` colour, or `nil` for `"none"`; the model's own colours are always well-formed.
    static func color(_ text: String) -> PictureColor? {
        text == "none" ? nil : PictureColor(hex: text) ?? black
    }

    /// A colour that cannot be `"none"` (strokes, text, circles).
    static func solid(_ text: String) -> PictureColor { color(text) ?? black }

    private mutating func add(_ element: PictureElement) {
        stack[stack.count - 1].elements.append(element)
    }

    mutating func rect(
        _ rect: CGRect, fill: String, stroke: String? = nil, strokeWidth: CGFloat = 1, radius: CGFloat = 0,
        opacity: CGFloat = 1
    ) {
        add(.rect(
            Self.rect(rect), fill: Self.color(fill),
            stroke: stroke.map { PictureStroke(color: Self.solid($0), width: Double(strokeWidth)) },
            radius: Double(radius), opacity: Double(opacity)))
    }

    mutating func line(from start: CGPoint, to end: CGPoint, stroke: String, width: CGFloat) {
        add(.line(
            from: Self.point(start), to: Self.point(end),
            stroke: PictureStroke(color: Self.solid(stroke), width: Double(width))))
    }

    mutating func circle(center: CGPoint, radius: CGFloat, fill: String) {
        add(.circle(center: Self.point(center), radius: Double(radius), fill: Self.solid(fill)))
    }

    mutating func text(
        _ string: String, x: CGFloat, y: CGFloat, size: CGFloat, fill: String, anchor: PictureText.Anchor = .start,
        weight: Int = 400, measured: Bool = false
    ) {
        // Real fonts differ from the model's metrics; stretching the glyphs keeps caret and wrapping lined up.
        let length = measured && !string.isEmpty ? Double(TextMetrics.width(of: string, pointSize: size)) : nil
        add(.text(PictureText(
            string, x: Double(x), y: Double(y), size: Double(size),
            fill: Self.solid(fill), anchor: anchor, weight: weight, length: length)))
    }

    /// Opens a group clipped to `rect`; close it with `endGroup()`.
    mutating func beginClip(_ rect: CGRect) {
        stack.append((PictureGroup(clip: Self.rect(rect), children: []), []))
    }

    mutating func beginGroup(opacity: CGFloat) {
        stack.append((PictureGroup(opacity: Double(opacity), children: []), []))
    }

    mutating func beginOffset(_ offset: CGPoint) {
        stack.append((PictureGroup(offset: Self.point(offset), children: []), []))
    }

    mutating func endGroup() {
        guard stack.count > 1 else { return }
        let (opened, elements) = stack.removeLast()
        guard var group = opened else { return }
        group.children = elements
        add(.group(group))
    }

    private static func rect(_ r: CGRect) -> PictureRect {
        PictureRect(x: Double(r.minX), y: Double(r.minY), width: Double(r.width), height: Double(r.height))
    }

    private static func point(_ p: CGPoint) -> PicturePoint { PicturePoint(x: Double(p.x), y: Double(p.y)) }
}
