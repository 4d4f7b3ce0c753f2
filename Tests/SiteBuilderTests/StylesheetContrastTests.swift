import Foundation
import Testing
@testable import SiteBuilder

/// Text colours meet WCAG AA (4.5:1) on the backgrounds the stylesheet draws them on, in light and dark mode,
/// including badge states a build without doc-tests never shows (axe-core checks the pages themselves).
@Suite("Stylesheet contrast")
struct StylesheetContrastTests {
    /// The custom properties of the first block after `marker`.
    static func palette(after marker: String) -> [String: String] {
        let css = Stylesheet.css
        guard let start = css.range(of: marker), let end = css[start.upperBound...].range(of: "}") else { return [:] }
        var colours: [String: String] = [:]
        let block = css[start.upperBound..<end.lowerBound]
        for declaration in block.split(separator: ";") {
            let parts = declaration.split(separator: ":", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }
            if parts.count == 2, parts[0].hasPrefix("--"), parts[1].hasPrefix("#"), parts[1].count == 7 {
                colours[String(parts[0].dropFirst(2))] = parts[1]
            }
        }
        return colours
    }

    static let light = palette(after: ":root {")
    static let dark = light.merging(palette(after: "@media (prefers-color-scheme: dark) {\n  :root {")) { $1 }

    static func luminance(_ hex: String) -> Double {
        let value = Int(hex.dropFirst(), radix: 16) ?? 0
        func channel(_ c: Int) -> Double {
            let s = Double(c) / 255
            return s <= 0.03928 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channel(value >> 16) + 0.7152 * channel(value >> 8 & 0xFF) + 0.0722 * channel(value & 0xFF)
    }

    static func contrast(_ a: String, _ b: String) -> Double {
        let (x, y) = (luminance(a), luminance(b))
        return (max(x, y) + 0.05) / (min(x, y) + 0.05)
    }

    /// Text colour on background, as the stylesheet pairs them.
    static let pairs: [(String, String)] = {
        var pairs: [(String, String)] = []
        for background in ["bg", "panel", "code-bg"] {
            for text in ["fg", "muted", "faint", "accent"] { pairs.append((text, background)) }
        }
        for token in ["k", "t", "s", "n", "c", "a", "d", "i", "code-fg"] {
            pairs.append((token, "code-bg"))
            pairs.append((token, "sim-bg"))  // lines that drive the simulation are shaded
        }
        pairs += [
            ("ok", "ok-soft"), ("bad", "bad-soft"), ("idle", "idle-soft"), ("idle", "bg"), ("fg", "accent-soft"),
            ("accent", "accent-soft"), ("muted", "accent-soft"), ("console-fg", "console-bg"), ("console-dim", "console-bg"),
            ("fg", "bad-soft"), ("bad", "bg"), ("ok", "bg"),
        ]
        return pairs
    }()

    @Test("every text colour is at least 4.5:1 on its background", arguments: ["light", "dark"])
    func contrast(scheme: String) {
        let palette = scheme == "light" ? Self.light : Self.dark
        #expect(palette.count >= 28)
        for (text, background) in Self.pairs {
            guard let t = palette[text], let b = palette[background] else {
                Issue.record("--\(text) or --\(background) is missing")
                continue
            }
            let ratio = Self.contrast(t, b)
            #expect(ratio >= 4.5, "\(scheme): --\(text) \(t) on --\(background) \(b) is \(ratio):1")
        }
    }
}
