import Testing
import UIKitBehavior
import UIKitModel
import UIKitSimulator

/// A field whose edit menu the delegate extends, through the iOS 16 single-range form.
private final class SingleMenuDelegate: NSObject, UITextFieldDelegate {
    var asked: [String] = []
    var menu: UIMenu?
    func textField(_ textField: UITextField, editMenuForCharactersIn range: NSRange, suggestedActions: [UIMenuElement]) -> UIMenu? {
        asked.append("single {\(range.location), \(range.length)}")
        return menu
    }
}

/// Both forms, as a delegate written for iOS 16 and 26.
private final class BothMenuDelegate: NSObject, UITextFieldDelegate {
    var asked: [String] = []
    func textField(_ textField: UITextField, editMenuForCharactersIn range: NSRange, suggestedActions: [UIMenuElement]) -> UIMenu? {
        asked.append("single")
        return nil
    }
    func textField(_ textField: UITextField, editMenuForCharactersInRanges ranges: [NSValue], suggestedActions: [UIMenuElement]) -> UIMenu? {
        asked.append("ranges \(ranges.map(\.rangeValue.location))")
        return nil
    }
}

private final class NoPasteField: UITextField {
    override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool {
        action.description == "paste:" ? false : super.canPerformAction(action, withSender: sender)
    }
}

private final class PasteLoggingField: UITextField {
    var pastes = 0
    override func paste(_ sender: Any?) {
        pastes += 1
        super.paste(sender)
    }
}

private final class Host: UIViewController {
    let field: UITextField
    let textView = UITextView(frame: CGRect(x: 20, y: 160, width: 280, height: 100))

    init(field: UITextField = UITextField()) {
        self.field = field
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { nil }

    override func viewDidLoad() {
        super.viewDidLoad()
        field.frame = CGRect(x: 20, y: 100, width: 280, height: 31)
        view.addSubview(field)
        view.addSubview(textView)
    }
}

@Suite("Edit menus, standard edit actions and paste (docs/model.md \"Edit menus\", uikit-behaviour-3 §B9)")
struct EditMenuTests {
    private func run(_ profile: BehaviorProfile = .current, field: UITextField = UITextField(), _ body: (Simulator, Host) -> Void) {
        SimulationLock.run {
            let app = Simulator(device: .iPhone4, profile: profile)
            let host = Host(field: field)
            app.show(host)
            body(app, host)
        }
    }

    @Test("The model's rule for what a text field's menu offers [U]: Cut/Copy need a selection, Paste an editable field, Select a caret in text, Select All text not all selected; a secure field never offers Cut or Copy", arguments: [
        ("", NSRange(location: 0, length: 0), false, ["Paste"]),
        ("hello", NSRange(location: 5, length: 0), false, ["Paste", "Select", "Select All"]),
        ("hello", NSRange(location: 1, length: 2), false, ["Cut", "Copy", "Paste", "Select All"]),
        ("hello", NSRange(location: 0, length: 5), false, ["Cut", "Copy", "Paste"]),
        ("hello", NSRange(location: 0, length: 5), true, ["Paste"]),
    ])
    func fieldMenu(text: String, selection: NSRange, secure: Bool, expected: [String]) {
        run { app, host in
            host.field.isSecureTextEntry = secure
            app.tap(host.field)
            host.field.text = text
            host.field.selectedTextRange = host.field.textRange(
                from: host.field.position(from: host.field.beginningOfDocument, offset: selection.location)!,
                to: host.field.position(from: host.field.beginningOfDocument, offset: selection.location + selection.length)!)
            #expect(app.openEditMenu() == expected)
        }
    }

    @Test("A read-only text view offers Copy and Select All, never Cut or Paste (editable: false) [U]")
    func readOnlyTextView() {
        run { app, host in
            host.textView.isEditable = false
            host.textView.text = "terms apply"
            host.textView.becomeFirstResponder()
            host.textView.selectedRange = NSRange(location: 0, length: 5)
            #expect(app.openEditMenu() == ["Copy", "Select All"])
        }
    }

    @Test("uikit-behaviour-3 §B3.1/§B9: on iOS 26 the ranges form is asked when implemented; before iOS 26 only the single-range form", arguments: [
        ("iOS26", BehaviorProfile.iOS26, ["ranges [1]"]),
        ("iOS18", BehaviorProfile.iOS18, ["single"]),
    ])
    func rangesFormFirst(name: String, profile: BehaviorProfile, expected: [String]) {
        run(profile) { app, host in
            let delegate = BothMenuDelegate()
            host.field.delegate = delegate
            app.tap(host.field)
            app.type("abc")
            host.field.selectedTextRange = host.field.textRange(
                from: host.field.position(from: host.field.beginningOfDocument, offset: 1)!, to: host.field.endOfDocument)
            app.openEditMenu()
            #expect(delegate.asked == expected)
        }
    }

