import Foundation

// iOS bridges `NSValue` to `CGRect`/`CGPoint`/`CGSize` and `NSNumber` to `CGFloat`, so
// `userInfo[UIResponder.keyboardFrameEndUserInfoKey] as? CGRect` works there. swift-corelibs-foundation has no
// such bridges, and without them that cast compiles and silently yields nil. The Swift runtime on Linux does
// consult `_ObjectiveCBridgeable` when it casts a class instance to a value type, so these conformances give
// the same answers as iOS (checked in Tests/UIKitModelTests/BridgingTests.swift). `as? Double`, `Int`, `UInt`
// and `Bool` on an `NSNumber` already bridge in corelibs Foundation, with Swift's exact-value rules.

extension CGRect: @retroactive _ObjectiveCBridgeable {
    public typealias _ObjectiveCType = NSValue
    public func _bridgeToObjectiveC() -> NSValue { NSValue(rect: self) }
    public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout CGRect?) {
        result = source.rectValue
    }
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSValue, result: inout CGRect?) -> Bool {
        guard source.isBridged(as: CGRect.self) else { return false }
        result = source.rectValue
        return true
    }
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> CGRect {
        source?.rectValue ?? .zero
    }
}

extension CGPoint: @retroactive _ObjectiveCBridgeable {
    public typealias _ObjectiveCType = NSValue
    public func _bridgeToObjectiveC() -> NSValue { NSValue(point: self) }
    public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout CGPoint?) {
        result = source.pointValue
    }
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSValue, result: inout CGPoint?) -> Bool {
        guard source.isBridged(as: CGPoint.self) else { return false }
        result = source.pointValue
        return true
    }
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> CGPoint {
        source?.pointValue ?? .zero
    }
}

extension CGSize: @retroactive _ObjectiveCBridgeable {
    public typealias _ObjectiveCType = NSValue
    public func _bridgeToObjectiveC() -> NSValue { NSValue(size: self) }
    public static func _forceBridgeFromObjectiveC(_ source: NSValue, result: inout CGSize?) {
        result = source.sizeValue
    }
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSValue, result: inout CGSize?) -> Bool {
        guard source.isBridged(as: CGSize.self) else { return false }
        result = source.sizeValue
        return true
    }
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSValue?) -> CGSize {
        source?.sizeValue ?? .zero
    }
}

extension CGFloat: @retroactive _ObjectiveCBridgeable {
    public typealias _ObjectiveCType = NSNumber
    public func _bridgeToObjectiveC() -> NSNumber { NSNumber(value: Double(self)) }
    public static func _forceBridgeFromObjectiveC(_ source: NSNumber, result: inout CGFloat?) {
        result = CGFloat(source.doubleValue)
    }
    /// Succeeds when the number is exactly a `Double`, as iOS's `CGFloat` bridge (which goes through `Double`).
    public static func _conditionallyBridgeFromObjectiveC(_ source: NSNumber, result: inout CGFloat?) -> Bool {
        guard let value = Double(exactly: source) else { return false }
        result = CGFloat(value)
        return true
    }
    public static func _unconditionallyBridgeFromObjectiveC(_ source: NSNumber?) -> CGFloat {
        CGFloat(source?.doubleValue ?? 0)
    }
}

extension NSValue {
    /// Whether the value holds a `T` (by its Objective-C type encoding), so a rect never reads as a point.
    fileprivate func isBridged<T>(as type: T.Type) -> Bool {
        let encoding = String(cString: objCType)
        switch type {
        // A rect's encoding, `{CGRect={CGPoint=dd}{CGSize=dd}}`, contains the other two: compare the outer name.
        case is CGRect.Type: return encoding.hasPrefix("{CGRect=")
        case is CGPoint.Type: return encoding.hasPrefix("{CGPoint=")
        case is CGSize.Type: return encoding.hasPrefix("{CGSize=")
        default: return false
        }
    }
}
