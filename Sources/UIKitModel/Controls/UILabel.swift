import Foundation

/// A read-only text view, as UIKit's `UILabel`.
open class UILabel: UIView {
    /// The plain text; setting it drops the attributes of `attributedText`, as in UIKit.
    open var text: String? {
        didSet { storedAttributedText = nil }
    }
    private var storedAttributedText: NSAttributedString?
    /// The styled text: kept with its attributes and read back; `text` becomes its string. The model draws the
    /// string in the label's font and colour (attributes are not drawn, see "UIKit code as it is written").
    open var attributedText: NSAttributedString? {
        get { storedAttributedText ?? text.map { NSAttributedString(string: $0) } }
        set {
            text = newValue?.string
            storedAttributedText = newValue?.copy() as? NSAttributedString
        }
    }
    open var font: UIFont! = UIFont.systemFont(ofSize: 17)
    open var textColor: UIColor! = .label
    open var textAlignment: NSTextAlignment = .natural
    open var numberOfLines = 1
    /// Whether the font follows the user's text size (stored; the simulated user keeps the default size).
    open var adjustsFontForContentSizeCategory = false

    public override init(frame: CGRect) {
        super.init(frame: frame)
        // Labels let touches through to the view behind them, as in UIKit.
        isUserInteractionEnabled = false
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        isUserInteractionEnabled = false
    }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        let pointSize = font.pointSize
        guard let text, !text.isEmpty else { return .zero }
        if numberOfLines == 1 {
            return CGSize(width: TextMetrics.width(of: text, pointSize: pointSize), height: font.lineHeight)
        }
        let width = size.width > 0 ? size.width : .greatestFiniteMagnitude
        var lines = TextMetrics.lines(of: text, width: width, pointSize: pointSize)
        if numberOfLines > 0 { lines = Array(lines.prefix(numberOfLines)) }
        let widest = lines.map { TextMetrics.width(of: $0, pointSize: pointSize) }.max() ?? 0
        return CGSize(width: widest, height: CGFloat(lines.count) * font.lineHeight)
    }

    open override var intrinsicContentSize: CGSize { sizeThatFits(.zero) }
}
