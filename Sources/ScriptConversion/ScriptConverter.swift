internal import Copencc
import Foundation
import TutorbuildSupport

/// Converts UTF-8 text between Chinese scripts with OpenCC; the only file that touches OpenCC.
public final class ScriptConverter: @unchecked Sendable {
    /// OpenCC's configurations used here: phrase-level, with Taiwan's vocabulary.
    public enum Direction: String, Sendable {
        /// Simplified → Traditional with Taiwan phrases (软件 → 軟體).
        case simplifiedToTaiwan = "s2twp.json"
        /// Traditional (Taiwan phrases) → Simplified (軟體 → 软件).
        case taiwanToSimplified = "tw2sp.json"
        /// Traditional → Simplified characters, for folding search text to one script.
        case traditionalToSimplified = "t2s.json"
    }

    public struct OpenError: Error, CustomStringConvertible {
        public var description: String
    }

    public let direction: Direction
    private let handle: opencc_t
    // OpenCC's converter is not documented as thread-safe; one call at a time.
    private let lock = NSLock()

    /// Names, sizes and modification times of the OpenCC library and its installed configurations and
    /// dictionaries, so that cached conversions are made again after OpenCC or its data is upgraded.
    public static let dataFingerprint: String = {
        func describe(_ path: String) -> String { "\(path) \(FileStamp.of(path) ?? "missing")" }
        var parts: [String] = []
        // The library as loaded into this process (Linux lists mapped files in /proc/self/maps).
        // Read to the end: /proc files report a size of 0, which whole-file readers take at its word.
        if let data = FileHandle(forReadingAtPath: "/proc/self/maps")?.readDataToEndOfFile(),
           case let maps = String(decoding: data, as: UTF8.self),
           let line = maps.split(separator: "\n").first(where: { $0.contains("libopencc") }),
           let slash = line.firstIndex(of: "/") {
            parts.append(describe(String(line[slash...])))
        }
        let folder = "/usr/share/opencc"
        for name in ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted() {
            parts.append(describe(folder + "/" + name))
        }
        return parts.joined(separator: "\n")
    }()

    public init(_ direction: Direction) throws {
        self.direction = direction
        let opened = opencc_open(direction.rawValue)
        guard let opened, Int(bitPattern: opened) != -1 else {
            let reason = opencc_error().map { String(cString: $0) } ?? "unknown error"
            throw OpenError(description: "cannot open OpenCC configuration \(direction.rawValue): \(reason); install Debian's opencc package (scripts/install-deps does)")
        }
        handle = opened
    }

    deinit {
        opencc_close(handle)
    }

    /// Each configuration opened once per process and kept: opening s2twp's dictionaries takes 50–70 ms, which every
    /// build that converted a page paid, and `serve` on every such rebuild. A failure is not kept (OpenCC may be
    /// installed meanwhile).
    public static func shared(_ direction: Direction) throws -> ScriptConverter {
        // Held while opening: a caller that comes during `prepare`'s opening waits for it rather than opening twice.
        openingLock.lock()
        defer { openingLock.unlock() }
        if let opened = opened[direction] { return opened }
        let converter = try ScriptConverter(direction)
        opened[direction] = converter
        return converter
    }

    /// Opens `direction`'s configuration on another thread now, for a conversion the build will surely make later.
    public static func prepare(_ direction: Direction) {
        DispatchQueue.global().async(group: preparing) { _ = try? shared(direction) }
    }

    /// Waits for the openings `prepare` started: a process must not exit while OpenCC is loading its dictionaries
    /// on another thread (a build that stops early would otherwise run the libraries' teardown beside it).
    public static func finishPreparing() {
        preparing.wait()
    }

    private static let preparing = DispatchGroup()
    private static let openingLock = NSLock()
    nonisolated(unsafe) private static var opened: [Direction: ScriptConverter] = [:]

    public func convert(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0.value >= 0x2E80 }) else { return text }
        return lock.withLock {
            var bytes = Array(text.utf8)
            bytes.append(0)
            let converted: UnsafeMutablePointer<CChar>? = bytes.withUnsafeBufferPointer { buffer in
                buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                    opencc_convert_utf8(handle, $0, buffer.count - 1)
                }
            }
            guard let converted else { return text }
            defer { opencc_convert_utf8_free(converted) }
            return String(cString: converted)
        }
    }
}
