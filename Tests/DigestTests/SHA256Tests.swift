import Digest
import Testing

/// The keys of doc-test outcomes and the model hash.
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

    @Test("pads every length around a block's end (digests from Python's hashlib)", arguments: [
        (55, "9f4390f8d30c2dd92ec9f095b65e2b9ae9b0a925a5258e241c9f1e910f734318"),
        (63, "7d3e74a05d7db15bce4ad9ec0658ea98e3f06eeecf16b4c6fff2da457ddc2f34"),
        (64, "ffe054fe7ae0cb6dc65c3af9b61d5209f439851db43d0ba5997337df154668eb"),
        (119, "31eba51c313a5c08226adf18d4a359cfdfd8d2e816b13f4af952f7ea6584dcfb"),
    ])
    func padding(length: Int, digest: String) {
        #expect(SHA256.hex(String(repeating: "a", count: length)) == digest)
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
