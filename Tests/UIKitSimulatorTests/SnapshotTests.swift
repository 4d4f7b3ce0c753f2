import DocTestProtocol
import Testing
import UIKitModel
@testable import UIKitSimulator

/// Golden SVG files live in `Golden/` next to this file.
///
/// Regenerate them (after checking the change by eye) with:
/// `TUTORBUILD_REGENERATE_GOLDEN=1 swift test --filter UIKitSimulatorTests.SnapshotTests`
enum Golden {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    static func check(_ svg: String, named name: String, sourceLocation: SourceLocation = #_sourceLocation) {
        let url = directory.appendingPathComponent(name + ".svg")
        if ProcessInfo.processInfo.environment["TUTORBUILD_REGENERATE_GOLDEN"] == "1" {
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try? Data(svg.utf8).write(to: url)
            return
        }
        guard let data = try? Data(contentsOf: url), let expected = String(data: data, encoding: .utf8) else {
            Issue.record("missing golden file \(name).svg; regenerate with TUTORBUILD_REGENERATE_GOLDEN=1", sourceLocation: sourceLocation)
            return
        }
        #expect(svg == expected, "snapshot \(name) differs from its golden file", sourceLocation: sourceLocation)
    }
}

@Suite("Snapshots")
struct SnapshotTests {
    @Test("The tutorial screen, idle and editing, on the 320×480 iPhone (golden)")
    func tutorialGolden() {
        withSimulator(device: .iPhone4) { app in
            let controller = TutorialController()
            defer { controller.removeObservers() }
            controller.view.backgroundColor = .systemGroupedBackground
            app.show(controller)
            Golden.check(app.snapshotSVG(), named: "iphone4-idle")
            app.tap(controller.nameField)
            app.type("Ada <&> \"Lovelace\"")
            Golden.check(app.snapshotSVG(), named: "iphone4-editing")
            let amount = AccessoryToolbarTests.AmountController()
            app.show(amount)
            app.tap(amount.amount)
            Golden.check(app.snapshotSVG(), named: "iphone4-numberpad-done")
        }
    }

    @Test("A notched iPhone with an accessory view and a number pad (golden)")
    func notchedGolden() {
        withSimulator(device: .iPhoneNotched) { app in
            let controller = FieldsController()
            let accessory = UIView(frame: CGRect(x: 0, y: 0, width: 393, height: 44))
            accessory.backgroundColor = .systemGray5
            let done = UIButton(type: .system)
            done.frame = CGRect(x: 313, y: 0, width: 80, height: 44)
            done.setTitle("Done", for: .normal)
            accessory.addSubview(done)
            controller.top.inputAccessoryView = accessory
            controller.top.keyboardType = .numberPad
            controller.top.placeholder = "Amount"
            let label = UILabel(frame: CGRect(x: 20, y: 130, width: 300, height: 21))
            label.text = "中文 label"
            controller.view.addSubview(label)
            app.show(controller)
            app.tap(controller.top)
            Golden.check(app.snapshotSVG(), named: "notched-accessory")
        }
    }

    @Test("An iPad form sheet keeping its keyboard (golden)")
    func iPadGolden() {
        withSimulator(device: .iPad) { app in
            let root = UIViewController()
            root.view.backgroundColor = .white
            app.show(root)
            let sheet = FieldsController()
            sheet.view.backgroundColor = .white
            sheet.modalPresentationStyle = .formSheet
            root.present(sheet, animated: true)
            app.runUntilIdle()
            app.tap(sheet.top)
            sheet.top.resignFirstResponder()
            Golden.check(app.snapshotSVG(), named: "ipad-formsheet")
        }
    }

