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
    /// The user tapped a scope button (not called when code sets `selectedScopeButtonIndex`).
    func searchBar(_ searchBar: UISearchBar, selectedScopeButtonIndexDidChange selectedScope: Int)
    /// The bookmark button was tapped; the model's bar has no bookmark button, so this is never called.
    func searchBarBookmarkButtonClicked(_ searchBar: UISearchBar)
    /// The results list button was tapped; the model's bar has no such button, so this is never called.
    func searchBarResultsListButtonClicked(_ searchBar: UISearchBar)
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
    public func searchBar(_ searchBar: UISearchBar, selectedScopeButtonIndexDidChange selectedScope: Int) { DelegateProbe.markDefault() }
    public func searchBarBookmarkButtonClicked(_ searchBar: UISearchBar) { DelegateProbe.markDefault() }
    public func searchBarResultsListButtonClicked(_ searchBar: UISearchBar) { DelegateProbe.markDefault() }
}

/// A search token: an icon and text shown as one unit before a search field's text (iOS 13).
@available(iOS 13.0, *)
open class UISearchToken: NSObject {
    /// The token's text, as it shows.
    package let text: String
    /// The token's icon (stored; the model draws the token as its text).
    package let icon: UIImage?
    /// Your value for the token, e.g. the filter it stands for.
    open var representedObject: Any?

    private init(text: String, icon: UIImage?) {
        self.text = text
        self.icon = icon
        super.init()
    }

    /// A token with an icon and text.
    public convenience init(icon: UIImage?, text: String) { self.init(text: text, icon: icon) }
}

/// The text field inside a search bar (iOS 13's `searchTextField`), with search tokens before its text.
///
/// Tokens are kept in order and are not part of `text`. Deleting a token with the Delete key (which selects it, then
/// deletes it, on iOS) is not modelled: a Delete at the start of the text while tokens show stops the program.
open class UISearchTextField: UITextField {
    /// The tokens, in order.
    @available(iOS 13.0, *)
    open var tokens: [UISearchToken] = []
    /// The tokens' background colour (stored; the model draws no tokens).
    @available(iOS 13.0, *)
    open var tokenBackgroundColor: UIColor?
    /// Whether the user may delete tokens (stored: the model has no token deletion by the user).
    @available(iOS 13.0, *)
    open var allowsDeletingTokens = true
    /// Whether the user may copy tokens (stored: the model has no pasteboard).
    @available(iOS 13.0, *)
    open var allowsCopyingTokens = true

    /// Inserts `token` at `tokenIndex` (0 through `tokens.count`).
    @available(iOS 13.0, *)
    open func insertToken(_ token: UISearchToken, at tokenIndex: Int) {
        precondition(tokenIndex >= 0 && tokenIndex <= tokens.count, "insertToken(_:at:): index \(tokenIndex) is out of range")
        tokens.insert(token, at: tokenIndex)
    }

    /// Removes the token at `tokenIndex`.
    @available(iOS 13.0, *)
    open func removeToken(at tokenIndex: Int) {
        precondition(tokenIndex >= 0 && tokenIndex < tokens.count, "removeToken(at:): index \(tokenIndex) is out of range")
        tokens.remove(at: tokenIndex)
    }

