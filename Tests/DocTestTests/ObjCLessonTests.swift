import Diagnostics
@testable import DocTest
import Foundation
import LessonModel
import TestSupport
import Testing

/// Lessons written as UIKit code is really written (`@objc`, `#selector`, Interface Builder attributes), run
/// through the doc-test runner.
@Suite("Objective-C-style lessons")
struct ObjCLessonTests {
    static let selectors = TemporaryCourse.lesson("Selectors", """
        ```swift
        import UIKit

        @objcMembers class Greeter: NSObject {
            @objc dynamic var count = 0
            @IBOutlet weak var label: UILabel!
            @IBInspectable var radius: CGFloat = 0
            @objc func greet() { count += 1; print("hello \\(count)") }
            @objc(sayTo:) func say(to name: String) { print("hi \\(name)") }
            @IBAction func tapped(_ sender: Any) { print("tapped by \\(type(of: sender))") }
            func selectors() -> [Selector] {
                [#selector(greet), #selector(say(to:)), #selector(self.tapped), #selector(Greeter.tapped(_:)),
                 #selector(getter: count), #selector(setter: Greeter.count), Selector("tapped:")]
            }
        }
        let greeter = Greeter()
        print(greeter.selectors())
        greeter.perform(#selector(Greeter.greet))
        greeter.perform(Selector("sayTo:"), with: "Ann")
        greeter.perform(Selector("tapped:"), with: UIButton())
        print(greeter.responds(to: #selector(Greeter.greet)), greeter.responds(to: #selector(UIResponder.resignFirstResponder)))
        greeter.perform(#selector(setter: Greeter.count), with: 41)
        greeter.perform(#selector(Greeter.greet))
        ```

        ```output
        [greet, sayTo:, tapped:, tapped:, count, setCount:, tapped:]
        hello 1
        hi Ann
        tapped by UIButton
        true false
        hello 42
        ```

        ```swift should-trap
        greeter.perform(#selector(UIView.layoutIfNeeded))
        ```
        """)

    @Test("selectors in every written form name and call the method, as Objective-C's do")
    func selectorsRun() throws {
        let course = try TemporaryCourse(["selectors/en.md": Self.selectors])
        defer { course.remove() }
        let (report, _) = try course.run()
        #expect(report.entry("selectors/en.md", 0)?.status == .passed, "\(report.diagnostics.map(\.message))")
        #expect(report.entry("selectors/en.md", 1)?.status == .passed)
    }

    static let errors = TemporaryCourse.lesson("Errors", """
        ```swift
        final class Form: NSObject {
            @objc func done() {}
            func plain() {}
        }
        let s = #selector(Form.done); let x: Int = "no"
            @objc func g() {}; let y: Int = "no"
        let t = #selector(Form.plain)
        ```
        """)

