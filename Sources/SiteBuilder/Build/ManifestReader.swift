import Foundation

/// Reads back exactly the JSON `BuildManifest.json()` writes; anything else reads as no manifest.
///
/// Every rebuild waits on reading the manifest, on one thread, and `JSONDecoder` (or `JSONSerialization`)
/// costs several times this reader on a large site (docs/site.md, "Why the code is shaped as it is").
/// Refusing any other shape is safe: without a manifest a build compares bytes instead of trusting
/// hashes (`SiteFiles`).
struct ManifestReader {
    private let bytes: UnsafeBufferPointer<UInt8>
    private var at = 0

    /// The manifest in `data`, or `nil` when it is not in the shape `BuildManifest.json()` writes.
    static func read(_ data: Data) -> BuildManifest? {
        data.withUnsafeBytes { raw in
            var reader = ManifestReader(bytes: raw.bindMemory(to: UInt8.self))
            return reader.manifest()
        }
    }

    private init(bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    private mutating func manifest() -> BuildManifest? {
        var manifest = BuildManifest()
        guard take("{\"entries\":{") else { return nil }
        if !take("}") {
            repeat {
                guard let path = string(), take(":{\"files\":[") else { return nil }
                var files: [String] = []
                if !take("]") {
                    repeat {
                        guard let file = string() else { return nil }
                        files.append(file)
                    } while take(",")
                    guard take("]") else { return nil }
                }
                guard take(",\"hash\":"), let hash = string(), take("}") else { return nil }
                manifest.entries[path] = BuildManifest.Entry(hash: hash, files: files)
            } while take(",")
            guard take("}") else { return nil }
        }
        guard take(",\"files\":{") else { return nil }
        if !take("}") {
            repeat {
                guard let path = string(), take(":"), let hash = string() else { return nil }
                manifest.files[path] = hash
            } while take(",")
            guard take("}") else { return nil }
        }
        guard take(",\"version\":"), let version = string(), take("}"), at == bytes.count else { return nil }
        manifest.version = version
        return manifest
    }

    /// Steps over `literal` if it comes next.
    private mutating func take(_ literal: StaticString) -> Bool {
        let count = literal.utf8CodeUnitCount
        guard at + count <= bytes.count, memcmp(bytes.baseAddress! + at, literal.utf8Start, count) == 0 else { return false }
        at += count
        return true
    }

    /// A JSON string, with the escapes `JSON.append` writes (and the rest of JSON's).
    private mutating func string() -> String? {
        guard at < bytes.count, bytes[at] == UInt8(ascii: "\"") else { return nil }
        at += 1
        let start = at
        // Most strings (paths, hashes) have no escape: taken as they are.
        while at < bytes.count, bytes[at] != UInt8(ascii: "\""), bytes[at] != UInt8(ascii: "\\"), bytes[at] >= 0x20 { at += 1 }
        guard at < bytes.count else { return nil }
        if bytes[at] == UInt8(ascii: "\"") {
            defer { at += 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<at]), as: UTF8.self)
        }
        var out = Array(bytes[start..<at])
        var pendingHigh: UInt32?
        while at < bytes.count {
            let byte = bytes[at]
            at += 1
            if byte == UInt8(ascii: "\"") { return pendingHigh == nil ? String(decoding: out, as: UTF8.self) : nil }
            guard byte >= 0x20 else { return nil }
            guard byte == UInt8(ascii: "\\") else {
                guard pendingHigh == nil else { return nil }
                out.append(byte)
                continue
            }
            guard at < bytes.count else { return nil }
            let escape = bytes[at]
            at += 1
            if escape != UInt8(ascii: "u") {
                guard pendingHigh == nil else { return nil }
                switch escape {
                case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(escape)
                case UInt8(ascii: "b"): out.append(0x08)
                case UInt8(ascii: "f"): out.append(0x0C)
                case UInt8(ascii: "n"): out.append(0x0A)
                case UInt8(ascii: "r"): out.append(0x0D)
                case UInt8(ascii: "t"): out.append(0x09)
                default: return nil
                }
                continue
            }
            guard at + 4 <= bytes.count, let unit = UInt32(String(decoding: UnsafeBufferPointer(rebasing: bytes[at..<(at + 4)]), as: UTF8.self), radix: 16)
            else { return nil }
            at += 4
            let value: UInt32
            switch (unit, pendingHigh) {
            case (0xD800...0xDBFF, nil):
                pendingHigh = unit
                continue
            case (0xDC00...0xDFFF, let high?):
                value = 0x10000 + ((high - 0xD800) << 10) + (unit - 0xDC00)
                pendingHigh = nil
            case (0xD800...0xDFFF, _), (_, .some):
                return nil
            default:
                value = unit
            }
            guard let scalar = Unicode.Scalar(value) else { return nil }
            out.append(contentsOf: String(Character(scalar)).utf8)
        }
        return nil
    }
}
