import LessonModel
import Testing

/// The cache keys of doc-test results and generated pages.
@Suite("SHA-256")
struct SHA256Tests {
    @Test("matches the FIPS 180-4 test vectors", arguments: [
        ("abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"),
        ("", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"),
        ("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq", "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1"),
    ])
    func vectors(input: String, digest: String) {
        #expect(SHA256.hex(input) == digest)
    }

    @Test("feeding the bytes in pieces of any size gives the digest of the whole", arguments: [1, 7, 63, 64, 65, 1000])
    func pieces(size: Int) {
        let bytes = Array(String(repeating: "键盘 keyboard ", count: 40).utf8)
        var whole = SHA256()
        whole.update(bytes)
        var chunked = SHA256()
        for start in stride(from: 0, to: bytes.count, by: size) { chunked.update(bytes[start..<min(bytes.count, start + size)]) }
        #expect(chunked.finalize() == whole.finalize())
    }
}
