import Diagnostics
@testable import DocTest
import Foundation
import LessonModel
import TestSupport
import Testing

/// The SwiftUI compatibility corpus (`Tests/CompatibilitySwiftUI`): SwiftUI text-entry, focus and keyboard code as
/// Apple's samples, blogs and answers write it, each fragment a lesson compiled as in Xcode and its output checked.
@Suite("SwiftUI compatibility corpus")
struct CompatibilitySwiftUICorpusTests {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("CompatibilitySwiftUI").path

    @Test("issue 27 item 6: every SwiftUI fragment compiles unchanged and prints what iOS prints, in Swift 6 + MainActor and in Swift 5",
          arguments: CompatibilityCorpusTests.modes)
    func corpusPasses(_ mode: LanguageMode) throws {
        try CompatibilityCorpusTests.runCorpus(at: Self.folder, mode: mode, minimum: 50, cache: "doctest-swiftui-compatibility-cache")
    }
}
