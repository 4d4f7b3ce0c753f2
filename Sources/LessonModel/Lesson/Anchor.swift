import Foundation

/// Builds heading anchor ids.
enum Anchor {
    /// A URL-friendly id from heading text: letters and digits kept (lower-cased), everything else a hyphen.
    static func slug(_ text: String) -> String {
        var out = ""
        var pendingHyphen = false
        for scalar in text.unicodeScalars {
            if scalar.properties.isAlphabetic || scalar.properties.numericType != nil {
                if pendingHyphen, !out.isEmpty { out += "-" }
                pendingHyphen = false
                if scalar.isASCII {
                    out.unicodeScalars.append(("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32)! : scalar)
                } else {
                    out += String(scalar).lowercased()
                }
            } else {
                pendingHyphen = true
            }
        }
        return out.isEmpty ? "section" : out
    }

    /// Splits an explicit `{#id}` off the end of heading text.
    static func explicitID(in text: String) -> (text: String, id: String)? {
        guard text.hasSuffix("}"), let open = text.range(of: "{#", options: .backwards) else { return nil }
        let id = text[open.upperBound..<text.index(before: text.endIndex)]
        guard !id.isEmpty, id.unicodeScalars.allSatisfy({ isIDScalar($0) }) else { return nil }
        return (text[..<open.lowerBound].trimmed, String(id))
    }

    static func isIDScalar(_ s: Unicode.Scalar) -> Bool {
        s == "-" || s == "_" || s.properties.isAlphabetic || ("0"..."9").contains(s)
    }

    /// Removes an explicit `{#id}` from cmark's HTML of the heading content.
    static func stripExplicitID(fromHTML html: String) -> String {
        guard let open = html.range(of: "{#", options: .backwards), html.hasSuffix("}") else { return html }
        return html[..<open.lowerBound].trimmed
    }
}
