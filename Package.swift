// swift-tools-version:6.0
import PackageDescription

/// The UIKit model is compiled in Swift 5 language mode. Lessons see the isolation
/// its declarations carry (`@preconcurrency @MainActor`, as the compiler sees
/// Objective-C UIKit) in whatever mode they compile in; its internals are plain
/// single-threaded state that the test suites drive off the main actor
/// (docs/model.md, "Isolation and sendability").
let swift5: [SwiftSetting] = [.swiftLanguageMode(.v5)]

let package = Package(
    name: "tutorbuild",
    products: [
        .executable(name: "tutorbuild", targets: ["tutorbuild"]),
        .executable(name: "tutorbuild-launch", targets: ["tutorbuild-launch"]),
        // Lesson programs link against this dynamic library and import `UIKit`.
        .library(name: "UIKit", type: .dynamic, targets: [
            "UIKit", "UIKitModel", "Combine", "SwiftUI", "UIKitSimulator", "UIKitBehavior", "DocTestProtocol",
            "UIKitDeployment13", "UIKitDeployment15", "UIKitDeployment26", "UIKitDeployment27",
        ]),
    ],
    targets: [
        // C libraries from Debian, each behind exactly one Swift file.
        .systemLibrary(
            name: "Ccmark", pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"]), .brew(["cmark"])]),
        .systemLibrary(
            name: "Cyaml", pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"]), .brew(["libyaml"])]),
        .systemLibrary(
            name: "Copencc", pkgConfig: "opencc",
            providers: [.apt(["libopencc-dev"]), .brew(["opencc"])]),
        .systemLibrary(
            name: "Cxxhash", pkgConfig: "libxxhash",
            providers: [.apt(["libxxhash-dev"]), .brew(["xxhash"])]),
        .systemLibrary(
            name: "Cseccomp", pkgConfig: "libseccomp",
            providers: [.apt(["libseccomp-dev"])]),
        .systemLibrary(
            name: "Cnettle", pkgConfig: "nettle",
            providers: [.apt(["nettle-dev"]), .brew(["nettle"])]),

        // Source positions and content diagnostics shared by every layer.
        .target(name: "Diagnostics"),
        // What any layer may need and none owns: hashing, files read and written safely, parallel loops,
        // the Swift lexer and the XML/HTML escaper. Foundation only, so even lesson programs can link it.
        .target(name: "TutorbuildSupport"),
        // Markdown syntax: cmark's tree copied into Swift values.
        .target(name: "MarkdownSyntax", dependencies: ["Ccmark", "Diagnostics", "TutorbuildSupport"]),
        // Lessons, front matter, snippets and the course, with their checks.
        .target(name: "LessonModel", dependencies: ["MarkdownSyntax", "Diagnostics", "TutorbuildSupport", "Cyaml"]),
        // Simplified ⇄ Traditional Chinese pages generated with OpenCC.
        .target(name: "ScriptConversion", dependencies: ["LessonModel", "Diagnostics", "TutorbuildSupport", "XXHash", "Copencc"]),

        // The behaviour profile: every version-dependent switch, read by the model, re-exported by the driver.
        .target(name: "UIKitBehavior", swiftSettings: swift5),
        // The simulated UIKit subset that lesson snippets run against.
        .target(name: "UIKitModel", dependencies: ["UIKitBehavior"], swiftSettings: swift5),
        // `import UIKit` in a snippet: re-exports Foundation and the model.
        .target(name: "UIKit", dependencies: ["UIKitModel"], swiftSettings: swift5),
        // `import UIKit` at a deployment target of 13, 15, 26 or 27 and later (the runner passes
        // `-module-alias UIKit=UIKitDeploymentNN`): the model plus Apple's deprecations up to that version.
        .target(name: "UIKitDeployment13", dependencies: ["UIKitModel"], swiftSettings: swift5),
        .target(name: "UIKitDeployment15", dependencies: ["UIKitDeployment13"], swiftSettings: swift5),
        .target(name: "UIKitDeployment26", dependencies: ["UIKitDeployment15"], swiftSettings: swift5),
        .target(name: "UIKitDeployment27", dependencies: ["UIKitDeployment26"], swiftSettings: swift5),
        // `import Combine` in a snippet: Apple's Combine API on the model's main queue and virtual clock.
        .target(name: "Combine", dependencies: ["UIKitModel"], swiftSettings: swift5),
        // `import SwiftUI` in a snippet: a SwiftUI subset hosted by `UIHostingController`, built from the model's views.
        .target(name: "SwiftUI", dependencies: ["UIKitModel", "UIKitBehavior", "Combine"], swiftSettings: swift5),
        // The driver (taps, typing, virtual clock, trace, snapshots): not UIKit.
        .target(name: "UIKitSimulator", dependencies: ["UIKitModel", "UIKitBehavior", "DocTestProtocol"], swiftSettings: swift5),
        // What lesson programs, the runner and the site share: the runner's channel, pictures as data (with their
        // SVG writer), snippet results and their keys, and the verification report the site's badges read.
        .target(name: "DocTestProtocol", dependencies: ["TutorbuildSupport"]),

        // xxHash's XXH3, the content hash of caches and incremental builds: the only file that imports xxHash.
        .target(name: "XXHash", dependencies: ["Cxxhash", "TutorbuildSupport"]),
        // Nettle's SHA-256, the cryptographic hash of doc-test outcome keys and the model hash, and the seal of
        // cache entries and results.json: the only file that imports Nettle. Not linked into lesson programs.
        .target(name: "Digest", dependencies: ["Cnettle", "TutorbuildSupport"]),
        // Compiles and runs lesson snippets against the model.
        .target(name: "DocTest", dependencies: ["LessonModel", "Diagnostics", "DocTestProtocol", "TutorbuildSupport", "XXHash", "Digest"]),
        // Renders the bilingual static site from the lesson model.
        .target(name: "SiteBuilder", dependencies: ["LessonModel", "MarkdownSyntax", "Diagnostics", "DocTestProtocol", "TutorbuildSupport", "XXHash", "Digest"]),
        // The commands, testable in-process.
        .target(name: "TutorbuildCLI", dependencies: ["LessonModel", "DocTest", "SiteBuilder", "ScriptConversion", "Diagnostics", "TutorbuildSupport"]),
        .executableTarget(name: "tutorbuild", dependencies: ["TutorbuildCLI"]),
        // Starts each lesson program under the syscall filter and reports how it really ended (docs/security.md).
        // The standard library only, so it starts in a few milliseconds.
        .executableTarget(name: "tutorbuild-launch", dependencies: ["Cseccomp"]),
        // libFuzzer harness over the lesson parser (bench/fuzz.sh); a corpus replayer otherwise.
        .executableTarget(name: "LessonParserFuzzer", dependencies: ["LessonModel", "Diagnostics"]),

        // What the test targets share: temporary courses and diagnostic matchers (a plain target: SwiftPM has no test-only library).
        .target(name: "TestSupport", dependencies: ["LessonModel", "Diagnostics"], path: "Tests/TestSupport"),

        .testTarget(name: "DiagnosticsTests", dependencies: ["Diagnostics", "TestSupport"]),
        .testTarget(name: "TutorbuildSupportTests", dependencies: ["TutorbuildSupport"]),
        .testTarget(name: "DigestTests", dependencies: ["Digest"]),
        .testTarget(name: "MarkdownSyntaxTests", dependencies: ["MarkdownSyntax", "TutorbuildSupport"]),
        .testTarget(name: "LessonModelTests", dependencies: ["LessonModel", "TutorbuildSupport", "TestSupport"], exclude: ["BadLessons", "FuzzRegressions"]),
        .testTarget(name: "ScriptConversionTests", dependencies: ["ScriptConversion", "LessonModel", "TestSupport"]),
        .testTarget(name: "UIKitModelTests", dependencies: ["UIKitModel", "UIKitSimulator", "UIKitBehavior"], swiftSettings: swift5),
        .testTarget(
            name: "UIKitSimulatorTests", dependencies: ["UIKitSimulator", "UIKitModel", "UIKitBehavior", "DocTestProtocol", "Combine"], exclude: ["Golden"],
            swiftSettings: swift5),
        // The model's declarations against Apple's documented ones (Apple/ holds the table); needs UIKitModel built.
        .testTarget(name: "DeclarationTests", dependencies: ["UIKitModel"], exclude: ["Apple"]),
        .testTarget(
            name: "SwiftUITests", dependencies: ["SwiftUI", "UIKitSimulator", "UIKitModel", "UIKitBehavior"],
            swiftSettings: swift5),
        .testTarget(name: "DocTestTests", dependencies: ["DocTest", "LessonModel", "DocTestProtocol", "TutorbuildSupport", "TestSupport"]),
        .testTarget(name: "SiteBuilderTests", dependencies: ["SiteBuilder", "LessonModel", "DocTestProtocol", "TutorbuildSupport", "TestSupport"]),
        .testTarget(name: "TutorbuildCLITests", dependencies: ["TutorbuildCLI", "Diagnostics", "DocTest", "LessonModel", "ScriptConversion", "TutorbuildSupport", "TestSupport"]),
    ]
)
