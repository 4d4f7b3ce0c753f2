import Foundation

/// Builds heading anchor ids.
enum Anchor {
    /// A URL-friendly id from heading text: letters and digits kept (lower-cased), everything else a hyphen.
    static func slug(_ text: String) -> String {
        var out = ""
        var pendingHyphen = false
        for scalar in text.unicodeScalars {
            // Chinese headings are mostly CJK ideographs: letters without case, so no property lookups and
            // no String per character to lower-case.
            let isUncasedIdeograph = (0x4E00...0x9FFF).contains(scalar.value) || (0x3400...0x4DBF).contains(scalar.value)
            let isLetterOrDigit = scalar.isASCII
                ? ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
                : isUncasedIdeograph || scalar.properties.isAlphabetic || scalar.properties.numericType != nil
            if isLetterOrDigit {
                if pendingHyphen, !out.isEmpty { out += "-" }
                pendingHyphen = false
                if scalar.isASCII {
                    out.unicodeScalars.append(("A"..."Z").contains(scalar) ? Unicode.Scalar(scalar.value + 32)! : scalar)
                } else if isUncasedIdeograph {
                    out.unicodeScalars.append(scalar)
                } else {
                    out += String(scalar).lowercased()
                }
            } else {
                pendingHyphen = true
            }
        }
        return out.isEmpty ? "section" : out
    }

    /// Splits an explicit `{#id}` off the end of heading text: after a space (or alone), and only letters, digits,
    /// `-` and `_` inside, so that `${#array[@]}` or `${#count}` in a heading about shell scripts stays text.
    static func explicitID(in text: String) -> (text: String, id: String)? {
        guard text.hasSuffix("}"), let open = lastIDOpening(in: text) else { return nil }
        if open.lowerBound > text.startIndex {
            let before = text.unicodeScalars[text.unicodeScalars.index(before: open.lowerBound)]
            guard before == " " || before == "\t" else { return nil }
        }
        let id = text[open.upperBound..<text.index(before: text.endIndex)]
        guard !id.isEmpty, id.unicodeScalars.allSatisfy({ isIDScalar($0) }) else { return nil }
        return (text[..<open.lowerBound].trimmed, String(id))
    }

    /// The range of the last `{#` in `text`, found on its UTF-8 bytes (this runs for every heading).
    static func lastIDOpening(in text: String) -> Range<String.Index>? {
        let utf8 = text.utf8
        var i = utf8.endIndex
        while i > utf8.startIndex {
            let brace = utf8.index(before: i)
            if utf8[brace] == UInt8(ascii: "{"), i < utf8.endIndex, utf8[i] == UInt8(ascii: "#") {
                return brace..<utf8.index(after: i)
            }
            i = brace
        }
        return nil
    }

    static func isIDScalar(_ s: Unicode.Scalar) -> Bool {
        // In ASCII exactly the letters are Alphabetic: no property lookup for the usual ids.
        if s.isASCII { return s == "-" || s == "_" || ("a"..."z").contains(s) || ("A"..."Z").contains(s) || ("0"..."9").contains(s) }
        return s.properties.isAlphabetic
    }

    /// Removes an explicit `{#id}` from cmark's HTML of the heading content, where `explicitID` finds one.
    static func stripExplicitID(fromHTML html: String) -> String {
        guard let found = explicitID(in: html) else { return html }
        return found.text
    }
}
