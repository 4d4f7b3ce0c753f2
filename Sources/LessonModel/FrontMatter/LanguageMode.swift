/// Which isolation unannotated code gets (Xcode's `SWIFT_DEFAULT_ACTOR_ISOLATION`).
public enum DefaultIsolation: String, Sendable, Hashable, CaseIterable, Codable {
    case mainActor = "MainActor"
    case nonisolated
}

/// The language mode a lesson's program compiles in: the Swift version and the default actor isolation, with
/// the upcoming features Xcode's Approachable Concurrency setting turns on (uikit-behaviour-3 §B6.3).
public struct LanguageMode: Sendable, Hashable, Codable, CustomStringConvertible {
    public var swiftVersion: Int
    public var defaultIsolation: DefaultIsolation

    public init(swiftVersion: Int, defaultIsolation: DefaultIsolation) {
        self.swiftVersion = swiftVersion
        self.defaultIsolation = defaultIsolation
    }

    /// What a new iOS App project from Xcode 26 builds with: Swift 5, default isolation MainActor,
    /// Approachable Concurrency on, minimal strict-concurrency checking (§B6.3, #168).
    public static let xcodeAppTemplate = LanguageMode(swiftVersion: 5, defaultIsolation: .mainActor)

    /// This mode with the given settings, where set, in place of its own.
    public func overriding(swiftVersion: Int?, defaultIsolation: DefaultIsolation?) -> LanguageMode {
        LanguageMode(swiftVersion: swiftVersion ?? self.swiftVersion, defaultIsolation: defaultIsolation ?? self.defaultIsolation)
    }

    /// `Swift 5 · MainActor`.
    public var description: String { "Swift \(swiftVersion) · \(defaultIsolation.rawValue)" }

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
