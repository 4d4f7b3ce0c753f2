import Testing
import UIKitModel
import UIKitBehavior
import UIKitSimulator
@testable import SwiftUI

private struct ChatList: View {
    @State private var draft = ""
    var body: some View {
        List {
            ForEach(0..<30) { index in
                Text("Row \(index)")
            }
        }
        .safeAreaInset(edge: .bottom) {
            TextField("Message", text: $draft)
                .padding()
        }
    }
}

private struct AmountField: View {
    @State private var amount = ""
    var body: some View {
        TextField("Amount", text: $amount)
            .toolbar {
                ToolbarItemGroup(placement: .keyboard) {
                    Button("Done") {}
                }
            }
    }
}

private struct NavigationAmountField: View {
    var body: some View {
        NavigationStack {
            AmountField()
        }
    }
}

private struct LowField: View {
    @State private var text = ""
    var body: some View {
        VStack {
            Spacer()
            TextField("Message", text: $text)
        }
    }
}

private struct NewOnChange: View {
    @State private var text = ""
    var body: some View {
        TextField("Name", text: $text)
            .onChange(of: text) { _, _ in }
    }
}

@Suite("SwiftUI version switches (swiftui-behaviour §8)")
struct VersionSwitchTests {
    private func profile(_ change: (inout SwiftUIBehavior) -> Void) -> BehaviorProfile {
        var profile = BehaviorProfile.current
        change(&profile.swiftUI)
        return profile
    }

    /// The list's frame and the inset field's, in the hosting view.
    private func listAndField(_ app: Simulator, _ host: UIViewController) throws -> (list: CGRect, field: CGRect) {
        let list = try #require(views(UIScrollView.self, in: host.view).first { !($0 is UITextView) })
        let field = try #require(views(UITextField.self, in: host.view).first)
        return (list.convert(list.bounds, to: host.view), field.convert(field.bounds, to: host.view))
    }

    @Test("S44: safeAreaInset on a List shrinks the list above the inset content (safeAreaInsetListBug = false, iOS 15.2+)")
    func safeAreaInsetListFixed() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let host = UIHostingController(rootView: ChatList())
            app.show(host)
            let (list, field) = try listAndField(app, host)
            #expect(list.maxY <= field.minY)
        }
    }

    @Test("S44 [U]: with safeAreaInsetListBug (iOS 15.0–15.1) the List keeps its full height under the inset content, so its last rows stay behind it")
    func safeAreaInsetListBug() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4, profile: profile { $0.safeAreaInsetListBug = true })
            let host = UIHostingController(rootView: ChatList())
            app.show(host)
            let (list, field) = try listAndField(app, host)
            #expect(list.maxY == 480)
            #expect(field.maxY > list.maxY - 100, "the field lies over the list's bottom")
            #expect(field.minY < list.maxY)
        }
    }

    @Test("S46 [U]: keyboardToolbarNeedsNavigationContainer = false (default) builds the bar without a NavigationStack")
    func keyboardToolbarWithoutNavigation() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            app.show(UIHostingController(rootView: AmountField()))
            app.tap(field: "Amount")
            #expect((app.firstResponder as? UITextField)?.inputAccessoryView is UIToolbar)
        }
    }

    @Test("S46 [U]: with keyboardToolbarNeedsNavigationContainer the .keyboard items appear only inside a NavigationStack")
    func keyboardToolbarNeedsNavigation() throws {
        try SimulationLock.run {
            let needs = profile { $0.keyboardToolbarNeedsNavigationContainer = true }
            let bare = Simulator(device: .iPhone4, profile: needs)
            bare.show(UIHostingController(rootView: AmountField()))
            bare.tap(field: "Amount")
            let bareField = try #require(bare.firstResponder as? UITextField)
            #expect(bareField.inputAccessoryView == nil)
            bare.dismissKeyboard()

            let app = Simulator(device: .iPhone4, profile: needs)
            app.show(UIHostingController(rootView: NavigationAmountField()))
            app.tap(field: "Amount")
            #expect((app.firstResponder as? UITextField)?.inputAccessoryView is UIToolbar)
        }
    }

    @Test("S41, S68: without the safeAreaRegions API (hostingSafeAreaRegionsAPI = false, before iOS 16.4) the content avoids the keyboard whatever the property says")
    func noSafeAreaRegionsAPI() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4, profile: profile { $0.hostingSafeAreaRegionsAPI = false })
            let host = UIHostingController(rootView: LowField())
            host.safeAreaRegions = .container
            app.show(host)
            app.tap(field: "Message")
            let field = try #require(views(UITextField.self, in: host.view).first)
            let keyboard = try #require(app.keyboardFrame)
            #expect(field.convert(field.bounds, to: nil).maxY == keyboard.minY)
        }
    }

    @Test("S73: with onChangeSignature = .oneParameter (iOS 14–16) a program calling onChange(of:initial:_:) stops")
    func onChangeSignatureOneParameter() async {
        await #expect(processExitsWith: .failure) {
            SimulationLock.run {
                var profile = BehaviorProfile.current
                profile.swiftUI.onChangeSignature = .oneParameter
                let app = Simulator(device: .iPhone4, profile: profile)
                app.show(UIHostingController(rootView: NewOnChange()))
            }
        }
    }

    @Test("S73: with onChangeSignature = .zeroOrTwoParameters (default, iOS 17+) the two-parameter onChange runs")
    func onChangeSignatureDefault() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            app.show(UIHostingController(rootView: NewOnChange()))
            app.tap(field: "Name")
            app.type("a")
            #expect(app.isKeyboardVisible)
        }
    }
}
