import Testing
@testable import SiteBuilder

@Suite("Content hash")
struct ContentHashTests {
    @Test("nothing added is XXH3-64's published hash of no input, so manifests agree across machines")
    func emptyIsXXH3() {
        #expect(ContentHash().hex == "2d06800538d394c2")
    }

    @Test("the same strings give the same hash; moving a boundary or changing a byte gives another")
    func separates() {
        func hash(_ parts: [String]) -> String {
            var h = ContentHash()
            for part in parts { h.add(part) }
            return h.hex
        }
        #expect(hash(["ab", "c"]) == hash(["ab", "c"]))
        #expect(hash(["ab", "c"]) != hash(["a", "bc"]))
        #expect(hash(["键盘"]) != hash(["键盆"]))
        #expect(hash([""]) != hash([]))
        #expect(hash(["x"]).count == 16)
    }
}
