import Foundation
import Testing
import UIKitModel
import UIKitSimulator

/// A storage with its own backing store, as Apple's subclassing notes describe, recording what it processes.
private final class BackedStorage: NSTextStorage {
    let backing = NSMutableAttributedString()
    var processed: [String] = []

    override var string: String { backing.string }
    override func attributes(at location: Int, effectiveRange range: NSRangePointer?) -> [NSAttributedString.Key: Any] {
        backing.attributes(at: location, effectiveRange: range)
    }
    override func replaceCharacters(in range: NSRange, with str: String) {
        beginEditing()
        backing.replaceCharacters(in: range, with: str)
        edited(.editedCharacters, range: range, changeInLength: str.utf16.count - range.length)
        endEditing()
    }
    override func setAttributes(_ attrs: [NSAttributedString.Key: Any]?, range: NSRange) {
        beginEditing()
        backing.setAttributes(attrs, range: range)
        edited(.editedAttributes, range: range, changeInLength: 0)
        endEditing()
    }
    override func processEditing() {
        processed.append("\(editedRange.location),\(editedRange.length) Δ\(changeInLength) chars=\(editedMask.contains(.editedCharacters))")
        addAttribute(.kern, value: 1, range: editedRange)
        super.processEditing()
    }
}

private final class StorageDelegate: NSObject, NSTextStorageDelegate {
    var calls: [String] = []
    func textStorage(_ textStorage: NSTextStorage, willProcessEditing editedMask: NSTextStorage.EditActions, range editedRange: NSRange, changeInLength delta: Int) {
        calls.append("will \(editedRange.location),\(editedRange.length) \(delta)")
    }
    func textStorage(_ textStorage: NSTextStorage, didProcessEditing editedMask: NSTextStorage.EditActions, range editedRange: NSRange, changeInLength delta: Int) {
        calls.append("did \(editedRange.location),\(editedRange.length) \(delta)")
    }
}

@Suite("TextKit: text storage, layout manager, TextKit 2 fallback (docs/model.md \"TextKit\")")
struct TextKitTests {
    @Test("Apple doc edited(_:range:changeInLength:): outside beginEditing it processes at once; inside, once at the outermost endEditing with the edits merged")
    func processingTiming() {
        let storage = NSTextStorage()
        let delegate = StorageDelegate()
        storage.delegate = delegate
        storage.replaceCharacters(in: NSRange(location: 0, length: 0), with: "The files")
        #expect(delegate.calls == ["will 0,9 9", "did 0,9 9"])
        delegate.calls = []
        storage.beginEditing()
        storage.replaceCharacters(in: NSRange(location: 0, length: 3), with: "Several")
        storage.addAttribute(.kern, value: 2, range: NSRange(location: 8, length: 5))
        #expect(delegate.calls.isEmpty)
        storage.endEditing()
        #expect(delegate.calls == ["will 0,13 4", "did 0,13 4"])
        #expect(storage.editedRange.location == NSNotFound)
        #expect(storage.changeInLength == 0)
    }

    @Test("A subclass with its own backing store: every derived edit goes through its four primitives, and attributes set in processEditing do not process again")
    func subclassPrimitives() {
        let storage = BackedStorage()
        storage.append(NSAttributedString(string: "hello"))
        #expect(storage.backing.string == "hello")
        #expect(storage.length == 5)
        #expect(storage.processed == ["0,5 Δ5 chars=true"])
        #expect(storage.attribute(.kern, at: 2, effectiveRange: nil) as? Int == 1)
        storage.deleteCharacters(in: NSRange(location: 0, length: 1))
        #expect(storage.string == "ello")
        #expect(storage.processed.last == "0,0 Δ-1 chars=true")
        #expect(storage.attributedSubstring(from: NSRange(location: 1, length: 2)).string == "ll")
    }

    @Test("A text view's text lives in its storage: typing edits it with the typed range, and code editing the storage changes the text")
    func textViewUsesStorage() {
        withSimulator { app in
            let controller = UIViewController()
            let textView = UITextView(frame: CGRect(x: 0, y: 40, width: 300, height: 100))
            controller.view.addSubview(textView)
            let delegate = StorageDelegate()
            textView.textStorage.delegate = delegate
            app.show(controller)
            app.tap(textView)
            app.type("ab")
            app.deleteBackward()
            #expect(delegate.calls.filter { $0.hasPrefix("did") } == ["did 0,1 1", "did 1,1 1", "did 1,0 -1"])
            textView.textStorage.replaceCharacters(in: NSRange(location: 0, length: 1), with: "xyz")
            #expect(textView.text == "xyz")
            #expect(textView.selectedRange.location <= 3)
        }
    }

