import Foundation

// DeveloperToolsSupport's preview types and UIKit's `#Preview` overloads (SwiftUI's are in the SwiftUI model): the
// doc-test runner writes each file-scope `#Preview(…) { … }` as `@MainActor func _tutorbuildPreview_S_L() {
// _tutorbuildPreview(…) { … } }` (docs/doctest.md, "Previews"), so a UIKit-only lesson's preview of a view controller
// or a view is type-checked as Xcode checks the macro's arguments, and never run.

/// The type preview macros expand into, as DeveloperToolsSupport declares it; a lesson cannot make one (Xcode's
/// initializers are for the macros alone), so only its trait kinds are here.
@available(iOS 17.0, *)
@MainActor public struct Preview {
    /// Traits that apply to previews of views and view controllers.
    public enum ViewTraits {}
}

/// A customization of a preview (layout, orientation), which only the canvas reads.
@available(iOS 17.0, *)
@MainActor public struct PreviewTrait<T> {
    let name: String
}

@available(iOS 17.0, *)
extension PreviewTrait where T == Preview.ViewTraits {
    /// Centers the preview in a container the size of the device.
    @MainActor public static var defaultLayout: PreviewTrait<Preview.ViewTraits> { .init(name: "defaultLayout") }
    /// Fits the container to the preview's size.
    @MainActor public static var sizeThatFitsLayout: PreviewTrait<Preview.ViewTraits> { .init(name: "sizeThatFitsLayout") }
    /// Centers the preview in a container of a fixed size.
    @MainActor public static func fixedLayout(width: CGFloat, height: CGFloat) -> PreviewTrait<T> {
        .init(name: "fixedLayout(\(width), \(height))")
    }
    @MainActor public static var portrait: PreviewTrait<Preview.ViewTraits> { .init(name: "portrait") }
    @MainActor public static var landscapeLeft: PreviewTrait<Preview.ViewTraits> { .init(name: "landscapeLeft") }
    @MainActor public static var landscapeRight: PreviewTrait<Preview.ViewTraits> { .init(name: "landscapeRight") }
    @MainActor public static var portraitUpsideDown: PreviewTrait<Preview.ViewTraits> { .init(name: "portraitUpsideDown") }
}

/// The builder of a UIKit preview's body, as DeveloperToolsSupport declares it: one expression of the previewed type.
@available(iOS 17.0, *)
@resultBuilder public struct PreviewMacroBodyBuilder<Content> {
    public static func buildBlock(_ content: Content) -> Content { content }
}

/// Stops the program: a preview is never run, by Xcode's builds or by the model.
public func _tutorbuildPreviewNotRun() -> Never {
    fatalError("a #Preview is shown by Xcode's canvas and never run by a build; tutorbuild only type-checks it")
}

/// `#Preview(_:traits:body:)` of a view controller (UIKit), iOS 17.
@available(iOS 17.0, *)
@MainActor public func _tutorbuildPreview(
    _ name: String? = nil, traits: PreviewTrait<Preview.ViewTraits>...,
    @PreviewMacroBodyBuilder<UIViewController> body: @escaping @MainActor () -> UIViewController
) {
    _tutorbuildPreviewNotRun()
}

/// `#Preview(_:traits:body:)` of a view (UIKit), iOS 17.
@available(iOS 17.0, *)
@MainActor public func _tutorbuildPreview(
    _ name: String? = nil, traits: PreviewTrait<Preview.ViewTraits>...,
    @PreviewMacroBodyBuilder<UIView> body: @escaping @MainActor () -> UIView
) {
    _tutorbuildPreviewNotRun()
}

/// `#Preview(_:traits:arguments:body:)` of a view controller (UIKit), iOS 26: one preview for each of `arguments`.
@available(iOS 26.0, *)
@MainActor public func _tutorbuildPreview<T>(
    _ name: String? = nil, traits: PreviewTrait<Preview.ViewTraits>..., arguments: [T],
    @PreviewMacroBodyBuilder<UIViewController> body: @escaping @MainActor (T) -> UIViewController
) {
    _tutorbuildPreviewNotRun()
}

/// `#Preview(_:traits:arguments:body:)` of a view (UIKit), iOS 26.
@available(iOS 26.0, *)
@MainActor public func _tutorbuildPreview<T>(
    _ name: String? = nil, traits: PreviewTrait<Preview.ViewTraits>..., arguments: [T],
    @PreviewMacroBodyBuilder<UIView> body: @escaping @MainActor (T) -> UIView
) {
    _tutorbuildPreviewNotRun()
}
