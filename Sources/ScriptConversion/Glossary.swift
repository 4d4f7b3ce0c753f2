import Diagnostics
import Foundation
import LessonModel

/// Terms pinned per script in `content/glossary.yml`, applied after OpenCC's conversion.
///
/// ```yaml
/// terms:
///   - zh-Hans: 视图控制器
///     zh-Hant: 視圖控制器
///     source: apple            # where the choice comes from (docs/chinese.md lists the sources)
///   - zh-Hans: 发生
///     zh-Hant: 發生
///     wrong: [髮生]            # what OpenCC writes in some sentences (切换发生 → 切換髮生)
///     source: opencc
/// ```
/// Each entry says how one term is written in each script. When a page is converted, whatever
/// OpenCC makes of the term's source-script form (and, on Traditional pages, each `wrong` form) is
/// replaced by the pinned target-script form, the longest match first, in one pass (docs/chinese.md).
public struct Glossary: Sendable, Hashable {
    public struct Term: Sendable, Hashable {
        public var forms: [Language: String]
        /// Forms OpenCC produces on Traditional pages that Taiwan never writes, replaced by the zh-Hant form.
        public var wrong: [String]
        /// Where the choice comes from: a key listed in docs/chinese.md, or `judgement`.
        public var source: String?
        public var line: Int

        public init(forms: [Language: String], wrong: [String] = [], source: String? = nil, line: Int) {
            self.forms = forms
            self.wrong = wrong
            self.source = source
            self.line = line
        }
    }

    public var terms: [Term]

    public init(terms: [Term] = []) {
        self.terms = terms
    }

    /// The terms' two forms as synonyms for search: words only, since a single character (栏 → 列) or a fix of
    /// OpenCC's mistake (只有 for 隻有) would make a query match words it does not mean.
    public var searchPairs: [[String]] {
        terms.filter { $0.source != "opencc" && $0.forms.values.allSatisfy { $0.count > 1 } }
            .map { term in [Language.zhHans, .zhHant].compactMap { term.forms[$0] } }
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
            if let term = term(entry, at: location, into: &bag) { terms.append(term) }
        }
        return Glossary(terms: terms)
    }

    /// One entry's term, or nil (with its mistakes reported) when it lacks one of the two forms.
    private static func term(_ entry: [YAMLNode.Pair], at location: SourceLocation, into bag: inout DiagnosticBag) -> Term? {
        let path = location.path
        var forms: [Language: String] = [:]
        var wrong: [String] = []
        var source: String?
        for pair in entry {
            let at = SourceLocation(path: path, line: pair.key.line, column: pair.key.column)
            switch pair.key.string {
            case "source", "note":
                guard let text = pair.value.string else {
                    bag.error(.glossaryShape, at, .glossaryKeyNotAScript)
                    continue
                }
                if pair.key.string == "source" { source = text }
            case "wrong":
                let items: [YAMLNode]
                switch pair.value.value {
                case .sequence(let list): items = list
                case .scalar: items = [pair.value]
                case .mapping: items = []
                }
                let strings = items.compactMap { $0.string }.filter { !$0.isEmpty }
                if strings.count != items.count || items.isEmpty { bag.error(.glossaryShape, at, .glossaryKeyNotAScript) }
                wrong += strings
            default:
                guard let language = pair.key.string.flatMap(Language.init(rawValue:)), language.isChinese, let form = pair.value.string, !form.isEmpty else {
                    bag.error(.glossaryShape, at, .glossaryKeyNotAScript)
                    continue
                }
                forms[language] = form
            }
        }
        guard forms.count == 2 else {
            if !forms.isEmpty { bag.error(.glossaryShape, location, .glossaryTermIncomplete) }
            return nil
        }
        return Term(forms: forms, wrong: wrong, source: source, line: location.line)
    }
}
