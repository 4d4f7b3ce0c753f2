import Testing
import UIKitModel
import UIKitSimulator

/// A controller with a bold button's action, as an editor screen declares it.
private final class EditorController: UIViewController {
    let field = UITextField(frame: CGRect(x: 20, y: 80, width: 280, height: 31))
    let body = BoldTextView(frame: CGRect(x: 20, y: 140, width: 280, height: 200))
    var log: Log?

    override func viewDidLoad() {
        view.addSubview(field)
        view.addSubview(body)
    }

    func applyBold(_ sender: Any?) { log?.add("bold: controller") }

    /// The selector as `#selector(EditorController.applyBold(_:))` is compiled.
    static let boldSelector = Selector(_tutorbuildMethod: EditorController.applyBold(_:), swift: "applyBold(_:)")
    static let declared: Void = Selector._tutorbuildDeclare([boldSelector], in: EditorController.self)
}

/// A text view with its own method of the same name (not a subclass of the controller).
private final class BoldTextView: UITextView {
    var log: Log?
    private func applyBold(_ sender: Any?) { log?.add("bold: text view") }
    /// What the doc-test runner declares for this class, from an extension that can name the private method.
    static let declared: Void = Selector._tutorbuildDeclare(
        [Selector(_tutorbuildMethod: BoldTextView.applyBold(_:), swift: "applyBold(_:)")], in: BoldTextView.self)
}

/// A base class and a subclass that overrides its method and adds one.
private class Shape: NSObject {
    var log: Log?
    func redraw() { log?.add("Shape.redraw") }
    static let declared: Void = Selector._tutorbuildDeclare(
        [Selector(_tutorbuildMethod: Shape.redraw, swift: "redraw")], in: Shape.self)
}

private final class Circle: Shape {
    override func redraw() { log?.add("Circle.redraw") }
    func fill(withColor color: String) { log?.add("Circle.fill \(color)") }
    static let declaredCircle: Void = Selector._tutorbuildDeclare(
        [Selector(_tutorbuildMethod: Circle.fill(withColor:), swift: "fill(withColor:)")], in: Circle.self)
}

/// An unrelated class that answers `redraw` with another Swift method: `@objc(redraw) func repaint()`.
private final class Sketch: NSObject {
    var log: Log?
    func repaint() { log?.add("Sketch.repaint") }
    static let declared: Void = Selector._tutorbuildDeclare(
        [Selector(_tutorbuildMethod: Sketch.repaint, objc: "redraw")], in: Sketch.self)
}

@Suite("Selectors are names: dispatch by the method's Objective-C name on the receiver (uikit-behaviour-2 §A7)")
struct SelectorDispatchTests {
    init() {
        _ = EditorController.declared
        _ = BoldTextView.declared
        _ = Shape.declared
        _ = Circle.declaredCircle
        _ = Sketch.declared
    }

    @Test("uikit-behaviour-2 #97: a nil-targeted action reaches the first responder that implements it by name, whatever class the selector names")
    func nilTargetReachesAnotherClass() {
        withFixture { f in
            let editor = EditorController()
            editor.log = f.log
            editor.body.log = f.log
            f.app.show(editor)
            f.app.tap(editor.body)
            #expect(UIApplication.shared.sendAction(EditorController.boldSelector, to: nil, from: nil, for: nil))
            // The field does not implement `applyBold:`: the chain goes field → superview → controller.
            f.app.tap(editor.field)
            #expect(UIApplication.shared.sendAction(EditorController.boldSelector, to: nil, from: nil, for: nil))
            #expect(f.log.only("bold") == ["bold: text view", "bold: controller"])
            #expect(editor.body.responds(to: EditorController.boldSelector))
            #expect(!editor.field.responds(to: EditorController.boldSelector))
        }
    }

