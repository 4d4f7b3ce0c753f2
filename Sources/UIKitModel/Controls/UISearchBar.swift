import Foundation

/// The search bar's delegate; every method is optional and defaults to UIKit's answer.
@preconcurrency @MainActor public protocol UISearchBarDelegate: NSObjectProtocol {
    func searchBarShouldBeginEditing(_ searchBar: UISearchBar) -> Bool
    func searchBarTextDidBeginEditing(_ searchBar: UISearchBar)
    func searchBarShouldEndEditing(_ searchBar: UISearchBar) -> Bool
    func searchBarTextDidEndEditing(_ searchBar: UISearchBar)
    func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String)
    func searchBar(_ searchBar: UISearchBar, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool
    /// The iOS 26 form: when implemented, UIKit asks only it (uikit-behaviour-3 §B3.1, #147).
    @available(iOS 26.0, *)
    func searchBar(_ searchBar: UISearchBar, shouldChangeTextInRanges ranges: [NSValue], replacementText: String) -> Bool
    func searchBarSearchButtonClicked(_ searchBar: UISearchBar)
    func searchBarCancelButtonClicked(_ searchBar: UISearchBar)
}

extension UISearchBarDelegate {
    public func searchBarShouldBeginEditing(_ searchBar: UISearchBar) -> Bool {
        DelegateProbe.markDefault()
        return true
    }
    public func searchBarTextDidBeginEditing(_ searchBar: UISearchBar) { DelegateProbe.markDefault() }
    public func searchBarShouldEndEditing(_ searchBar: UISearchBar) -> Bool {
        DelegateProbe.markDefault()
        return true
    }
    public func searchBarTextDidEndEditing(_ searchBar: UISearchBar) { DelegateProbe.markDefault() }
    public func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String) { DelegateProbe.markDefault() }
    public func searchBar(_ searchBar: UISearchBar, shouldChangeTextIn range: NSRange, replacementText text: String) -> Bool {
        DelegateProbe.markDefault()
        return true
    }
    @available(iOS 26.0, *)
    public func searchBar(_ searchBar: UISearchBar, shouldChangeTextInRanges ranges: [NSValue], replacementText: String) -> Bool {
        DelegateProbe.markDefault()
        return true
    }
    public func searchBarSearchButtonClicked(_ searchBar: UISearchBar) { DelegateProbe.markDefault() }
    public func searchBarCancelButtonClicked(_ searchBar: UISearchBar) { DelegateProbe.markDefault() }
}

/// The text field inside a search bar (iOS 13's `searchTextField`).
open class UISearchTextField: UITextField {}

/// A search field with an optional Cancel button, as UIKit's `UISearchBar`.
///
/// The bar is 56 points tall; its `searchTextField` does the editing and the bar turns the field's events into the
/// search bar delegate's calls: begin/end editing (with their should- questions), `shouldChangeTextIn`,
/// `textDidChange` for the user's edits (not for code assigning `text`), Return as `searchBarSearchButtonClicked`
/// (which does not dismiss the keyboard by itself, as in UIKit), and the Cancel button as
/// `searchBarCancelButtonClicked`.
open class UISearchBar: UIView {
    /// How the bar is drawn; stored only.
    public enum Style: UInt, Sendable { case `default` = 0, prominent, minimal }

    open weak var delegate: UISearchBarDelegate?
    /// The field that edits the search text.
    public let searchTextField = UISearchTextField()
    open var searchBarStyle: Style = .default
    open var prompt: String?
    private let cancelButton = UIButton(type: .system)
    private lazy var adapter = SearchFieldAdapter(bar: self)

    public override init(frame: CGRect) {
        super.init(frame: frame)
        setUp()
    }

    public required init?(coder: NSCoder) {
        super.init(coder: coder)
        setUp()
    }

    private func setUp() {
        searchTextField.borderStyle = .roundedRect
        searchTextField.returnKeyType = .search
        searchTextField.delegate = adapter
        searchTextField.addAction(UIAction { [weak self] _ in
            guard let self, let delegate = self.delegate else { return }
            let text = self.text ?? ""
            _ = UIKitSystem.shared.callDelegate("searchBar(\(traceName(self)), textDidChange: \(quoted(text)))") {
                delegate.searchBar(self, textDidChange: text)
            }
        }, for: .editingChanged)
        addSubview(searchTextField)
        cancelButton.setTitle("Cancel", for: .normal)
        cancelButton.isHidden = true
        cancelButton.addAction(UIAction { [weak self] _ in
            guard let self, let delegate = self.delegate else { return }
            _ = UIKitSystem.shared.callDelegate("searchBarCancelButtonClicked(\(traceName(self)))") {
                delegate.searchBarCancelButtonClicked(self)
            }
        }, for: .touchUpInside)
        addSubview(cancelButton)
    }

