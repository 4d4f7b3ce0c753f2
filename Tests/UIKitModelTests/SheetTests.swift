import Testing
import UIKitModel
import UIKitSimulator

/// Sheets with detents (Apple's UISheetPresentationController docs) and the keyboard.
@Suite("Sheets and detents (UISheetPresentationController)")
struct SheetTests {
    /// A sheet with a text field near its top, and a delegate that logs.
    final class NoteSheet: UIViewController, UISheetPresentationControllerDelegate {
        let field = UITextField(frame: CGRect(x: 20, y: 20, width: 300, height: 34))
        var log: [String] = []
        override func viewDidLoad() { view.addSubview(field) }
        func sheetPresentationControllerDidChangeSelectedDetentIdentifier(_ sheet: UISheetPresentationController) {
            log.append("detent \(sheet.selectedDetentIdentifier?.rawValue ?? "nil")")
        }
        func presentationControllerShouldDismiss(_ presentationController: UIPresentationController) -> Bool {
            log.append("shouldDismiss")
            return true
        }
        func presentationControllerWillDismiss(_ presentationController: UIPresentationController) { log.append("willDismiss") }
        func presentationControllerDidDismiss(_ presentationController: UIPresentationController) { log.append("didDismiss") }
        func presentationControllerDidAttemptToDismiss(_ presentationController: UIPresentationController) {
            log.append("didAttemptToDismiss")
        }
    }

    private func presentSheet(_ app: Simulator, detents: [UISheetPresentationController.Detent]) -> NoteSheet {
        let root = UIViewController()
        app.show(root)
        let sheet = NoteSheet()
        sheet.sheetPresentationController?.detents = detents
        sheet.sheetPresentationController?.delegate = sheet
        root.present(sheet, animated: true)
        app.runUntilIdle()
        return sheet
    }

    @Test("sheetPresentationController doc: a controller presented as .pageSheet or .formSheet (and .automatic) has one; other styles have none")
    func sheetControllerExistsForSheetStyles() {
        SimulationLock.run {
            _ = Simulator(device: .iPhone16)
            let styles: [(UIModalPresentationStyle, Bool)] = [
                (.automatic, true), (.pageSheet, true), (.formSheet, true), (.fullScreen, false), (.overFullScreen, false),
            ]
            for (style, expected) in styles {
                let controller = UIViewController()
                controller.modalPresentationStyle = style
                #expect((controller.sheetPresentationController != nil) == expected)
                #expect(controller.presentationController != nil)
            }
        }
    }

    @Test("selectedDetentIdentifier doc: nil rests the sheet at the smallest detent; medium() is about half the screen [U], large() reaches 10 pt below the top safe area")
    func detentFrames() {
        SimulationLock.run {
            let app = Simulator(device: .iPhone16)
            let sheet = presentSheet(app, detents: [.medium(), .large()])
            #expect(sheet.sheetPresentationController?.selectedDetentIdentifier == nil)
            #expect(sheet.view.frame == CGRect(x: 0, y: 426, width: 393, height: 426))
            sheet.sheetPresentationController?.selectedDetentIdentifier = .large
            #expect(sheet.view.frame == CGRect(x: 0, y: 69, width: 393, height: 783))
            // Setting the detent in code does not tell the delegate (switch programmaticDetentChangeCallsDelegate).
            #expect(sheet.log.isEmpty)
        }
    }

    @Test("sheetPresentationControllerDidChangeSelectedDetentIdentifier: the user's drag to another detent moves the sheet, then tells the delegate")
    func userDragTellsDelegate() {
        SimulationLock.run {
            let app = Simulator(device: .iPhone16)
            let sheet = presentSheet(app, detents: [.medium(), .large()])
            app.dragSheet(of: sheet, to: .large)
            #expect(sheet.sheetPresentationController?.selectedDetentIdentifier == .large)
            #expect(sheet.view.frame.minY == 69)
            #expect(sheet.log == ["detent com.apple.UIKit.large"])
            app.dragSheet(of: sheet, to: .large)
            #expect(sheet.log.count == 1)
        }
    }

