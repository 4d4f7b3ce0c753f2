import Foundation
import Diagnostics
@testable import DocTest
import LessonModel
import TestSupport
import Testing
import TutorbuildSupport

/// API introduced after a lesson's deployment target is an error unless Swift's availability rules allow the use, as
/// Xcode's "'X' is only available in iOS N or newer" (docs/model.md "Deployment target", uikit-behaviour-3 §B5, #161:
/// the deployment target decides what the compiler reports; §B9/§B10: `selectedRanges` and the ranges API are iOS 26).
@Suite("Deployment target and introductions (uikit-behaviour-3 §B5 #161, §B9, §B10)")
struct AvailabilityTests {
    static let toolchain: Toolchain = {
        var options = DocTestOptions()
        options.buildDirectory = TemporaryCourse.buildDirectory
        return try! Toolchain.locate(options: options)
    }()
    static let api: IntroducedAPI = try! IntroducedAPI.extract(toolchain: toolchain)

    /// The uses `code` (after `import UIKit` and `import SwiftUI`) makes that Xcode rejects at iOS `target`, as
    /// "line: message".
    static func errors(_ code: String, target: Int) throws -> [String] {
        let executor = ProgramExecutor(
            toolchain: toolchain, limits: ProcessLimits(timeout: 60, outputBytes: nil, memoryBytes: nil), compileTimeout: 300,
            introduced: LazyIntroducedAPI { api })
        let directory = try RunningChildren.makeFolder()
        defer { RunningChildren.removeFolder(directory) }
        let text = "import UIKit\nimport SwiftUI\n" + code
        let mode = LanguageMode(swiftVersion: 5, defaultIsolation: .mainActor, deploymentTarget: target)
        return try executor.availabilityUses(text, mode: mode, directory: directory).map { "\($0.line - 2): \($0.message)" }
    }

    static let ranges = "'selectedRanges' is only available in iOS 26.0 or newer"

    @Test("the availability table is loaded once, when a program first needs it, and a failure to load is every caller's")
    func lazyTable() throws {
        let calls = Locked(0)
        let table = LazyIntroducedAPI {
            calls.mutate { $0 += 1 }
            return Self.api
        }
        #expect(calls.value == 0)
        (0..<8).parallelMap { _ in _ = try? table.value() }
        #expect(calls.value == 1)
        struct Broken: Error {}
        let failing = LazyIntroducedAPI { throw Broken() }
        #expect(throws: Broken.self) { try failing.value() }
        #expect(throws: Broken.self) { try failing.value() }
    }