    open var text: String? {
        get { searchTextField.text }
        set { searchTextField.text = newValue }
    }

    open var placeholder: String? {
        get { searchTextField.placeholder }
        set { searchTextField.placeholder = newValue }
    }

    open var keyboardType: UIKeyboardType {
        get { searchTextField.keyboardType }
        set { searchTextField.keyboardType = newValue }
    }

    open var returnKeyType: UIReturnKeyType {
        get { searchTextField.returnKeyType }
        set { searchTextField.returnKeyType = newValue }
    }

    open var autocapitalizationType: UITextAutocapitalizationType {
        get { searchTextField.autocapitalizationType }
        set { searchTextField.autocapitalizationType = newValue }
    }

    open var autocorrectionType: UITextAutocorrectionType {
        get { searchTextField.autocorrectionType }
        set { searchTextField.autocorrectionType = newValue }
    }

    open override var inputAccessoryView: UIView? {
        get { searchTextField.inputAccessoryView }
        set { searchTextField.inputAccessoryView = newValue }
    }

    open var showsCancelButton: Bool {
        get { !cancelButton.isHidden }
        set {
            cancelButton.isHidden = !newValue
            setNeedsLayout()
        }
    }

    open func setShowsCancelButton(_ showsCancelButton: Bool, animated: Bool) {
        self.showsCancelButton = showsCancelButton
    }

    open override var canBecomeFirstResponder: Bool { true }
    open override var isFirstResponder: Bool { searchTextField.isFirstResponder }

    @discardableResult
    open override func becomeFirstResponder() -> Bool { searchTextField.becomeFirstResponder() }

    @discardableResult
    open override func resignFirstResponder() -> Bool { searchTextField.resignFirstResponder() }

    open override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: 56) }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: size.width > 0 ? size.width : UIScreen.main.bounds.width, height: 56)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let cancelWidth: CGFloat = showsCancelButton ? cancelButton.intrinsicContentSize.width + 8 : 0
        searchTextField.frame = CGRect(x: 8, y: 10, width: max(0, bounds.width - 16 - cancelWidth), height: 36)
        cancelButton.frame = CGRect(x: bounds.width - cancelWidth, y: 10, width: cancelWidth - 8, height: 36)
    }
}

/// Turns the search field's delegate calls into the search bar delegate's.
private final class SearchFieldAdapter: NSObject, UITextFieldDelegate {
    weak var bar: UISearchBar?

    init(bar: UISearchBar) {
        self.bar = bar
        super.init()
    }

    private func ask<R>(_ name: String, _ fallback: R, _ body: (UISearchBarDelegate, UISearchBar) -> R) -> R {
        guard let bar, let delegate = bar.delegate else { return fallback }
        return UIKitSystem.shared.callDelegate("\(name)(\(traceName(bar)))") { body(delegate, bar) }.value
    }

    func textFieldShouldBeginEditing(_ textField: UITextField) -> Bool {
        ask("searchBarShouldBeginEditing", true) { $0.searchBarShouldBeginEditing($1) }
    }

    func textFieldDidBeginEditing(_ textField: UITextField) {
        ask("searchBarTextDidBeginEditing", ()) { $0.searchBarTextDidBeginEditing($1) }
    }

    func textFieldShouldEndEditing(_ textField: UITextField) -> Bool {
        ask("searchBarShouldEndEditing", true) { $0.searchBarShouldEndEditing($1) }
    }

    func textFieldDidEndEditing(_ textField: UITextField) {
        ask("searchBarTextDidEndEditing", ()) { $0.searchBarTextDidEndEditing($1) }
    }

    /// The field asks this (the adapter has no ranges form, so on iOS 26 with the union range, which for a search
    /// field's single edits is the range); the bar's delegate is then asked its ranges or single-range form (#147).
    func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
        guard let bar, let delegate = bar.delegate else { return true }
        let system = UIKitSystem.shared
        return ShouldChangeQuestion.ask(
            [range], behavior: system.behavior,
            askRanges: { ranges in
                system.callDelegate("searchBar(shouldChangeTextInRanges:)(\(traceName(bar)))") {
                    delegate.searchBar(bar, shouldChangeTextInRanges: ShouldChangeQuestion.values(ranges), replacementText: string)
                }
            },
            askSingle: { union in
                system.callDelegate("searchBar(shouldChangeTextIn:)(\(traceName(bar)))") {
                    delegate.searchBar(bar, shouldChangeTextIn: union, replacementText: string)
                }
            })
    }

    func textFieldShouldReturn(_ textField: UITextField) -> Bool {
        ask("searchBarSearchButtonClicked", ()) { $0.searchBarSearchButtonClicked($1) }
        return true
    }
}
