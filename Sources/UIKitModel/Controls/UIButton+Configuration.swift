import Foundation

extension UIButton {
    /// The iOS 15 description of a button's look (style, title, colours), as UIKit's `UIButton.Configuration`.
    ///
    /// The model keeps the properties lesson code sets; the snapshot draws the style's background and the title.
    @available(iOS 15.0, *)
    public struct Configuration: Hashable, @unchecked Sendable {
        /// The background a style draws.
        package enum Background: Hashable, Sendable { case none, filled, tinted, gray }

        /// How rounded the background is.
        public enum CornerStyle: Int, Hashable, Sendable { case fixed = -1, dynamic = 0, small, medium, large, capsule }
        /// The size class of the button.
        public enum Size: Int, Hashable, Sendable { case mini = 0, small, medium, large }
        /// Where the title and subtitle align.
        public enum TitleAlignment: Int, Hashable, Sendable { case automatic = 0, leading, center, trailing }

        package var background: Background
        public var title: String?
        public var subtitle: String?
        public var image: UIImage?
        public var baseForegroundColor: UIColor?
        public var baseBackgroundColor: UIColor?
        public var cornerStyle: CornerStyle = .dynamic
        public var buttonSize: Size = .medium
        public var titleAlignment: TitleAlignment = .automatic
        public var contentInsets: NSDirectionalEdgeInsets
        public var imagePadding: CGFloat = 0
        public var titlePadding: CGFloat = 0
        public var showsActivityIndicator = false

        package init(_ background: Background) {
            self.background = background
            contentInsets = NSDirectionalEdgeInsets(top: 7, leading: 12, bottom: 7, trailing: 12)
        }

        public static func plain() -> Configuration { Configuration(.none) }
        public static func borderless() -> Configuration { Configuration(.none) }
        public static func filled() -> Configuration { Configuration(.filled) }
        public static func borderedProminent() -> Configuration { Configuration(.filled) }
        public static func tinted() -> Configuration { Configuration(.tinted) }
        public static func borderedTinted() -> Configuration { Configuration(.tinted) }
        public static func gray() -> Configuration { Configuration(.gray) }
        public static func bordered() -> Configuration { Configuration(.gray) }

        /// The corner radius the style draws with.
        package var cornerRadius: CGFloat {
            switch cornerStyle {
            case .fixed: return 0
            case .small: return 4
            case .dynamic, .medium: return 6
            case .large: return 10
            case .capsule: return .greatestFiniteMagnitude
            }
        }
    }
}

/// Edge insets that follow the layout direction (leading and trailing instead of left and right).
public struct NSDirectionalEdgeInsets: Hashable, Sendable {
    public var top: CGFloat
    public var leading: CGFloat
    public var bottom: CGFloat
    public var trailing: CGFloat

    public init() { self.init(top: 0, leading: 0, bottom: 0, trailing: 0) }

    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    public static let zero = NSDirectionalEdgeInsets()
}
