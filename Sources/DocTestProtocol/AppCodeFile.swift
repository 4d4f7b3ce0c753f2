/// A lesson's app code as one Swift file: what its snippets give (`SnippetResult.appCode`), in order, under
/// `import UIKit` and the snippets' own imports; the site publishes it beside the lesson's page.
public enum AppCodeFile {
    /// The file, or `nil` when no snippet gives any app code.
    public static func text(_ parts: [String?]) -> String? {
        var imports = ["import UIKit"]
        var body: [String] = []
        for part in parts.compactMap({ $0 }) {
            var lines: [Substring] = []
            for line in part.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.hasPrefix("import ") {
                    if !imports.contains(String(line)) { imports.append(String(line)) }
                } else {
                    lines.append(line)
                }
            }
            while lines.first?.allSatisfy({ $0 == " " }) == true { lines.removeFirst() }
            while lines.last?.allSatisfy({ $0 == " " }) == true { lines.removeLast() }
            if !lines.isEmpty { body.append(lines.joined(separator: "\n")) }
        }
        guard !body.isEmpty else { return nil }
        return imports.joined(separator: "\n") + "\n\n" + body.joined(separator: "\n\n") + "\n"
    }
}
