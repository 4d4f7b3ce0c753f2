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
            and `zh-Hant` to a non-empty form, and may add `source` and `note` (text saying where the choice comes
            from) and `wrong` (a list of what OpenCC writes for the term on Traditional pages in some sentences).
            An entry that is not like that is left out, so its term is converted by OpenCC alone.
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
    ] + mainlandForms
}

extension Diagnostic.Message {
    static func glossarySyntax(_ yamlError: String) -> Self { Self("glossary: \(yamlError)") }
    static let glossaryWithoutTerms = Self("glossary: expected 'terms:' with a list of entries")
    static let glossaryTermNotAMapping = Self("glossary: each term is a mapping of languages to forms, like 'zh-Hans: 代理'")
    static let glossaryKeyNotAScript = Self("glossary: an entry's keys are zh-Hans and zh-Hant (non-empty forms), source and note (text) and wrong (a list of forms)")
    static let glossaryTermIncomplete = Self("glossary: a term needs both its zh-Hans and zh-Hant forms")
}

/// The mainland-forms check's ids, explanations and wording.
extension Diagnostic.ID {
    public static let mainlandForm = Self(rawValue: "glossary.mainland-form")
    public static let mainlandFormsShape = Self(rawValue: "glossary.mainland-forms.shape")
    public static let mainlandFormsSyntax = Self(rawValue: "glossary.mainland-forms.syntax")
}

extension Diagnostic.Explanation {
    /// The mainland-forms check's ids explained (`tutorbuild explain ID`).
    public static let mainlandForms: [Self] = [
        Self(.mainlandForm, "a generated Traditional Chinese page writes a word as the mainland does, or as OpenCC mistook it", """
            Pages in Traditional Chinese (Taiwan) are converted from the Simplified lessons with OpenCC and the
            glossary (`content/glossary.yml`). After conversion, the build looks for the forms listed in
            `content/mainland-forms.yml` in the page's prose and code comments: words Taiwan does not write (工具欄
            for 工具列, 單元格 for 儲存格, 重寫 for 覆寫) and OpenCC's character mistakes (切換髮生, 寫明瞭). The
            warning is at the line of the Simplified lesson the page was converted from; the Traditional page keeps
            its lines. The list is independent of the glossary, so it also catches words no glossary entry covers.
            """,
            example: .markdown("""
                用 `inputAccessoryView` 在键盘上方放一个工具栏。
                """, in: "content/chat-input-bar/zh-Hans.md"),
            fix: """
                Add a term to `content/glossary.yml` for the Simplified word (`- zh-Hans: 工具栏` / `zh-Hant: 工具列`, \
                with its `source`); for an OpenCC mistake, list what it wrote under the term's `wrong:`. Never edit the \
                generated page. When the flagged form is right in this place, add the phrase that holds it to the \
                form's `except:` list in `content/mainland-forms.yml` (docs/chinese.md).
                """),
        Self(.mainlandFormsShape, "the mainland-forms list is YAML, but not a list of forms", """
            `content/mainland-forms.yml` lists forms that must not appear on generated Traditional pages. It must be a
            mapping with one key, `forms`, holding a list; each item is a form, or a mapping with `form`, and
            optionally `taiwan` (the suggestion), `note` and `except` (a list of phrases in which the form is right).
            An item that is not like that is not checked.
            """,
            example: .yaml("""
                forms:
                  - taiwan: 工具列          # no form
                """, in: "content/mainland-forms.yml"),
            fix: "Give every item a `form`, as in `- form: 工具欄` followed by `  taiwan: 工具列`."),
        Self(.mainlandFormsSyntax, "the mainland-forms list is not valid YAML", """
            libyaml could not parse `content/mainland-forms.yml`; the location is where it gave up. Nothing is checked
            on the generated Traditional pages until it parses.
            """,
            example: .yaml("""
                forms:
                  - form: 工具欄
                   taiwan: 工具列
                """, in: "content/mainland-forms.yml"),
            fix: "Fix the YAML at the reported line: usually indentation (the keys of one item line up) or an unclosed quote."),
    ]
}

extension Diagnostic.Message {
    static func mainlandFormsSyntax(_ yamlError: String) -> Self { Self("mainland forms: \(yamlError)") }
    static let mainlandFormsWithoutForms = Self("mainland forms: expected 'forms:' with a list of entries")
    static let mainlandFormWithoutForm = Self("mainland forms: each item is a form, or a mapping with a non-empty 'form'")
    static let mainlandFormKey = Self("mainland forms: an item's keys are form, taiwan and note (text) and except (a list of phrases)")
    static func mainlandForm(_ form: String, taiwan: String?) -> Self {
        let suggestion = taiwan.map { "; Taiwan writes \($0)" } ?? ""
        return Self("the generated zh-Hant page writes \(form), a mainland or mistaken form\(suggestion) (content/mainland-forms.yml)")
    }
}
