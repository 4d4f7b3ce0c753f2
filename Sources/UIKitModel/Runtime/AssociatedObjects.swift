import Foundation

/// How `objc_setAssociatedObject` holds a value, as the Objective-C runtime's `objc_AssociationPolicy`.
public enum objc_AssociationPolicy: UInt, @unchecked Sendable {
    case OBJC_ASSOCIATION_ASSIGN = 0
    case OBJC_ASSOCIATION_RETAIN_NONATOMIC = 1
    case OBJC_ASSOCIATION_COPY_NONATOMIC = 3
    case OBJC_ASSOCIATION_RETAIN = 769
    case OBJC_ASSOCIATION_COPY = 771
}

/// The associated values of every object, keyed by the object's identity and the key's address; an entry goes
/// when its object is deallocated (checked through a weak reference, so a reused address never sees old values).
private final class AssociationTable: @unchecked Sendable {
    struct Entry {
        weak var owner: AnyObject?
        var values: [UnsafeRawPointer: Held]
    }

    enum Held {
        case strong(Any)
        /// An `ASSIGN`ed object: not retained, so reading it after it is gone is a crash, as on iOS.
        case unretained(weak: AnyObject?, wasObject: Bool, value: Any?)
    }

    static let shared = AssociationTable()
    private let lock = NSLock()
    private var entries: [ObjectIdentifier: Entry] = [:]

    func set(_ owner: AnyObject, _ key: UnsafeRawPointer, _ held: Held?) {
        lock.lock()
        defer { lock.unlock() }
        let id = ObjectIdentifier(owner)
        var entry = entries[id].flatMap { $0.owner === owner ? $0 : nil } ?? Entry(owner: owner, values: [:])
        entry.values[key] = held
        entries[id] = entry.values.isEmpty ? nil : entry
        if entries.count % 64 == 0 { entries = entries.filter { $0.value.owner != nil } }
    }

    func get(_ owner: AnyObject, _ key: UnsafeRawPointer) -> Held? {
        lock.lock()
        defer { lock.unlock() }
        guard let entry = entries[ObjectIdentifier(owner)], entry.owner === owner else { return nil }
        return entry.values[key]
    }

    func removeAll(_ owner: AnyObject) {
        lock.lock()
        defer { lock.unlock() }
        entries[ObjectIdentifier(owner)] = nil
    }
}

/// The value as Objective-C would hold it: numbers and Booleans become `NSNumber`s (so `as? Int`, `as? Double` read
/// them back with bridging's rules), objects stay themselves, other values stay boxed.
private func bridgedForAssociation(_ value: Any) -> Any {
    switch value {
    case let number as Int: NSNumber(value: number)
    case let number as Double: NSNumber(value: number)
    case let number as Bool: NSNumber(value: number)
    case let number as CGFloat: NSNumber(value: Double(number))
    case let number as Float: NSNumber(value: number)
    case let number as UInt: NSNumber(value: number)
    case let string as String: NSString(string: string)
    default: value
    }
}

/// Attaches `value` to `object` under `key` (the address of a variable), as the Objective-C runtime does; `nil`
/// removes it. `COPY` policies store a copy of an `NSCopying` value.
public func objc_setAssociatedObject(
    _ object: Any, _ key: UnsafeRawPointer, _ value: Any?, _ policy: objc_AssociationPolicy
) {
    let owner = object as AnyObject
    guard let value else {
        AssociationTable.shared.set(owner, key, nil)
        return
    }
    var stored = bridgedForAssociation(value)
    switch policy {
    case .OBJC_ASSOCIATION_ASSIGN:
        let isObject = type(of: stored) is AnyClass
        let weakObject: AnyObject? = isObject ? stored as AnyObject : nil
        AssociationTable.shared.set(
            owner, key, .unretained(weak: weakObject, wasObject: isObject, value: isObject ? nil : stored))
    case .OBJC_ASSOCIATION_COPY, .OBJC_ASSOCIATION_COPY_NONATOMIC:
        if let copying = stored as? NSCopying { stored = copying.copy(with: nil) }
        AssociationTable.shared.set(owner, key, .strong(stored))
    case .OBJC_ASSOCIATION_RETAIN, .OBJC_ASSOCIATION_RETAIN_NONATOMIC:
        AssociationTable.shared.set(owner, key, .strong(stored))
    }
}

/// The value attached to `object` under `key`, or `nil`.
public func objc_getAssociatedObject(_ object: Any, _ key: UnsafeRawPointer) -> Any? {
    switch AssociationTable.shared.get(object as AnyObject, key) {
    case nil: return nil
    case .strong(let value): return value
    case .unretained(let weakObject, let wasObject, let value):
        guard wasObject else { return value }
        guard let weakObject else {
            fatalError("objc_getAssociatedObject: message sent to deallocated instance (OBJC_ASSOCIATION_ASSIGN)")
        }
        return weakObject
    }
}

/// Removes every value attached to `object`.
public func objc_removeAssociatedObjects(_ object: Any) {
    AssociationTable.shared.removeAll(object as AnyObject)
}
