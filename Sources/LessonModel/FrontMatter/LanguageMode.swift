/// Which isolation unannotated code gets (Xcode's `SWIFT_DEFAULT_ACTOR_ISOLATION`).
public enum DefaultIsolation: String, Sendable, Hashable, CaseIterable, Codable {
    case mainActor = "MainActor"
    case nonisolated
}

/// The language mode a lesson's program compiles in: the Swift version and the default actor isolation, with
/// the upcoming features Xcode's Approachable Concurrency setting turns on (uikit-behaviour-3 §B6.3).
///
/// It also carries the deployment target (Xcode's `IPHONEOS_DEPLOYMENT_TARGET`, major version only): Swift warns about
/// an API deprecated in iOS N only when the deployment target is N or later, so it selects which deprecations a
/// lesson sees (docs/model.md "Deployment target").
public struct LanguageMode: Sendable, Hashable, Codable, CustomStringConvertible {
    public var swiftVersion: Int
    public var defaultIsolation: DefaultIsolation
    public var deploymentTarget: Int

    public init(swiftVersion: Int, defaultIsolation: DefaultIsolation, deploymentTarget: Int = LanguageMode.defaultDeploymentTarget) {
        self.swiftVersion = swiftVersion
        self.defaultIsolation = defaultIsolation
        self.deploymentTarget = deploymentTarget
    }

    private enum CodingKeys: String, CodingKey { case swiftVersion, defaultIsolation, deploymentTarget }

    /// Results written before the deployment target existed read as the default one.
    public init(from decoder: Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        swiftVersion = try container.decode(Int.self, forKey: .swiftVersion)
        defaultIsolation = try container.decode(DefaultIsolation.self, forKey: .defaultIsolation)
        deploymentTarget = try container.decodeIfPresent(Int.self, forKey: .deploymentTarget) ?? Self.defaultDeploymentTarget
    }

    /// iOS 26: Xcode 26's app template sets the deployment target to the SDK's iOS (`latest_iphoneos`), so a new
    /// project warns about `UIScreen.main` (deprecated in 26) as well as `keyWindow` and `windows`.
    public static let defaultDeploymentTarget = 26

    /// The deployment targets a lesson may declare (Xcode 26 and 27 build for iOS 13 and later [U: the lowest]).
    public static let deploymentTargets = 13...27

    /// The model module `import UIKit` stands for at this deployment target (`-module-alias UIKit=…`): the model
    /// plus the deprecations up to it; nil below 13, where no modelled API is deprecated yet.
    public var uikitModule: String? {
        switch deploymentTarget {
        case 27...: "UIKitDeployment27"
        case 26: "UIKitDeployment26"
        case 15...: "UIKitDeployment15"
        case 13...: "UIKitDeployment13"
        default: nil
        }
    }

    /// What a new iOS App project from Xcode 26 builds with: Swift 5, default isolation MainActor,
    /// Approachable Concurrency on, minimal strict-concurrency checking (§B6.3, #168).
    public static let xcodeAppTemplate = LanguageMode(swiftVersion: 5, defaultIsolation: .mainActor)

    /// This mode with the given settings, where set, in place of its own.
    public func overriding(swiftVersion: Int?, defaultIsolation: DefaultIsolation?, deploymentTarget: Int? = nil) -> LanguageMode {
        LanguageMode(
            swiftVersion: swiftVersion ?? self.swiftVersion, defaultIsolation: defaultIsolation ?? self.defaultIsolation,
            deploymentTarget: deploymentTarget ?? self.deploymentTarget)
    }

    /// `Swift 5 · MainActor`, with `· iOS 26` when the deployment target is not the default.
    public var description: String {
        "Swift \(swiftVersion) · \(defaultIsolation.rawValue)"
            + (deploymentTarget == Self.defaultDeploymentTarget ? "" : " · iOS \(deploymentTarget)")
    }

    /// `26` from a front-matter or site.yml value: an integer, or a string such as "26.0" or "26".
    public static func deploymentTarget(parsing text: String) -> Int? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }),
            let major = Int(parts[0]), deploymentTargets.contains(major)
        else { return nil }
        return major
    }

    /// The Swift versions a lesson may declare.
    public static let swiftVersions = [5, 6]

    /// The upcoming features Approachable Concurrency enables (#169) and the template's MemberImportVisibility;
    /// in Swift 6 mode those that Swift 6 already has are left out (the compiler warns about them).
    public var upcomingFeatures: [String] {
        let swift6Has = ["DisableOutwardActorInference", "GlobalActorIsolatedTypesUsability", "InferSendableFromCaptures"]
        let approachable = ["DisableOutwardActorInference", "GlobalActorIsolatedTypesUsability", "InferIsolatedConformances",
                            "InferSendableFromCaptures", "NonisolatedNonsendingByDefault"]
        return (swiftVersion >= 6 ? approachable.filter { !swift6Has.contains($0) } : approachable) + ["MemberImportVisibility"]
    }
}
