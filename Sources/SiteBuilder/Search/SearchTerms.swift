import Diagnostics
import Foundation
import LessonModel

/// Words a reader may type for each other, from `content/search-terms.yml` and the glossary: the query
/// side of search treats every word of a group as any other (`syn` in the index).
///
/// ```yaml
/// groups:
///   - [挡住, 遮挡, 遮住]
///   - [dismiss, hide, resign]
///   - [收起键盘, 隐藏键盘, 关闭键盘]
/// ```
/// A word may be a phrase: Chinese is matched inside the query's text, English word by word. Both
/// Chinese scripts are written into every index folded (`ScriptFolding`), so one group serves both.
/// The glossary's pairs (文本框 and 文字欄位) are groups too: a Simplified word finds a Traditional page
/// that uses the Taiwan word.
public struct SearchTerms: Sendable, Hashable {
    public var groups: [[String]]

    public init(groups: [[String]] = []) {
        self.groups = groups
    }

    public static let fileName = "search-terms.yml"

    /// Reads `search-terms.yml` in the content folder, if present.
    public static func load(contentPath: String, into bag: inout DiagnosticBag) -> SearchTerms {
        let path = (contentPath as NSString).appendingPathComponent(fileName)
        guard let items = ContentYAMLFile.list(
            path, key: "groups", syntax: .searchTermsSyntax, Diagnostic.Message.searchTermsSyntax, shape: .searchTermsShape,
            .searchTermsWithoutGroups, into: &bag)
        else { return SearchTerms() }
        var groups: [[String]] = []
        for item in items {
            let location = SourceLocation(path: path, line: item.line, column: item.column)
            guard case .sequence(let words) = item.value else {
                bag.error(.searchTermsShape, location, .searchTermsGroupNotAList)
                continue
            }
            let forms = words.compactMap { $0.string?.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            guard forms.count == words.count, forms.count >= 2 else {
                bag.error(.searchTermsShape, location, .searchTermsGroupTooSmall)
                continue
            }
            groups.append(forms)
        }
        return SearchTerms(groups: groups)
    }

    /// These groups and one more for each pair of forms.
    public func adding(pairs: [[String]]) -> SearchTerms {
        SearchTerms(groups: groups + pairs.filter { Set($0).count > 1 })
    }
}
