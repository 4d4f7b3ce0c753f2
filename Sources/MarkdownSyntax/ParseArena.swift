#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// Memory for one cmark parse on the calling thread: bump-allocated, and released whole once the tree is copied.
///
/// cmark allocates every node and string on its own; here an allocation is a pointer bump in a chunk the
/// thread keeps for its next parse (docs/site.md, "Why the code is shaped as it is"). cmark's allocator
/// hooks take no context, so each thread has its own arena, reached through a thread-specific pointer.
struct ParseArena {
    /// Bytes of the chunk a thread keeps between parses; a larger document gets more chunks, freed after it.
    static let chunkSize = 1 << 20
    /// Documents up to this many bytes are parsed into the arena (lessons are a few kilobytes); larger
    /// ones would hold about ten times their size at once, so they use cmark's own allocator.
    static let documentLimit = 64 * 1024
    private static let alignment = 16
    /// Each allocation starts after its size, which growing it needs; a multiple of `alignment`.
    private static let headerSize = 16

    /// The chunk allocations come from.
    private var chunk: UnsafeMutableRawPointer?
    private var chunkCapacity = 0
    /// Bytes used in `chunk`.
    private var used = 0
    /// Earlier chunks of the current parse, freed by `reset()`.
    private var retired: [UnsafeMutableRawPointer] = []
    /// The latest allocation, which can grow in place (cmark's buffers mostly grow right after they are made).
    private var latest: UnsafeMutableRawPointer?
    /// Whether a parse is using the arena; parses do not nest, and `reset()` must not pull memory from under one.
    private(set) var isBusy = false

    /// Marks the start of a parse.
    mutating func begin() {
        precondition(!isBusy, "a cmark parse started inside another on the same thread")
        isBusy = true
    }

    /// Releases everything the parse allocated, keeping one ordinary chunk for the next.
    mutating func reset() {
        for pointer in retired { free(pointer) }
        retired.removeAll()
        if chunkCapacity != Self.chunkSize {
            free(chunk)
            chunk = nil
            chunkCapacity = 0
        }
        used = 0
        latest = nil
        isBusy = false
    }

    /// Releases every chunk, the kept one too, for an arena that is done with.
    mutating func release() {
        reset()
        free(chunk)
        chunk = nil
        chunkCapacity = 0
    }

    private static func rounded(_ size: Int) -> Int {
        (headerSize + size + alignment - 1) & ~(alignment - 1)
    }

    /// `size` bytes, not zeroed; `nil` only when the system has no memory left.
    mutating func allocate(_ size: Int) -> UnsafeMutableRawPointer? {
        let total = Self.rounded(size)
        if chunk == nil || used + total > chunkCapacity {
            let capacity = max(Self.chunkSize, total)
            guard let fresh = malloc(capacity) else { return nil }
            if let chunk { retired.append(chunk) }
            chunk = fresh
            chunkCapacity = capacity
            used = 0
        }
        let block = chunk! + used
        block.storeBytes(of: size, as: Int.self)
        used += total
        latest = block + Self.headerSize
        return latest
    }

    /// `count * size` zeroed bytes, as `calloc` gives them.
    mutating func allocateZeroed(count: Int, size: Int) -> UnsafeMutableRawPointer? {
        let (bytes, overflow) = count.multipliedReportingOverflow(by: size)
        guard !overflow, let pointer = allocate(bytes) else { return nil }
        memset(pointer, 0, bytes)
        return pointer
    }

    /// `realloc`: the same bytes in a block of at least `size`, grown in place when it is the latest one.
    mutating func reallocate(_ pointer: UnsafeMutableRawPointer?, _ size: Int) -> UnsafeMutableRawPointer? {
        guard let pointer else { return allocate(size) }
        let block = pointer - Self.headerSize
        let oldSize = block.load(as: Int.self)
        if size <= oldSize { return pointer }
        if pointer == latest, let chunk {
            let start = block - chunk
            if start + Self.rounded(size) <= chunkCapacity {
                block.storeBytes(of: size, as: Int.self)
                used = start + Self.rounded(size)
                return pointer
            }
        }
        guard let moved = allocate(size) else { return nil }
        memcpy(moved, pointer, oldSize)
        return moved
    }

    private static let key: pthread_key_t = {
        var key = pthread_key_t()
        // A worker thread that ends gives its arena back.
        pthread_key_create(&key) { raw in
            guard let arena = raw?.assumingMemoryBound(to: ParseArena.self) else { return }
            arena.pointee.release()
            arena.deinitialize(count: 1)
            arena.deallocate()
        }
        return key
    }()

    /// The calling thread's arena, made on first use.
    static var current: UnsafeMutablePointer<ParseArena> {
        if let raw = pthread_getspecific(key) { return raw.assumingMemoryBound(to: ParseArena.self) }
        let arena = UnsafeMutablePointer<ParseArena>.allocate(capacity: 1)
        arena.initialize(to: ParseArena())
        pthread_setspecific(key, arena)
        return arena
    }
}