    @Test("Apple (textField(_:editMenuForCharactersIn:…)): nil presents the system menu; a menu replaces it, its inline submenus shown flat")
    func delegateMenu() {
        run { app, host in
            let delegate = SingleMenuDelegate()
            host.field.delegate = delegate
            app.tap(host.field)
            app.type("abc")
            #expect(app.openEditMenu() == ["Paste", "Select", "Select All"])
            #expect(delegate.asked == ["single {3, 0}"])
            delegate.menu = UIMenu(children: [
                UIMenu(options: .displayInline, children: [UIAction(title: "One") { _ in }, UIAction(title: "Two") { _ in }]),
                UIMenu(title: "More", children: [UIAction(title: "Three") { _ in }]),
                UIAction(title: "Hidden", attributes: .hidden) { _ in },
            ])
            #expect(app.openEditMenu() == ["One", "Two", "More"])
        }
    }

    @Test("Choosing a command sends its action down the responder chain from the first responder; the menu closes")
    func chooseCommand() {
        run { app, host in
            app.tap(host.textView)
            app.type("draft")
            app.openEditMenu()
            app.chooseEditMenuItem("Select All")
            #expect(host.textView.selectedRange == NSRange(location: 0, length: 5))
            #expect(app.editMenuItems == nil)
        }
    }

    @Test("Whatever the user does next closes the edit menu")
    func menuClosesOnNextAction() {
        run { app, host in
            app.tap(host.field)
            app.type("a")
            app.openEditMenu()
            #expect(app.editMenuItems != nil)
            app.type("b")
            #expect(app.editMenuItems == nil)
        }
    }

    @Test("The user's paste needs Paste in the menu: a field refusing paste: gets nothing, a paste(_:) override sees every paste")
    func pasteGoesThroughTheMenu() {
        run(field: NoPasteField()) { app, host in
            app.tap(host.field)
            app.paste("x")
            #expect(host.field.text == "")
        }
        let logging = PasteLoggingField()
        run(field: logging) { app, host in
            app.tap(host.field)
            app.paste("xy")
            #expect(logging.pastes == 1)
            #expect(host.field.text == "xy")
        }
    }

    @Test("Only classes that implement a standard edit action respond to it (an optional protocol method in Objective-C)")
    func respondsToStandardActions() {
        let copy = Selector("copy:")
        SimulationLock.run {
            #expect(UITextField().responds(to: copy))
            #expect(UITextView().responds(to: copy))
            #expect(!UIView().responds(to: copy))
            #expect(!UIView().canPerformAction(copy, withSender: nil))
        }
    }

    @Test("delete(_:) removes the selection as the user's Delete does: the delegate is asked [U]")
    func deleteAsksTheDelegate() {
        run { app, host in
            let delegate = SingleMenuDelegate()
            host.field.delegate = delegate
            app.tap(host.field)
            app.type("keep drop")
            host.field.selectedTextRange = host.field.textRange(
                from: host.field.position(from: host.field.beginningOfDocument, offset: 4)!, to: host.field.endOfDocument)
            host.field.delete(nil)
            #expect(host.field.text == "keep")
        }
    }
}

private final class MenuOwner: UIView, UIEditMenuInteractionDelegate {
    /// What the doc-test runner generates for a lesson's override of a standard edit action.
    static let declared: Void = Selector._tutorbuildDeclare(
        [Selector(_tutorbuildMethod: { (object: MenuOwner) in object.copy(_:) }, objc: "copy:")], in: MenuOwner.self)
    var menuToReturn: UIMenu?
    var copies = 0
    override var canBecomeFirstResponder: Bool { true }
    override func copy(_ sender: Any?) { copies += 1 }
    override func canPerformAction(_ action: Selector, withSender sender: Any?) -> Bool {
        action.description == "copy:"
    }
    func editMenuInteraction(_ interaction: UIEditMenuInteraction, menuFor configuration: UIEditMenuConfiguration, suggestedActions: [UIMenuElement]) -> UIMenu? {
        menuToReturn
    }
}

@Suite("UIEditMenuInteraction (docs/model.md \"Edit menus\")")
struct EditMenuInteractionTests {
    @Test("Apple (editMenuInteraction(_:menuFor:suggestedActions:)): suggested actions come from the responder chain; nil presents them, an empty menu presents nothing; dismissMenu() removes it")
    func presentAndDismiss() {
        SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let controller = UIViewController()
            MenuOwner.declared
            let owner = MenuOwner(frame: CGRect(x: 20, y: 100, width: 100, height: 40))
            let interaction = UIEditMenuInteraction(delegate: owner)
            owner.addInteraction(interaction)
            controller.view.addSubview(owner)
            app.show(controller)
            #expect(owner.interactions.count == 1)
            owner.becomeFirstResponder()
            interaction.presentEditMenu(with: UIEditMenuConfiguration(identifier: nil, sourcePoint: .zero))
            #expect(app.editMenuItems == ["Copy"])
            app.chooseEditMenuItem("Copy")
            #expect(owner.copies == 1)
            owner.menuToReturn = UIMenu(children: [])
            interaction.presentEditMenu(with: UIEditMenuConfiguration(identifier: "x", sourcePoint: .zero))
            #expect(app.editMenuItems == nil)
            owner.menuToReturn = nil
            interaction.presentEditMenu(with: UIEditMenuConfiguration(identifier: "x", sourcePoint: .zero))
            interaction.dismissMenu()
            #expect(app.editMenuItems == nil)
        }
    }
}
