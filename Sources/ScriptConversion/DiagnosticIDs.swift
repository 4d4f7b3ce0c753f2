import Diagnostics

/// The glossary's diagnostic ids, each declared once; their explanations and wording follow.
extension Diagnostic.ID {
    public static let glossaryShape = Self(rawValue: "glossary.shape")
    public static let glossarySyntax = Self(rawValue: "glossary.syntax")
}

extension Diagnostic.Explanation {
    /// The glossary's ids explained, one each (`tutorbuild explain ID`).
    public static let scriptConversion: [Self] = [
        Self(.glossaryShape, "the glossary is YAML, but not a list of terms with both Chinese forms", """
            `content/glossary.yml` pins how technical terms are written after OpenCC converts a page to the other
            Chinese script. It must be a mapping with one key, `terms`, holding a list; each entry maps `zh-Hans`
            and `zh-Hant` to a non-empty form. An entry that is not like that is left out, so its term is converted
            by OpenCC alone.
            """,
            example: .yaml("""
                terms:
                  - zh-Hans: 视图控制器          # no zh-Hant form
                  - 代理                        # not a mapping
                """, in: "content/glossary.yml"),
            fix: "Give every entry both forms, as in `- zh-Hans: 视图控制器` followed by `  zh-Hant: 視圖控制器`."),
        Self(.glossarySyntax, "the glossary is not valid YAML", """
            libyaml could not parse `content/glossary.yml`; the location is where it gave up. The whole glossary
            is ignored until it parses, so every page is converted by OpenCC alone.
            """,
            example: .yaml("""
                terms:
                  - zh-Hans: 视图控制器
                   zh-Hant: 視圖控制器
                """, in: "content/glossary.yml"),
            fix: "Fix the YAML at the reported line: usually indentation (the keys of one entry line up) or an unclosed quote."),
    ]
}

extension Diagnostic.Message {
    static func glossarySyntax(_ yamlError: String) -> Self { Self("glossary: \(yamlError)") }
    static let glossaryWithoutTerms = Self("glossary: expected 'terms:' with a list of entries")
    static let glossaryTermNotAMapping = Self("glossary: each term is a mapping of languages to forms, like 'zh-Hans: 代理'")
    static let glossaryKeyNotAScript = Self("glossary: keys must be zh-Hans or zh-Hant with a non-empty form")
    static let glossaryTermIncomplete = Self("glossary: a term needs both its zh-Hans and zh-Hant forms")
}