    @Test("the table holds the model's introductions, read from its @available attributes", arguments: [
        ("selectedRanges", 2600), ("keyboardLayoutGuide", 1500), ("UIKeyboardLayoutGuide", 1500), ("keyboardDismissPadding", 1700),
        ("scrollDismissesKeyboard", 1600), ("onChange", 1700), ("scrollPosition", 1800), ("ScrollPosition", 1800),
        ("textField", 2600), ("KeyboardWillShowMessage", 2600), ("FocusState", 1500), ("NavigationStack", 1600),
        ("addAction", 1400), ("assign", 1400), ("defaultScrollAnchor", 1700), ("sheetPresentationController", 1500), ("addObserver", 2600), ("post", 2600),
        // UIKit families marked from Apple's pages: content configurations and cell registrations (14), UIAction-based
        // initializers (14), the tracking layout guide (15), edit menus (16), date picker styles (13.4), key commands,
        // menus and button configuration updates, the async notification sequence.
        ("UIListContentConfiguration", 1400), ("UIContentConfiguration", 1400), ("CellRegistration", 1400),
        ("dequeueConfiguredReusableCell", 1400), ("UICollectionViewListCell", 1400), ("UITrackingLayoutGuide", 1500),
        ("UIEditMenuInteraction", 1600), ("preferredDatePickerStyle", 1304), ("primaryAction", 1400),
        ("wantsPriorityOverSystemBehavior", 1500), ("inputDelete", 1500), ("keepsMenuPresented", 1600),
        ("singleSelection", 1500), ("displayAsPalette", 1700), ("preferredElementSize", 1600),
        ("configurationUpdateHandler", 1500), ("menuActionTriggered", 1400), ("preferredStyle", 1400),
        ("notifications", 1500), ("tintColor", 1500),
        // SwiftUI families: iOS 14 (labels, toolbars, lazy stacks, state objects), 14.5 (.titleAndIcon), 15 (tasks,
        // safe-area insets, materials, roles, alerts), 16 (labeled content, proposed sizes, value links, form styles),
        // 16.4 (search scope activation), 17 (scroll targets, Bindable, focusable, Text's own foregroundStyle beside
        // View's of 15), 18 (Tab, searchFocused). A word takes the latest of its declarations, but a member of a newer
        // type has no word of its own: `Label` (14) is also `SearchUnavailableContent.Label` (17), which only
        // `SearchUnavailableContent` (17) reaches; `searchable` (15) also takes `isPresented:` (17) and
        // `navigationDestination(for:)` (16) has `item:` (17).
        ("StateObject", 1400), ("IconOnlyLabelStyle", 1400), ("Label", 1400), ("SearchUnavailableContent", 1700), ("ToolbarItemGroup", 1400), ("ToolbarItem", 1400), ("keyboard", 1500),
        ("LazyVStack", 1400), ("TextEditor", 1400), ("ProgressView", 1400), ("ignoresSafeArea", 1400),
        ("titleAndIcon", 1405), ("task", 1500), ("safeAreaInset", 1500), ("textInputAutocapitalization", 1500),
        ("foregroundStyle", 1700), ("Material", 1500), ("ButtonRole", 1500), ("searchable", 1700), ("dismiss", 1500),
        ("LabeledContent", 1600), ("ProposedViewSize", 1600), ("navigationDestination", 1700), ("searchScopes", 1604), ("searchFocused", 1800), ("formStyle", 1600),
        ("scrollTargetLayout", 1700), ("Bindable", 1700), ("focusable", 1700), ("Tab", 1800), ("close", 2600),
    ])
    func table(word: String, version: Int) {
        #expect(Self.latest(word) == version, "\(word): \(Self.latest(word).map(String.init) ?? "none")")
        #expect(Self.latest("isEditable") == nil, "a property older than iOS 13 is not in the table")
    }

    /// The latest introduction of the declarations found by `word`, whichever way the pre-filter finds them.
    static func latest(_ word: String) -> Int? {
        let versions = [api.words[word], api.properties[word]].compactMap { $0 } + (api.functions[word]?.map(\.introduced) ?? [])
        return versions.max()
    }

    @Test("the table: a function is found by its labels, a member of a newer type through its type", arguments: [
        // iOS 26's messages: their members (`name`, `screen`, `textField`, `init(textField:)`) come with a message type.
        ("name", nil), ("screen", nil), ("reason", nil), ("Subject", nil), ("makeMessage", nil), ("beginFrame", nil),
        ("KeyboardWillShowMessage", 2600), ("TextDidChangeMessage", 2600),
    ] as [(String, Int?)])
    func ownedMembers(word: String, version: Int?) {
        #expect(Self.latest(word) == version, "\(word): \(Self.latest(word).map(String.init) ?? "none")")
    }

