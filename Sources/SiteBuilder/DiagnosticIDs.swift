import Diagnostics

/// The site builder's diagnostic ids, each declared once; their explanations and wording follow.
extension Diagnostic.ID {
    public static let siteAssetOutside = Self(rawValue: "site.asset.outside")
    public static let siteAssetUnreadable = Self(rawValue: "site.asset.unreadable")
    public static let searchTermsSyntax = Self(rawValue: "search.terms.syntax")
    public static let searchTermsShape = Self(rawValue: "search.terms.shape")
}

extension Diagnostic.Explanation {
    /// The site builder's ids explained, one each (`tutorbuild explain ID`).
    public static let siteBuilder: [Self] = [
        Self(.searchTermsShape, "the search terms file is YAML, but not a list of groups of words", """
            `content/search-terms.yml` lists words a reader may type for one another (挡住 and 遮挡, hide and
            dismiss): a query with one form of a group also finds pages that use another. It must be a mapping
            with one key, `groups`, holding a list; each group is a list of at least two non-empty forms. A
            group that is not like that is left out, so its words are searched only as written.
            """,
            example: .yaml("""
                groups:
                  - 挡住                 # a single form, not a list
                  - [hide, dismiss]
                """, in: "content/search-terms.yml"),
            fix: "Write every group as a list of two or more forms, as in `- [挡住, 遮挡, 遮住]`."),
        Self(.searchTermsSyntax, "the search terms file is not valid YAML", """
            libyaml could not parse `content/search-terms.yml`; the location is where it gave up. Until it
            parses, the search index is built without its groups (the glossary's pairs still count), so
            queries find pages only by the words they use.
            """,
            example: .yaml("""
                groups:
                  - [挡住, 遮挡
                """, in: "content/search-terms.yml"),
            fix: "Fix the YAML at the reported line: usually an unclosed `[` or a misaligned list item."),
        Self(.siteAssetOutside, "a file beside a lesson resolves to a place outside the content folder, so it is not copied", """
            The build copies the pictures and other files of each lesson folder into the site. A file whose real
            path (after following links, including a link to the lesson folder itself) is not inside the content
            folder is left out, so a build never publishes what lies elsewhere on the machine. A warning: the page
            is built, without that file.
            """,
            example: .files("""
                content/keyboard -> /home/me/drafts/keyboard     (the lesson folder is a link)
                content/keyboard/keyboard.png
                """),
            fix: "Move the lesson's folder, with its files, into the content folder instead of linking to it."),
        Self(.siteAssetUnreadable, "a file beside a lesson could not be copied into the site", """
            The build copies the pictures and other files of each lesson folder into the site. This file could not
            be read or copied (its permissions, or it changed or vanished while the build ran); the message says
            why. A warning: the page is built, and any picture it shows from this file is missing.
            """,
            example: .files("""
                content/keyboard/en.md
                content/keyboard/keyboard.png      (mode 000: not readable)
                """),
            fix: "Make the file readable by the user running tutorbuild (`chmod a+r content/keyboard/keyboard.png`), or remove it."),
    ]
}

extension Diagnostic.Message {
    static func searchTermsSyntax(_ yamlError: String) -> Self { Self("search terms: \(yamlError)") }
    static let searchTermsWithoutGroups = Self("search terms: expected 'groups:' with a list of word lists")
    static let searchTermsGroupNotAList = Self("search terms: each group is a list of words, like '[挡住, 遮挡]'")
    static let searchTermsGroupTooSmall = Self("search terms: a group needs two or more non-empty words")
    static let assetOutsideContent = Self("lesson file is a link to a place outside the content folder; it is not copied")
    static func assetNotCopied(_ error: any Error) -> Self {
        Self((error as? SiteBuildError)?.message ?? "cannot copy lesson file to the site (\(error))")
    }
}
