import Foundation
import Testing

/// Small structural queries over generated HTML: enough to assert tags and attributes without a full parser.
struct HTMLProbe {
    let html: String

    /// Every start tag named `name`, as attribute dictionaries (values unescaped for `&amp;`, `&quot;`, `&lt;`, `&gt;`).
    func tags(_ name: String) -> [[String: String]] {
        var result: [[String: String]] = []
        let pattern = "<" + name + "(\\s[^>]*)?>"
        let regex = try! NSRegularExpression(pattern: pattern, options: [.caseInsensitive])
        let attributeRegex = try! NSRegularExpression(pattern: "([a-zA-Z_:][-a-zA-Z0-9_:.]*)(?:=\"([^\"]*)\")?")
        let ns = html as NSString
        for match in regex.matches(in: html, range: NSRange(location: 0, length: ns.length)) {
            var attributes: [String: String] = [:]
            if match.range(at: 1).location != NSNotFound {
                let text = ns.substring(with: match.range(at: 1))
                let tns = text as NSString
                for a in attributeRegex.matches(in: text, range: NSRange(location: 0, length: tns.length)) {
                    let key = tns.substring(with: a.range(at: 1)).lowercased()
                    let value = a.range(at: 2).location == NSNotFound ? "" : tns.substring(with: a.range(at: 2))
                    attributes[key] = Self.unescape(value)
                }
            }
            result.append(attributes)
        }
        return result
    }

    func first(_ name: String, where predicate: ([String: String]) -> Bool = { _ in true }) -> [String: String]? {
        tags(name).first(where: predicate)
    }

    var htmlLang: String? { first("html")?["lang"] }

    /// `hreflang` → `href` of `<link rel="alternate">`.
    var alternates: [String: String] {
        var map: [String: String] = [:]
        for link in tags("link") where link["rel"] == "alternate" {
            map[link["hreflang"] ?? ""] = link["href"]
        }
        return map
    }

    var canonical: String? { first("link") { $0["rel"] == "canonical" }?["href"] }

    static func unescape(_ s: String) -> String {
        s.replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
