import Testing
@testable import SiteBuilder

@Suite("Byte buffer")
struct ByteBufferTests {
    @Test("bytes, runs and static text come out in order, past any starting capacity", arguments: [0, 1, 300, 10_000])
    func appends(capacity: Int) {
        var buffer = ByteBuffer(capacity: capacity)
        var expected: [UInt8] = []
        for k in 0..<2_000 {
            switch k % 4 {
            case 0:
                buffer.append(UInt8(k % 251))
                expected.append(UInt8(k % 251))
            case 1:
                buffer.append("</span>")
                expected += Array("</span>".utf8)
            case 2:
                let run = [UInt8](repeating: UInt8(k % 7), count: k % 37)
                run.withUnsafeBufferPointer { buffer.append($0) }
                expected += run
            default:
                buffer.append(contentsOf: Array("键盘".utf8))
                expected += Array("键盘".utf8)
            }
        }
        #expect(buffer.count == expected.count)
        #expect(buffer.bytes == expected)
    }

    @Test("an empty run adds nothing")
    func empty() {
        var buffer = ByteBuffer()
        [UInt8]().withUnsafeBufferPointer { buffer.append($0) }
        buffer.append("")
        #expect(buffer.bytes.isEmpty)
    }
}
