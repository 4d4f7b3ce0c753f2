/// A hash table from non-zero integer keys (64 or 128 bits) to `Int32` values: the search index's term numbers.
///
/// Rather than `Dictionary`'s SipHash (docs/site.md, "Why the code is shaped as it is"): the keys here
/// (Han scalars, packed ASCII words) need only one multiplication to spread. The table is open
/// addressing with linear probing over a power-of-two capacity, indexed by the top bits of
/// `key × 2⁶⁴/φ` (Fibonacci hashing; a 128-bit key's halves are first folded into one by exclusive
/// or). Key 0 marks an empty slot, and the table is kept at most half full, so a probe rarely goes
/// past a slot or two.
struct TermTable<Key: FixedWidthInteger & UnsignedInteger> {
    /// The key in each slot, 0 where the slot is empty.
    private var keys: [Key]
    /// The value of the key in the same slot.
    private var values: [Int32]
    /// How many keys are stored.
    private(set) var count = 0
    /// 64 minus log2 of the capacity: shifting the product right by this gives a slot number.
    private var shift: UInt64

    /// An empty table with room for `minimumCapacity` keys before it grows.
    init(minimumCapacity: Int = 32) {
        var capacity = 8
        while capacity < 2 * minimumCapacity { capacity *= 2 }
        keys = Array(repeating: 0, count: capacity)
        values = Array(repeating: 0, count: capacity)
        shift = UInt64(64 - capacity.trailingZeroBitCount)
    }

    /// Empties the table, keeping its capacity.
    mutating func removeAll() {
        guard count > 0 else { return }
        for slot in keys.indices { keys[slot] = 0 }
        count = 0
    }

    /// The number of slots (a power of two).
    var capacity: Int { keys.count }

    /// The value stored for `key`, or nil.
    func value(for key: Key) -> Int32? {
        precondition(key != 0, "0 is not a valid key")
        let mask = keys.count - 1
        var slot = Self.slot(key, shift)
        while keys[slot] != 0 {
            if keys[slot] == key { return values[slot] }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// The value stored for `key`; if there is none, stores `newValue` and returns it.
    @inline(__always)
    mutating func value(for key: Key, insertingIfAbsent newValue: Int32) -> Int32 {
        precondition(key != 0, "0 is not a valid key")
        let mask = keys.count - 1
        var slot = Self.slot(key, shift)
        while true {
            let found = keys[slot]
            if found == key { return values[slot] }
            if found == 0 { break }
            slot = (slot + 1) & mask
        }
        keys[slot] = key
        values[slot] = newValue
        count += 1
        if 2 * count > keys.count { grow() }
        return newValue
    }

    /// Calls `body` with every key and its value, in no particular order.
    func forEach(_ body: (_ key: Key, _ value: Int32) throws -> Void) rethrows {
        for slot in keys.indices where keys[slot] != 0 { try body(keys[slot], values[slot]) }
    }

    /// The first slot probed for `key` in a table of `capacity` slots (tests use it to make collisions).
    static func homeSlot(of key: Key, capacity: Int) -> Int {
        slot(key, UInt64(64 - capacity.trailingZeroBitCount))
    }

    /// The first slot to probe for `key`: the top bits of its product with 2⁶⁴/φ.
    @inline(__always)
    private static func slot(_ key: Key, _ shift: UInt64) -> Int {
        let folded = UInt64(truncatingIfNeeded: key) ^ UInt64(truncatingIfNeeded: key >> 64)
        return Int(truncatingIfNeeded: (folded &* 0x9E37_79B9_7F4A_7C15) >> shift)
    }

    /// Doubles the capacity and puts every key back in its slot under the new shift.
    private mutating func grow() {
        let oldKeys = keys, oldValues = values
        keys = Array(repeating: 0, count: 2 * oldKeys.count)
        values = Array(repeating: 0, count: 2 * oldKeys.count)
        shift -= 1
        let mask = keys.count - 1
        for old in oldKeys.indices where oldKeys[old] != 0 {
            var slot = Self.slot(oldKeys[old], shift)
            while keys[slot] != 0 { slot = (slot + 1) & mask }
            keys[slot] = oldKeys[old]
            values[slot] = oldValues[old]
        }
    }
}
