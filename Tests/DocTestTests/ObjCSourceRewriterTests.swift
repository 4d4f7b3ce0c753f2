import Foundation
import Diagnostics
@testable import DocTest
import LessonModel
import Testing

/// The source step that turns `@objc`, Interface Builder attributes and `#selector` into Swift Linux compiles.
@Suite("Objective-C source rewriting")
struct ObjCSourceRewriterTests {
    static func snippet(_ index: Int, _ code: String, in type: String? = nil) -> Snippet {
        var attributes = SnippetAttributes()
        attributes.spliceInto = type
        return Snippet(
            index: index, code: code, attributes: attributes,
            range: SourceRange(start: SourcePosition(line: 1, column: 1), end: SourcePosition(line: 1, column: 1)),
            firstCodeLine: 2)
    }

    static func rewrite(_ codes: [String]) -> ObjCSourceRewriter {
        let snippets = codes.enumerated().map { snippet($0.offset, $0.element) }
        return ObjCSourceRewriter(code: Dictionary(uniqueKeysWithValues: codes.enumerated().map { ($0.offset, $0.element) }), snippets: snippets)
    }

    static let controller = """
        class ViewController: UIViewController {
            @IBOutlet weak var field: UITextField!
            @objc func done() {}
            @IBAction func tapped(_ sender: UIButton) {}
            @objc func keyboardWillShow(notification: Notification) {}
            @objc(finishWith:) func finish(with value: Int) {}
            func notExposed() {}
        }
        """

    @Test("attributes without meaning on Linux become spaces of the same length", arguments: [
        ("@objc dynamic var count = 0", "@objc"),
        ("@objc(sayTo:) func say(to name: String) {}", "@objc(sayTo:)"),
        ("@objcMembers final class A: NSObject {}", "@objcMembers"),
        ("@IBOutlet weak var field: UITextField!", "@IBOutlet"),
        ("@IBAction func tap(_ sender: Any) {}", "@IBAction"),
        ("@IBInspectable var radius: CGFloat = 0", "@IBInspectable"),
        ("@IBDesignable class Card: UIView {}", "@IBDesignable"),
    ])
    func blankedAttributes(line: String, attribute: String) {
        let blank = String(repeating: " ", count: attribute.utf8.count)
        #expect(Self.rewrite([line]).code[0] == blank + line.dropFirst(attribute.count))
        #expect(Self.rewrite([line]).columnMaps.isEmpty)
    }

