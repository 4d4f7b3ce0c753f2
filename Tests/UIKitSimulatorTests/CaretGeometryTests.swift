import Foundation
import Testing
import UIKitModel
import UIKitSimulator

private final class HiddenCaretField: UITextField {
    override func caretRect(for position: UITextPosition) -> CGRect { .zero }
}

@Suite("Caret geometry on the model's text layout (docs/model.md \"Text metrics\", \"Edit menus\")")
struct CaretGeometryTests {
    /// Alignment, border and the caret's x after "abcd" (34 pt at 17 pt) in a 280-pt field.
    static let fieldCases: [(NSTextAlignment, UITextField.BorderStyle, CGFloat)] = [
        (.left, .none, 34),
        (.left, .roundedRect, 41),
        (.center, .none, 157),
        (.right, .roundedRect, 273),
    ]

    @Test("A field's caret: after the text before it (0.5 × point size per character), inside the border's 7-pt inset, by alignment, one line tall and centred", arguments: fieldCases)
    func fieldCaret(alignment: NSTextAlignment, border: UITextField.BorderStyle, expectedX: CGFloat) {
        SimulationLock.run {
            let field = UITextField(frame: CGRect(x: 0, y: 0, width: 280, height: 31))
            field.textAlignment = alignment
            field.borderStyle = border
            field.text = "abcd"
            let caret = field.caretRect(for: field.endOfDocument)
            #expect(caret == CGRect(x: expectedX, y: 5, width: 2, height: 21))
        }
    }

    @Test("A text view's caret is on the laid-out line that holds it: after a Return, and at a wrap at the next line's start")
    func textViewCaretLines() {
        SimulationLock.run {
            let textView = UITextView(frame: CGRect(x: 0, y: 0, width: 70, height: 200))
            textView.font = .systemFont(ofSize: 10)
            textView.text = "ab\ncd"
            #expect(textView.caretRect(for: textView.endOfDocument) == CGRect(x: 15, y: 20, width: 2, height: 12))
            #expect(textView.caretRect(for: textView.position(from: textView.beginningOfDocument, offset: 2)!).origin
                == CGPoint(x: 15, y: 8))
            // 60 pt of room: "aaaa bbbb" wraps after "aaaa " (9 characters are 45 pt, 12 are 60).
            textView.text = "aaaa bbbbbbbb"
            let wrapped = textView.caretRect(for: textView.position(from: textView.beginningOfDocument, offset: 5)!)
            #expect(wrapped.origin == CGPoint(x: 5, y: 20))
        }
    }

    @Test("Typing scrolls a text view to the same caret caretRect(for:) reports (#37/#38: the view keeps the caret visible)")
    func scrollingAgreesWithCaretRect() {
        withSimulator { app in
            let controller = UIViewController()
            let textView = UITextView(frame: CGRect(x: 0, y: 40, width: 200, height: 60))
            controller.view.addSubview(textView)
            app.show(controller)
            app.tap(textView)
            app.type("1\n2\n3\n4\n5\n6\n7")
            let caret = textView.caretRect(for: textView.endOfDocument)
            #expect(textView.bounds.inset(by: textView.adjustedContentInset).contains(caret))
            #expect(textView.contentOffset.y > 0)
        }
    }

    @Test("firstRect(for:) covers the range's first line; selectionRects(for:) one rectangle per line, start and end marked")
    func rangeRects() {
        SimulationLock.run {
            let textView = UITextView(frame: CGRect(x: 0, y: 0, width: 200, height: 200))
            textView.font = .systemFont(ofSize: 10)
            textView.text = "abcd\nefgh"
            let start = textView.position(from: textView.beginningOfDocument, offset: 2)!
            let range = textView.textRange(from: start, to: textView.position(from: start, offset: 5)!)!
            #expect(textView.firstRect(for: range) == CGRect(x: 15, y: 8, width: 10, height: 12))
            let rects = textView.selectionRects(for: range)
            #expect(rects.map(\.rect) == [CGRect(x: 15, y: 8, width: 10, height: 12), CGRect(x: 5, y: 20, width: 10, height: 12)])
            #expect(rects.map(\.containsStart) == [true, false])
            #expect(rects.map(\.containsEnd) == [false, true])
        }
    }

    @Test("The snapshot draws the caret where caretRect(for:) says, so an override returning .zero hides it")
    func snapshotUsesCaretRect() {
        func picture(_ field: UITextField) -> String {
            withSimulator { app in
                let controller = UIViewController()
                field.frame = CGRect(x: 20, y: 100, width: 280, height: 31)
                field.text = "abc"
                controller.view.addSubview(field)
                app.show(controller)
                app.tap(field)
                return app.snapshotSVG()
            }
        }
        let normal = picture(UITextField())
        let hidden = picture(HiddenCaretField())
        #expect(normal.contains("stroke=\"#007aff\" stroke-width=\"2\""))
        #expect(normal != hidden)
    }
}

@Suite("Typing attributes (Apple: typingAttributes of UITextView and UITextField)")
struct TypingAttributesTests {
    @Test("Apple: \"When the text view's selection changes, the contents of the dictionary are cleared automatically\"; typing keeps them")
    func textViewResetOnSelection() {
        withSimulator { app in
            let controller = UIViewController()
            let textView = UITextView(frame: CGRect(x: 0, y: 40, width: 200, height: 60))
            controller.view.addSubview(textView)
            app.show(controller)
            app.tap(textView)
            textView.typingAttributes[.foregroundColor] = UIColor.systemRed
            app.type("ab")
            #expect(textView.typingAttributes[.foregroundColor] as? UIColor == .systemRed)
            textView.selectedRange = NSRange(location: 0, length: 0)
            #expect(textView.typingAttributes[.foregroundColor] as? UIColor == .label)
        }
    }

    @Test("A field's typing attributes are nil while it is not editing [U], its font and colour while it edits")
    func fieldWhileEditing() {
        withSimulator { app in
            let controller = UIViewController()
            let field = UITextField(frame: CGRect(x: 0, y: 40, width: 200, height: 31))
            controller.view.addSubview(field)
            app.show(controller)
            #expect(field.typingAttributes == nil)
            app.tap(field)
            #expect((field.typingAttributes?[.font] as? UIFont)?.pointSize == 17)
        }
    }
}
