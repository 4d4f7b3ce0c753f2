import Foundation

/// The toolchain and model a snippet was verified with, and when.
public struct Provenance: Sendable, Hashable, Codable {
    /// `swiftc --version`'s first line.
    public var toolchain: String
    public var modelHash: String
    /// Swift language mode of the lesson's program.
    public var swiftVersion: Int
    public var verifiedAt: Date

    public init(toolchain: String, modelHash: String, swiftVersion: Int, verifiedAt: Date) {
        self.toolchain = toolchain
        self.modelHash = modelHash
        self.swiftVersion = swiftVersion
        self.verifiedAt = verifiedAt
    }
}