    @Test("every written form of #selector becomes a Selector built from a closure around the method reference", arguments: [
        ("#selector(done)", #"Selector(_tutorbuildMethod: { (object: ViewController) in object.done }, swift: "done()")"#),
        ("#selector(tapped(_:))", #"Selector(_tutorbuildMethod: { (object: ViewController) in object.tapped(_:) }, swift: "tapped(_:)")"#),
        ("#selector(self.tapped)", #"Selector(_tutorbuildMethod: { (object: ViewController) in object.tapped }, swift: "tapped(_:)")"#),
        ("#selector(ViewController.tapped(_:))", #"Selector(_tutorbuildMethod: { (object: ViewController) in object.tapped(_:) }, swift: "tapped(_:)")"#),
        ("#selector(keyboardWillShow)", #"Selector(_tutorbuildMethod: { (object: ViewController) in object.keyboardWillShow }, swift: "keyboardWillShow(notification:)")"#),
        ("#selector(finish(with:))", #"Selector(_tutorbuildMethod: { (object: ViewController) in object.finish(with:) }, objc: "finishWith:")"#),
        ("#selector(UIResponder.resignFirstResponder)", #"Selector(_tutorbuildMethod: { (object: UIResponder) in object.resignFirstResponder }, swift: "resignFirstResponder")"#),
        ("#selector(UIView.endEditing(_:))", #"Selector(_tutorbuildMethod: { (object: UIView) in object.endEditing(_:) }, swift: "endEditing(_:)")"#),
        ("#selector(getter: UIView.frame)", #"Selector(_tutorbuildGetter: \UIView.frame, objc: "frame")"#),
        ("#selector(setter: self.title)", #"Selector(_tutorbuildSetter: \ViewController.title, objc: "setTitle:")"#),
        ("#selector(notExposed)", #"Selector(_tutorbuildNotExposed: { (object: ViewController) in object.notExposed }, swift: "notExposed()")"#),
        // Through a value: Swift resolves the method on the value's static type, which the helper passes on.
        ("#selector(field.resignFirstResponder)", #"Selector(_tutorbuildMethod: _tutorbuildMethodOf(field) { object in object.resignFirstResponder }, swift: "resignFirstResponder")"#),
        ("#selector(subscription.tapped(_:))", #"Selector(_tutorbuildMethod: _tutorbuildMethodOf(subscription) { object in object.tapped(_:) }, swift: "tapped(_:)")"#),
    ])
    func selectorForms(written: String, compiled: String) throws {
        let code = Self.controller + "\nextension ViewController {\n    func use() { _ = \(written) }\n}"
        let out = try #require(Self.rewrite([code]).code[0])
        #expect(out.split(separator: "\n").last(where: { $0.contains("use()") }) == "    func use() { _ = \(compiled) }")
        #expect(out.split(separator: "\n", omittingEmptySubsequences: false).count == code.split(separator: "\n", omittingEmptySubsequences: false).count)
    }

    @Test("forms the model cannot run are left for the compiler to reject")
    func unsupportedForms() throws {
        for code in ["let s = #selector(done)", "let s = #selector(a.b.done)"] {
            #expect(Self.rewrite([code]).code[0] == code)
        }
    }

    @Test("a string selector carries the lesson's methods of that name that its code can name")
    func stringSelector() throws {
        let code = Self.controller + "\nextension ViewController {\n    func use() { _ = Selector(\"tapped:\") }\n}"
        let out = try #require(Self.rewrite([code]).code[0])
        #expect(out.contains(#"Selector("tapped:", _tutorbuildCandidates: [Selector(_tutorbuildMethod: { (object: ViewController) in object.tapped(_:) }, swift: "tapped(_:)")])"#))
        #expect(Self.rewrite(["let s = Selector(\"other:\")"]).code[0] == "let s = Selector(\"other:\")")
    }

    @Test("methods declared in an earlier snippet or spliced in with in=Type resolve selectors of later snippets")
    func acrossSnippets() throws {
        let host = "class Form: UIViewController {\n}"
        let member = ObjCSourceRewriterTests.snippet(1, "@objc func send(sender: UIButton) {}", in: "Form")
        let user = ObjCSourceRewriterTests.snippet(2, "extension Form { func wire() { _ = #selector(send) } }")
        let rewriter = ObjCSourceRewriter(
            code: [0: host, 1: member.code, 2: user.code], snippets: [ObjCSourceRewriterTests.snippet(0, host), member, user])
        #expect(rewriter.code[2]?.contains(#"swift: "send(sender:)""#) == true)
    }

    @Test("columns after a rewritten #selector map back to the author's columns")
    func columnMap() throws {
        let line = "let s = #selector(ViewController.done); let x: Int = \"no\""
        let rewriter = Self.rewrite([Self.controller, line])
        let out = try #require(rewriter.code[1])
        let map = try #require(rewriter.columnMaps[1])
        func column(of text: String, in line: String) throws -> Int {
            let range = try #require(line.range(of: text))
            return line.utf8.distance(from: line.startIndex, to: range.lowerBound) + 1
        }
        #expect(try column(of: "\"no\"", in: out) != column(of: "\"no\"", in: line))
        #expect(try map.originalColumn(line: 1, column: column(of: "\"no\"", in: out)) == column(of: "\"no\"", in: line))
        #expect(try map.originalColumn(line: 1, column: column(of: "done", in: out)) == column(of: "done", in: line))
        // The type's name is inside the generated text now: it maps to the selector's start.
        #expect(try map.originalColumn(line: 1, column: column(of: "ViewController", in: out)) == column(of: "#selector", in: line))
        // Before the selector nothing moves; inside generated text the column is the selector's start.
        #expect(map.originalColumn(line: 1, column: 5) == 5)
        #expect(map.originalColumn(line: 1, column: 12) == 9)
        #expect(map.originalColumn(line: 2, column: 30) == 30)
    }

    @Test("snippets without Objective-C code are returned unchanged and not mapped")
    func untouched() {
        let rewriter = Self.rewrite(["let selectorCount = 3\nprint(selectorCount)"])
        #expect(rewriter.code[0] == "let selectorCount = 3\nprint(selectorCount)")
        #expect(rewriter.columnMaps.isEmpty)
    }

    static let tableLesson = [
        """
        class EditorViewController: UIViewController {
            @objc func applyBold(_ sender: Any?) {}
            @objc func dismiss() {}
            @objc static func make() {}
            @objc func load() async {}
            @objc func three(_ a: Int, b: Int, c: Int) {}
            override func viewDidLoad() { _ = #selector(applyBold(_:)) }
            func plain() {}
            @objc func twice(_ a: Int) {}
            @objc func twice(_ a: String) {}
            private class Hidden: NSObject { @objc func ping() {} }
        }
        """,
        """
        final class RichTextView: UITextView {
            class Inner: NSObject { @objc(pong:) func ping(_ sender: Any?) {} }
        }
        extension RichTextView {
            @objc private func applyBold(_ sender: Any?) {}
            @objc func textFieldDidChange(_ textField: UITextField) {}
        }
        class Box<T>: NSObject { @objc func open() {} }
        struct Form { @objc func submit() {} }
        func local() { class Local: NSObject { @objc func run() {} } }
        @objcMembers class Members: NSObject { func doSomething(withA a: Int, b: Int) {} }
        """,
    ]

    @Test("the lesson's @objc methods are declared to the model's method table, extensions and private ones included")
    func methodTable() throws {
        let table = Self.rewrite(Self.tableLesson).methodTable
        let (start, end) = table.declarations(for: [0, 1])
        let declared = start.split(separator: "\n").filter { $0.hasPrefix("Selector._tutorbuildDeclare") }
        let references = end.split(separator: "\n").filter { $0.hasPrefix("extension") }
        #expect(declared.count == references.count)
        for expected in [
            #"extension EditorViewController { @MainActor static func _tutorbuildObjC0() -> Selector { Selector(_tutorbuildMethod: { (object: EditorViewController) in object.applyBold(_:) }, swift: "applyBold(_:)") } }"#,
            // A closure, since `EditorViewController.dismiss` could also be `dismiss(animated:completion:)`.
            #"{ (object: EditorViewController) in { object.dismiss() } }, swift: "dismiss()")"#,
            #"extension RichTextView.Inner {"#, #"{ (object: RichTextView.Inner) in object.ping(_:) }, objc: "pong:")"#,
            #"{ (object: RichTextView) in object.applyBold(_:) }, swift: "applyBold(_:)")"#,
            #"{ (object: RichTextView) in object.textFieldDidChange(_:) }, swift: "textFieldDidChange(_:)")"#,
            #"{ (object: Members) in object.doSomething(withA:b:) }, swift: "doSomething(withA:b:)")"#,
        ] {
            #expect(end.contains(expected), "\(expected)")
        }
        // Static, async, 3-parameter, overridden, unexposed and overloaded methods, and types code at file scope cannot
        // name (a private nested class, a generic class, a local class) or that are not classes, are left out.
        for absent in ["make", "load", "three", "viewDidLoad", "plain", "twice", "Hidden", "Box", "submit", "Local"] {
            #expect(!end.contains(absent), "\(absent)")
        }
        #expect(start.contains("#sourceLocation(file: \"snippet-1.swift\", line: 5)\nSelector._tutorbuildDeclare([RichTextView._tutorbuildObjC"))
        // Only the snippets in the program.
        #expect(!table.declarations(for: [0]).end.contains("RichTextView"))
        #expect(table.declarations(for: []).start.isEmpty)
    }
    @Test("an override of a standard edit action is in the method table even when the lesson writes no selector (docs/model.md \"Edit menus\")")
    func editActionOverrides() {
        let table = Self.rewrite([
            """
            class CodeField: UITextField {
                override func paste(_ sender: Any?) { super.paste(sender) }
                override func layoutSubviews() { super.layoutSubviews() }
            }
            """,
        ]).methodTable
        let end = table.declarations(for: [0]).end
        #expect(end.contains(#"{ (object: CodeField) in object.paste(_:) }, swift: "paste(_:)")"#))
        #expect(!end.contains("layoutSubviews"))
        #expect(!ObjCSourceRewriter.mayRewrite("class A: UIView { override func layoutSubviews() {} }"))
    }

    @Test("#selector(UIResponderStandardEditActions.paste(_:)) names the method through UIResponder, which declares it")
    func standardEditActionsQualifier() {
        let code = Self.rewrite(["let s = #selector(UIResponderStandardEditActions.paste(_:))"]).code[0] ?? ""
        #expect(code.contains("{ (object: UIResponder) in object.paste(_:) }"))
    }

    @Test("a call of an optional requirement becomes a probe that is nil when only the default ran", arguments: [
        ("let ok = delegate?.textFieldShouldClear?(self)", "let ok = _tutorbuildOptionalRequirement({ delegate?.textFieldShouldClear(self) })"),
        ("return self.delegate?.textField?(f, shouldChangeCharactersIn: r, replacementString: s) ?? true",
         "return _tutorbuildOptionalRequirement({ self.delegate?.textField(f, shouldChangeCharactersIn: r, replacementString: s) }) ?? true"),
        ("(scroll.delegate as? Outer)?.scrollViewDidScroll?(scroll)",
         "_tutorbuildOptionalRequirement({ (scroll.delegate as? Outer)?.scrollViewDidScroll(scroll) })"),
        ("if let n = dataSource?.numberOfSections?(in: table) {}",
         "if let n = _tutorbuildOptionalRequirement({ dataSource?.numberOfSections(in: table) }) {}"),
        // An optional closure property, called with no labels, stays as written.
        ("onChange?(text)", "onChange?(text)"),
        ("self.completion?(true)", "self.completion?(true)"),
    ])
    func optionalRequirementCalls(line: String, expected: String) {
        #expect(Self.rewrite([line]).code[0] == expected)
    }

    @Test("a closure property named like a delegate method is called as the closure")
    func optionalClosureNamedLikeRequirement() {
        let code = "var textFieldShouldClear: ((UITextField) -> Bool)?\nlet r = self.textFieldShouldClear?(field)"
        #expect(Self.rewrite([code]).code[0] == code)
    }

    @Test("a lesson's @objc protocol gets a not-implemented default for each optional func, on the closing brace's line")
    func objcProtocolOptionalDefaults() {
        let code = """
            @objc protocol PinDelegate: AnyObject {
                @objc optional func pinDidClear(_ view: UIView)
                @objc optional func pin(_ view: UIView,
                                        shouldAccept digit: String) -> Bool
                func pinDidFinish(_ pin: String)
            }
            """
        let out = Self.rewrite([code]).code[0]!
        let lines = out.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 6)
        #expect(lines[1] == "                   func pinDidClear(_ view: UIView)")
        #expect(lines[5] == "}; extension PinDelegate { func pinDidClear(_ view: UIView) { return _tutorbuildNotImplemented() }; "
            + "func pin(_ view: UIView, shouldAccept digit: String) -> Bool { return _tutorbuildNotImplemented() } }")
    }

    @Test("an NSValue or NSNumber accessor read through AnyObject goes through the model's lookup; others stay errors", arguments: [
        ("let r = (info[key] as AnyObject).cgRectValue", "let r = _tutorbuildAnyObject(info[key] as AnyObject).cgRectValue"),
        ("let d = (note.userInfo?[key] as AnyObject).doubleValue", "let d = _tutorbuildAnyObject(note.userInfo?[key] as AnyObject).doubleValue"),
        ("let c = (info[key] as AnyObject).uintValue << 16", "let c = _tutorbuildAnyObject(info[key] as AnyObject).uintValue << 16"),
        ("let x = (info[key] as AnyObject).description", "let x = (info[key] as AnyObject).description"),
    ])
    func anyObjectLookups(line: String, expected: String) {
        #expect(Self.rewrite([line]).code[0] == expected)
    }

    @Test("columns after an optional-requirement call map back to the author's columns")
    func optionalRequirementColumns() {
        let line = "let ok = delegate?.textFieldShouldClear?(self); let z = 1"
        let rewriter = Self.rewrite([line])
        let rewritten = rewriter.code[0]!
        let z = rewritten.utf8.count - 5
        #expect(rewriter.columnMaps[0]?.originalColumn(line: 1, column: z + 1) == line.utf8.count - 5 + 1)
        // Inside the generated prefix: the start of the chain.
        #expect(rewriter.columnMaps[0]?.originalColumn(line: 1, column: 12) == 10)
    }
}

/// The rewriter's list of unlabelled optional requirements against the model's delegate protocols.
@Suite("Optional requirements of the model's delegate protocols")
struct DelegateProtocolTableTests {
    @Test("every one-argument, unlabelled method of the model's delegate and data-source protocols is in the rewriter's table")
    func tableCoversModel() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let model = root.appendingPathComponent("Sources/UIKitModel")
        let files = FileManager.default.enumerator(at: model, includingPropertiesForKeys: nil)!
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" }
        let protocolBody = try Regex(#"protocol \w+(Delegate|DataSource)\b[^{]*\{([^}]*)\}"#)
        let unlabelled = try Regex(#"func (\w+)\(\s*_ \w+: [\w.]+\s*\)"#)
        var found: Set<String> = []
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            for body in text.matches(of: protocolBody) {
                for method in String(text[body.range]).matches(of: unlabelled) {
                    found.insert(String(method.output[1].substring ?? ""))
                }
            }
        }
        #expect(found.count >= 20)
        #expect(found.subtracting(ObjCSourceRewriter.unlabelledRequirements).isEmpty)
    }

    @Test("a cell subclass whose only designated initializer is its own gets the registered-cell entry point as Swift's unimplemented-initializer trap; overriding or inheriting cells are left alone", arguments: [
        ("class FieldCell: UITableViewCell {\n    init(placeholder: String) { super.init(style: .default, reuseIdentifier: nil) }\n    required init?(coder: NSCoder) { fatalError() }\n}",
         "init(registeredWithReuseIdentifier reuseIdentifier: String) { fatalError(\"Use of unimplemented initializer 'init(style:reuseIdentifier:)' for class 'Lesson.FieldCell'\") } }"),
        ("final class Chip: UICollectionViewCell {\n    init() { super.init(frame: .zero) }\n    required init?(coder: NSCoder) { nil }\n}",
         "init(_tutorbuildRegisteredFrame frame: CGRect) { fatalError(\"Use of unimplemented initializer 'init(frame:)' for class 'Lesson.Chip'\") } }"),
        ("class A: UITableViewCell {\n    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) { super.init(style: style, reuseIdentifier: reuseIdentifier) }\n    required init?(coder: NSCoder) { fatalError() }\n}", nil),
        ("class B: UICollectionViewCell {\n    let label = UILabel()\n    func configure() { label.text = \"x\" }\n}", nil),
        ("class C: UITableViewCell {\n    convenience init(title: String) { self.init(style: .default, reuseIdentifier: nil) }\n}", nil),
    ] as [(String, String?)])
    func registeredCellEntryPoint(code: String, insertedTail: String?) {
        let rewritten = ObjCSourceRewriterTests.rewrite([code]).code[0] ?? ""
        if let insertedTail {
            #expect(rewritten.hasSuffix(insertedTail))
            #expect(rewritten.split(separator: "\n").count == code.split(separator: "\n").count)
        } else {
            #expect(rewritten == code)
        }
    }
}