    open override func deleteBackward() {
        if !tokens.isEmpty, selection.location == 0, selection.length == 0, markedRange == nil {
            fatalError("UISearchTextField: deleting a search token with the Delete key is not modelled (docs/model.md, \"Search\")")
        }
        super.deleteBackward()
    }
}

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
    /// The search controller that owns the bar, told about its editing.
    package weak var searchController: UISearchController?
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
            guard let self else { return }
            if let delegate = self.delegate {
                let text = self.text ?? ""
                _ = UIKitSystem.shared.callDelegate("searchBar(\(traceName(self)), textDidChange: \(quoted(text)))") {
                    delegate.searchBar(self, textDidChange: text)
                }
            }
            self.searchController?.searchBarTextDidChange()
        }, for: .editingChanged)
        addSubview(searchTextField)
        cancelButton.setTitle("Cancel", for: .normal)
        cancelButton.isHidden = true
        cancelButton.addAction(UIAction { [weak self] _ in
            guard let self else { return }
            if let delegate = self.delegate {
                _ = UIKitSystem.shared.callDelegate("searchBarCancelButtonClicked(\(traceName(self)))") {
                    delegate.searchBarCancelButtonClicked(self)
                }
            }
            self.searchController?.searchBarCancelled()
        }, for: .touchUpInside)
        addSubview(cancelButton)
    }

    /// The search text; setting it from code calls no bar delegate method, but a search controller's updater hears it.
    open var text: String? {
        get { searchTextField.text }
        set {
            let old = searchTextField.text ?? ""
            searchTextField.text = newValue
            if (newValue ?? "") != old { searchController?.searchBarTextDidChange() }
        }
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

    /// Whether the Cancel button shows; setting it takes the button over from a search controller (Apple doc
    /// `automaticallyShowsCancelButton`).
    open var showsCancelButton: Bool {
        get { !cancelButton.isHidden }
        set {
            if #available(iOS 13.0, *) { searchController?.automaticallyShowsCancelButton = false }
            setCancelButtonShown(newValue)
        }
    }

    open func setShowsCancelButton(_ showsCancelButton: Bool, animated: Bool) {
        self.showsCancelButton = showsCancelButton
    }

    package func setCancelButtonShown(_ shown: Bool) {
        cancelButton.isHidden = !shown
        setNeedsLayout()
    }

    // MARK: Scope bar

    /// The scope buttons' titles; the scope bar shows them under the field while `showsScopeBar` is true.
    open var scopeButtonTitles: [String]? {
        didSet { rebuildScopeButtons() }
    }

    /// The selected scope button; setting it from code calls no delegate method.
    open var selectedScopeButtonIndex = 0 {
        didSet { updateScopeSelection() }
    }

    /// Whether the scope bar shows (44 points under the field, making the bar 100 points tall [U]).
    open var showsScopeBar: Bool {
        get { scopeBarShown }
        set { setScopeBarShown(newValue) }
    }

    @available(iOS 13.0, *)
    open func setShowsScope(_ show: Bool, animated: Bool) { setScopeBarShown(show) }

    private var scopeBarShown = false
    private var scopeButtons: [UIButton] = []

    package func setScopeBarShown(_ shown: Bool) {
        guard shown != scopeBarShown else { return }
        scopeBarShown = shown
        for button in scopeButtons { button.isHidden = !shown }
        invalidateIntrinsicContentSize()
        setNeedsLayout()
        if let bar = superview as? UINavigationBar { bar.searchAreaChanged() }
    }

    private var barHeight: CGFloat { scopeBarShown ? 100 : 56 }

    private func rebuildScopeButtons() {
        for button in scopeButtons { button.removeFromSuperview() }
        scopeButtons = (scopeButtonTitles ?? []).enumerated().map { index, title in
            let button = UIButton(type: .system)
            button.setTitle(title, for: .normal)
            button.isHidden = !scopeBarShown
            button.addAction(UIAction { [weak self] _ in self?.userSelectedScope(index) }, for: .touchUpInside)
            addSubview(button)
            return button
        }
        updateScopeSelection()
        setNeedsLayout()
    }

    private func updateScopeSelection() {
        for (index, button) in scopeButtons.enumerated() { button.isSelected = index == selectedScopeButtonIndex }
    }

    /// The user tapped scope button `index`: it becomes selected and the delegate hears it when it changed.
    private func userSelectedScope(_ index: Int) {
        guard index != selectedScopeButtonIndex else { return }
        selectedScopeButtonIndex = index
        guard let delegate else { return }
        _ = UIKitSystem.shared.callDelegate("searchBar(\(traceName(self)), selectedScopeButtonIndexDidChange: \(index))") {
            delegate.searchBar(self, selectedScopeButtonIndexDidChange: index)
        }
    }

    open override var canBecomeFirstResponder: Bool { true }
    open override var isFirstResponder: Bool { searchTextField.isFirstResponder }

    @discardableResult
    open override func becomeFirstResponder() -> Bool { searchTextField.becomeFirstResponder() }

    @discardableResult
    open override func resignFirstResponder() -> Bool { searchTextField.resignFirstResponder() }

    open override var intrinsicContentSize: CGSize { CGSize(width: UIView.noIntrinsicMetric, height: barHeight) }

    open override func sizeThatFits(_ size: CGSize) -> CGSize {
        CGSize(width: size.width > 0 ? size.width : UIScreen.main.bounds.width, height: barHeight)
    }

    open override func layoutSubviews() {
        super.layoutSubviews()
        let cancelWidth: CGFloat = showsCancelButton ? cancelButton.intrinsicContentSize.width + 8 : 0
        searchTextField.frame = CGRect(x: 8, y: 10, width: max(0, bounds.width - 16 - cancelWidth), height: 36)
        cancelButton.frame = CGRect(x: bounds.width - cancelWidth, y: 10, width: cancelWidth - 8, height: 36)
        guard !scopeButtons.isEmpty else { return }
        let width = max(0, bounds.width - 16) / CGFloat(scopeButtons.count)
        for (index, button) in scopeButtons.enumerated() {
            button.frame = CGRect(x: 8 + CGFloat(index) * width, y: 56, width: width, height: 36)
        }
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

    /// A search controller presents its search first, and updates its results after the bar's delegate heard it.
    func textFieldDidBeginEditing(_ textField: UITextField) {
        bar?.searchController?.searchBarWillBeginEditing()
        ask("searchBarTextDidBeginEditing", ()) { $0.searchBarTextDidBeginEditing($1) }
        bar?.searchController?.searchBarTextDidChange()
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
