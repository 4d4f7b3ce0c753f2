/// Text made safe to print on a terminal: control characters shown, never obeyed.
///
/// Snippet output, file names and link targets are written by lesson authors; printed raw, an escape
/// sequence in them could set the window title, erase lines or rewrite what was printed before.
public enum TerminalText {
    /// `text` with every C0 control character but line feed and tab, DEL, every C1 control character
    /// and the bidirectional overrides written visibly (`\u{1B}` as `\e`, others as `\u{XX}`).
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: needsEscape) else { return text }
        var out = ""
        out.reserveCapacity(text.utf8.count + 16)
        for scalar in text.unicodeScalars {
            if !needsEscape(scalar) {
                out.unicodeScalars.append(scalar)
            } else if scalar == "\u{1B}" {
                out += "\\e"
            } else if scalar == "\r" {
                out += "\\r"
            } else {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            }
        }
        return out
    }

    static func needsEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A, 0x09: false
        case 0x00...0x1F, 0x7F...0x9F: true
        // Bidirectional embeddings, overrides and isolates: they reorder what is shown ("Trojan Source").
        case 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }
}
