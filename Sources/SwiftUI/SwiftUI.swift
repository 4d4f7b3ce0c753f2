// `import SwiftUI` in a snippet: on iOS it brings UIKit, Combine and Observation along, so this module re-exports the
// model's UIKit (`UIKitModel`, which re-exports Foundation, as the `UIKit` module does), its Combine and the
// toolchain's Observation. Re-exporting `UIKitModel` rather than the one-line `UIKit` module keeps Swift Testing's
// cross-import overlay for a module named UIKit out of the test suites.
@_exported import Combine
@_exported import Observation
@_exported import UIKitModel
