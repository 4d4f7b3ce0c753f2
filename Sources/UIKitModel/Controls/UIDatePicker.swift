import Foundation

/// How a date picker looks: a top-level enumeration in UIKit, as Apple declares it (not nested in `UIDatePicker`).
@available(iOS 13.4, *)
public enum UIDatePickerStyle: Int, Sendable {
    case automatic = 0, wheels, compact
    @available(iOS 14.0, *)
    case inline = 3
}

/// A control for choosing a date, as UIKit's `UIDatePicker`, most often a text field's `inputView`.
///
/// The model keeps the date and its limits and sends `.valueChanged` when the date is set with
/// `setDate(_:animated:)` by the simulated user (`app.pick(_:in:)`), not when code assigns `date` (as UIKit does).
/// As an input view it is 216 points tall, its intrinsic height [U: iOS sizes the wheels itself].
open class UIDatePicker: UIControl {
    /// What the picker chooses.
    public enum Mode: Int, Sendable { case time = 0, date, dateAndTime, countDownTimer, yearAndMonth }
    open var datePickerMode: Mode = .dateAndTime
    @available(iOS 13.4, *)
    open var preferredDatePickerStyle: UIDatePickerStyle = .automatic
    /// The style used: `.automatic` becomes `.compact` outside an input view, `.wheels` inside [U].
    @available(iOS 13.4, *)
    open var datePickerStyle: UIDatePickerStyle { preferredDatePickerStyle == .automatic ? .wheels : preferredDatePickerStyle }
    open var date = Date(timeIntervalSinceReferenceDate: 0)
    open var minimumDate: Date?
    open var maximumDate: Date?
    open var locale: Locale?
    open var timeZone: TimeZone?
    open var minuteInterval = 1
    open var countDownDuration: TimeInterval = 0

    /// Sets the date, clamped to the limits.
    open func setDate(_ date: Date, animated: Bool) {
        self.date = clamped(date)
    }

    private func clamped(_ date: Date) -> Date {
        var result = date
        if let minimumDate, result < minimumDate { result = minimumDate }
        if let maximumDate, result > maximumDate { result = maximumDate }
        return result
    }

    /// The simulated user turned the wheels to `date`: it is clamped to the limits and `.valueChanged` is sent.
    package func userPick(_ date: Date) {
        self.date = clamped(date)
        sendActions(for: .valueChanged)
    }

    open override var intrinsicContentSize: CGSize { CGSize(width: 320, height: 216) }

    open override func sizeThatFits(_ size: CGSize) -> CGSize { CGSize(width: size.width > 0 ? size.width : 320, height: 216) }
}
