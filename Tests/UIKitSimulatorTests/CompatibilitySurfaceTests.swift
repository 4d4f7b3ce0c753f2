import Testing
import UIKitModel
import UIKitSimulator

/// The API surface typical keyboard code touches (issue 15 item 5): stored as UIKit stores it, laid out and drawn
/// where the model can show it.
@Suite("UIKit surface: stack views, layers, safe-area additions, layout passes, traits")
struct CompatibilitySurfaceTests {
    final class FormController: UIViewController {
        let scrollView = UIScrollView()
        let stack = UIStackView()
        let fields = (0..<3).map { _ in UITextField() }
        let label = UILabel()
        var safeAreaChanges: [UIEdgeInsets] = []
        var log: [String] = []

        override func viewDidLoad() {
            super.viewDidLoad()
            scrollView.translatesAutoresizingMaskIntoConstraints = false
            scrollView.alwaysBounceVertical = true
            stack.translatesAutoresizingMaskIntoConstraints = false
            stack.axis = .vertical
            stack.spacing = 10
            view.addSubview(scrollView)
            scrollView.addSubview(stack)
            for field in fields {
                field.heightAnchor.constraint(equalToConstant: 40).isActive = true
                stack.addArrangedSubview(field)
            }
            label.text = "error"
            label.isHidden = true
            stack.addArrangedSubview(label)
            NSLayoutConstraint.activate([
                scrollView.topAnchor.constraint(equalTo: view.topAnchor),
                scrollView.bottomAnchor.constraint(equalTo: view.bottomAnchor),
                scrollView.leadingAnchor.constraint(equalTo: view.leadingAnchor),
                scrollView.trailingAnchor.constraint(equalTo: view.trailingAnchor),
                stack.topAnchor.constraint(equalTo: scrollView.contentLayoutGuide.topAnchor, constant: 10),
                stack.leadingAnchor.constraint(equalTo: scrollView.contentLayoutGuide.leadingAnchor),
                stack.trailingAnchor.constraint(equalTo: scrollView.contentLayoutGuide.trailingAnchor),
                stack.bottomAnchor.constraint(equalTo: scrollView.contentLayoutGuide.bottomAnchor, constant: -10),
                stack.widthAnchor.constraint(equalTo: scrollView.frameLayoutGuide.widthAnchor),
            ])
        }

        override func viewSafeAreaInsetsDidChange() {
            super.viewSafeAreaInsetsDidChange()
            safeAreaChanges.append(view.safeAreaInsets)
        }

        override func updateViewConstraints() {
            log.append("updateViewConstraints")
            super.updateViewConstraints()
        }

        override func viewWillLayoutSubviews() { log.append("viewWillLayoutSubviews") }
        override func viewDidLayoutSubviews() { log.append("viewDidLayoutSubviews") }
    }

    @Test("a vertical stack places its arranged views with spacing; hidden ones take no room; contentLayoutGuide sets contentSize")
    func stackInScrollView() {
        withSimulator(device: .iPhone4) { app in
            let controller = FormController()
            app.show(controller)
            #expect(controller.stack.frame == CGRect(x: 0, y: 10, width: 320, height: 140))
            #expect(controller.fields.map(\.frame.minY) == [0, 50, 100])
            #expect(controller.fields.allSatisfy { $0.frame.width == 320 })
            #expect(controller.scrollView.contentSize == CGSize(width: 320, height: 160))
            controller.label.isHidden = false
            controller.view.layoutIfNeeded()
            #expect(controller.label.frame.minY == 150)
            #expect(controller.scrollView.contentSize.height == 160 + 10 + controller.label.intrinsicContentSize.height)
        }
    }

