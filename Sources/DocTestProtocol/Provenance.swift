import Foundation

/// The toolchain and model a snippet was verified with, and when.
public struct Provenance: Sendable, Hashable, Codable {
    /// `swiftc --version`'s first line.
    public var toolchain: String
    public var modelHash: String
    /// Swift language mode of the lesson's program.
    public var swiftVersion: Int
    /// Default actor isolation of the lesson's program (`MainActor` or `nonisolated`); `nil` in results written
    /// before lessons had one.
    public var defaultIsolation: String?
    public var verifiedAt: Date

    public init(toolchain: String, modelHash: String, swiftVersion: Int, defaultIsolation: String? = nil, verifiedAt: Date) {
        self.toolchain = toolchain
        self.modelHash = modelHash
        self.swiftVersion = swiftVersion
        self.defaultIsolation = defaultIsolation
        self.verifiedAt = verifiedAt
    }
}
