import TutorbuildSupport

/// The first words of a section's text, for the search result list: whitespace runs collapsed, 90 characters and `…`.
///
/// Read a piece at a time, with `addSpace()` for a line break between pieces, so that a section's
/// text need not be put together first: the pieces read exactly as their joined text would.
/// Read and built as UTF-8 bytes: iterating and appending scalar by scalar was slow.
struct ExcerptBuilder {
    /// The excerpt's UTF-8 so far.
    private(set) var bytes: [UInt8] = []
    /// Whether the excerpt is finished with `…`: nothing more is read.
    private(set) var isComplete = false
    /// Scalars written so far, inserted spaces included.
    private var count = 0
    /// Whether whitespace was read after the last scalar written; a space may go before the next one.
    private var pendingSpace = false
    /// The last scalar written other than an inserted space (a space is always followed by a scalar).
    private var last: Unicode.Scalar? = nil

    init() {
        bytes.reserveCapacity(4 * 92)
    }

    /// Reads `text`.
    mutating func add(_ text: String) {
        guard !isComplete else { return }
        var text = text
        text.withUTF8 { add($0) }
    }

    /// Reads whitespace: the line break after a piece.
    mutating func addSpace() {
        pendingSpace = count > 0
    }

    private mutating func add(_ text: UnsafeBufferPointer<UInt8>) {
        var i = 0
        // Start of the bytes read but not yet copied: they are copied a run at a time. A run never
        // holds whitespace, so a space inserted before a scalar always has the run start there.
        var run = 0
        while i < text.count {
            let byte = text[i]
            if byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D {
                copy(text, run..<i)
                addSpace()
                i += 1
                run = i
                continue
            }
            let (scalar, length) = UTF8Scalars.scalar(startingAt: i, in: text)
            if pendingSpace {
                // A line break between two Chinese characters is no space (see `CJKLineBreaks`).
                if !(last.map { CJKText.joinsLines($0, scalar) } ?? CJKText.isFullWidthPunctuation(scalar)) {
                    bytes.append(UInt8(ascii: " "))
                    count += 1
                }
                pendingSpace = false
            }
            if count >= 90 {
                copy(text, run..<i)
                bytes.append(contentsOf: "…".utf8)
                isComplete = true
                return
            }
            // The scalar's own bytes (as `UTF8.encode` would write them) go with the run.
            last = scalar
            count += 1
            i += length
        }
        copy(text, run..<i)
    }

    private mutating func copy(_ text: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
        if !range.isEmpty { bytes.append(contentsOf: UnsafeBufferPointer(rebasing: text[range])) }
    }
}
