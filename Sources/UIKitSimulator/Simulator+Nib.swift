import Foundation
import UIKitModel

extension Simulator {
    /// Creates a view as a nib or storyboard does: `init?(coder:)`, then the frame Interface Builder gave it, then
    /// `awakeFromNib()` (a harness builds its outlets' views this way when the fragment relies on that path).
    public static func loadFromNib<View: UIView>(_ type: View.Type, frame: CGRect) -> View {
        guard let view = type.init(coder: NSCoder()) else {
            fatalError("\(type).init(coder:) returned nil: a nib could not create the view")
        }
        view.frame = frame
        view.awakeFromNib()
        return view
    }

    /// Creates a view controller as a storyboard does: `init?(coder:)`, then `awakeFromNib()`; its view loads later,
    /// as usual (the harness's `loadView()` plays the storyboard scene).
    public static func loadFromStoryboard<Controller: UIViewController>(_ type: Controller.Type) -> Controller {
        guard let controller = type.init(coder: NSCoder()) else {
            fatalError("\(type).init(coder:) returned nil: the storyboard could not create the controller")
        }
        controller.awakeFromNib()
        return controller
    }
}
