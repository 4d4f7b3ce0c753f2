import Diagnostics

/// The glossary's diagnostic ids, each declared once.
extension Diagnostic.ID {
    public static let glossaryEncoding = Self(rawValue: "glossary.encoding")
    public static let glossaryShape = Self(rawValue: "glossary.shape")
    public static let glossarySyntax = Self(rawValue: "glossary.syntax")
}
