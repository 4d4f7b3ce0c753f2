import Foundation

/// The model's deterministic text measurement: fixed advances per character and a fixed line height.
///
/// A character advances `0.5 × pointSize`, East Asian wide characters (CJK, kana, Hangul, fullwidth forms)
/// and emoji advance `1 × pointSize`; a line is `ceil(1.2 × pointSize)` tall. Real fonts differ, but lessons
/// need stable numbers, not typography.
package enum TextMetrics {
    /// The advance of one character.
    package static func advance(of character: Character, pointSize: CGFloat) -> CGFloat {
        isWide(character) ? pointSize : pointSize / 2
    }

    /// The width of `text` on one line.
    package static func width(of text: String, pointSize: CGFloat) -> CGFloat {
        text.reduce(0) { $0 + advance(of: $1, pointSize: pointSize) }
    }

    /// Splits `text` into lines no wider than `width`, breaking after spaces when possible.
    package static func lines(of text: String, width: CGFloat, pointSize: CGFloat) -> [String] {
        var result: [String] = []
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            result.append(contentsOf: wrap(String(paragraph), width: width, pointSize: pointSize))
        }
        return result
    }

    private static func wrap(_ paragraph: String, width: CGFloat, pointSize: CGFloat) -> [String] {
        guard width > 0 else { return [paragraph] }
        var lines: [String] = []
        var line: [Character] = []
        var lineWidth: CGFloat = 0
        for character in paragraph {
            let advance = advance(of: character, pointSize: pointSize)
            if lineWidth + advance > width && !line.isEmpty && character != " " {
                // Break after the last space on the line if there is one, else before this character.
                if let space = line.lastIndex(of: " "), space < line.count - 1 {
                    lines.append(String(line[...space]))
                    line = Array(line[(space + 1)...])
                } else {
                    lines.append(String(line))
                    line = []
                }
                lineWidth = line.reduce(0) { $0 + Self.advance(of: $1, pointSize: pointSize) }
            }
            line.append(character)
            lineWidth += advance
        }
        lines.append(String(line))
        return lines
    }

    private static func isWide(_ character: Character) -> Bool {
        guard let scalar = character.unicodeScalars.first else { return false }
        switch scalar.value {
        case 0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
            0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
            0xFFE0...0xFFE6, 0x1F300...0x1FAFF, 0x20000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