    @Test("A navigation controller with a pushed form (golden)")
    func navigationGolden() {
        withSimulator(device: .iPhoneNotched) { app in
            let root = UIViewController()
            root.title = "Settings"
            root.view.backgroundColor = .systemGroupedBackground
            let navigation = UINavigationController(rootViewController: root)
            app.show(navigation)
            let form = FieldsController()
            form.title = "Name"
            form.view.backgroundColor = .white
            form.navigationItem.rightBarButtonItem = UIBarButtonItem(systemItem: .done)
            navigation.pushViewController(form, animated: true)
            app.runUntilIdle()
            // The top field (y = 80) is under the bar: a tap there lands on the bar. The bottom one edits.
            app.tap(form.top)
            #expect(app.firstResponder == nil)
            app.tap(form.bottom)
            Golden.check(app.snapshotSVG(), named: "notched-navigation")
        }
    }

    @Test("Same state, same bytes; text is escaped; the payload carries caption, alt texts and the picture")
    func snapshotLine() throws {
        try withSimulator(device: .iPhone4) { app in
            let controller = TutorialController()
            defer { controller.removeObservers() }
            app.show(controller)
            app.tap(controller.nameField)
            app.type("<b>&")
            #expect(app.snapshotSVG() == app.snapshotSVG())
            let svg = app.snapshotSVG()
            #expect(svg.contains("&lt;b&gt;&amp;"))
            #expect(!svg.contains("<b>"))
            #expect(!svg.contains("href"))
            let payload = app.snapshotPayload("Editing")
            #expect(payload.caption == "Editing")
            #expect(PictureSVG.render(payload.picture) == svg)
            #expect(payload.alt == "iPhone 4 screen, 320×480 points, portrait. The text field “nameField” is being "
                + "edited, its text is “<b>&”. The keyboard is up, 216 points tall, its top at y = 264. "
                + "“scrollView” is scrolled to (0, 167).")
            #expect(payload.altZh?.hasPrefix("iPhone 4 屏幕") == true)
            // The payload survives the trip through JSON unchanged.
            let decoded = try JSONDecoder().decode(SnapshotPayload.self, from: JSONEncoder().encode(payload))
            #expect(decoded == payload)
        }
    }

    @Test("A text field's caret is drawn at its selection, so a caret moved by code shows where the next key goes")
    func caretAtSelection() throws {
        try withSimulator(device: .iPhone4) { app in
            let controller = TutorialController()
            defer { controller.removeObservers() }
            app.show(controller)
            app.tap(controller.nameField)
            app.type("abcd")
            // 17-pt text advances 8.5 pt a letter; the field's text starts 7 pt inside its frame at x = 20.
            #expect(app.snapshotSVG().contains("x1=\"62\""))
            let field = controller.nameField
            let one = try #require(field.position(from: field.beginningOfDocument, offset: 1))
            field.selectedTextRange = field.textRange(from: one, to: one)
            let svg = app.snapshotSVG()
            #expect(svg.contains("x1=\"36.5\""))
            #expect(!svg.contains("x1=\"62\""))
        }
    }

    @Test("After a full-screen presentation the snapshot and its alt texts show only the presented screen")
    func fullScreenSnapshotShowsOnlyPresented() {
        withSimulator(device: .iPhone4) { app in
            let root = UIViewController()
            let label = UILabel(frame: CGRect(x: 20, y: 40, width: 280, height: 21))
            label.text = "Underneath"
            let scrollView = UIScrollView(frame: CGRect(x: 0, y: 80, width: 320, height: 200))
            scrollView.contentSize = CGSize(width: 320, height: 1000)
            scrollView.accessibilityIdentifier = "underneathScroll"
            root.view.addSubview(label)
            root.view.addSubview(scrollView)
            app.show(root)
            scrollView.contentOffset = CGPoint(x: 0, y: 50)
            let modal = UIViewController()
            modal.modalPresentationStyle = .fullScreen
            let title = UILabel(frame: CGRect(x: 20, y: 40, width: 280, height: 21))
            title.text = "On top"
            modal.view.addSubview(title)
            root.present(modal, animated: false)
            app.runUntilIdle()
            let renderer = SnapshotRenderer(system: UIKitSystem.shared)
            let svg = renderer.render()
            #expect(svg.contains("On top"))
            #expect(!svg.contains("Underneath"))
            #expect(!renderer.screenDescription().english.contains("underneathScroll"))
            #expect(!renderer.screenDescription().chinese.contains("underneathScroll"))
            modal.dismiss(animated: false)
            app.runUntilIdle()
            #expect(renderer.render().contains("Underneath"))
            #expect(renderer.screenDescription().english.contains("“underneathScroll” is scrolled to (0, 50)."))
            #expect(renderer.screenDescription().chinese.contains("“underneathScroll”滚动到 (0, 50)。"))
        }
    }

    @Test("A sheet holding a navigation controller dims the screen behind it once, not again over itself")
    func sheetWithContainerDimsOnce() {
        withSimulator(device: .iPhoneNotched) { app in
            let root = UIViewController()
            app.show(root)
            let sheet = UINavigationController(rootViewController: UIViewController())
            sheet.modalPresentationStyle = .pageSheet
            root.present(sheet, animated: false)
            app.runUntilIdle()
            let svg = SnapshotRenderer(system: UIKitSystem.shared).render()
            #expect(svg.components(separatedBy: "opacity=\"0.3\"").count - 1 == 1)
        }
    }

    @Test("The Chinese alt text is generated from the same state as the English one")
    func chineseAltText() {
        withSimulator(device: .iPhone4) { app in
            let controller = TutorialController()
            defer { controller.removeObservers() }
            app.show(controller)
            let renderer = SnapshotRenderer(system: UIKitSystem.shared)
            #expect(renderer.screenDescription().chinese == "iPhone 4 屏幕，320×480 点，竖屏。没有正在编辑的内容。键盘已收起。")
            app.tap(controller.nameField)
            app.type("Ada")
            #expect(renderer.screenDescription().chinese == "iPhone 4 屏幕，320×480 点，竖屏。正在编辑文本框“nameField”，内容为“Ada”。"
                + "键盘已弹出，高 216 点，顶边位于 y = 264。“scrollView”滚动到 (0, 167)。")
        }
        withSimulator(device: .iPhoneNotched) { app in
            let controller = FieldsController()
            app.show(controller)
            app.rotate(to: .landscapeLeft)
            let renderer = SnapshotRenderer(system: UIKitSystem.shared)
            #expect(renderer.screenDescription().chinese == "刘海屏 iPhone 屏幕，852×393 点，横屏。没有正在编辑的内容。键盘已收起。")
        }
    }

    @Test("Without a runner listening, snapshot() sends nothing and prints nothing")
    func snapshotWithoutRunner() {
        withSimulator(device: .iPhone4) { app in
            app.show(UIViewController())
            // No channel is connected in the test process: the call must simply return.
            app.snapshot("Idle", zh: "空闲")
            let payload = app.snapshotPayload("Idle", zh: "空闲")
            #expect(payload.zh == "空闲")
            #expect(payload.altZh == "iPhone 4 屏幕，320×480 点，竖屏。没有正在编辑的内容。键盘已收起。")
        }
    }
}