    @Test("A TextKit 1 stack built by hand is the text view's: its storage holds the text and its layout manager lays it out")
    func stackByHand() {
        SimulationLock.run {
            let storage = NSTextStorage()
            let manager = NSLayoutManager()
            let container = NSTextContainer()
            storage.addLayoutManager(manager)
            manager.addTextContainer(container)
            let textView = UITextView(frame: CGRect(x: 0, y: 0, width: 200, height: 100), textContainer: container)
            textView.text = "Hi"
            #expect(storage.string == "Hi")
            #expect(textView.textStorage === storage)
            #expect(textView.layoutManager === manager)
            #expect(textView.textLayoutManager == nil)
        }
    }

    @Test("UIKit's TextKit 1 fallback: a text view made with init(frame:) uses TextKit 2 until code reads layoutManager (or the container's)")
    func textKit2Fallback() {
        SimulationLock.run {
            let textView = UITextView(frame: CGRect(x: 0, y: 0, width: 200, height: 100))
            #expect(textView.textLayoutManager != nil)
            #expect(textView.textContainer.textLayoutManager != nil)
            _ = textView.layoutManager
            #expect(textView.textLayoutManager == nil)
            let other = UITextView(frame: .zero)
            _ = other.textContainer.layoutManager
            #expect(other.textLayoutManager == nil)
            #expect(UITextView(usingTextLayoutManager: false).textLayoutManager == nil)
            #expect(UITextView(usingTextLayoutManager: true).textLayoutManager != nil)
        }
    }

    /// 10-pt text: 5 pt per character, 12-pt lines, 5-pt padding, in a 110-pt view (100 pt of room for glyphs).
    @Test("The layout manager's approximation: usedRect is the widest line plus padding by the lines' height; boundingRect unions each line's part", arguments: [
        ("abcd", NSRange(location: 1, length: 2), CGRect(x: 0, y: 0, width: 30, height: 12), CGRect(x: 10, y: 0, width: 10, height: 12)),
        ("ab\ncdef", NSRange(location: 1, length: 4), CGRect(x: 0, y: 0, width: 30, height: 24), CGRect(x: 5, y: 0, width: 10, height: 24)),
        ("", NSRange(location: 0, length: 0), CGRect(x: 0, y: 0, width: 10, height: 12), CGRect(x: 5, y: 0, width: 0, height: 12)),
    ])
    func layoutGeometry(text: String, range: NSRange, used: CGRect, bounding: CGRect) {
        SimulationLock.run {
            let textView = UITextView(frame: CGRect(x: 0, y: 0, width: 110, height: 200), textContainer: nil)
            textView.textContainerInset = .zero
            textView.font = .systemFont(ofSize: 10)
            textView.text = text
            let manager = textView.layoutManager
            #expect(manager.usedRect(for: textView.textContainer) == used)
            #expect(manager.boundingRect(forGlyphRange: range, in: textView.textContainer) == bounding)
            let height = manager.usedRect(for: textView.textContainer).height
            #expect(height == textView.sizeThatFits(CGSize(width: 110, height: 1000)).height)
        }
    }

    @Test("characterIndex(for:in:) finds the character under a point, the nearest one past a line's end; lines enumerate with their glyph ranges")
    func hitTestingAndLines() {
        SimulationLock.run {
            let textView = UITextView(frame: CGRect(x: 0, y: 0, width: 110, height: 200))
            textView.textContainerInset = .zero
            textView.font = .systemFont(ofSize: 10)
            textView.text = "abc\ndefgh"
            let manager = textView.layoutManager
            let container = textView.textContainer
            var fraction: CGFloat = 0
            #expect(manager.characterIndex(for: CGPoint(x: 12, y: 3), in: container, fractionOfDistanceBetweenInsertionPoints: &fraction) == 1)
            #expect(fraction == 0.4)
            #expect(manager.characterIndex(for: CGPoint(x: 90, y: 3), in: container, fractionOfDistanceBetweenInsertionPoints: nil) == 2)
            #expect(manager.characterIndex(for: CGPoint(x: 7, y: 15), in: container, fractionOfDistanceBetweenInsertionPoints: nil) == 4)
            var ranges: [NSRange] = []
            manager.enumerateLineFragments(forGlyphRange: manager.glyphRange(for: container)) { _, _, _, range, _ in ranges.append(range) }
            #expect(ranges == [NSRange(location: 0, length: 4), NSRange(location: 4, length: 5)])
        }
    }

    @Test("NSTextStorage.mutableString is not modelled: reading it stops the program")
    func mutableStringTraps() async {
        await #expect(processExitsWith: .failure) {
            _ = NSTextStorage(string: "x").mutableString
        }
    }
}
