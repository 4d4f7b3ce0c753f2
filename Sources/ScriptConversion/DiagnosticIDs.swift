import Diagnostics

/// The glossary's diagnostic ids, each declared once.
extension Diagnostic.ID {
    public static let glossaryEncoding: Self = "glossary.encoding"
    public static let glossaryShape: Self = "glossary.shape"
    public static let glossarySyntax: Self = "glossary.syntax"
}
