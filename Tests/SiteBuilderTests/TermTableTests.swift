import Testing
@testable import SiteBuilder

@Suite("Term table")
struct TermTableTests {
    @Test("a key keeps the value it was first given")
    func firstValueStays() {
        var table = TermTable<UInt64>()
        #expect(table.value(for: 42, insertingIfAbsent: 7) == 7)
        #expect(table.value(for: 42, insertingIfAbsent: 8) == 7)
        #expect(table.value(for: 42) == 7)
        #expect(table.value(for: 43) == nil)
        #expect(table.count == 1)
    }

    @Test("every key is found after the table grows", arguments: [1, 7, 8, 9, 100, 5_000])
    func growth(count: Int) {
        var table = TermTable<UInt64>(minimumCapacity: 1)
        let keys = (0..<count).map { UInt64($0) &* 0x1_0000_0001 &+ 1 }
        for (n, key) in keys.enumerated() {
            #expect(table.value(for: key, insertingIfAbsent: Int32(n)) == Int32(n))
        }
        #expect(table.count == count)
        #expect(table.capacity >= 2 * count)
        #expect(table.capacity.nonzeroBitCount == 1)
        for (n, key) in keys.enumerated() {
            #expect(table.value(for: key) == Int32(n))
            #expect(table.value(for: key, insertingIfAbsent: -1) == Int32(n))
        }
        #expect(table.count == count)
    }

    @Test("keys with the same home slot, including the last slot, are all kept apart", arguments: [0, 63])
    func collisions(home: Int) throws {
        var table = TermTable<UInt64>(minimumCapacity: 32)
        try #require(table.capacity == 64)
        let colliding = Array((1...UInt64(1 << 20)).lazy.filter { TermTable<UInt64>.homeSlot(of: $0, capacity: 64) == home }.prefix(20))
        try #require(colliding.count == 20)
        for (n, key) in colliding.enumerated() { _ = table.value(for: key, insertingIfAbsent: Int32(n)) }
        #expect(table.capacity == 64)
        for (n, key) in colliding.enumerated() { #expect(table.value(for: key) == Int32(n)) }
        let absent = (UInt64(1 << 20)...).first { TermTable<UInt64>.homeSlot(of: $0, capacity: 64) == home }!
        #expect(table.value(for: absent) == nil)

        // Growing rehashes the whole chain.
        for key in UInt64(1 << 21)..<UInt64(1 << 21) + 40 { _ = table.value(for: key, insertingIfAbsent: -1) }
        #expect(table.capacity > 64)
        for (n, key) in colliding.enumerated() { #expect(table.value(for: key) == Int32(n)) }
    }

    @Test("forEach visits every key once with its value")
    func forEach() {
        var table = TermTable<UInt64>(minimumCapacity: 2)
        for key in 1...UInt64(300) { _ = table.value(for: key * 977, insertingIfAbsent: Int32(key)) }
        var seen: [UInt64: Int32] = [:]
        table.forEach { key, value in
            #expect(seen[key] == nil)
            seen[key] = value
        }
        #expect(seen.count == 300)
        #expect(seen.allSatisfy { $0.key == UInt64($0.value) * 977 })
    }

    @Test("128-bit keys that differ only in their high or low half are kept apart, through growth")
    func wideKeys() {
        var table = TermTable<UInt128>(minimumCapacity: 1)
        var keys: [UInt128] = []
        for n in UInt128(1)...200 {
            keys.append(n)  // high half 0
            keys.append(n << 64)  // low half 0
            keys.append(n << 64 | n)  // both halves equal: they cancel in the fold
        }
        for (n, key) in keys.enumerated() { #expect(table.value(for: key, insertingIfAbsent: Int32(n)) == Int32(n)) }
        #expect(table.count == keys.count)
        for (n, key) in keys.enumerated() { #expect(table.value(for: key) == Int32(n)) }
        #expect(table.value(for: 201 << 64) == nil)
    }
}
