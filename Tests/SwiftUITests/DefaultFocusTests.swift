import Testing
import UIKitModel
import UIKitBehavior
import UIKitSimulator
@testable import SwiftUI

private struct LoginFields: View {
    enum Field: Hashable { case user, password }
    @State private var user = ""
    @State private var password = ""
    @FocusState private var focus: Field?
    var body: some View {
        VStack {
            TextField("User", text: $user)
                .focused($focus, equals: .user)
            SecureField("Password", text: $password)
                .focused($focus, equals: .password)
        }
        .defaultFocus($focus, .password)
    }
}

private struct NoteSheet: View {
    @State private var note = ""
    @FocusState private var focused: Bool
    var body: some View {
        TextField("Note", text: $note)
            .focused($focused)
            .defaultFocus($focused, true)
    }
}

private struct SheetOpener: View {
    @State private var showing = false
    var body: some View {
        Button("Open") { showing = true }
            .sheet(isPresented: $showing) { NoteSheet() }
    }
}

@Suite("SwiftUI default focus")
struct DefaultFocusTests {
    @Test("S34: defaultFocus gives the focus state its value when the view first appears; the bound field takes the keyboard")
    func defaultFocusOnAppear() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            app.show(UIHostingController(rootView: LoginFields()))
            app.runUntilIdle()
            let field = try #require(app.firstResponder as? UITextField)
            #expect(field.placeholder == "Password")
            #expect(app.isKeyboardVisible)
        }
    }

    @Test("S34: default focus is evaluated once; after the user dismisses the keyboard it stays down")
    func defaultFocusOnce() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            app.show(UIHostingController(rootView: LoginFields()))
            app.runUntilIdle()
            app.dismissKeyboard()
            app.runUntilIdle()
            #expect(!app.isKeyboardVisible)
            #expect(app.firstResponder == nil)
        }
    }

    @Test("S35 [U]: defaultFocusInSheet = true (default, iOS 17) focuses the sheet's field")
    func defaultFocusInSheet() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            app.show(UIHostingController(rootView: SheetOpener()))
            app.tap(button: "Open")
            app.runUntilIdle()
            #expect((app.firstResponder as? UITextField)?.placeholder == "Note")
        }
    }

    @Test("S35 [U]: with defaultFocusInSheet = false (iOS 18.2) defaultFocus in a sheet has no effect")
    func defaultFocusIgnoredInSheet() throws {
        try SimulationLock.run {
            var profile = BehaviorProfile.current
            profile.swiftUI.defaultFocusInSheet = false
            let app = Simulator(device: .iPhone4, profile: profile)
            app.show(UIHostingController(rootView: SheetOpener()))
            app.tap(button: "Open")
            app.runUntilIdle()
            #expect(app.firstResponder == nil)
            #expect(!app.isKeyboardVisible)
        }
    }
}
