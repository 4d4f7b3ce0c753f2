import Foundation

// Stable text for traces and alt text: no locale, no trailing `.0`, names instead of addresses.

/// Formats a point value without a trailing `.0` and with at most two decimals, for stable output.
package func formatPoints(_ value: CGFloat) -> String {
    let rounded = (Double(value) * 100).rounded() / 100
    if rounded == rounded.rounded() && abs(rounded) < 1e15 {
        return String(Int(rounded))
    }
    var text = String(format: "%.2f", rounded)
    while text.hasSuffix("0") { text.removeLast() }
    return text
}

/// Formats a rectangle as `(x, y, width, height)` for traces.
package func formatRect(_ rect: CGRect) -> String {
    "(\(formatPoints(rect.origin.x)), \(formatPoints(rect.origin.y)), "
        + "\(formatPoints(rect.size.width)), \(formatPoints(rect.size.height)))"
}

/// Formats a point as `(x, y)` for traces.
package func formatPoint(_ point: CGPoint) -> String {
    "(\(formatPoints(point.x)), \(formatPoints(point.y)))"
}

/// The name a trace uses for an object: its accessibility identifier when set, else its class name.
package func traceName(_ object: AnyObject?) -> String {
    guard let object else { return "nil" }
    if let view = object as? UIView, let identifier = view.accessibilityIdentifier, !identifier.isEmpty {
        return identifier
    }
    return String(describing: type(of: object))
}

/// A string in double quotes with quotes, backslashes and newlines escaped, for traces.
package func quoted(_ string: String) -> String {
    var result = "\""
    for character in string {
        switch character {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        case "\t": result += "\\t"
        default: result.append(character)
        }
    }
    return result + "\""
}

extension NSRange {
    /// The range clamped to a text of `length` UTF-16 units, so a stale range can never overrun it.
    package func clamped(toLength length: Int) -> NSRange {
        let location = Swift.min(Swift.max(self.location, 0), length)
        let end = Swift.min(Swift.max(self.location + Swift.max(self.length, 0), location), length)
        return NSRange(location: location, length: end - location)
    }
}
