import Testing
import UIKitModel
import UIKitSimulator

/// The API families a survey of unseen keyboard code needed (issue 26 #6): key input, the nib lifecycle, Dynamic
/// Type, associated objects, keyframes and overlay sizing, each behaving as UIKit does.
@Suite("UIKit surface for unseen code: UIKeyInput, nibs, Dynamic Type, associated objects, keyframes, overlays")
struct UnseenCodeSurfaceTests {
    final class LoggingField: UITextField, UITextFieldDelegate {
        var log: [String] = []
        override func insertText(_ text: String) {
            log.append("insertText(\(text))")
            super.insertText(text.uppercased())
        }
        override func deleteBackward() {
            log.append("deleteBackward")
            super.deleteBackward()
        }
        func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
            log.append("should(\(range.location),\(range.length),\(string))")
            return true
        }
    }

    final class PinView: UIView, UIKeyInput {
        var pin = ""
        var keyboardType: UIKeyboardType = .numberPad
        override var canBecomeFirstResponder: Bool { true }
        var hasText: Bool { !pin.isEmpty }
        func insertText(_ text: String) { pin += text }
        func deleteBackward() { if !pin.isEmpty { pin.removeLast() } }
    }

    @Test("#51: the user's keys go through insertText/deleteBackward overrides, which ask the delegate inside super; Delete in an empty field still calls deleteBackward; code's insertText asks nothing")
    func keyInputOverrides() {
        SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let controller = UIViewController()
            let field = LoggingField(frame: CGRect(x: 20, y: 100, width: 280, height: 34))
            field.delegate = field
            controller.view.addSubview(field)
            app.show(controller)
            app.tap(field)
            app.type("a")
            app.deleteBackward()
            app.deleteBackward()
            #expect(field.log == ["insertText(a)", "should(0,0,A)", "deleteBackward", "should(0,1,)", "deleteBackward"])
            field.log = []
            field.insertText("b")
            #expect(field.log == ["insertText(b)"])
            #expect(field.text == "B")
        }
    }

    @Test("a UIView adopting UIKeyInput that becomes first responder gets the keyboard and the keys")
    func customKeyInputView() {
        SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let controller = UIViewController()
            let pin = PinView(frame: CGRect(x: 0, y: 100, width: 320, height: 40))
            controller.view.addSubview(pin)
            app.show(controller)
            #expect(pin.becomeFirstResponder())
            app.runUntilIdle()
            #expect(app.keyboardFrame != nil)
            app.type("12")
            app.deleteBackward()
            #expect(pin.pin == "1")
        }
    }

    final class NibField: UITextField {
        var events: [String] = []
        required init?(coder: NSCoder) {
            super.init(coder: coder)
            events.append("init(coder:)")
        }
        override func awakeFromNib() {
            super.awakeFromNib()
            events.append("awakeFromNib \(frame.width)")
        }
    }

    @Test("Simulator.loadFromNib creates a view as a nib does: init?(coder:), its frame, then awakeFromNib")
    func nibLoading() {
        SimulationLock.run {
            let field = Simulator.loadFromNib(NibField.self, frame: CGRect(x: 0, y: 0, width: 200, height: 34))
            #expect(field.events == ["init(coder:)", "awakeFromNib 200.0"])
        }
    }

    @Test("Dynamic Type at the default size (Large): Apple's point sizes per text style; UIFontMetrics scales by 1 and caps at a maximum")
    func dynamicType() {
        let sizes = [UIFont.TextStyle.largeTitle, .title1, .title2, .title3, .headline, .subheadline, .body, .callout,
                     .footnote, .caption1, .caption2].map { UIFont.preferredFont(forTextStyle: $0).pointSize }
        #expect(sizes == [34, 28, 22, 20, 17, 15, 17, 16, 13, 12, 11])
        let metrics = UIFontMetrics(forTextStyle: .body)
        #expect(metrics.scaledFont(for: .systemFont(ofSize: 40), maximumPointSize: 30).pointSize == 30)
        #expect(metrics.scaledValue(for: 12) == 12)
        #expect(UIContentSizeCategory.extraSmall < .large && UIContentSizeCategory.large < .accessibilityMedium)
    }

    @Test("associated objects: numbers read back through bridging, COPY copies, nil removes, objc_removeAssociatedObjects clears")
    func associatedObjects() {
        SimulationLock.run {
            var key: UInt8 = 0
            var other: UInt8 = 0
            let owner = UIView()
            objc_setAssociatedObject(owner, &key, 5, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
            #expect(objc_getAssociatedObject(owner, &key) as? Int == 5)
            #expect(objc_getAssociatedObject(owner, &key) as? Double == 5)
            #expect(objc_getAssociatedObject(UIView(), &key) == nil)
            objc_setAssociatedObject(owner, &other, "tag", .OBJC_ASSOCIATION_COPY_NONATOMIC)
            #expect(objc_getAssociatedObject(owner, &other) as? String == "tag")
            objc_setAssociatedObject(owner, &key, nil, .OBJC_ASSOCIATION_RETAIN_NONATOMIC)
            #expect(objc_getAssociatedObject(owner, &key) == nil)
            objc_removeAssociatedObjects(owner)
            #expect(objc_getAssociatedObject(owner, &other) == nil)
        }
    }

    @Test("keyframes apply in order at once (the last value wins) and complete after delay + duration on the virtual clock")
    func keyframes() {
        SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let view = UIView()
            var finished: Bool?
            UIView.animateKeyframes(withDuration: 1, delay: 0.5, options: [.calculationModeCubic]) {
                UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { view.alpha = 0.2 }
                UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { view.alpha = 0.7 }
            } completion: { finished = $0 }
            #expect(view.alpha == 0.7)
            app.advance(by: 1.4)
            #expect(finished == nil)
            app.advance(by: 0.2)
            #expect(finished == true)
        }
    }

    @Test("overlays are sized as Auto Layout fits them since iOS 13: a size constraint, else the intrinsic size, else the frame")
    func overlaySizing() {
        SimulationLock.run {
            let field = UITextField(frame: CGRect(x: 0, y: 0, width: 200, height: 40))
            let image = UIImageView(image: UIImage(systemName: "eye"))
            image.frame = CGRect(x: 0, y: 0, width: 40, height: 40)
            field.leftView = image
            field.leftViewMode = .always
            #expect(field.leftViewRect(forBounds: field.bounds) == CGRect(x: 0, y: 10, width: 20, height: 20))
            let container = UIView(frame: CGRect(x: 0, y: 0, width: 36, height: 24))
            field.leftView = container
            #expect(field.leftViewRect(forBounds: field.bounds).size == CGSize(width: 36, height: 24))
            let pinned = UIButton(type: .custom)
            pinned.setImage(UIImage(systemName: "xmark"), for: .normal)
            pinned.widthAnchor.constraint(equalToConstant: 30).isActive = true
            field.rightView = pinned
            field.rightViewMode = .always
            #expect(field.rightViewRect(forBounds: field.bounds) == CGRect(x: 170, y: 10, width: 30, height: 20))
            #expect(field.textRect(forBounds: field.bounds) == CGRect(x: 36, y: 0, width: 134, height: 40))
            #expect(field.placeholderRect(forBounds: field.bounds) == field.textRect(forBounds: field.bounds))
        }
    }
}