    @Test("a compile error on a line with #selector or @objc is reported at that Markdown line and column")
    func errorLocations() throws {
        let course = try TemporaryCourse(["errors/en.md": Self.errors])
        defer { course.remove() }
        let (report, _) = try course.run()
        let errors = report.diagnostics.filter { $0.id == .doctestCompileError }
        let at = errors.map { [$0.location.line, $0.location.column] }
        // The errors are at the author's `"no"` on lines 10 and 11, after a `#selector` and an `@objc`.
        let lines = Self.errors.split(separator: "\n", omittingEmptySubsequences: false)
        for line in [10, 11] {
            let text = String(lines[line - 1])
            let column = text.utf8.distance(from: text.startIndex, to: try #require(text.range(of: "\"no\"")).lowerBound) + 1
            #expect(at.contains([line, column]))
        }
        // A selector of a method Xcode does not expose is rejected at the `#selector`.
        #expect(at.contains([12, 9]))
    }

    static let unrecognized = TemporaryCourse.lesson("Unrecognized", """
        ```swift
        class Target: NSObject {
            @objc func ping() { print("ping") }
        }
        let other = NSObject()
        print("before")
        other.perform(#selector(Target.ping))
        print("after")
        ```

        ```output
        before
        after
        ```
        """)

    @Test("a selector sent to an object without the method crashes as UIKit does, at the Markdown line")
    func unrecognizedSelector() throws {
        let course = try TemporaryCourse(["unrecognized/en.md": Self.unrecognized])
        defer { course.remove() }
        let (report, _) = try course.run()
        let trap = try #require(expectDiagnostic(.doctestTrap, in: report.diagnostics, line: 11))
        #expect(trap.detail?.contains("unrecognized selector sent to instance") == true)
        #expect(trap.detail?.contains("-[NSObject ping]") == true)
        #expect(trap.detail?.contains("NSInvalidArgumentException") == true)
    }

    static let byName = TemporaryCourse.lesson("Selectors are names", #"""
        ```swift
        import UIKit
        import UIKitSimulator

        final class RichTextView: UITextView {}

        extension RichTextView {
            @objc private func applyBold(_ sender: Any?) { print("bold in the text view") }
        }

        class EditorViewController: UIViewController {
            let titleField = UITextField(frame: CGRect(x: 20, y: 80, width: 280, height: 31))
            let body = RichTextView(frame: CGRect(x: 20, y: 140, width: 280, height: 200))

            override func viewDidLoad() {
                super.viewDidLoad()
                view.addSubview(titleField)
                view.addSubview(body)
            }

            @objc func applyBold(_ sender: Any?) { print("bold in the controller") }
            @objc func dismiss() { print("own dismiss") }
        }

        class Shape: NSObject { @objc func redraw() { print("Shape") } }
        class Circle: Shape {
            override func redraw() { print("Circle") }
            @objc(fillWithColour:) func fill(colour: String) { print("fill", colour) }
        }

        let app = Simulator(device: .iPhone4)
        let editor = EditorViewController()
        app.show(editor)
        app.tap(editor.body)
        print(UIApplication.shared.sendAction(#selector(EditorViewController.applyBold(_:)), to: nil, from: nil, for: nil))
        app.tap(editor.titleField)
        print(UIApplication.shared.sendAction(#selector(EditorViewController.applyBold(_:)), to: nil, from: nil, for: nil))
        editor.perform(Selector(("dismiss")))
        let shape: Shape = Circle()
        print(shape.responds(to: Selector(("fillWithColour:"))), Shape().responds(to: NSSelectorFromString("fillWithColour:")))
        shape.perform(NSSelectorFromString("fillWithColour:"), with: "red")
        shape.perform(#selector(Shape.redraw))
        ```

        ```output
        bold in the text view
        true
        bold in the controller
        true
        own dismiss
        true false
        fill red
        Circle
        ```

        ```swift should-trap
        shape.perform(#selector(EditorViewController.applyBold(_:)))
        ```
        """#)

    @Test("uikit-behaviour-2 #97: a selector finds its method by name on the receiver: a nil target reaches another class's private method in an extension, string selectors reach lesson methods, and a missing one raises")
    func selectorsAreNames() throws {
        let course = try TemporaryCourse(["names/en.md": Self.byName])
        defer { course.remove() }
        let (report, _) = try course.run()
        #expect(report.entry("names/en.md", 0)?.status == .passed, "\(report.diagnostics.map(\.message))")
        #expect(report.entry("names/en.md", 1)?.status == .passed, "\(report.diagnostics.map(\.message))")
        #expect(report.diagnostics.filter { $0.id == .doctestCompileWarning }.isEmpty, "\(report.diagnostics.map(\.message))")
    }

    static let targetActionLesson = TemporaryCourse.lesson("Target–action", #"""
        ```swift
        import UIKit
        import UIKitSimulator

        class FormViewController: UIViewController {
            @IBOutlet weak var nameField: UITextField!
            let saveButton = UIButton(type: .system)

            override func viewDidLoad() {
                super.viewDidLoad()
                let field = UITextField(frame: CGRect(x: 20, y: 100, width: 280, height: 31))
                view.addSubview(field)
                nameField = field
                nameField.addTarget(self, action: #selector(textChanged(_:)), for: .editingChanged)
                saveButton.frame = CGRect(x: 20, y: 150, width: 100, height: 44)
                saveButton.setTitle("Save", for: .normal)
                saveButton.addTarget(self, action: #selector(save), for: .touchUpInside)
                saveButton.addTarget(self, action: #selector(save), for: .touchUpInside)
                saveButton.addTarget(self, action: #selector(saveWithEvent(_:event:)), for: .touchUpInside)
                view.addSubview(saveButton)
                let toolbar = UIToolbar()
                toolbar.sizeToFit()
                toolbar.items = [UIBarButtonItem.flexibleSpace(),
                                 UIBarButtonItem(barButtonSystemItem: .done, target: self, action: #selector(doneTapped))]
                nameField.inputAccessoryView = toolbar
                NotificationCenter.default.addObserver(self, selector: #selector(keyboardWillShow(_:)),
                                                       name: UIResponder.keyboardWillShowNotification, object: nil)
                NotificationCenter.default.addObserver(self, selector: #selector(keyboardWillHide),
                                                       name: UIResponder.keyboardWillHideNotification, object: nil)
            }

            @objc func textChanged(_ sender: UITextField) { print("text:", sender.text ?? "") }
            @objc func save() { print("save") }
            @objc func saveWithEvent(_ sender: UIButton, event: UIEvent) { print("save from", sender.currentTitle ?? "", "touches:", event.allTouches?.count ?? 0) }
            @objc func doneTapped() { view.endEditing(true) }
            @objc func keyboardWillShow(_ notification: Notification) {
                guard let frame = notification.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue else { return }
                print("keyboard will show", frame.cgRectValue.height)
            }
            @objc func keyboardWillHide() { print("keyboard will hide") }
        }

        let app = Simulator(device: .iPhone4)
        let form = FormViewController()
        app.show(form)
        print(form.saveButton.actions(forTarget: form, forControlEvent: .touchUpInside) ?? [])
        print(form.saveButton.allTargets.count)
        app.tap(form.nameField)
        app.type("Al")
        app.tap(form.saveButton)
        let done = (form.nameField.inputAccessoryView as! UIToolbar).items![1]
        app.tap(done)
        app.tap(form.nameField)
        print(UIApplication.shared.sendAction(#selector(UIResponder.resignFirstResponder), to: nil, from: nil, for: nil))
        print(UIApplication.shared.sendAction(#selector(UIResponder.resignFirstResponder), to: nil, from: nil, for: nil))
        form.saveButton.removeTarget(form, action: #selector(FormViewController.save), for: .touchUpInside)
        form.saveButton.sendActions(for: .touchUpInside)
        print(UIApplication.shared.windows.count, UIApplication.shared.keyWindow === app.window, form.view.window?.next === UIApplication.shared)
        ```

        ```output
        ["save", "saveWithEvent:event:"]
        1
        keyboard will show 260.0
        text: A
        text: Al
        save
        save from Save touches: 1
        keyboard will hide
        keyboard will show 260.0
        keyboard will hide
        true
        false
        save from Save touches: 0
        1 true true
        ```
        """#)

    static let closureLesson = TemporaryCourse.lesson("Closures", #"""
        ```swift
        import UIKit
        import UIKitSimulator

        class FormViewController: UIViewController {
            var nameField: UITextField!
            let saveButton = UIButton(type: .system)
            var observers: [NSObjectProtocol] = []

            override func viewDidLoad() {
                super.viewDidLoad()
                let field = UITextField(frame: CGRect(x: 20, y: 100, width: 280, height: 31))
                view.addSubview(field)
                nameField = field
                nameField.addAction(UIAction { action in
                    print("text:", (action.sender as? UITextField)?.text ?? "")
                }, for: .editingChanged)
                saveButton.frame = CGRect(x: 20, y: 150, width: 100, height: 44)
                saveButton.setTitle("Save", for: .normal)
                saveButton.addAction(UIAction { _ in print("save") }, for: .touchUpInside)
                view.addSubview(saveButton)
                let toolbar = UIToolbar()
                toolbar.sizeToFit()
                toolbar.items = [UIBarButtonItem.flexibleSpace(),
                                 UIBarButtonItem(systemItem: .done, primaryAction: UIAction { [weak self] _ in
                                     self?.view.endEditing(true)
                                 })]
                nameField.inputAccessoryView = toolbar
                observers.append(NotificationCenter.default.addObserver(
                    forName: UIResponder.keyboardWillShowNotification, object: nil, queue: .main) { notification in
                    guard let frame = notification.userInfo?[UIResponder.keyboardFrameEndUserInfoKey] as? NSValue else { return }
                    print("keyboard will show", frame.cgRectValue.height)
                })
                observers.append(NotificationCenter.default.addObserver(
                    forName: UIResponder.keyboardWillHideNotification, object: nil, queue: .main) { _ in
                    print("keyboard will hide")
                })
            }
        }

        let app = Simulator(device: .iPhone4)
        let form = FormViewController()
        app.show(form)
        app.tap(form.nameField)
        app.type("Al")
        app.tap(form.saveButton)
        let done = (form.nameField.inputAccessoryView as! UIToolbar).items![1]
        app.tap(done)
        app.tap(form.nameField)
        form.view.endEditing(false)
        ```

        ```output
        keyboard will show 260.0
        text: A
        text: Al
        save
        keyboard will hide
        keyboard will show 260.0
        keyboard will hide
        ```
        """#)

    @Test("a form wired with target–action, selector observers and a Done item behaves as its closure twin")
    func bothStyles() throws {
        try Self.expectFirstSnippetsPass(["a-selectors/en.md": Self.targetActionLesson, "b-closures/en.md": Self.closureLesson])
    }

    /// The start of both tap-to-dismiss styles: a field and a button, up to the middle of `viewDidLoad`.
    static let tapToDismissHead = #"""
        ```swift
        import UIKit
        import UIKitSimulator

        class LoginViewController: UIViewController {
            let emailField = UITextField(frame: CGRect(x: 20, y: 100, width: 280, height: 31))
            let loginButton = UIButton(frame: CGRect(x: 20, y: 150, width: 100, height: 44))

            override func viewDidLoad() {
                super.viewDidLoad()
                view.addSubview(emailField)
                view.addSubview(loginButton)
        """#

    /// The same user session for both tap-to-dismiss styles: the button's tap wins, a tap elsewhere dismisses.
    static let tapToDismissRun = #"""
        let app = Simulator(device: .iPhone4)
        let login = LoginViewController()
        app.show(login)
        app.tap(login.emailField)
        app.tap(login.loginButton)
        app.tap(at: CGPoint(x: 160, y: 230))
        print("editing:", login.emailField.isFirstResponder)
        ```

        ```output
        log in, editing: true
        dismiss
        editing: false
        ```
        """#

    static let tapToDismissSelectors = TemporaryCourse.lesson("Tap to dismiss", #"""
        \#(tapToDismissHead)
                loginButton.addTarget(self, action: #selector(logIn(_:)), for: .touchUpInside)
                let tap = UITapGestureRecognizer(target: self, action: #selector(dismissKeyboard))
                tap.cancelsTouchesInView = false
                view.addGestureRecognizer(tap)
            }

            @objc func dismissKeyboard() {
                print("dismiss")
                view.endEditing(true)
            }

            @IBAction func logIn(_ sender: UIButton) { print("log in, editing:", emailField.isFirstResponder) }
        }

        \#(tapToDismissRun)
        """#)

    static let tapToDismissClosures = TemporaryCourse.lesson("Tap to dismiss", #"""
        \#(tapToDismissHead)
                loginButton.addAction(UIAction { [unowned self] _ in
                    print("log in, editing:", emailField.isFirstResponder)
                }, for: .touchUpInside)
            }

            override func touchesBegan(_ touches: Set<UITouch>, with event: UIEvent?) {
                print("dismiss")
                view.endEditing(true)
            }
        }

        \#(tapToDismissRun)
        """#)

    @Test("tap-to-dismiss with a tap recognizer and #selector behaves as its touchesBegan twin; the button's tap wins (#94)")
    func tapToDismiss() throws {
        try Self.expectFirstSnippetsPass(["a-recognizer/en.md": Self.tapToDismissSelectors, "b-touches/en.md": Self.tapToDismissClosures])
    }

    /// Runs `files` as a course and expects the first snippet of each to pass.
    static func expectFirstSnippetsPass(_ files: [String: String], sourceLocation: Testing.SourceLocation = #_sourceLocation) throws {
        let course = try TemporaryCourse(files)
        defer { course.remove() }
        let (report, _) = try course.run()
        for path in files.keys {
            #expect(report.entry(path, 0)?.status == .passed, "\(report.diagnostics.map { $0.message + ($0.detail ?? "") })",
                    sourceLocation: sourceLocation)
        }
    }
}
