import Foundation
import TutorbuildSupport

/// A cache file of the search indexes (`SearchTextCache`, `SearchPostingsCache`): a first line naming
/// everything its entries depend on, then entries of bytes, each sealed by a hash, then an end mark and
/// their count, so that a file cut short or changed anywhere reads as nothing at all.
enum CacheEntryFile {
    static let endMark = Int(UInt32.max)

    /// The file's bytes and where each entry's bytes lie in them, in the order written; nil when the file is
    /// missing, starts with another line than `head`, or cannot be read back whole.
    static func read(path: String, head: String) -> (bytes: [UInt8], entries: [Range<Int>])? {
        guard let bytes = RegularFile.bytes(atPath: path) else { return nil }
        let headBytes = Array("\(head)\n".utf8)
        guard bytes.starts(with: headBytes) else { return nil }
        var entries: [Range<Int>] = []
        var offset = headBytes.count
        let valid: Bool = bytes.withUnsafeBufferPointer { buffer in
            func number() -> Int? {
                guard buffer.count - offset >= 4 else { return nil }
                var value: UInt32 = 0
                for k in 0..<4 { value |= UInt32(buffer[offset + k]) << (8 * UInt32(k)) }
                offset += 4
                return Int(value)
            }
            // Entries, each its length, the hash of its bytes and the bytes; then the end mark and their count.
            while let length = number() {
                if length == endMark { return number() == entries.count && offset == buffer.count }
                guard buffer.count - offset >= 16 + length else { return false }
                let hash = UnsafeBufferPointer(rebasing: buffer[offset..<(offset + 16)])
                let body = (offset + 16)..<(offset + 16 + length)
                guard hash.elementsEqual(ContentHash.of(UnsafeBufferPointer(rebasing: buffer[body])).utf8) else { return false }
                entries.append(body)
                offset = body.upperBound
            }
            return false
        }
        return valid ? (bytes, entries) : nil
    }

    /// Writes entries to a temporary file beside the cache, renamed over it by `finish()` (a reader sees
    /// the old file, the new or none).
    struct Writer {
        private let path: String
        private let temporary: String
        private var fd: Int32
        private var buffer: [UInt8] = []
        private var count = 0
        private var failed = false

        init?(path: String, head: String) {
            self.path = path
            temporary = path + ".\(UUID().uuidString).tmp"
            try? FileManager.default.createDirectory(atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            guard fd >= 0 else { return nil }
            buffer.reserveCapacity(Self.chunk + 4096)
            buffer.append(contentsOf: "\(head)\n".utf8)
        }

        /// Bytes gathered before they are written.
        private static let chunk = 256 * 1024

        /// Adds one entry of `bytes`.
        mutating func add(entry bytes: UnsafeBufferPointer<UInt8>) {
            Self.append(number: bytes.count, to: &buffer)
            buffer.append(contentsOf: ContentHash.of(bytes).utf8)
            buffer.append(contentsOf: bytes)
            count += 1
            if buffer.count >= Self.chunk { flush() }
        }

        /// Ends the file and puts it in place of the stored one.
        mutating func finish() {
            Self.append(number: CacheEntryFile.endMark, to: &buffer)
            Self.append(number: count, to: &buffer)
            flush()
            close(fd)
            if failed || rename(temporary, path) != 0 { unlink(temporary) }
        }

        /// Leaves the stored file as it was.
        func discard() {
            close(fd)
            unlink(temporary)
        }

        private mutating func flush() {
            if !failed { failed = buffer.withUnsafeBytes { UnsyncedFile.write($0, to: fd) } != nil }
            buffer.removeAll(keepingCapacity: true)
        }

        private static func append(number value: Int, to bytes: inout [UInt8]) {
            var little = UInt32(value).littleEndian
            withUnsafeBytes(of: &little) { bytes.append(contentsOf: $0) }
        }
    }
}
