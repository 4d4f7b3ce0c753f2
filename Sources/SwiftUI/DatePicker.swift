import UIKitModel

/// The parts of a date a `DatePicker` edits, as SwiftUI's `DatePickerComponents`.
public struct DatePickerComponents: OptionSet, Sendable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let hourAndMinute = DatePickerComponents(rawValue: 1 << 0)
    public static let date = DatePickerComponents(rawValue: 1 << 1)

    var mode: UIDatePicker.Mode {
        switch (contains(.date), contains(.hourAndMinute)) {
        case (true, false): return .date
        case (false, true): return .time
        default: return .dateAndTime
        }
    }
}

/// A control for picking a date, as SwiftUI's `DatePicker`: the label at the row's leading edge and the model's
/// `UIDatePicker` in the compact style at its trailing edge (date 120, time 80, both 200 points wide, 34 high
/// [approximation]); `app.pick(_:in:)` on it writes the binding, clamped to the range. Like every control it never
/// takes focus, so a field being edited keeps the keyboard (S36).
public struct DatePicker<Label: View>: View {
    let label: Label
    let selection: Binding<Date>
    let minimum: Date?
    let maximum: Date?
    let components: DatePickerComponents

    public init(
        selection: Binding<Date>, displayedComponents: DatePickerComponents = [.hourAndMinute, .date],
        @ViewBuilder label: () -> Label
    ) {
        self.init(selection, nil, nil, displayedComponents, label())
    }

    public init(
        selection: Binding<Date>, in range: ClosedRange<Date>,
        displayedComponents: DatePickerComponents = [.hourAndMinute, .date], @ViewBuilder label: () -> Label
    ) {
        self.init(selection, range.lowerBound, range.upperBound, displayedComponents, label())
    }

    public init(
        selection: Binding<Date>, in range: PartialRangeFrom<Date>,
        displayedComponents: DatePickerComponents = [.hourAndMinute, .date], @ViewBuilder label: () -> Label
    ) {
        self.init(selection, range.lowerBound, nil, displayedComponents, label())
    }

    public init(
        selection: Binding<Date>, in range: PartialRangeThrough<Date>,
        displayedComponents: DatePickerComponents = [.hourAndMinute, .date], @ViewBuilder label: () -> Label
    ) {
        self.init(selection, nil, range.upperBound, displayedComponents, label())
    }

    init(_ selection: Binding<Date>, _ minimum: Date?, _ maximum: Date?, _ components: DatePickerComponents, _ label: Label) {
        self.selection = selection
        self.minimum = minimum
        self.maximum = maximum
        self.components = components
        self.label = label
    }

    public var body: some View {
        HStack {
            _ControlLabel(content: label)
            Spacer(minLength: 0)
            _CompactDatePicker(selection: selection, minimum: minimum, maximum: maximum, mode: components.mode)
        }
    }
}

extension DatePicker where Label == Text {
    public init(
        _ titleKey: String, selection: Binding<Date>, displayedComponents: DatePickerComponents = [.hourAndMinute, .date]
    ) {
        self.init(selection, nil, nil, displayedComponents, Text(titleKey))
    }

    public init(
        _ titleKey: String, selection: Binding<Date>, in range: ClosedRange<Date>,
        displayedComponents: DatePickerComponents = [.hourAndMinute, .date]
    ) {
        self.init(selection, range.lowerBound, range.upperBound, displayedComponents, Text(titleKey))
    }

    public init(
        _ titleKey: String, selection: Binding<Date>, in range: PartialRangeFrom<Date>,
        displayedComponents: DatePickerComponents = [.hourAndMinute, .date]
    ) {
        self.init(selection, range.lowerBound, nil, displayedComponents, Text(titleKey))
    }

    public init(
        _ titleKey: String, selection: Binding<Date>, in range: PartialRangeThrough<Date>,
        displayedComponents: DatePickerComponents = [.hourAndMinute, .date]
    ) {
        self.init(selection, nil, range.upperBound, displayedComponents, Text(titleKey))
    }

    public init<S: StringProtocol>(
        _ title: S, selection: Binding<Date>, displayedComponents: DatePickerComponents = [.hourAndMinute, .date]
    ) {
        self.init(selection, nil, nil, displayedComponents, Text(title))
    }

    public init<S: StringProtocol>(
        _ title: S, selection: Binding<Date>, in range: ClosedRange<Date>,
        displayedComponents: DatePickerComponents = [.hourAndMinute, .date]
    ) {
        self.init(selection, range.lowerBound, range.upperBound, displayedComponents, Text(title))
    }
}

/// The compact `UIDatePicker` of a SwiftUI `DatePicker`: the user's pick writes the binding.
struct _CompactDatePicker: UIViewRepresentable {
    let selection: Binding<Date>
    let minimum: Date?
    let maximum: Date?
    let mode: UIDatePicker.Mode

    final class Coordinator {
        var selection: Binding<Date>
        init(selection: Binding<Date>) { self.selection = selection }
    }

    func makeCoordinator() -> Coordinator { Coordinator(selection: selection) }

    func makeUIView(context: Context) -> UIDatePicker {
        let picker = UIDatePicker()
        picker.preferredDatePickerStyle = .compact
        let coordinator = context.coordinator
        picker.addAction(UIAction { [unowned picker] _ in
            if coordinator.selection.wrappedValue != picker.date { coordinator.selection.wrappedValue = picker.date }
        }, for: .valueChanged)
        return picker
    }

    func updateUIView(_ picker: UIDatePicker, context: Context) {
        context.coordinator.selection = selection
        picker.datePickerMode = mode
        picker.minimumDate = minimum
        picker.maximumDate = maximum
        if picker.date != selection.wrappedValue { picker.date = selection.wrappedValue }
    }

    func sizeThatFits(_ proposal: ProposedViewSize, uiView: UIDatePicker, context: Context) -> CGSize? {
        CGSize(width: mode == .date ? 120 : mode == .time ? 80 : 200, height: 34)
    }
}
