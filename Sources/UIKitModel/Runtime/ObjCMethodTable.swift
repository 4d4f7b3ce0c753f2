import Foundation

/// Each class's Objective-C methods by name, so a selector finds the method on the receiver's own class, as the
/// Objective-C runtime's method lists do (docs/model.md, "Selectors").
///
/// Linux has no such lists: the doc-test runner declares the lesson's exposed methods here when the program starts
/// (`Selector._tutorbuildDeclare(_:in:)`), and the model declares its own (`BuiltinSelectors`). A lookup walks the
/// receiver's class and then its superclasses, so a subclass's method of the same name wins and any class that
/// declares the name handles it, whichever class the selector was written with.
package enum ObjCMethodTable {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var methods: [ObjectIdentifier: [String: Selector.Implementation]] = [:]
    /// The model's own methods, declared at the first lookup.
    private static let builtins: Void = {
        for (cls, selectors) in BuiltinSelectors.declared() { declare(selectors, in: cls) }
    }()

    /// Adds `selectors` to the methods of `cls`; a later declaration of the same name replaces an earlier one.
    package static func declare(_ selectors: [Selector], in cls: AnyClass) {
        lock.withLock {
            for selector in selectors {
                guard let implementation = selector.implementations.first else { continue }
                methods[ObjectIdentifier(cls), default: [:]][selector.name] = implementation
            }
        }
    }

    /// The method named `name` that instances of `cls` run: the class's own, else its nearest superclass's.
    package static func implementation(named name: String, for cls: AnyClass) -> Selector.Implementation? {
        _ = builtins
        return lock.withLock {
            var current: AnyClass? = cls
            while let c = current {
                if let found = methods[ObjectIdentifier(c)]?[name] { return found }
                current = _getSuperclass(c)
            }
            return nil
        }
    }
}

extension Selector {
    /// Written by the doc-test runner when the program starts: the `@objc` methods a lesson declares in `cls` and its
    /// extensions, so selectors reach them by name on any receiver.
    public static func _tutorbuildDeclare(_ methods: [Selector], in cls: AnyClass) {
        ObjCMethodTable.declare(methods, in: cls)
    }
}
