import Diagnostics
import Foundation
import LessonModel

/// Terms pinned per script in `content/glossary.yml`, applied after OpenCC's conversion.
///
/// ```yaml
/// terms:
///   - zh-Hans: 视图控制器
///     zh-Hant: 視圖控制器
/// ```
/// Each entry says how one term is written in each script. When a page is converted, whatever
/// OpenCC makes of the term's source-script form is replaced by the pinned target-script form.
public struct Glossary: Sendable, Hashable {
    public struct Term: Sendable, Hashable {
        public var forms: [Language: String]
        public var line: Int

        public init(forms: [Language: String], line: Int) {
            self.forms = forms
            self.line = line
        }
    }

    public var terms: [Term]

    public init(terms: [Term] = []) {
        self.terms = terms
    }

    /// Reads `glossary.yml` in the content folder, if present.
    public static func load(contentPath: String, into bag: inout DiagnosticBag) -> Glossary {
        let path = (contentPath as NSString).appendingPathComponent("glossary.yml")
        guard let items = ContentYAMLFile.list(
            path, key: "terms", syntax: .glossarySyntax, Diagnostic.Message.glossarySyntax, shape: .glossaryShape, .glossaryWithoutTerms,
            into: &bag)
        else { return Glossary() }
        var terms: [Term] = []
        for item in items {
            let location = SourceLocation(path: path, line: item.line, column: item.column)
            guard case .mapping(let entry) = item.value else {
                bag.error(.glossaryShape, location, .glossaryTermNotAMapping)
                continue
            }
            var forms: [Language: String] = [:]
            for pair in entry {
                guard let language = pair.key.string.flatMap(Language.init(rawValue:)), language.isChinese, let form = pair.value.string, !form.isEmpty else {
                    bag.error(.glossaryShape, SourceLocation(path: path, line: pair.key.line, column: pair.key.column), .glossaryKeyNotAScript)
                    continue
                }
                forms[language] = form
            }
            if forms.count == 2 { terms.append(Term(forms: forms, line: item.line)) } else if !forms.isEmpty {
                bag.error(.glossaryShape, location, .glossaryTermIncomplete)
            }
        }
        return Glossary(terms: terms)
    }
}
