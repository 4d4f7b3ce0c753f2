import Foundation

// On Apple platforms `print(rect)` shows `(0.0, 264.0, 320.0, 216.0)`; Foundation on Linux gives
// CGRect, CGPoint and CGSize no description at all, so `print` would fall back to a reflection dump.
// These conformances make lesson output read exactly as it does in Xcode's console.

extension CGPoint: @retroactive CustomStringConvertible, @retroactive CustomDebugStringConvertible {
    public var description: String { "(\(x), \(y))" }
    public var debugDescription: String { description }
}

extension CGSize: @retroactive CustomStringConvertible, @retroactive CustomDebugStringConvertible {
    public var description: String { "(\(width), \(height))" }
    public var debugDescription: String { description }
}

extension CGRect: @retroactive CustomStringConvertible, @retroactive CustomDebugStringConvertible {
    public var description: String { "(\(origin.x), \(origin.y), \(size.width), \(size.height))" }
    public var debugDescription: String { description }
}
