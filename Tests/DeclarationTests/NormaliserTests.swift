import Testing

/// The normaliser keeps what changes a call site and drops only spellings that do not.
@Suite("The declaration normaliser (issue 26 item 2)") struct NormaliserTests {
    @Test(arguments: [
        ("func convert(CGPoint, to: UIView?) -> CGPoint", "convert(_:to:)"),
        ("init(frame: CGRect)", "init(frame:)"),
        ("init?(coder: NSCoder)", "init(coder:)"),
        ("convenience init()", "init()"),
        ("class func animate(withDuration: TimeInterval, animations: () -> Void, completion: ((Bool) -> Void)?)",
         "animate(withDuration:animations:completion:)"),
        ("var defaultTextAttributes: [NSAttributedString.Key : Any]", "defaultTextAttributes"),
        ("func textField(UITextField, shouldChangeCharactersIn: NSRange, replacementString: String) -> Bool",
         "textField(_:shouldChangeCharactersIn:replacementString:)"),
        ("func performBatchUpdates((() -> Void)?, completion: ((Bool) -> Void)?)", "performBatchUpdates(_:completion:)"),
        ("case roundedRect", "roundedRect"),
        ("subscript(Int) -> Element", "subscript(_:)"),
    ])
    func keys(printed: String, key: String) {
        #expect(Declaration(printed: printed).key == key)
    }

    @Test(arguments: [
        ("nonisolated class let textDidChangeNotification: NSNotification.Name",
         "static let textDidChangeNotification: Notification.Name", Declaration.Isolation.nonisolated),
        ("@MainActor optional func textFieldShouldReturn(UITextField) -> Bool", "func textFieldShouldReturn(UITextField) -> Bool", .mainActor),
        ("convenience  init(gray: CGFloat,\n alpha: CGFloat)", "init(gray: CGFloat, alpha: CGFloat)", .none),
        ("var tintColor: UIColor!", "var tintColor: UIColor!", .none),
    ])
    func normalisedText(printed: String, text: String, isolation: Declaration.Isolation) {
        let declaration = Declaration(printed: printed)
        #expect(declaration.text == text)
        #expect(declaration.isolation == isolation)
    }

    /// Optionality and labels are kept: `UIColor?` and `UIColor!` differ, as `to:` and `from:` do.
    @Test func optionalityAndLabelsStayDifferent() {
        #expect(Declaration(printed: "var tintColor: UIColor!") != Declaration(printed: "var tintColor: UIColor?"))
        #expect(Declaration(printed: "func convert(CGRect, to: UIView?) -> CGRect").key
            != Declaration(printed: "func convert(CGRect, from: UIView?) -> CGRect").key)
    }
}
