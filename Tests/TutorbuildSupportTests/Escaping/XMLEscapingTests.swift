import Testing
import TutorbuildSupport

/// The one escaper of pages, pictures, JUnit reports and `serve`'s overlay.
@Suite("XML and HTML escaping")
struct XMLEscapingTests {
    /// The rules, one scalar at a time.
    static func reference(_ text: String, in context: XMLEscaping.Context) -> String {
        let attribute = context == .attribute
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where attribute: out += "&quot;"
            case "'" where attribute: out += "&#39;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            case "\u{FFFE}", "\u{FFFF}": out += "\u{FFFD}"
            default:
                out.unicodeScalars.append(scalar.value < 0x20 ? Unicode.Scalar(0x2400 + scalar.value)! : scalar)
            }
        }
        return out
    }

    static let contexts: [XMLEscaping.Context] = [.text, .attribute]

    @Test("markup characters become entities in text, quotes too in attributes; tabs and line ends stay", arguments: contexts)
    func markup(context: XMLEscaping.Context) {
        let escaped = XMLEscaping.escaped("<a href=\"x\">'&'\n\t</a>", in: context)
        if context == .text {
            #expect(escaped == "&lt;a href=\"x\"&gt;'&amp;'\n\t&lt;/a&gt;")
        } else {
            #expect(escaped == "&lt;a href=&quot;x&quot;&gt;&#39;&amp;&#39;\n\t&lt;/a&gt;")
        }
    }

    @Test("characters XML does not allow become visible ones, so every document stays well-formed", arguments: contexts)
    func forbidden(context: XMLEscaping.Context) {
        #expect(XMLEscaping.escaped("a\u{0}b\u{1B}[1mc\u{1E}", in: context) == "a\u{2400}b\u{241B}[1mc\u{241E}")
        #expect(XMLEscaping.escaped("x\u{FFFE}y\u{FFFF}z\u{FFFD}，", in: context) == "x\u{FFFD}y\u{FFFD}z\u{FFFD}，")
        // DEL and C1 controls are allowed in XML 1.0; they stay.
        #expect(XMLEscaping.escaped("\u{7F}\u{85}", in: context) == "\u{7F}\u{85}")
    }

    @Test("every ASCII character is escaped exactly when it must be", arguments: contexts)
    func everyASCIIByte(context: XMLEscaping.Context) {
        for byte in UInt8(0)..<0x80 {
            let c = String(Unicode.Scalar(byte))
            #expect(XMLEscaping.escaped(c, in: context) == Self.reference(c, in: context), "byte \(byte)")
        }
    }

    @Test("escaping keeps the text between special characters whole", arguments: [
        "", "plain", "键盘 & 通知", "<<>>&&", "a\"b'c", "é<é>é", "🎉&🎉", "&", "x<",
    ])
    func runsBetweenEscapes(text: String) {
        for context in Self.contexts {
            let expected = Self.reference(text, in: context)
            #expect(XMLEscaping.escaped(text, in: context) == expected)
            // A Substring takes the same path as a String.
            let padded = "[" + text + "]"
            #expect(XMLEscaping.escaped(padded.dropFirst().dropLast(), in: context) == expected)
        }
    }

    @Test("each special character at every offset of a word, next to Chinese and after bytes a word test may mistake", arguments: contexts)
    func everyOffset(context: XMLEscaping.Context) {
        for special in ["&", "<", ">", "\"", "'", "\n", "\u{1}", "\u{FFFF}"] {
            for offset in 0..<19 {
                for filler in ["abcdefghijklmnopqrs", "键盘通知键盘通知", "\u{0}\u{1}%=;?\u{7F}ÿ", "，：（）！？，：（）"] {
                    let prefix = String(filler.prefix(offset))
                    let text = prefix + special + "tail" + special + String(filler.suffix(3))
                    #expect(XMLEscaping.escaped(text, in: context) == Self.reference(text, in: context), "\(text.debugDescription)")
                }
            }
        }
    }
}
