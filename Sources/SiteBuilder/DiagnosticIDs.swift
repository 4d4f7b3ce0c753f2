import Diagnostics

/// The site builder's diagnostic ids, each declared once.
extension Diagnostic.ID {
    public static let siteAssetOutside = Self(rawValue: "site.asset.outside")
    public static let siteAssetUnreadable = Self(rawValue: "site.asset.unreadable")
    public static let searchTermsSyntax = Self(rawValue: "search.terms.syntax")
    public static let searchTermsShape = Self(rawValue: "search.terms.shape")
}
