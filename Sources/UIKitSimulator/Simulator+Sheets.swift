import Foundation
import UIKitModel

extension Simulator {
    /// Drags the grabber of the sheet presenting `controller` to the detent `identifier`, as a user would: the sheet
    /// moves there and its delegate hears `sheetPresentationControllerDidChangeSelectedDetentIdentifier`. Nothing
    /// happens when `controller` is not on screen as a sheet or the sheet has no such detent.
    public func dragSheet(of controller: UIViewController, to identifier: UISheetPresentationController.Detent.Identifier) {
        let label = "drag the sheet of \(traceName(controller)) to the \(identifier.shortName) detent"
        guard controller.isPresentedItself, controller.viewIfLoaded?.window != nil,
            let sheet = controller.sheetPresentationController
        else {
            user("\(label) (no sheet on screen: nothing happens)")
            settle()
            return
        }
        guard sheet.detents.contains(where: { $0.identifier == identifier }) else {
            user("\(label) (the sheet has no such detent: nothing happens)")
            settle()
            return
        }
        user(label)
        sheet.userSelectDetent(identifier)
        settle()
    }

    /// Swipes the sheet presenting `controller` down to dismiss it: the presentation controller's delegate is asked
    /// (`presentationControllerShouldDismiss`; `isModalInPresentation` refuses), told it will dismiss, and told it
    /// did once the sheet has gone (Apple: only a user's dismissal reaches `presentationControllerDidDismiss`).
    public func swipeDownToDismiss(_ controller: UIViewController) {
        guard controller.isPresentedItself, controller.viewIfLoaded?.window != nil, controller.sheetPresentationController != nil else {
            user("swipe down on \(traceName(controller)) (no sheet on screen: nothing happens)")
            settle()
            return
        }
        user("swipe down on the sheet of \(traceName(controller))")
        controller.userSwipeDownToDismiss()
        settle()
    }
}