    @Test("the table: a newer function's parameters as a call writes them")
    func functionParameters() {
        let ranges = Self.api.functions["textField"]?.first { $0.parameters.map(\.label) == ["_", "shouldChangeCharactersInRanges", "replacementString"] }
        #expect(ranges?.introduced == 2600)
        #expect(ranges?.requiredLabels == ["shouldChangeCharactersInRanges", "replacementString"])
        #expect(Self.api.functions["textField"]?.contains { $0.parameters.map(\.label) == ["_", "shouldChangeCharactersIn", "replacementString"] } == false,
                "iOS 13's textField(_:shouldChangeCharactersIn:replacementString:) is not in the table")
        let onChange = Self.api.functions["onChange"]?.first { $0.parameters.map(\.label) == ["of", "initial", "_"] }
        #expect(onChange?.parameters.map(\.optional) == [false, true, true], "initial has a default, the action is a closure")
        #expect(Self.api.initializers.contains { $0.requiredLabels == ["frame", "primaryAction"] && $0.introduced == 1400 })
        #expect(IntroducedAPI.parameters(name: "f(_:b:c:)", declaration: "func f<T>(_ a: [T: Int], b: Int = 1, c: (Int, Int) -> Void) -> Int")
                == [.init(label: "_", optional: false), .init(label: "b", optional: true), .init(label: "c", optional: true)])
        #expect(IntroducedAPI.parameters(name: "f(_:)", declaration: "func f(_ a: Int...)") == [.init(label: "_", optional: true)])
        #expect(IntroducedAPI.parameters(name: "f(a:)", declaration: "func f(a: Int, b: Int)") == nil, "names and declarations that disagree")
    }

    @Test("uikit-behaviour-3 #161: newer API across UIKit, SwiftUI and Combine errors below its introduction, not when guarded", arguments: [
        // (code, target, an error Xcode gives, the same code made available)
        ("let c = UIListContentConfiguration.cell()\nprint(c.text ?? \"\")", 13,
         "1: 'UIListContentConfiguration' is only available in iOS 14.0 or newer",
         "if #available(iOS 14, *) {\n  let c = UIListContentConfiguration.cell()\n  print(c.text ?? \"\")\n}"),
        ("let b = UIButton(frame: .zero, primaryAction: nil)\nprint(b)", 13,
         "1: 'init(frame:primaryAction:)' is only available in iOS 14.0 or newer",
         "if #available(iOS 14, *) { print(UIButton(frame: .zero, primaryAction: nil)) }"),
        ("let g = UITrackingLayoutGuide()\nprint(g)", 14,
         "1: 'UITrackingLayoutGuide' is only available in iOS 15.0 or newer",
         "if #available(iOS 15, *) { print(UITrackingLayoutGuide()) }"),
        ("let d = UIDatePicker()\nd.preferredDatePickerStyle = .wheels", 13,
         "2: 'preferredDatePickerStyle' is only available in iOS 13.4 or newer",
         "let d = UIDatePicker()\nif #available(iOS 13.4, *) { d.preferredDatePickerStyle = .wheels }"),
        ("let d = UIDatePicker()\nd.preferredDatePickerStyle = UIDatePickerStyle.inline", 13,
         "2: 'inline' is only available in iOS 14.0 or newer",
         "let d = UIDatePicker()\nif #available(iOS 14, *) { d.preferredDatePickerStyle = UIDatePickerStyle.inline }"),
        ("let m = UIMenu(title: \"\", children: [])\nm.preferredElementSize = .small", 15,
         "2: 'preferredElementSize' is only available in iOS 16.0 or newer",
         "let m = UIMenu(title: \"\", children: [])\nif #available(iOS 16, *) { m.preferredElementSize = .small }"),
        ("print(UIKeyCommand.inputDelete)", 14,
         "1: 'inputDelete' is only available in iOS 15.0 or newer",
         "if #available(iOS 15, *) { print(UIKeyCommand.inputDelete) }"),
        ("final class M: ObservableObject {}\nstruct V: View {\n  @StateObject var m = M()\n  var body: some View { Text(\"a\") }\n}", 13,
         "3: 'StateObject' is only available in iOS 14.0 or newer",
         "final class M: ObservableObject {}\n@available(iOS 14, *)\nstruct V: View {\n  @StateObject var m = M()\n  var body: some View { Text(\"a\") }\n}"),
        ("struct V: View {\n  var body: some View { Text(\"a\").task { print(1) } }\n}", 14,
         "2: 'task(priority:_:)' is only available in iOS 15.0 or newer",
         "@available(iOS 15, *)\nstruct V: View {\n  var body: some View { Text(\"a\").task { print(1) } }\n}"),
        ("struct V: View {\n  var body: some View { ScrollView { LazyVStack { Text(\"a\") }.scrollTargetLayout() } }\n}", 16,
         "2: 'scrollTargetLayout(isEnabled:)' is only available in iOS 17.0 or newer",
         "struct V: View {\n  var body: some View {\n    if #available(iOS 17, *) {\n      ScrollView { LazyVStack { Text(\"a\") }.scrollTargetLayout() }\n    }\n  }\n}"),
        ("struct V: View {\n  var body: some View { Label(\"a\", systemImage: \"b\").labelStyle(.titleAndIcon) }\n}", 14,
         "2: 'titleAndIcon' is only available in iOS 14.5 or newer",
         "@available(iOS 14.5, *)\nstruct V: View {\n  var body: some View { Label(\"a\", systemImage: \"b\").labelStyle(.titleAndIcon) }\n}"),
        ("let s = PassthroughSubject<Int, Never>()\nTask { for await v in s.values { print(v) } }", 14,
         "2: 'values' is only available in iOS 15.0 or newer",
         "let s = PassthroughSubject<Int, Never>()\nif #available(iOS 15, *) { Task { for await v in s.values { print(v) } } }"),
    ])
    func families(code: String, target: Int, expected: String, guarded: String) throws {
        let found = try Self.errors(code, target: target)
        #expect(found.contains(expected), "\(found)")
        #expect(try Self.errors(code, target: target + 10) == [], "at a later target the use is fine")
        let guardedFound = try Self.errors(guarded, target: target)
        #expect(guardedFound == [], "\(guardedFound)")
    }

    @Test("uikit-behaviour-3 #161 / §B9: a use below, at and above the introduction", arguments: [
        (13, true), (18, true), (25, true), (26, false), (27, false),
    ])
    func targets(target: Int, fails: Bool) throws {
        let code = "let tv = UITextView()\nprint(tv.selectedRanges.count)\n"
        #expect(try Self.errors(code, target: target) == (fails ? ["2: \(Self.ranges)"] : []))
    }

    @Test("Swift's availability contexts (uikit-behaviour-3 #161)", arguments: [
        // if #available: the true branch only, and the conditions after it.
        ("if #available(iOS 26, *) { print(UITextView().selectedRanges) } else { print(UITextView().selectedRanges) }", ["1"]),
        ("if #available(iOS 26.0, *), let r = UITextView().selectedRanges.first { print(r) }", []),
        ("if #available(iOS 17, *) { print(UITextView().selectedRanges) }", ["1"]),
        ("if #available(iOS 18, *) {\n} else if #available(iOS 26, *) {\n  print(UITextView().selectedRanges)\n}", []),
        ("if #available(iOS 26, *) {\n  let f = { UITextView().selectedRanges }\n  print(f())\n}", []),
        // if #unavailable: the else branch.
        ("if #unavailable(iOS 26) {\n  print(UITextView().selectedRanges)\n} else {\n  print(UITextView().selectedRanges)\n}", ["2"]),
        // guard: the rest of the block, not what comes before it.
        ("func f(_ tv: UITextView) {\n  print(tv.selectedRanges)\n  guard #available(iOS 26, *) else { return }\n  print(tv.selectedRanges)\n}", ["2"]),
        ("func f(_ tv: UITextView) {\n  guard #unavailable(iOS 26) else {\n    print(tv.selectedRanges)\n    return\n  }\n  print(tv.selectedRanges)\n}", ["6"]),
        ("func f(_ tv: UITextView) {\n  if true {\n    guard #available(iOS 26, *) else { return }\n  }\n  print(tv.selectedRanges)\n}", ["5"]),
        // while #available: the body.
        ("func f(_ tv: UITextView) {\n  while #available(iOS 26, *) {\n    print(tv.selectedRanges)\n    break\n  }\n}", []),
        // A top-level guard refines nothing after its statement: top-level code keeps the deployment target (swiftc).
        ("guard #available(iOS 26, *) else { fatalError() }\nprint(UITextView().selectedRanges)", ["2"]),
        // @available declarations, what they contain, and their callers.
        ("@available(iOS 26, *)\nfunc f(_ tv: UITextView) -> Int { tv.selectedRanges.count }", []),
        ("@available(iOS 26, *)\nfunc f(_ tv: UITextView) -> () -> Int { { tv.selectedRanges.count } }", []),
        ("@available(iOS 26, *)\nclass C {\n  let tv = UITextView()\n  func f() -> Int { tv.selectedRanges.count }\n}", []),
        ("@available(iOS 26, *)\nextension UITextView {\n  var firstRange: NSRange? { selectedRanges.first }\n}", []),
        ("@available(iOS 18, *)\nfunc f(_ tv: UITextView) -> Int { tv.selectedRanges.count }", ["2"]),
        ("@available(iOS 26, *)\nfunc f() {}\nf()\nif #available(iOS 26, *) { f() }", ["3: 'f()' is only available in iOS 26 or newer"]),
        ("func f(_ tv: UITextView) -> () -> Int { { tv.selectedRanges.count } }", ["1"]),
        // Implementing a newer optional requirement is no use of it: the witness is more available than it.
        ("class D: NSObject, UITextViewDelegate {\n  func textView(_ textView: UITextView, shouldChangeTextInRanges ranges: [NSValue], replacementText text: String) -> Bool { true }\n}", []),
    ])
    func contexts(code: String, expected: [String]) throws {
        let found = try Self.errors(code, target: 18)
        #expect(found == expected.map { $0.contains(":") ? $0 : "\($0): \(Self.ranges)" }, "\(code)")
    }

    @Test("uikit-behaviour-3 #161: SwiftUI modifiers introduced in 16, 17 and 18, and overloads of which only one is new", arguments: [
        (15, ["3: 'scrollDismissesKeyboard(_:)' is only available in iOS 16.0 or newer",
              "3: 'interactively' is only available in iOS 16.0 or newer",
              "4: 'onChange(of:initial:_:)' is only available in iOS 17.0 or newer",
              "5: 'scrollPosition(id:anchor:)' is only available in iOS 17.0 or newer"]),
        (16, ["4: 'onChange(of:initial:_:)' is only available in iOS 17.0 or newer",
              "5: 'scrollPosition(id:anchor:)' is only available in iOS 17.0 or newer"]),
        (17, []),
        (26, []),
    ])
    func swiftUI(target: Int, expected: [String]) throws {
        let code = """
            struct V: View {
              @State var id: Int?
              var body: some View { ScrollView { Text("a") }.scrollDismissesKeyboard(.interactively)
                .onChange(of: id) { print("changed") }
                .scrollPosition(id: $id) }
            }
            """
        #expect(try Self.errors(code, target: target) == expected)
    }

    @Test("uikit-behaviour-3 #161: if #available inside a view builder guards the modifier in its branch only")
    func viewBuilder() throws {
        let code = """
            struct V: View {
              var body: some View {
                if #available(iOS 17, *) {
                  ScrollView { Text("a") }.defaultScrollAnchor(.bottom)
                } else {
                  ScrollView { Text("b") }.defaultScrollAnchor(.top)
                }
              }
            }
            """
        #expect(try Self.errors(code, target: 16) == ["6: 'defaultScrollAnchor(_:)' is only available in iOS 17.0 or newer"])
        #expect(try Self.errors(code, target: 17) == [])
    }

    @Test("uikit-behaviour-3 #161: of scrollPosition's two overloads the ScrollPosition one is iOS 18, the id one 17")
    func overloads() throws {
        let code = """
            struct V: View {
              @State var id: Int?
              var body: some View { ScrollView { Text("a") }.scrollPosition(id: $id) }
            }
            @available(iOS 18, *)
            struct W: View {
              @State var position = ScrollPosition(idType: Int.self)
              var body: some View { ScrollView { Text("a") }.scrollPosition($position) }
            }
            """
        #expect(try Self.errors(code, target: 17) == [])
        let unmarked = code.replacingOccurrences(of: "@available(iOS 18, *)\n", with: "")
        let found = try Self.errors(unmarked, target: 17)
        #expect(found == [
            "6: 'ScrollPosition' is only available in iOS 18.0 or newer",
            "7: 'scrollPosition(_:anchor:)' is only available in iOS 18.0 or newer",
        ], "\(found)")
    }

    @Test("uikit-behaviour-3 #161: of searchable's overloads the isPresented one is iOS 17; suggestions 16, scope activation 16.4")
    func searchOverloads() throws {
        let code = """
            struct V: View {
              @State var q = ""
              @State var shown = false
              @State var scope = 0
              var body: some View { Text("a").searchable(text: $q)
                .searchable(text: $q, isPresented: $shown)
                .searchSuggestions { Text("b") }
                .searchScopes($scope, activation: .onTextEntry) { Text("c").tag(0) } }
            }
            """
        #expect(try Self.errors(code, target: 17) == [])
        let found = try Self.errors(code, target: 15)
        #expect(found == [
            "6: 'searchable(text:isPresented:placement:prompt:)' is only available in iOS 17.0 or newer",
            "7: 'searchSuggestions(_:)' is only available in iOS 16.0 or newer",
            "8: 'searchScopes(_:activation:_:)' is only available in iOS 16.4 or newer",
            "8: 'onTextEntry' is only available in iOS 16.4 or newer",
        ], "\(found)")
    }

    @Test("uikit-behaviour-3 #161: a property wrapper newer than the target is reported where it is written, once, not at each use")
    func propertyWrapper() throws {
        let code = """
            struct V: View {
              @FocusState var focused: Bool
              @State var text = ""
              var body: some View { TextField("a", text: $text).focused($focused).onAppear { focused = true } }
            }
            """
        let found = try Self.errors(code, target: 14)
        #expect(found == [
            "2: 'FocusState' is only available in iOS 15.0 or newer",
            "4: 'focused(_:)' is only available in iOS 15.0 or newer",
        ], "\(found)")
        #expect(try Self.errors(code, target: 15) == [])
    }

    @Test("only programs that mention a name newer than their target are checked; the rest cost nothing")
    func prefilter() {
        #expect(Self.api.mentionsNewer("tv.selectedRanges", target: 18))
        #expect(!Self.api.mentionsNewer("tv.selectedRanges", target: 26))
        #expect(!Self.api.mentionsNewer("tv.selectedRange", target: 18), "a word, not a prefix")
        #expect(!Self.api.mentionsNewer("someGuide.keyboardLayoutGuide", target: 15))
        #expect(Self.api.mentionsNewer("someGuide.keyboardLayoutGuide", target: 14))
    }

    @Test("the pre-filter flags every spelling of a newer use (a missed one would pass a program Xcode rejects)", arguments: [
        // (text, target)
        ("print(tv.selectedRanges.count)", 18),                                       // member access
        ("let path = \\UITextView.selectedRanges", 18),                            // key path
        ("if let selectedRanges { print(selectedRanges) }", 18),                     // shorthand unwrapping
        ("let t = UIResponder.KeyboardWillShowMessage.self", 18),                    // type name
        ("f(.keyboardWillShow)", 18),                                                // implicit member
        ("switch id { case keyboardWillShow: break }", 18),                          // a pattern
        ("NotificationCenter.default.post(message)", 18),                           // unlabelled call
        ("center.post (m, subject: field)", 18),                                     // labelled call, a space
        ("c.addObserver(of: tf, for: .textDidChange) { m in print(m) }", 18),       // trailing closure
        ("delegate?.textField?(tf, shouldChangeCharactersInRanges: r, replacementString: s)", 18), // optional requirement
        ("delegate.textField(\n  tf,\n  editMenuForCharactersInRanges: r,\n  suggestedActions: [])", 18), // over lines
        ("super.textView(tv, shouldChangeTextInRanges: r, replacementText: \"a, b: c\")", 18), // a string among them
        ("let s = #selector(textField(_:shouldChangeCharactersInRanges:replacementString:))", 18), // compound name
        ("let f = delegate.textField", 18),                                          // a function as a value
        ("items.map(delegate.searchBar)", 18),
        ("d.textView(tv, `editMenuForTextInRanges`: r, suggestedActions: [])", 18), // unread: flagged
        ("final class B: UIButton {}\nlet b = B(frame: .zero, primaryAction: nil)", 13), // an initializer through a subclass
        ("let make = UIButton.init", 13),                                            // an initializer as a value
        ("let b: UIButton = .init(frame: .zero, primaryAction: nil)", 13),            // an implicit member
        ("Text(\"a\").onChange(of: x) { print(1) }", 16),                           // labels a call leaves out
        ("Text(\"a\").task { print(1) }", 14),
        ("Text(\"a\").scrollPosition(id: $id)", 16),                                  // a defaulted label left out
        // A newer type's member as an implicit member: the context names the type (here the model's #Preview function).
        ("_tutorbuildPreview(traits: .sizeThatFitsLayout) { Text(\"a\") }", 15),
        ("switch m.screen { case .some: break }\nlet t: [PreviewTrait<Preview.ViewTraits>] = [\n    .sizeThatFitsLayout]", 15),
    ])
    func prefilterFlags(text: String, target: Int) {
        #expect(Self.api.mentionsNewer(text, target: target), "\(text)")
        #expect(!Self.api.mentionsNewer(text, target: 26), "nothing in it is newer than iOS 26: \(text)")
    }

    @Test("the pre-filter lets ordinary programs through: older API that shares a newer one's word", arguments: [
        ("let textField = UITextField()\nview.addSubview(textField)\ntextField.text = \"a\"", 18),
        ("func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool { true }", 18),
        // Implementing a newer optional requirement is no use of it.
        ("func textField(_ textField: UITextField, shouldChangeCharactersInRanges ranges: [NSValue], replacementString string: String) -> Bool { true }", 18),
        ("func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String) { print(searchBar.text ?? searchText) }", 18),
        ("NotificationCenter.default.post(name: .x, object: nil)", 18),
        ("NotificationCenter.default.addObserver(self, selector: #selector(keyboardWillShow(_:)), name: UIResponder.keyboardWillShowNotification, object: nil)\n@objc func keyboardWillShow(_ n: Notification) { print(n.name) }", 18),
        ("let name = \"a\"\nprint(name.count, notification.name)", 18),
        ("override init(frame: CGRect) { super.init(frame: frame) }", 13),
        ("Text(\"a\").onChange(of: x, perform: { print($0) })", 16),
        ("searchBar(bar, textDidChange: \"a\")", 18),
    ])
    func prefilterPasses(text: String, target: Int) {
        #expect(!Self.api.mentionsNewer(text, target: target), "\(text)")
    }

    @Test("the pre-filter and the check agree on whole programs: what it lets through has no use the check finds", arguments: [
        // (code, target, whether it uses newer API)
        ("let tv = UITextView()\nprint(tv.selectedRanges.count)", 18, true),
        ("final class B: UIButton {}\nlet b = B(frame: .zero, primaryAction: nil)\nprint(b)", 13, true),
        ("struct V: View {\n  @State var x = 0\n  var body: some View { Text(\"a\").onChange(of: x) { print(1) } }\n}", 16, true),
        ("let d: UITextFieldDelegate? = nil\nprint(d?.textField(UITextField(), editMenuForCharactersInRanges: [], suggestedActions: []) as Any)", 18, true),
        ("""
         final class Form: NSObject, UITextFieldDelegate, UISearchBarDelegate {
           let textField = UITextField()
           let searchBar = UISearchBar()
           func setUp(in view: UIView) {
             view.addSubview(textField)
             textField.delegate = self
             NotificationCenter.default.post(name: UIResponder.keyboardWillShowNotification, object: nil)
             _ = NotificationCenter.default.addObserver(forName: UIResponder.keyboardWillShowNotification, object: nil, queue: .main) { n in print(n.name) }
           }
           func textField(_ textField: UITextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool { true }
           func textField(_ textField: UITextField, shouldChangeCharactersInRanges ranges: [NSValue], replacementString string: String) -> Bool { true }
           func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String) { print(searchText) }
         }
         final class Field: UIView {
           override init(frame: CGRect) { super.init(frame: frame) }
           required init?(coder: NSCoder) { fatalError() }
         }
         """, 18, false),
    ])
    func prefilterAgrees(code: String, target: Int, uses: Bool) throws {
        #expect(Self.api.mentionsNewer(code, target: target) == uses)
        // A known use after it shows the program type-checked.
        let marker = "print(UITextView().selectedRanges.count)"
        let found = try Self.errors(code + "\n" + marker, target: target)
        let markerError = "\(code.split(separator: "\n", omittingEmptySubsequences: false).count + 1): \(Self.ranges)"
        #expect(found.contains(markerError), "\(found)")
        let others = found.filter { $0 != markerError }
        #expect(others.isEmpty == !uses, "\(found)")
    }

    @Test("uikit-behaviour-3 #161: in a lesson the use is a compile error at the snippet's Markdown line; #available makes it pass")
    func lesson() throws {
        let failing = """
            ```swift
            let textView = UITextView()
            textView.text = "abc"
            print(textView.selectedRanges.count)
            ```

            ```output
            1
            ```
            """
        let passing = failing.replacingOccurrences(
            of: "print(textView.selectedRanges.count)",
            with: "if #available(iOS 26, *) { print(textView.selectedRanges.count) }")
        let course = try TemporaryCourse([
            "a/en.md": "---\ntitle: A\ndeployment-target: 18\n---\n\n" + failing,
            "b/en.md": "---\ntitle: B\ndeployment-target: 18\n---\n\n" + passing,
            "c/en.md": "---\ntitle: C\n---\n\n" + failing,
        ])
        defer { course.remove() }
        let (report, _) = try course.run()
        let errors = report.diagnostics.filter { $0.id == .doctestCompileError }
        #expect(errors.map(\.message) == [Self.ranges], "\(report.diagnostics.map(\.message))")
        #expect(errors.first?.location.path.hasSuffix("a/en.md") == true)
        #expect(errors.first?.location.line == 9, "the selectedRanges line of a/en.md")
    }
}
