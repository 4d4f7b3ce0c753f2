import Foundation
internal import TutorbuildSupport

/// Writes a `Picture` as SVG: the only way a picture of the simulated screen becomes markup.
///
/// Every attribute value is a formatted number, a checked colour or a fixed word; text is escaped. So
/// whatever a lesson program sends, the SVG holds no element, attribute, script or link of its own.
public enum PictureSVG {
    /// Groups nested deeper than this are drawn flat (a picture is a few levels deep).
    public static let maximumDepth = 64

    static let fontFamily = "system-ui, sans-serif"

    public static func render(_ picture: Picture) -> String {
        var writer = Writer()
        let width = number(picture.width)
        let height = number(picture.height)
        writer.line(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" viewBox=\"0 0 \(width) \(height)\" "
                + "font-family=\"\(fontFamily)\">")
        for element in picture.elements { writer.draw(element, depth: 0) }
        writer.line("</svg>")
        return writer.text
    }

    /// A `<text>` element's content, escaped: the element draws one line, so tabs and line ends become spaces.
    ///
    /// Quotes are escaped too (the attribute rules), as pictures have always been written.
    static func textContent(_ string: String) -> String {
        guard string.utf8.contains(where: { $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }) else {
            return XMLEscaping.escaped(string, in: .attribute)
        }
        let oneLine = String.UnicodeScalarView(string.unicodeScalars.map { $0 == "\t" || $0 == "\n" || $0 == "\r" ? " " : $0 })
        return XMLEscaping.escaped(String(oneLine), in: .attribute)
    }

    /// A coordinate as the model prints points: at most two decimals, no trailing zeros; never NaN or infinite.
    public static func number(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        let rounded = (min(max(value, -1e7), 1e7) * 100).rounded() / 100
        if rounded == rounded.rounded() { return String(Int(rounded)) }
        var text = String(format: "%.2f", rounded)
        while text.hasSuffix("0") { text.removeLast() }
        return text
    }

    private struct Writer {
        var text = ""
        var clips = 0

        mutating func line(_ s: String) {
            text += s
            text += "\n"
        }

        mutating func draw(_ element: PictureElement, depth: Int) {
            switch element {
            case .rect(let r, let fill, let stroke, let radius, let opacity):
                var s = "<rect \(rectAttributes(r))"
                if radius > 0 { s += " rx=\"\(number(radius))\"" }
                s += " fill=\"\(fill.map(\.description) ?? "none")\""
                if opacity < 1 { s += " fill-opacity=\"\(number(max(opacity, 0)))\"" }
                if let stroke { s += " stroke=\"\(stroke.color)\" stroke-width=\"\(number(stroke.width))\"" }
                line(s + "/>")
            case .line(let from, let to, let stroke):
                line(
                    "<line x1=\"\(number(from.x))\" y1=\"\(number(from.y))\" x2=\"\(number(to.x))\" y2=\"\(number(to.y))\" "
                        + "stroke=\"\(stroke.color)\" stroke-width=\"\(number(stroke.width))\"/>")
            case .circle(let center, let radius, let fill):
                line("<circle cx=\"\(number(center.x))\" cy=\"\(number(center.y))\" r=\"\(number(radius))\" fill=\"\(fill)\"/>")
            case .text(let t):
                var s = "<text x=\"\(number(t.x))\" y=\"\(number(t.y))\" font-size=\"\(number(t.size))\""
                if let length = t.length, !t.string.isEmpty {
                    s += " textLength=\"\(number(length))\" lengthAdjust=\"spacingAndGlyphs\""
                }
                if t.anchor != .start { s += " text-anchor=\"\(t.anchor.rawValue)\"" }
                if t.weight != 400 { s += " font-weight=\"\(min(max(t.weight, 1), 1000))\"" }
                line(s + " fill=\"\(t.fill)\">\(textContent(t.string))</text>")
            case .group(let group):
                guard depth < maximumDepth else {
                    for child in group.children { draw(child, depth: depth) }
                    return
                }
                var opened = 0
                if let offset = group.offset {
                    line("<g transform=\"translate(\(number(offset.x)) \(number(offset.y)))\">")
                    opened += 1
                }
                if let opacity = group.opacity {
                    line("<g opacity=\"\(number(min(max(opacity, 0), 1)))\">")
                    opened += 1
                }
                if let clip = group.clip {
                    clips += 1
                    line("<clipPath id=\"c\(clips)\"><rect \(rectAttributes(clip))/></clipPath>")
                    line("<g clip-path=\"url(#c\(clips))\">")
                    opened += 1
                }
                for child in group.children { draw(child, depth: depth + 1) }
                for _ in 0..<opened { line("</g>") }
            }
        }

        func rectAttributes(_ r: PictureRect) -> String {
            "x=\"\(number(r.x))\" y=\"\(number(r.y))\" width=\"\(number(max(r.width, 0)))\" height=\"\(number(max(r.height, 0)))\""
        }
    }
}