    @Test("fillEqually, equalSpacing and centre alignment; removeArrangedSubview keeps the subview")
    func distributions() {
        SimulationLock.run {
            let a = UIView()
            let b = UIView()
            NSLayoutConstraint.activate([
                a.widthAnchor.constraint(equalToConstant: 40), a.heightAnchor.constraint(equalToConstant: 20),
                b.widthAnchor.constraint(equalToConstant: 60), b.heightAnchor.constraint(equalToConstant: 30),
            ])
            defer { NSLayoutConstraint.deactivate(a.constraints + b.constraints) }
            let stack = UIStackView(arrangedSubviews: [a, b])
            stack.frame = CGRect(x: 0, y: 0, width: 200, height: 50)
            stack.distribution = .fillEqually
            stack.spacing = 10
            stack.layoutIfNeeded()
            #expect(a.frame == CGRect(x: 0, y: 0, width: 95, height: 50))
            #expect(b.frame == CGRect(x: 105, y: 0, width: 95, height: 50))
            stack.distribution = .equalSpacing
            stack.alignment = .center
            stack.setNeedsLayout()
            stack.layoutIfNeeded()
            #expect(a.frame == CGRect(x: 0, y: 15, width: 40, height: 20))
            #expect(b.frame == CGRect(x: 140, y: 10, width: 60, height: 30))
            #expect(stack.intrinsicContentSize == CGSize(width: 110, height: 30))
            stack.removeArrangedSubview(b)
            #expect(stack.arrangedSubviews == [a])
            #expect(stack.subviews.count == 2)
            b.removeFromSuperview()
            #expect(stack.subviews == [a])
        }
    }

    @Test("additionalSafeAreaInsets feed safeAreaInsets, the safe-area guide, subviews and adjustedContentInset; viewSafeAreaInsetsDidChange reports them")
    func additionalSafeArea() {
        withSimulator(device: .iPhoneNotched) { app in
            let controller = FormController()
            app.show(controller)
            #expect(controller.safeAreaChanges.last == UIEdgeInsets(top: 59, left: 0, bottom: 34, right: 0))
            controller.additionalSafeAreaInsets = UIEdgeInsets(top: 10, left: 0, bottom: 100, right: 0)
            controller.view.layoutIfNeeded()
            #expect(controller.view.safeAreaInsets == UIEdgeInsets(top: 69, left: 0, bottom: 134, right: 0))
            #expect(controller.safeAreaChanges.last == controller.view.safeAreaInsets)
            #expect(abs(controller.view.safeAreaLayoutGuide.layoutFrame.maxY - (852 - 134)) < 1e-9)
            #expect(controller.scrollView.safeAreaInsets.bottom == 134)
            #expect(controller.scrollView.adjustedContentInset.bottom == 134)
            controller.additionalSafeAreaInsets = .zero
            controller.view.layoutIfNeeded()
            #expect(controller.scrollView.adjustedContentInset.bottom == 34)
            #expect(controller.safeAreaChanges.count == 3)
        }
    }

    @Test("setNeedsUpdateConstraints makes the next layout call updateViewConstraints before viewWillLayoutSubviews")
    func updateConstraintsPass() {
        withSimulator(device: .iPhone4) { app in
            let controller = FormController()
            app.show(controller)
            #expect(controller.log.first == "updateViewConstraints")
            controller.log = []
            controller.view.layoutIfNeeded()
            #expect(controller.log.isEmpty)
            controller.view.setNeedsUpdateConstraints()
            #expect(controller.view.needsUpdateConstraints())
            controller.view.layoutIfNeeded()
            #expect(controller.log == ["updateViewConstraints", "viewWillLayoutSubviews", "viewDidLayoutSubviews"])
        }
    }

