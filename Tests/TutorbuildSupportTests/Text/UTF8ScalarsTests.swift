import Testing
import TutorbuildSupport

@Suite("Scalars from UTF-8 bytes")
struct UTF8ScalarsTests {
    @Test("each scalar is read from where it starts and where it ends, in every UTF-8 length")
    func everyLength() {
        let text = "a\u{E9}键🎉z"
        var utf8 = Array(text.utf8)
        utf8.withUnsafeMutableBufferPointer { buffer in
            let bytes = UnsafeBufferPointer(buffer)
            var k = 0
            var read: [Unicode.Scalar] = []
            while k < bytes.count {
                let (scalar, length) = UTF8Scalars.scalar(startingAt: k, in: bytes)
                read.append(scalar)
                k += length
                #expect(UTF8Scalars.scalar(endingAt: k, in: bytes) == scalar)
            }
            #expect(read == Array(text.unicodeScalars))
        }
    }
}
