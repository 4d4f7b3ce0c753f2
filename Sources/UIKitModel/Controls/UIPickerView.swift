import Foundation

/// Supplies a picker view's components and rows.
@preconcurrency @MainActor public protocol UIPickerViewDataSource: NSObjectProtocol {
    func numberOfComponents(in pickerView: UIPickerView) -> Int
    func pickerView(_ pickerView: UIPickerView, numberOfRowsInComponent component: Int) -> Int
}

/// Supplies a picker view's titles and hears its selections; every method is optional.
@preconcurrency @MainActor public protocol UIPickerViewDelegate: NSObjectProtocol {
    func pickerView(_ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int) -> String?
    func pickerView(_ pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int)
    func pickerView(_ pickerView: UIPickerView, rowHeightForComponent component: Int) -> CGFloat
    func pickerView(_ pickerView: UIPickerView, widthForComponent component: Int) -> CGFloat
}

extension UIPickerViewDelegate {
    public func pickerView(_ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int) -> String? {
        nil
    }
    public func pickerView(_ pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int) {
        DelegateProbe.markDefault()
    }
    public func pickerView(_ pickerView: UIPickerView, rowHeightForComponent component: Int) -> CGFloat { 32 }
    public func pickerView(_ pickerView: UIPickerView, widthForComponent component: Int) -> CGFloat {
        pickerView.bounds.width / CGFloat(max(1, pickerView.numberOfComponents))
    }
}

/// Spinning wheels of rows, as UIKit's `UIPickerView`, most often a text field's `inputView`.
///
/// The model asks its data source for the counts and keeps one selected row per component (0 at first). Code
/// selecting a row (`selectRow(_:inComponent:animated:)`) calls no delegate method, as in UIKit; the simulated user
/// turning a wheel (`app.pick(row:inComponent:of:)`) calls `pickerView(_:didSelectRow:inComponent:)`.
open class UIPickerView: UIView {
    open weak var dataSource: UIPickerViewDataSource?
    open weak var delegate: UIPickerViewDelegate?
    private var selections: [Int: Int] = [:]

    /// The number of components, from the data source.
    open var numberOfComponents: Int { dataSource?.numberOfComponents(in: self) ?? 0 }

    /// The number of rows in `component`, from the data source.
    open func numberOfRows(inComponent component: Int) -> Int {
        dataSource?.pickerView(self, numberOfRowsInComponent: component) ?? 0
    }

    /// The selected row of `component` (-1 when it has no rows).
    open func selectedRow(inComponent component: Int) -> Int {
        numberOfRows(inComponent: component) == 0 ? -1 : min(selections[component] ?? 0, numberOfRows(inComponent: component) - 1)
    }

    /// Selects `row` in `component` without telling the delegate.
    open func selectRow(_ row: Int, inComponent component: Int, animated: Bool) {
        selections[component] = max(0, min(row, numberOfRows(inComponent: component) - 1))
    }

    /// Asks the data source again; selections past the new ends move to the last row.
    open func reloadAllComponents() {
        for (component, row) in selections { selectRow(row, inComponent: component, animated: false) }
    }

    open func reloadComponent(_ component: Int) {
        if let row = selections[component] { selectRow(row, inComponent: component, animated: false) }
    }

    /// The simulated user stopped the wheel of `component` at `row`: it is selected and the delegate is told.
    package func userSelect(row: Int, inComponent component: Int) {
        selectRow(row, inComponent: component, animated: true)
        let selected = selectedRow(inComponent: component)
        guard selected >= 0, let delegate else { return }
        _ = UIKitSystem.shared.callDelegate(
            "pickerView(\(traceName(self)), didSelectRow: \(selected), inComponent: \(component))"
        ) { delegate.pickerView(self, didSelectRow: selected, inComponent: component) }
    }

    open override var intrinsicContentSize: CGSize { CGSize(width: 320, height: 216) }
}
