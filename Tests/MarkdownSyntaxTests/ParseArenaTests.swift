import Foundation
@testable import MarkdownSyntax
import Testing
import TutorbuildSupport

/// cmark's memory comes from a per-thread bump arena: its calloc/realloc must behave like the C ones.
@Suite("Parse arena")
struct ParseArenaTests {
    @Test("allocations are aligned, calloc zeroes, realloc keeps the bytes whether it grows in place or moves")
    func allocator() throws {
        var arena = ParseArena()
        arena.begin()
        defer { arena.release() }
        let zeroedResult = arena.allocateZeroed(count: 10, size: 8)
        let zeroed = try #require(zeroedResult)
        #expect(Int(bitPattern: zeroed) % 16 == 0)
        #expect(UnsafeRawBufferPointer(start: zeroed, count: 80).allSatisfy { $0 == 0 })
        let firstResult = arena.allocate(5)
        let first = try #require(firstResult)
        memcpy(first, "abcde", 5)
        // The latest block grows in place.
        let grownResult = arena.reallocate(first, 100)
        let grown = try #require(grownResult)
        #expect(grown == first)
        _ = arena.allocate(3)
        // An older block moves, bytes and all.
        let movedResult = arena.reallocate(grown, 200)
        let moved = try #require(movedResult)
        #expect(moved != grown)
        #expect(String(decoding: UnsafeRawBufferPointer(start: moved, count: 5), as: UTF8.self) == "abcde")
        let fresh = arena.reallocate(nil, 7)
        #expect(fresh != nil)
        let overflowing = arena.allocateZeroed(count: Int.max, size: 2)
        #expect(overflowing == nil)
    }

    @Test("a block larger than a chunk, and more blocks than fit in one, are served and released")
    func largeBlocks() throws {
        var arena = ParseArena()
        defer { arena.release() }
        arena.begin()
        let largeResult = arena.allocate(3 * ParseArena.chunkSize)
        let large = try #require(largeResult)
        memset(large, 1, 3 * ParseArena.chunkSize)
        var served = 0
        for _ in 0..<100 where arena.allocateZeroed(count: 1, size: ParseArena.chunkSize / 10) != nil { served += 1 }
        #expect(served == 100)
        arena.reset()
        arena.begin()
        let again = arena.allocate(16)
        #expect(again != nil)
        arena.reset()
    }

    @Test("a document far larger than one chunk parses whole, and again the same on a reused arena")
    func largeDocument() {
        let text = (0..<20_000).map { "Paragraph *\($0)* with [a link](x\($0)).\n" }.joined(separator: "\n")
        let first = MarkdownParser().parse(text).document
        #expect(first.blocks.count == 20_000)
        #expect(first.blocks[12_345].html == "<p>Paragraph <em>12345</em> with <a href=\"x12345\">a link</a>.</p>\n")
        #expect(MarkdownParser().parse(text).document == first)
    }

    @Test("a document over the arena's limit, parsed with cmark's allocator, gives the same nodes")
    func overLimit() {
        let lesson = "## Title {#t}\n\nSome *text* with [a link](../a/) and `code`.\n\n- one\n- **two**\n\n```swift\nprint(1)\n```\n"
        let filler = String(repeating: "More text, more words.\n\n", count: 4_000)
        #expect(lesson.utf8.count <= ParseArena.documentLimit)
        #expect((lesson + "\n" + filler).utf8.count > ParseArena.documentLimit)
        for detail in [InlineDetail.tree, .plainTextAndLinks] {
            let small = MarkdownParser(inlineDetail: detail).parse(lesson).document
            let large = MarkdownParser(inlineDetail: detail).parse(lesson + "\n" + filler).document
            #expect(Array(large.blocks.prefix(small.blocks.count)) == small.blocks)
        }
    }

    @Test("parses on several threads at once each get their own arena")
    func concurrentParses() {
        let texts = (0..<64).map { i in "# Title \(i)\n\n" + String(repeating: "Some `code` and *text* \(i).\n\n", count: 200) }
        let expected = texts.map { MarkdownParser().parse($0).document }
        let results = texts.parallelMap { MarkdownParser().parse($0).document }
        #expect(results == expected)
    }
}
