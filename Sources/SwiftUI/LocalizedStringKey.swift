import Foundation

/// The key of a localized string, as SwiftUI's `LocalizedStringKey`: what a string literal with SwiftUI's
/// interpolations (`specifier:`, `format:`) becomes for `Text`. The model has no localization tables, so the key's
/// text is what shows.
public struct LocalizedStringKey: Equatable, ExpressibleByStringInterpolation, Sendable {
    let text: String

    public init(_ value: String) { text = value }

    public init(stringLiteral value: String) { text = value }

    public init(stringInterpolation: StringInterpolation) { text = stringInterpolation.text }

    /// The pieces of an interpolated key, as SwiftUI's `LocalizedStringKey.StringInterpolation`.
    public struct StringInterpolation: StringInterpolationProtocol {
        var text = ""

        public init(literalCapacity: Int, interpolationCount: Int) {}

        public mutating func appendLiteral(_ literal: String) { text += literal }

        public mutating func appendInterpolation(_ string: String) { text += string }

        public mutating func appendInterpolation<T>(_ value: T) { text += "\(value)" }

        /// A value formatted with a `printf` specifier, e.g. `"\(total, specifier: "%.2f")"`.
        public mutating func appendInterpolation<T: CVarArg>(_ value: T, specifier: String) {
            text += String(format: specifier, value)
        }

        /// A value formatted with a format style, e.g. `"\(amount, format: .number)"`.
        public mutating func appendInterpolation<F: FormatStyle>(_ input: F.FormatInput, format: F) where F.FormatOutput == String {
            text += format.format(input)
        }

        @available(iOS 14.0, *)
        public mutating func appendInterpolation(_ text: Text) { self.text += text.string }
    }
}

extension Text {
    /// A text showing `key` (the model shows the key itself: there are no localization tables).
    public init(_ key: LocalizedStringKey) { string = key.text }

    /// A text showing `input` formatted with `format`, e.g. `Text(price, format: .number)`.
    public init<F: FormatStyle>(_ input: F.FormatInput, format: F) where F.FormatInput: Equatable, F.FormatOutput == String {
        string = format.format(input)
    }
}