    @Test("sheetRisesWithKeyboard [U]: a medium sheet's bottom sits on the keyboard's top and goes back down with it; a large sheet stays where it is")
    func sheetRisesWithKeyboard() {
        SimulationLock.run {
            let app = Simulator(device: .iPhone16)
            let sheet = presentSheet(app, detents: [.medium(), .large()])
            app.tap(sheet.field)
            let keyboard = try! #require(app.keyboardFrame)
            #expect(keyboard.minY == 516)
            #expect(sheet.view.frame == CGRect(x: 0, y: 90, width: 393, height: 426))
            sheet.field.resignFirstResponder()
            app.runUntilIdle()
            #expect(sheet.view.frame == CGRect(x: 0, y: 426, width: 393, height: 426))
            sheet.sheetPresentationController?.selectedDetentIdentifier = .large
            app.tap(sheet.field)
            #expect(sheet.view.frame == CGRect(x: 0, y: 69, width: 393, height: 783))
        }
    }

    @Test("sheetRisesWithKeyboard = false: the medium sheet stays put and the keyboard covers its lower part")
    func sheetStaysWhenSwitchedOff() {
        SimulationLock.run {
            var profile = BehaviorProfile.current
            profile.sheetRisesWithKeyboard = false
            let app = Simulator(device: .iPhone16, profile: profile)
            let sheet = presentSheet(app, detents: [.medium()])
            app.tap(sheet.field)
            #expect(sheet.view.frame == CGRect(x: 0, y: 426, width: 393, height: 426))
        }
    }

    @Test("medium() doc: the medium detent is inactive in compact height, so a landscape phone rests the sheet at full height")
    func mediumInactiveInLandscape() {
        SimulationLock.run {
            let app = Simulator(device: .iPhone16)
            let sheet = presentSheet(app, detents: [.medium(), .large()])
            app.rotate(to: .landscapeLeft)
            app.runUntilIdle()
            sheet.sheetPresentationController?.animateChanges {
                sheet.sheetPresentationController?.selectedDetentIdentifier = .medium
            }
            #expect(sheet.view.frame.minY == 10)
        }
    }

    @Test("presentationControllerDidDismiss doc: a swipe down asks, says it will dismiss, and after the transition says it did; code's dismiss says nothing")
    func swipeDownToDismiss() {
        SimulationLock.run {
            let app = Simulator(device: .iPhone16)
            let sheet = presentSheet(app, detents: [.large()])
            app.tap(sheet.field)
            sheet.log = []
            // A user action ends when UIKit's own transition has finished.
            app.swipeDownToDismiss(sheet)
            #expect(sheet.log == ["shouldDismiss", "willDismiss", "didDismiss"])
            #expect(!app.isKeyboardVisible)
            #expect(sheet.view.window == nil)
            let again = presentSheet(app, detents: [.large()])
            again.dismiss(animated: true)
            app.runUntilIdle()
            #expect(again.log.isEmpty)
        }
    }

    @Test("isModalInPresentation: the swipe is refused and the delegate hears presentationControllerDidAttemptToDismiss")
    func modalInPresentationRefusesSwipe() {
        SimulationLock.run {
            let app = Simulator(device: .iPhone16)
            let sheet = presentSheet(app, detents: [.large()])
            sheet.isModalInPresentation = true
            app.swipeDownToDismiss(sheet)
            app.runUntilIdle()
            #expect(sheet.log == ["didAttemptToDismiss"])
            #expect(sheet.view.window != nil)
        }
    }

    @Test("largestUndimmedDetentIdentifier: at or below that detent what is behind the sheet is not dimmed")
    func undimmedDetent() {
        SimulationLock.run {
            let app = Simulator(device: .iPhone16)
            let sheet = presentSheet(app, detents: [.medium(), .large()])
            let controller = try! #require(sheet.sheetPresentationController)
            #expect(controller.dimsPresenter)
            controller.largestUndimmedDetentIdentifier = .medium
            #expect(!controller.dimsPresenter)
            app.dragSheet(of: sheet, to: .large)
            #expect(controller.dimsPresenter)
            #expect(app.snapshotSVG().contains("#c5c5c7") == false)
            controller.prefersGrabberVisible = true
            #expect(app.snapshotSVG().contains("#c5c5c7"))
        }
    }
}