/// A settings-style list: text labels, a checkmark, a disclosure indicator.
private final class ListTableController: UITableViewController {
    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "row")
    }
    override func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 30 }
    override func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "row", for: indexPath)
        cell.textLabel?.text = "Row \(indexPath.row)"
        cell.accessoryType = indexPath.row == 1 ? .checkmark : (indexPath.row == 2 ? .disclosureIndicator : .none)
        return cell
    }
}

@Suite("Snapshots of table views")
struct TableSnapshotTests {
    @Test("A table view's cells: labels, separators, a selected row, accessories (golden)")
    func tableGolden() {
        withSimulator(device: .iPhone4) { app in
            let controller = ListTableController(style: .plain)
            app.show(controller)
            app.tap(at: CGPoint(x: 160, y: 20 + 44 * 3 + 22))
            Golden.check(app.snapshotSVG(), named: "iphone4-table")
            #expect(app.snapshotSVG().contains("Row 10"))
            #expect(!app.snapshotSVG().contains("Row 11"))
        }
    }
}

@Suite("Snapshots of chat input bars")
struct ChatBarSnapshotTests {
    @Test("A chat bar alone flush with the bottom of a notched phone, then over the keys (golden)")
    func chatGolden() {
        withSimulator(device: .iPhoneNotched) { app in
            let controller = ChatBarController()
            controller.bar.frame.size.width = 393
            controller.bar.backgroundColor = .systemGray5
            controller.input.frame.size.width = 377
            app.show(controller)
            Golden.check(app.snapshotSVG(), named: "notched-chat-bar")
            app.tap(controller.input)
            app.type("Hello")
            Golden.check(app.snapshotSVG(), named: "notched-chat-bar-keys")
        }
    }
}