    @Test("uikit-behaviour-2 #97: a control's nil target and a string selector find the method by name too")
    func controlNilTargetAndStringSelector() {
        withFixture { f in
            let editor = EditorController()
            editor.log = f.log
            editor.body.log = f.log
            f.app.show(editor)
            f.app.tap(editor.body)
            let button = UIButton(frame: CGRect(x: 20, y: 360, width: 100, height: 44))
            editor.view.addSubview(button)
            button.addTarget(nil, action: Selector("applyBold:"), for: .touchUpInside)
            button.sendActions(for: .touchUpInside)
            #expect(f.log.only("bold") == ["bold: text view"])
        }
    }

    @Test("responds(to:) and instancesRespond(to:) answer for the receiver's class: a subclass's own method, an inherited one, another class's of the same name")
    func respondsOnSubclasses() {
        let fill = Selector(_tutorbuildMethod: Circle.fill(withColor:), swift: "fill(withColor:)")
        let redraw = Selector(_tutorbuildMethod: Shape.redraw, swift: "redraw")
        let shape: Shape = Circle()
        #expect(shape.responds(to: fill))
        #expect(shape.responds(to: Selector("fillWithColor:")))
        #expect(!Shape().responds(to: fill))
        #expect(Circle.instancesRespond(to: fill))
        #expect(!Shape.instancesRespond(to: fill))
        #expect(Circle().responds(to: redraw))
        #expect(Sketch().responds(to: redraw))
        #expect(!Sketch().responds(to: Selector("repaint")))
        #expect(!NSObject().responds(to: redraw))
        #expect(!NSObject.instancesRespond(to: redraw))
    }

    @Test("perform(_:) runs the receiver's method of that name: an override, another class's renamed method, a string selector")
    func performFindsTheReceiversMethod() {
        let log = Log()
        let shape = Shape(), circle = Circle(), sketch = Sketch()
        shape.log = log
        circle.log = log
        sketch.log = log
        let redraw = Selector(_tutorbuildMethod: Shape.redraw, swift: "redraw")
        for receiver in [shape, circle, sketch] { receiver.perform(redraw) }
        circle.perform(Selector("fillWithColor:"), with: "red")
        #expect(log.entries == ["Shape.redraw", "Circle.redraw", "Sketch.repaint", "Circle.fill red"])
    }

    @Test("§9 #54: a selector observer gets the notification through the observer's own method of that name")
    func notificationObserverByName() {
        withFixture { f in
            let shape = Circle()
            shape.log = f.log
            let name = Notification.Name("SelectorDispatchTests.redraw")
            // Written with the base class's method; the observer's class overrides it.
            NotificationCenter.default.addObserver(shape, selector: Selector(_tutorbuildMethod: Shape.redraw, swift: "redraw"), name: name, object: nil)
            NotificationCenter.default.post(name: name, object: nil)
            NotificationCenter.default.removeObserver(shape)
            #expect(f.log.only("Circle", "Shape") == ["Circle.redraw"])
        }
    }

    @Test("a timer's and a gesture recognizer's target get the action by name on their own class")
    func timerAndGestureTargets() {
        withFixture { f in
            let sketch = Sketch()
            sketch.log = f.log
            let redraw = Selector(_tutorbuildMethod: Shape.redraw, swift: "redraw")
            let timer = Timer.scheduledTimer(timeInterval: 1, target: sketch, selector: redraw, userInfo: nil, repeats: false)
            f.app.advance(by: 1.5)
            #expect(!timer.isValid)
            let pad = UIView(frame: CGRect(x: 20, y: 300, width: 100, height: 100))
            f.controller.view.addSubview(pad)
            pad.addGestureRecognizer(UITapGestureRecognizer(target: sketch, action: redraw))
            f.app.tap(pad)
            #expect(f.log.only("Sketch") == ["Sketch.repaint", "Sketch.repaint"])
        }
    }

    @Test("the unrecognized-selector message names the class as Objective-C does")
    func classNames() {
        #expect(Selector.className(of: NSObject.self) == "NSObject")
        #expect(Selector.className(of: UITextView.self) == "UITextView")
        #expect(Selector.className(of: Shape.self).hasSuffix("Shape"))
        #expect(Selector.className(of: Shape.self).hasPrefix("UIKitModelTests."))
    }
}
