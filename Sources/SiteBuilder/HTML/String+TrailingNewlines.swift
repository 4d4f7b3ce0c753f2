extension String {
    /// The string without its trailing line breaks, as code and output blocks are shown.
    var trimmingTrailingNewlines: String {
        // Byte for byte what dropping trailing "\n" and "\r" Characters does: "\r\n" is one Character
        // (neither "\n" nor "\r"), so the trimming stops there.
        let bytes = utf8
        var end = bytes.endIndex
        while end > bytes.startIndex {
            let before = bytes.index(before: end)
            let byte = bytes[before]
            if byte == 0x0D {
                end = before
            } else if byte == 0x0A, before == bytes.startIndex || bytes[bytes.index(before: before)] != 0x0D {
                end = before
            } else {
                break
            }
        }
        return end == bytes.endIndex ? self : String(decoding: bytes[..<end], as: UTF8.self)
    }
}