@Suite("Snapshots of input methods")
struct InputMethodSnapshotTests {
    @Test("Typing 中文 with Pinyin: the marked letters underlined, the candidate bar above the keys (golden)")
    func pinyinGolden() throws {
        try withSimulator(device: .iPhone4) { app in
            let controller = TutorialController()
            defer { controller.removeObservers() }
            app.show(controller)
            app.tap(controller.nameField)
            app.switchKeyboard(to: .pinyin)
            app.type("zhongwen")
            let svg = app.snapshotSVG()
            Golden.check(svg, named: "iphone4-pinyin-composing")
            #expect(app.candidates.first == "中文")
            #expect(svg.contains(">中文</text>"))
            #expect(svg.contains(">空格</text>"))
            let payload = app.snapshotPayload("composing")
            #expect(payload.alt.contains("composing “zhongwen”"))
            #expect(payload.altZh?.contains("标记文本为“zhongwen”") == true)
            // The underline spans the eight marked letters (17-pt text, 8.5 pt per letter).
            let underline = try #require(svg.split(separator: "\n").first { $0.hasPrefix("<line") && $0.contains("stroke-width=\"1.5\"") })
            func value(_ name: String) -> Double? {
                guard let start = underline.range(of: " \(name)=\"") else { return nil }
                return Double(underline[start.upperBound...].prefix { $0 != "\"" })
            }
            #expect((value("x2") ?? 0) - (value("x1") ?? 0) == 68)
            app.chooseCandidate("中文")
            let committed = app.snapshotSVG()
            #expect(!committed.contains("#f2f2f5"))
            #expect(!committed.contains("stroke-width=\"1.5\""))
            Golden.check(committed, named: "iphone4-pinyin-committed")
        }
    }

    @Test("A text view composing Japanese kana underlines the marked text on its line (golden)")
    func kanaTextViewGolden() {
        withSimulator(device: .iPhone4) { app in
            let controller = FieldsController()
            let textView = UITextView(frame: CGRect(x: 20, y: 140, width: 280, height: 100))
            controller.loadViewIfNeeded()
            controller.view.addSubview(textView)
            app.show(controller)
            app.tap(textView)
            app.type("ok ")
            app.switchKeyboard(to: .japaneseKana)
            app.type("ninja")
            Golden.check(app.snapshotSVG(), named: "iphone4-kana-textview")
            #expect(app.snapshotSVG().contains("stroke-width=\"1.5\""))
        }
    }

    @Test("The nine-key Pinyin layout draws letter groups; composing shows the letters underlined (golden)")
    func nineKeyGolden() {
        var profile = BehaviorProfile.current
        profile.pinyinLayout = .nineKey
        withSimulator(device: .iPhone4, profile: profile) { app in
            let controller = TutorialController()
            defer { controller.removeObservers() }
            app.show(controller)
            app.tap(controller.nameField)
            app.switchKeyboard(to: .pinyin)
            app.type("nihao")
            let svg = app.snapshotSVG()
            Golden.check(svg, named: "iphone4-pinyin-ninekey")
            #expect(svg.contains(">WXYZ</text>"))
            #expect(svg.contains(">你好</text>"))
            #expect(!svg.contains(">Q</text>"))
        }
    }
}