    @Test("§6: tracking constraints switch between near-bottom (docked, hidden) and away-from-bottom (undocked, followed)")
    func trackingConstraints() {
        withSimulator(device: .iPad) { app in
            let controller = UIViewController()
            let field = UITextField(frame: CGRect(x: 20, y: 100, width: 200, height: 31))
            controller.view.addSubview(field)
            let guide = controller.view.keyboardLayoutGuide
            guide.followsUndockedKeyboard = true
            let near = field.widthAnchor.constraint(equalToConstant: 100)
            let away = field.widthAnchor.constraint(equalToConstant: 300)
            guide.setConstraints([near], activeWhenNearEdge: .bottom)
            guide.setConstraints([away], activeWhenAwayFrom: .bottom)
            app.show(controller)
            #expect(near.isActive && !away.isActive)
            app.tap(field)
            #expect(near.isActive && !away.isActive)
            app.undockKeyboard()
            #expect(!near.isActive && away.isActive)
            app.dockKeyboard()
            #expect(near.isActive && !away.isActive)
            #expect(guide.constraintsActiveWhenNear(.bottom) == [near])
        }
    }

    @Test("a view's layer shares masksToBounds with clipsToBounds and backgroundColor with the view; the snapshot draws radius and border")
    func layer() {
        withSimulator(device: .iPhone4) { app in
            let controller = UIViewController()
            let card = UIView(frame: CGRect(x: 20, y: 100, width: 200, height: 80))
            card.layer.cornerRadius = 12
            card.layer.borderWidth = 2
            card.layer.borderColor = UIColor.red.cgColor
            card.layer.masksToBounds = true
            card.layer.backgroundColor = UIColor.yellow.cgColor
            card.layer.shadowOpacity = 0.3
            controller.view.addSubview(card)
            app.show(controller)
            #expect(card.clipsToBounds)
            #expect(card.backgroundColor == .yellow)
            #expect(card.layer.borderColor == UIColor.red.cgColor)
            #expect(card.layer.shadowOffset == CGSize(width: 0, height: -3) && card.layer.shadowRadius == 3)
            let svg = app.snapshotSVG()
            #expect(svg.contains("rx=\"12\""))
            #expect(svg.contains("stroke=\"#ff0000\""))
        }
    }

