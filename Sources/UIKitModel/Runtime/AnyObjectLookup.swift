import Foundation

/// What `(value as AnyObject).doubleValue` finds on iOS, where `AnyObject` looks up any Objective-C member at run time
/// and types the result as an implicitly unwrapped optional: nil when the object has no such member (`NSNull` for a
/// missing `userInfo` entry, a string asked for `cgRectValue`). Linux has no such lookup, so the doc-test runner writes
/// `(x as AnyObject).member` as `_tutorbuildAnyObject(x as AnyObject).member` for the `NSValue`/`NSNumber` accessors
/// below (docs/model.md, "AnyObject member lookup").
public struct _TutorbuildAnyObjectLookup {
    /// The object with any `Optional` box and Swift value box taken off; nil for `nil` (`NSNull` on iOS).
    private let value: Any?

    fileprivate init(_ object: AnyObject) {
        let any = object as Any
        if object is NSNull {
            value = nil
        } else if let optional = any as? OptionalBox {
            value = optional.unwrapped
        } else {
            value = any
        }
    }

    /// The number iOS would bridge the value to (`NSNumber` and Swift's numbers and Booleans, never strings).
    private var number: NSNumber? {
        guard let value, !(value is String), !(value is NSString) else { return nil }
        return value as? NSNumber
    }

    /// The string, for the accessors `NSString` shares with `NSNumber`.
    private var string: NSString? {
        if let string = value as? String { return string as NSString }
        return value as? NSString
    }

    /// An `NSValue` geometry accessor: the value, nil when the object is no `NSValue`; one of another type traps, as
    /// reading the wrong structure out of an `NSValue` is undefined on iOS.
    private func geometry<T>(_ type: T.Type, _ selector: String) -> T? {
        guard let value else { return nil }
        if let exact = value as? T { return exact }
        guard value is NSValue else { return nil }
        raiseUncaughtException(
            "NSInvalidArgumentException", reason: "-[NSValue \(selector)]: the value does not hold a \(T.self) (not modelled)")
    }

    public var cgRectValue: CGRect! { geometry(CGRect.self, "CGRectValue") }
    public var cgPointValue: CGPoint! { geometry(CGPoint.self, "CGPointValue") }
    public var cgSizeValue: CGSize! { geometry(CGSize.self, "CGSizeValue") }

    public var doubleValue: Double! { number?.doubleValue ?? string?.doubleValue }
    public var floatValue: Float! { number?.floatValue ?? string?.floatValue }
    public var boolValue: Bool! { number?.boolValue ?? string?.boolValue }
    public var uintValue: UInt! { number?.uintValue }
    public var int32Value: Int32! { number?.int32Value }
    public var int64Value: Int64! { number?.int64Value }
    public var uint32Value: UInt32! { number?.uint32Value }
    public var uint64Value: UInt64! { number?.uint64Value }
}

/// Looks members up on `object` as iOS's `AnyObject` does (see `_TutorbuildAnyObjectLookup`).
public func _tutorbuildAnyObject(_ object: AnyObject) -> _TutorbuildAnyObjectLookup {
    _TutorbuildAnyObjectLookup(object)
}

/// Any `Optional`, so a boxed `nil` can be told from a value.
private protocol OptionalBox {
    var unwrapped: Any? { get }
}

extension Optional: OptionalBox {
    fileprivate var unwrapped: Any? {
        switch self {
        case .some(let wrapped): (wrapped as? OptionalBox).map(\.unwrapped) ?? wrapped
        case .none: nil
        }
    }
}
