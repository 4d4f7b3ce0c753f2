import Foundation
import UIKitModel

// MARK: #Preview

// SwiftUI's `#Preview` overloads (`Preview`, `PreviewTrait` and UIKit's overloads are in UIKitModel's
// Runtime/Preview.swift, as Apple declares them in DeveloperToolsSupport and UIKit). Xcode's macros come from a
// compiler plugin Linux lacks; the doc-test runner writes each file-scope `#Preview(…) { … }` as
// `@MainActor func _tutorbuildPreview_S_L() { _tutorbuildPreview(…) { … } }` (docs/doctest.md, "Previews"), so the
// compiler checks a preview's name, traits and body as it checks the macro's arguments, and the function around the
// call is never called, as no build runs a preview.

/// `#Preview(_:body:)` (SwiftUI), iOS 13 (Apple's availability: Xcode shows previews of older deployment targets).
@MainActor public func _tutorbuildPreview(_ name: String? = nil, @ViewBuilder body: @escaping @MainActor () -> any View) {
    _tutorbuildPreviewNotRun()
}

/// `#Preview(_:traits:_:body:)` (SwiftUI), iOS 17.
@available(iOS 17.0, *)
@MainActor public func _tutorbuildPreview(
    _ name: String? = nil, traits: PreviewTrait<Preview.ViewTraits>, _ additionalTraits: PreviewTrait<Preview.ViewTraits>...,
    @ViewBuilder body: @escaping @MainActor () -> any View
) {
    _tutorbuildPreviewNotRun()
}


/// `#Preview(_:traits:arguments:body:)` (SwiftUI), iOS 26: a preview of the body for each of `arguments`.
@available(iOS 26.0, *)
@MainActor public func _tutorbuildPreview<T>(
    _ name: String? = nil, traits: PreviewTrait<Preview.ViewTraits>..., arguments: [T],
    @ViewBuilder body: @escaping @MainActor (T) -> any View
) {
    _tutorbuildPreviewNotRun()
}