    @Test("overlay views follow their modes; an automatically enabled Return key does nothing while the text is empty")
    func fieldOverlaysAndReturnKey() {
        withSimulator(device: .iPhone4) { app in
            final class Delegate: NSObject, UITextFieldDelegate {
                var returns = 0
                func textFieldShouldReturn(_ textField: UITextField) -> Bool { returns += 1; return true }
            }
            let controller = UIViewController()
            let field = UITextField(frame: CGRect(x: 20, y: 100, width: 280, height: 31))
            let delegate = Delegate()
            field.delegate = delegate
            field.enablesReturnKeyAutomatically = true
            field.smartInsertDeleteType = .no
            field.keyboardAppearance = .dark
            field.leftView = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 31))
            field.leftViewMode = .always
            field.rightView = UIView(frame: CGRect(x: 0, y: 0, width: 30, height: 20))
            field.rightViewMode = .whileEditing
            controller.view.addSubview(field)
            app.show(controller)
            #expect(field.rightView?.isHidden == true)
            #expect(field.textRect(forBounds: field.bounds) == CGRect(x: 10, y: 0, width: 270, height: 31))
            app.tap(field)
            #expect(field.rightView?.isHidden == false)
            #expect(field.rightView?.frame == CGRect(x: 250, y: 5.5, width: 30, height: 20))
            app.tapReturn()
            #expect(delegate.returns == 0)
            app.type("a")
            app.tapReturn()
            #expect(delegate.returns == 1)
        }
    }

    @Test("UIButton.Configuration: the configuration's title is the button's title, setTitle updates it")
    func buttonConfiguration() {
        withSimulator(device: .iPhone4) { app in
            var configuration = UIButton.Configuration.filled()
            configuration.title = "Save"
            let button = UIButton(configuration: configuration)
            #expect(button.currentTitle == "Save")
            button.setTitle("Saved", for: .normal)
            #expect(button.configuration?.title == "Saved")
            let controller = UIViewController()
            button.frame = CGRect(x: 20, y: 100, width: 200, height: 50)
            controller.view.addSubview(button)
            let toolbar = UIToolbar(frame: CGRect(x: 0, y: 200, width: 320, height: 44))
            toolbar.barStyle = .black
            controller.view.addSubview(toolbar)
            app.show(controller)
            let svg = app.snapshotSVG()
            // The filled style's tinted background with white text, and the black bar.
            #expect(svg.contains("fill=\"#007aff\""))
            #expect(svg.contains("fill=\"#ffffff\""))
            #expect(svg.contains("fill=\"#1c1c1e\""))
        }
    }

    @Test("an alert's first text field takes the keyboard, the box stays above it; a disabled action does nothing; an action dismisses, then its handler runs")
    func alertController() {
        withSimulator(device: .iPhone4) { app in
            let presenter = UIViewController()
            app.show(presenter)
            var log: [String] = []
            let alert = UIAlertController(title: "Rename", message: nil, preferredStyle: .alert)
            alert.addTextField { $0.text = "old" }
            let ok = UIAlertAction(title: "OK", style: .default) { _ in
                log.append("handler, presented: \(presenter.presentedViewController != nil)")
            }
            ok.isEnabled = false
            alert.addAction(UIAlertAction(title: "Cancel", style: .cancel))
            alert.addAction(ok)
            presenter.present(alert, animated: true)
            app.runUntilIdle()
            let field = alert.textFields![0]
            #expect(field.isFirstResponder)
            let box = try! #require(field.superview)
            #expect(box.convert(box.bounds, to: nil).maxY <= app.keyboardFrame!.minY)
            app.tap(ok)
            #expect(log.isEmpty && presenter.presentedViewController === alert)
            ok.isEnabled = true
            app.tap(ok)
            #expect(log == ["handler, presented: false"])
            #expect(!app.isKeyboardVisible)
        }
    }

    @Test("pickers as input views are 216 pt tall; code selecting a row or date tells nobody, the user turning a wheel does")
    func pickers() {
        withSimulator(device: .iPhoneSE) { app in
            final class Source: NSObject, UIPickerViewDataSource, UIPickerViewDelegate {
                var selected: [Int] = []
                func numberOfComponents(in pickerView: UIPickerView) -> Int { 1 }
                func pickerView(_ pickerView: UIPickerView, numberOfRowsInComponent component: Int) -> Int { 3 }
                func pickerView(_ pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int) { selected.append(row) }
            }
            let controller = UIViewController()
            let field = UITextField(frame: CGRect(x: 20, y: 80, width: 200, height: 31))
            let picker = UIPickerView()
            let source = Source()
            picker.dataSource = source
            picker.delegate = source
            field.inputView = picker
            controller.view.addSubview(field)
            app.show(controller)
            app.tap(field)
            #expect(app.keyboardFrame?.height == 216)
            picker.selectRow(1, inComponent: 0, animated: false)
            #expect(source.selected.isEmpty && picker.selectedRow(inComponent: 0) == 1)
            app.pick(row: 9, of: picker)
            #expect(source.selected == [2])
            let datePicker = UIDatePicker()
            var changes = 0
            datePicker.addAction(UIAction { _ in changes += 1 }, for: .valueChanged)
            datePicker.maximumDate = Date(timeIntervalSince1970: 100)
            datePicker.date = Date(timeIntervalSince1970: 50)
            #expect(changes == 0)
            app.pick(Date(timeIntervalSince1970: 500), in: datePicker)
            #expect(changes == 1 && datePicker.date == Date(timeIntervalSince1970: 100))
        }
    }

    @Test("a transform moves the frame, not the bounds or centre; a property animator applies at once and completes at .end after its duration; one scene holds the windows")
    func transformAnimatorScene() {
        withSimulator(device: .iPhone4) { app in
            let controller = UIViewController()
            let card = UIView(frame: CGRect(x: 20, y: 300, width: 100, height: 50))
            controller.view.addSubview(card)
            app.show(controller)
            var ended: [UIViewAnimatingPosition] = []
            let animator = UIViewPropertyAnimator(duration: 0.5, curve: .easeOut) {
                card.transform = CGAffineTransform(translationX: 0, y: -100)
            }
            animator.addCompletion { ended.append($0) }
            animator.startAnimation()
            #expect(card.frame == CGRect(x: 20, y: 200, width: 100, height: 50))
            #expect(card.center == CGPoint(x: 70, y: 325) && card.bounds.origin == .zero)
            #expect(animator.isRunning && ended.isEmpty)
            app.advance(by: 0.5)
            #expect(ended == [.end] && !animator.isRunning)
            card.transform = CGAffineTransform(scaleX: 2, y: 2)
            #expect(card.frame == CGRect(x: -30, y: 275, width: 200, height: 100))
            #expect(UIApplication.shared.connectedScenes.count == 1)
            let scene = UIApplication.shared.connectedScenes.first as? UIWindowScene
            #expect(app.window?.windowScene === scene && scene?.keyWindow === app.window)
            #expect(UIWindow(frame: .zero).windowScene == nil)
        }
    }

    @Test("a search bar reports the user's edits, Return and Cancel to its delegate; code setting text reports nothing")
    func searchBar() {
        withSimulator(device: .iPhone4) { app in
            final class Delegate: NSObject, UISearchBarDelegate {
                var log: [String] = []
                func searchBarTextDidBeginEditing(_ searchBar: UISearchBar) { log.append("begin") }
                func searchBar(_ searchBar: UISearchBar, textDidChange searchText: String) { log.append("change:\(searchText)") }
                func searchBarSearchButtonClicked(_ searchBar: UISearchBar) { log.append("search") }
                func searchBarCancelButtonClicked(_ searchBar: UISearchBar) { log.append("cancel") }
                func searchBarTextDidEndEditing(_ searchBar: UISearchBar) { log.append("end") }
            }
            let controller = UIViewController()
            let bar = UISearchBar(frame: CGRect(x: 0, y: 20, width: 320, height: 56))
            let delegate = Delegate()
            bar.delegate = delegate
            bar.showsCancelButton = true
            controller.view.addSubview(bar)
            app.show(controller)
            app.tap(bar)
            app.type("ab")
            app.tapReturn()
            #expect(bar.isFirstResponder)
            bar.text = "code"
            app.tap(at: CGPoint(x: 290, y: 48))
            bar.resignFirstResponder()
            #expect(delegate.log == ["begin", "change:a", "change:ab", "search", "cancel", "end"])
            #expect(bar.sizeThatFits(.zero).height == 56)
        }
    }

    @Test("attributedText keeps the assigned attributes (a link), also after the user types; passwordRules and monospaced fonts are stored as given")
    func attributedLinksPasswordRulesFonts() {
        withSimulator(device: .iPhone4) { app in
            let controller = UIViewController()
            let textView = UITextView(frame: CGRect(x: 20, y: 80, width: 280, height: 100))
            controller.view.addSubview(textView)
            app.show(controller)
            let url = URL(string: "https://example.com/terms")!
            let text = NSMutableAttributedString(string: "See terms")
            text.addAttribute(.link, value: url, range: NSRange(location: 4, length: 5))
            textView.attributedText = text
            #expect(textView.attributedText.attribute(.link, at: 5, effectiveRange: nil) as? URL == url)
            app.tap(textView)
            app.type("!")
            #expect(textView.attributedText.string == "See terms!")
            // The text storage keeps the attributes of the text already there (docs/model.md "TextKit").
            #expect(textView.attributedText.attribute(.link, at: 5, effectiveRange: nil) as? URL == url)
            let field = UITextField()
            field.passwordRules = UITextInputPasswordRules(descriptor: "minlength: 8;")
            #expect(field.passwordRules?.passwordRulesDescriptor == "minlength: 8;")
            #expect(UIFont.monospacedSystemFont(ofSize: 12, weight: .regular).pointSize == 12)
            #expect(UIFont.monospacedDigitSystemFont(ofSize: 15, weight: .bold).pointSize == 15)
        }
    }
}
