import Foundation
import UIKitModel

/// Builds SVG text with escaped content and stable number formatting.
struct SVGWriter {
    private(set) var body = ""
    private var clipCount = 0

    /// Escapes text for SVG element content and attribute values.
    static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default:
                // Control characters are not allowed in XML 1.0.
                if let scalar = character.unicodeScalars.first, scalar.value < 0x20 {
                    result += " "
                } else {
                    result.append(character)
                }
            }
        }
        return result
    }

    static func number(_ value: CGFloat) -> String { formatPoints(value) }

    mutating func raw(_ text: String) {
        body += text + "\n"
    }

    mutating func rect(
        _ rect: CGRect, fill: String, stroke: String? = nil, strokeWidth: CGFloat = 1, radius: CGFloat = 0,
        opacity: CGFloat = 1
    ) {
        var text = "<rect x=\"\(Self.number(rect.minX))\" y=\"\(Self.number(rect.minY))\" "
            + "width=\"\(Self.number(max(rect.width, 0)))\" height=\"\(Self.number(max(rect.height, 0)))\""
        if radius > 0 { text += " rx=\"\(Self.number(radius))\"" }
        text += " fill=\"\(fill)\""
        if opacity < 1 { text += " fill-opacity=\"\(Self.number(opacity))\"" }
        if let stroke { text += " stroke=\"\(stroke)\" stroke-width=\"\(Self.number(strokeWidth))\"" }
        raw(text + "/>")
    }

    mutating func line(from start: CGPoint, to end: CGPoint, stroke: String, width: CGFloat) {
        raw(
            "<line x1=\"\(Self.number(start.x))\" y1=\"\(Self.number(start.y))\" x2=\"\(Self.number(end.x))\" "
                + "y2=\"\(Self.number(end.y))\" stroke=\"\(stroke)\" stroke-width=\"\(Self.number(width))\"/>")
    }

    mutating func text(
        _ string: String, x: CGFloat, y: CGFloat, size: CGFloat, fill: String, anchor: String = "start",
        weight: Int = 400, measured: Bool = false
    ) {
        var text = "<text x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" font-size=\"\(Self.number(size))\""
        if measured && !string.isEmpty {
            // Real fonts differ from the model's metrics; stretch the glyphs so caret and wrapping line up.
            let length = TextMetrics.width(of: string, pointSize: size)
            text += " textLength=\"\(Self.number(length))\" lengthAdjust=\"spacingAndGlyphs\""
        }
        if anchor != "start" { text += " text-anchor=\"\(anchor)\"" }
        if weight != 400 { text += " font-weight=\"\(weight)\"" }
        raw(text + " fill=\"\(fill)\">\(Self.escape(string))</text>")
    }

    /// Opens a group clipped to `rect`; close it with `endGroup()`.
    mutating func beginClip(_ rect: CGRect) {
        clipCount += 1
        let id = "c\(clipCount)"
        raw(
            "<clipPath id=\"\(id)\"><rect x=\"\(Self.number(rect.minX))\" y=\"\(Self.number(rect.minY))\" "
                + "width=\"\(Self.number(max(rect.width, 0)))\" height=\"\(Self.number(max(rect.height, 0)))\"/>"
                + "</clipPath>")
        raw("<g clip-path=\"url(#\(id))\">")
    }

    mutating func beginGroup(opacity: CGFloat) {
        raw("<g opacity=\"\(Self.number(opacity))\">")
    }

    mutating func endGroup() {
        raw("</g>")
    }
}
