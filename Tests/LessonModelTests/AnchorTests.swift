@testable import LessonModel
import Testing

/// Anchor ids skip Unicode property lookups where the answer is known; these check that it is.
@Suite("Anchor ids")
struct AnchorTests {
    @Test("CJK ideographs are uncased letters, so slugs keep them as they are")
    func ideographs() {
        for value in Array(0x3400...0x4DBF) + Array(0x4E00...0x9FFF) {
            let scalar = Unicode.Scalar(UInt32(value))!
            #expect(scalar.properties.isAlphabetic && String(scalar).lowercased() == String(scalar), "U+\(String(value, radix: 16))")
        }
        #expect(Anchor.slug("观察 键盘：Keyboard 2") == "观察-键盘-keyboard-2")
    }

    @Test("in ASCII an id character is a letter, a digit, '-' or '_', as the Alphabetic property says")
    func asciiIDScalars() {
        for value in 0..<0x80 {
            let scalar = Unicode.Scalar(UInt8(value))
            let byProperty = scalar == "-" || scalar == "_" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
            #expect(Anchor.isIDScalar(scalar) == byProperty)
        }
    }
}
