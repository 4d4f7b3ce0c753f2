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
    static let assetOutsideContent = Self("lesson file is a link to a place outside the content folder; it is not copied")
    static func assetNotCopied(_ error: any Error) -> Self {
        Self((error as? SiteBuildError)?.message ?? "cannot copy lesson file to the site (\(error))")
    }
}
