import Foundation
import Testing
import UIKitModel
import UIKitSimulator

/// What the December 2026 fresh-fragment hunt (text input, keyboard, scrolling) added: timing parameters, the string
/// tokenizer, paragraph styles and the stored text-control properties, each checked against Apple's documentation.
@Suite("Fresh fragment surfaces")
struct FreshFragmentSurfaceTests {
    @Test("Apple UISpringTimingParameters init(): initial velocity 0; an animator keeps the timing it was made with")
    func timingParameters() {
        withSimulator(device: .iPhone4) { app in
            let controller = UIViewController()
            let badge = UIView(frame: CGRect(x: 0, y: 0, width: 40, height: 40))
            controller.view.addSubview(badge)
            app.show(controller)
            let spring = UISpringTimingParameters(dampingRatio: 0.5, initialVelocity: CGVector(dx: 0, dy: 2))
            #expect(spring.timingCurveType == .spring && spring.initialVelocity == CGVector(dx: 0, dy: 2))
            #expect(UISpringTimingParameters().initialVelocity == .zero)
            var ended: [UIViewAnimatingPosition] = []
            let animator = UIViewPropertyAnimator(duration: 0.6, timingParameters: spring)
            animator.addAnimations { badge.frame.origin.y = 100 }
            animator.addCompletion { ended.append($0) }
            animator.startAnimation()
            #expect(badge.frame.origin.y == 100 && ended.isEmpty)
            app.advance(by: 0.6)
            #expect(ended == [.end])
            #expect(animator.timingParameters?.springTimingParameters === spring)
            let cubic = UIViewPropertyAnimator(duration: 0.25, curve: .easeOut).timingParameters
            #expect(cubic?.timingCurveType == .builtin && cubic?.cubicTimingParameters?.animationCurve == .easeOut)
        }
    }

    @Test("Apple UITextInputTokenizer: backward looks at the text before the position; no enclosing word is nil")
    func tokenizerWords() {
        withSimulator(device: .iPhone4) { app in
            let controller = UIViewController()
            let field = UITextField(frame: CGRect(x: 20, y: 100, width: 280, height: 34))
            controller.view.addSubview(field)
            app.show(controller)
            app.tap(field)
            app.type("hello wor")
            let backward = UITextDirection(rawValue: UITextStorageDirection.backward.rawValue)
            let caret = field.selectedTextRange!.start
            let word = field.tokenizer.rangeEnclosingPosition(caret, with: .word, inDirection: backward)
            #expect(word.flatMap { field.text(in: $0) } == "wor")
            #expect(field.tokenizer.rangeEnclosingPosition(caret, with: .word, inDirection: .storage(.forward)) == nil)
            let afterHello = field.position(from: field.beginningOfDocument, offset: 5)!
            #expect(field.tokenizer.isPosition(afterHello, atBoundary: .word, inDirection: .storage(.forward)))
            #expect(!field.tokenizer.isPosition(afterHello, withinTextUnit: .word, inDirection: .storage(.forward)))
            let start = field.tokenizer.position(from: caret, toBoundary: .word, inDirection: backward)
            #expect(start.map { field.offset(from: field.beginningOfDocument, to: $0) } == 6)
        }
    }

    @Test("a paragraph style is kept in attributed text and read back; a mutable copy is equal and independent")
    func paragraphStyle() {
        let style = NSMutableParagraphStyle()
        style.lineSpacing = 6
        style.alignment = .justified
        let text = NSAttributedString(string: "Made with care.", attributes: [.paragraphStyle: style])
        let read = text.attribute(.paragraphStyle, at: 0, effectiveRange: nil) as? NSParagraphStyle
        #expect(read?.lineSpacing == 6 && read?.alignment == .justified)
        let copy = style.mutableCopy() as! NSMutableParagraphStyle
        #expect(copy.isEqual(style))
        copy.lineSpacing = 2
        #expect(style.lineSpacing == 6 && !copy.isEqual(style))
        #expect(NSParagraphStyle.default.lineSpacing == 0 && NSParagraphStyle.default.lineBreakMode == .byWordWrapping)
        #expect(NSUnderlineStyle.single.rawValue == 1 && NSUnderlineStyle.double.rawValue == 9)
    }

    @Test("directionalLayoutMargins are the layout margins by leading and trailing edge (left-to-right)")
    func directionalMargins() {
        withSimulator(device: .iPhone4) { app in
            let controller = UIViewController()
            let field = UITextField()
            field.translatesAutoresizingMaskIntoConstraints = false
            controller.view.addSubview(field)
            controller.view.directionalLayoutMargins = NSDirectionalEdgeInsets(top: 20, leading: 24, bottom: 20, trailing: 30)
            NSLayoutConstraint.activate([
                field.leadingAnchor.constraint(equalTo: controller.view.layoutMarginsGuide.leadingAnchor),
                field.trailingAnchor.constraint(equalTo: controller.view.layoutMarginsGuide.trailingAnchor),
                field.topAnchor.constraint(equalTo: controller.view.layoutMarginsGuide.topAnchor),
                field.heightAnchor.constraint(equalToConstant: 44),
            ])
            app.show(controller)
            // Read back with the 20-pt status bar added (Apple's layoutMargins doc: the root view's value reflects
            // the safe area insets).
            #expect(controller.view.layoutMargins == UIEdgeInsets(top: 40, left: 24, bottom: 20, right: 30))
            #expect(field.frame.minX == 24 && field.frame.width == 320 - 24 - 30)
        }
    }
}
