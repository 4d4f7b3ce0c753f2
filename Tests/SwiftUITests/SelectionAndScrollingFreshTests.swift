import Foundation
import Testing
import UIKitModel
import UIKitSimulator
@testable import SwiftUI

private final class Seen: @unchecked Sendable { var lines: [String] = [] }

private func labels(_ host: UIViewController) -> [String] {
    views(UILabel.self, in: host.view).compactMap(\.text) + views(UIButton.self, in: host.view).compactMap(\.currentTitle)
}

/// A field whose selection is bound; Mention replaces the selection with "@" and puts the caret after it.
private struct MentionField: View {
    let seen: Seen
    let vertical: Bool
    @State private var message = ""
    @State private var selection: TextSelection?
    var body: some View {
        VStack {
            TextField("Message", text: $message, selection: $selection, axis: vertical ? .vertical : nil)
            Button("Mention") {
                guard let selection, case .selection(let range) = selection.indices else { return }
                let offset = message.distance(from: message.startIndex, to: range.lowerBound)
                message.replaceSubrange(range, with: "@")
                self.selection = TextSelection(insertionPoint: message.index(message.startIndex, offsetBy: offset + 1))
            }
        }
        .onChange(of: selection) { _, now in
            guard let now, case .selection(let range) = now.indices else { return }
            seen.lines.append("\(message.utf16.distance(from: message.startIndex, to: range.lowerBound))+\(message[range].count)")
        }
    }
}

private struct ScrollLock: View {
    let disabled: Bool
    @State private var pin = ""
    var body: some View {
        Form {
            TextField("PIN", text: $pin)
            ForEach(0..<30) { Text("Row \($0)") }
        }
        .scrollDisabled(disabled)
    }
}

private struct ShortBouncingList: View {
    let behavior: ScrollBounceBehavior
    @State private var name = ""
    var body: some View {
        List {
            TextField("Name", text: $name)
            Text("Second row")
        }
        .scrollBounceBehavior(behavior)
        .scrollDismissesKeyboard(.immediately)
    }
}

private struct AlertTraits: View {
    @State private var shown = true
    @State private var tag = ""
    var body: some View {
        Text("Tags")
            .alert("Add Tag", isPresented: $shown) {
                TextField("Tag", text: $tag)
                    .textInputAutocapitalization(.never)
                    .autocorrectionDisabled()
                Button("Add") {}
            }
    }
}

private struct StyledSheet: View {
    @State private var shown = false
    var body: some View {
        Button("Open") { shown = true }
            .sheet(isPresented: $shown) {
                Text("Sheet")
                    .presentationBackground(Color.yellow)
                    .presentationCornerRadius(24)
            }
    }
}

private struct FixedText: View {
    let fixed: Bool
    var body: some View {
        VStack {
            if fixed {
                Text("A sentence long enough to wrap inside a narrow column of text").fixedSize()
            } else {
                Text("A sentence long enough to wrap inside a narrow column of text")
            }
        }
        .frame(width: 120)
    }
}

@Suite("TextSelection bindings, scrollDisabled, scrollBounceBehavior, alert field traits, sheet styling, fixedSize")
struct SelectionAndScrollingFreshTests {
    // Apple TextField.init(_:text:selection:prompt:axis:) (iOS 18): "A Binding to the variable containing the selection."
    @Test("a selection binding follows the user's caret, and code writing it moves the caret (field and vertical field)",
          arguments: [false, true])
    func selectionBinding(vertical: Bool) throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let seen = Seen()
            let host = UIHostingController(rootView: MentionField(seen: seen, vertical: vertical))
            app.show(host)
            app.tap(field: "Message")
            app.type("Hi there")
            #expect(seen.lines.last == "8+0")
            if let field = app.firstResponder as? UITextField {
                let caret = try #require(field.position(from: field.beginningOfDocument, offset: 2))
                field.selectedTextRange = field.textRange(from: caret, to: caret)
            } else {
                (app.firstResponder as? UITextView)?.selectedRange = NSRange(location: 2, length: 0)
            }
            app.runUntilIdle()
            #expect(seen.lines.last == "2+0")
            app.tap(button: "Mention")
            app.type("x")
            let text = (app.firstResponder as? UITextField)?.text ?? (app.firstResponder as? UITextView)?.text
            #expect(text == "Hi@x there")
        }
    }

    // Apple scrollDisabled(_:): "disables or enables scrolling in scrollable views"; a drag then does not scroll.
    @Test("scrollDisabled(true) stops the user's drag scrolling a form (and so dismissing the keyboard); false scrolls",
          arguments: [true, false])
    func scrollDisabled(disabled: Bool) throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let host = UIHostingController(rootView: ScrollLock(disabled: disabled))
            app.show(host)
            let scrollView = try #require(views(UIScrollView.self, in: host.view).first { !($0 is UITextView) })
            #expect(scrollView.isScrollEnabled == !disabled)
            app.drag(scrollView, by: -200)
            #expect((scrollView.contentOffset.y > 0) == !disabled)
        }
    }

    // S49: a List dismisses the keyboard immediately when dragged; Apple scrollBounceBehavior(.basedOnSize): it
    // bounces only when its content is larger, so a short list cannot be dragged at all.
    @Test("S49: scrollBounceBehavior(.basedOnSize) keeps a short list still, so the keyboard stays; .automatic bounces and dismisses it",
          arguments: [(ScrollBounceBehavior.basedOnSize, true), (.automatic, false), (.always, false)])
    func bounceBasedOnSize(behavior: ScrollBounceBehavior, keyboardStays: Bool) throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let host = UIHostingController(rootView: ShortBouncingList(behavior: behavior))
            app.show(host)
            let scrollView = try #require(views(UIScrollView.self, in: host.view).first { !($0 is UITextView) })
            app.tap(field: "Name")
            app.drag(scrollView, by: 80)
            #expect(app.isKeyboardVisible == keyboardStays)
        }
    }

    @Test("an alert's TextField keeps textInputAutocapitalization(.never) and autocorrectionDisabled() on its UIKit field")
    func alertFieldTraits() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let host = UIHostingController(rootView: AlertTraits())
            app.show(host)
            app.runUntilIdle()
            let alert = try #require(host.presentedViewController as? UIAlertController)
            let field = try #require(alert.textFields?.first)
            #expect(field.autocapitalizationType == .none)
            #expect(field.autocorrectionType == .no)
        }
    }

    @Test("presentationBackground fills the sheet's view; presentationCornerRadius is the sheet's preferredCornerRadius")
    func sheetStyling() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let host = UIHostingController(rootView: StyledSheet())
            app.show(host)
            app.tap(button: "Open")
            app.runUntilIdle()
            let sheet = try #require(host.presentedViewController)
            #expect(sheet.view.backgroundColor == Color.yellow._uiColor)
            #expect(sheet.sheetPresentationController?.preferredCornerRadius == 24)
        }
    }

    // Apple fixedSize(): "Fixes this view at its ideal size."
    @Test("fixedSize() keeps a text on one line wider than its 120-point column; without it the text wraps to the column",
          arguments: [true, false])
    func fixedSize(fixed: Bool) throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let host = UIHostingController(rootView: FixedText(fixed: fixed))
            app.show(host)
            let label = try #require(views(UILabel.self, in: host.view).first)
            #expect((label.frame.width > 120) == fixed)
        }
    }
}
