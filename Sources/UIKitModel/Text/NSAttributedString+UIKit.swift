import Foundation

#if !canImport(Darwin)
extension NSAttributedString.Key {
    /// The text colour (a `UIColor`).
    public static let foregroundColor = NSAttributedString.Key("NSColor")
    /// The background colour behind the text (a `UIColor`).
    public static let backgroundColor = NSAttributedString.Key("NSBackgroundColor")
    /// The font (a `UIFont`).
    public static let font = NSAttributedString.Key("NSFont")
    /// Extra spacing between characters (a number of points).
    public static let kern = NSAttributedString.Key("NSKern")
    /// An underline style (an `Int`).
    public static let underlineStyle = NSAttributedString.Key("NSUnderline")
    /// A strikethrough style (an `Int`).
    public static let strikethroughStyle = NSAttributedString.Key("NSStrikethrough")
    /// A link (a `URL` or a `String`), which a text view keeps in its `attributedText`.
    public static let link = NSAttributedString.Key("NSLink")
}
#endif
