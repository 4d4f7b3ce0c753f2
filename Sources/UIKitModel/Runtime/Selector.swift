import Foundation

/// The name of an Objective-C method, as Swift's `Selector`: sending it runs the receiver's method of that name.
///
/// Linux has no Objective-C runtime, so the model keeps each class's methods by name (`ObjCMethodTable`): the
/// doc-test runner declares the lesson's `@objc` methods there, and rewrites `#selector(ViewController.done(_:))`
/// into `Selector(_tutorbuildMethod: ViewController.done(_:), swift: "done(_:)")`. The name (`"done:"`) is what
/// selectors are compared and dispatched by, as in Objective-C; the method reference is kept for receivers whose
/// class the table does not know (a class declared inside a function) (docs/model.md, "Selectors").
public struct Selector: Hashable, CustomStringConvertible, ExpressibleByStringLiteral, @unchecked Sendable {
    /// One way to run the method: the class it belongs to and how to call it.
    package struct Implementation {
        /// Whether `target` is an instance of the class that declares the method.
        package let accepts: (AnyObject) -> Bool
        /// Whether instances of a class are instances of the class that declares the method.
        package let acceptsClass: (AnyClass) -> Bool
        /// Calls the method on `target` with up to two arguments; `nil` when `target` is of another class.
        package let call: (AnyObject, [Any?]) -> Any??
        /// The number of parameters: 0, 1 or 2.
        package let arity: Int
    }

    /// The Objective-C name, such as `"textFieldDidChange:"`.
    package let name: String
    package let implementations: [Implementation]
    /// Where the selector was written, for the unrecognized-selector crash.
    package let file: StaticString
    package let line: UInt

    /// A selector from its Objective-C name, such as `Selector("dismissKeyboard")` or `Selector("done:")`.
    public init(_ name: String) {
        self.init(name: name, implementations: [], file: #fileID, line: #line)
    }

    public init(stringLiteral value: String) { self.init(value) }

    package init(name: String, implementations: [Implementation], file: StaticString, line: UInt) {
        self.name = name
        self.implementations = implementations
        self.file = file
        self.line = line
    }

    public var description: String { name }

    public static func == (a: Selector, b: Selector) -> Bool { a.name == b.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }

    // MARK: Written by the doc-test runner in place of `#selector(…)`

    /// `#selector` of a method without parameters.
    public init<T: AnyObject, R>(
        _tutorbuildMethod method: @escaping (T) -> () -> R, swift: String? = nil, objc: String? = nil,
        file: StaticString = #fileID, line: UInt = #line
    ) {
        let implementation = Implementation(
            accepts: { $0 is T }, acceptsClass: { $0 is T.Type },
            call: { target, _ in (target as? T).map { method($0)() as Any? } }, arity: 0)
        self.init(name: Self.objcName(swift: swift, objc: objc, arity: 0), implementations: [implementation], file: file, line: line)
    }

    /// `#selector` of a method with one parameter (a sender, a notification).
    public init<T: AnyObject, A, R>(
        _tutorbuildMethod method: @escaping (T) -> (A) -> R, swift: String? = nil, objc: String? = nil,
        file: StaticString = #fileID, line: UInt = #line
    ) {
        let name = Self.objcName(swift: swift, objc: objc, arity: 1)
        let implementation = Implementation(
            accepts: { $0 is T }, acceptsClass: { $0 is T.Type },
            call: { target, arguments in
                guard let target = target as? T else { return nil }
                let a: A = Self.argument(arguments.first ?? nil, selector: name, file: file, line: line)
                return method(target)(a) as Any?
            }, arity: 1)
        self.init(name: name, implementations: [implementation], file: file, line: line)
    }

    /// `#selector` of a method with two parameters (a sender and an event).
    public init<T: AnyObject, A, B, R>(
        _tutorbuildMethod method: @escaping (T) -> (A, B) -> R, swift: String? = nil, objc: String? = nil,
        file: StaticString = #fileID, line: UInt = #line
    ) {
        let name = Self.objcName(swift: swift, objc: objc, arity: 2)
        let implementation = Implementation(
            accepts: { $0 is T }, acceptsClass: { $0 is T.Type },
            call: { target, arguments in
                guard let target = target as? T else { return nil }
                let a: A = Self.argument(arguments.first ?? nil, selector: name, file: file, line: line)
                let b: B = Self.argument(arguments.count > 1 ? arguments[1] : nil, selector: name, file: file, line: line)
                return method(target)(a, b) as Any?
            }, arity: 2)
        self.init(name: name, implementations: [implementation], file: file, line: line)
    }

    /// `#selector` of a lesson method without `@objc`: Xcode rejects it, and so does the model.
    @available(*, unavailable, message: "argument of '#selector' refers to a method that is not exposed to Objective-C; add '@objc' to expose it")
    public init<F>(_tutorbuildNotExposed method: F, swift: String? = nil, objc: String? = nil) { fatalError() }

    /// `#selector(getter: Type.property)`: reading the property.
    public init<T: AnyObject, V>(
        _tutorbuildGetter keyPath: KeyPath<T, V>, objc: String, file: StaticString = #fileID, line: UInt = #line
    ) {
        let implementation = Implementation(
            accepts: { $0 is T }, acceptsClass: { $0 is T.Type }, call: { target, _ in (target as? T).map { $0[keyPath: keyPath] as Any? } }, arity: 0)
        self.init(name: objc, implementations: [implementation], file: file, line: line)
    }

    /// `#selector(setter: Type.property)`: writing the property.
    public init<T: AnyObject, V>(
        _tutorbuildSetter keyPath: ReferenceWritableKeyPath<T, V>, objc: String, file: StaticString = #fileID, line: UInt = #line
    ) {
        let name = objc
        let implementation = Implementation(
            accepts: { $0 is T }, acceptsClass: { $0 is T.Type },
            call: { target, arguments in
                guard let target = target as? T else { return nil }
                let value: V = Self.argument(arguments.first ?? nil, selector: name, file: file, line: line)
                target[keyPath: keyPath] = value
                return .some(nil)
            }, arity: 1)
        self.init(name: name, implementations: [implementation], file: file, line: line)
    }

    /// A string selector with the lesson's methods of that name that the runner found.
    public init(_ name: String, _tutorbuildCandidates candidates: [Selector], file: StaticString = #fileID, line: UInt = #line) {
        self.init(
            name: name,
            implementations: candidates.filter { $0.name == name }.flatMap(\.implementations),
            file: file, line: line)
    }

    // MARK: Naming and calling

    /// The Objective-C name of a Swift method name: `done(_:)` → `done:`, `show(for:)` → `showFor:`,
    /// `update(sender:)` → `updateWithSender:`, `tap(_:forEvent:)` → `tap:forEvent:`; a bare base name gets one
    /// colon per parameter.
    package static func objcName(swift: String?, objc: String?, arity: Int) -> String {
        if let objc { return objc }
        guard let swift else { return "" }
        guard let open = swift.firstIndex(of: "("), swift.hasSuffix(")") else {
            return swift + String(repeating: ":", count: arity)
        }
        let base = String(swift[..<open])
        let labels = swift[swift.index(after: open)..<swift.index(before: swift.endIndex)]
            .split(separator: ":", omittingEmptySubsequences: true).map(String.init)
        guard let first = labels.first else { return base }
        var name = base
        if first != "_" {
            // Swift's rule: the first label is capitalized and appended, after "With" unless it starts with a preposition.
            let firstWord = first.prefix { !$0.isUppercase }
            name += (prepositions.contains(String(firstWord)) ? "" : "With") + first.prefix(1).uppercased() + first.dropFirst()
        }
        name += ":"
        for label in labels.dropFirst() { name += (label == "_" ? "" : label) + ":" }
        return name
    }

    /// The words Swift does not put "With" before (the compiler's list of prepositions).
    private static let prepositions: Set<String> = [
        "above", "after", "along", "alongside", "as", "at", "before", "below", "by", "following", "for", "from", "given",
        "in", "including", "inside", "into", "matching", "of", "on", "passing", "preceding", "since", "to", "until",
        "using", "via", "when", "with", "within",
    ]

    /// An argument converted to the method's parameter type; the wrong type is a crash, as the mistyped
    /// object would be inside the method on iOS.
    private static func argument<X>(_ value: Any?, selector: String, file: StaticString, line: UInt) -> X {
        if let value {
            if let x = value as? X { return x }
        } else {
            if let x = (Optional<Any>.none as Any) as? X { return x }
            // UIKit passes nil for a missing event; a non-optional UIEvent parameter gets an empty one instead.
            if X.self == UIEvent.self, let x = UIEvent(touches: []) as? X { return x }
        }
        let given = value.map { "\(type(of: $0))" } ?? "nil"
        fatalError("'\(selector)' was sent \(given) for a parameter of type \(X.self)", file: file, line: line)
    }

    /// The method of this name that instances of `cls` run: from the class's method table (its own class first, then
    /// its superclasses), else the method this selector was written with, if `cls` inherits it.
    package func implementation(for cls: AnyClass) -> Implementation? {
        if let declared = ObjCMethodTable.implementation(named: name, for: cls) { return declared }
        // Every responder has the standard edit actions as Swift members, but only the classes that implement one
        // (the table's) respond to it, as with an optional protocol method in Objective-C.
        if StandardEditAction.names.contains(name) { return nil }
        return implementations.first { $0.acceptsClass(cls) }
    }

    /// Runs the method on `target`; `nil` when `target` has no method of this name (Objective-C's unrecognized selector).
    package func invoke(on target: AnyObject, arguments: [Any?]) -> Any?? {
        guard let implementation = implementation(for: type(of: target)) else { return nil }
        return implementation.call(target, Array(arguments.prefix(implementation.arity)))
    }

    /// Whether `target` has a method of this name.
    package func isImplemented(by target: AnyObject) -> Bool {
        implementation(for: type(of: target)) != nil
    }

    /// Runs the method on `target`, or raises `NSInvalidArgumentException` as Objective-C does when `target` has no
    /// method of this name.
    @discardableResult
    package func send(to target: AnyObject, arguments: [Any?]) -> Any? {
        guard let result = invoke(on: target, arguments: arguments) else {
            let address = String(UInt(bitPattern: Unmanaged.passUnretained(target).toOpaque()), radix: 16)
            raiseUncaughtException(
                "NSInvalidArgumentException",
                reason: "-[\(Self.className(of: type(of: target))) \(name)]: unrecognized selector sent to instance 0x\(address)",
                file: file, line: line)
        }
        return result
    }

    /// A class's name as Objective-C prints it: `Lesson.Target` for a Swift class, `UIView` for UIKit's and Foundation's.
    package static func className(of cls: AnyClass) -> String {
        let name = String(reflecting: cls)
        for module in ["Foundation.", "UIKitModel.", "UIKit."] where name.hasPrefix(module) {
            return String(name.dropFirst(module.count))
        }
        return name
    }
}

/// `NSStringFromSelector(_:)`: the selector's Objective-C name.
public func NSStringFromSelector(_ aSelector: Selector) -> String { aSelector.name }

/// `NSSelectorFromString(_:)`: a string selector (it reaches the model's own methods only).
public func NSSelectorFromString(_ aSelectorName: String) -> Selector { Selector(aSelectorName) }

extension NSObject {
    /// Whether the object implements the method `aSelector` names.
    public func responds(to aSelector: Selector!) -> Bool {
        guard let aSelector else { return false }
        return aSelector.isImplemented(by: self)
    }

    /// Whether instances of the class implement the method `aSelector` names.
    public class func instancesRespond(to aSelector: Selector!) -> Bool {
        guard let aSelector else { return false }
        return aSelector.implementation(for: self) != nil
    }

    /// Sends `aSelector` to the object; an unknown selector crashes, as on iOS.
    @discardableResult
    public func perform(_ aSelector: Selector!) -> Unmanaged<AnyObject>! {
        Self.unmanaged(aSelector.send(to: self, arguments: []))
    }

    /// Sends `aSelector` with one argument.
    @discardableResult
    public func perform(_ aSelector: Selector!, with object: Any!) -> Unmanaged<AnyObject>! {
        Self.unmanaged(aSelector.send(to: self, arguments: [object]))
    }

    /// Sends `aSelector` with two arguments.
    @discardableResult
    public func perform(_ aSelector: Selector!, with object1: Any!, with object2: Any!) -> Unmanaged<AnyObject>! {
        Self.unmanaged(aSelector.send(to: self, arguments: [object1, object2]))
    }

    /// Sends `aSelector` after `delay` seconds of the simulated app's clock; the request keeps the receiver and the
    /// argument until then.
    public func perform(_ aSelector: Selector, with anArgument: Any?, afterDelay delay: TimeInterval) {
        DelayedPerforms.shared.add(target: self, selector: aSelector, argument: anArgument, delay: delay)
    }

    /// Cancels the `perform(_:with:afterDelay:)` requests made earlier with this target, selector name and an equal
    /// argument.
    public class func cancelPreviousPerformRequests(withTarget aTarget: Any, selector aSelector: Selector, object anArgument: Any?) {
        DelayedPerforms.shared.cancel(target: aTarget as AnyObject) { request in
            request.selector.name == aSelector.name && DelayedPerforms.equal(request.argument, anArgument)
        }
    }

    /// Cancels every `perform(_:with:afterDelay:)` request made earlier with this target.
    public class func cancelPreviousPerformRequests(withTarget aTarget: Any) {
        DelayedPerforms.shared.cancel(target: aTarget as AnyObject) { _ in true }
    }

    private static func unmanaged(_ result: Any?) -> Unmanaged<AnyObject>? {
        // Only an object comes back as one; a Bool or Void result is not an object on iOS either.
        guard let result, type(of: result) is AnyObject.Type else { return nil }
        return Unmanaged.passUnretained(result as AnyObject)
    }
}

/// The `perform(_:with:afterDelay:)` requests waiting on the virtual clock, so they can be cancelled.
final class DelayedPerforms: @unchecked Sendable {
    static let shared = DelayedPerforms()

    struct Request {
        let target: AnyObject
        let selector: Selector
        let argument: Any?
        let clock: VirtualClock
        let token: VirtualClock.Token
    }

    private let lock = NSLock()
    private var requests: [Request] = []

    func add(target: AnyObject, selector: Selector, argument: Any?, delay: TimeInterval) {
        let clock = UIKitSystem.shared.clock
        lock.withLock {
            var token: VirtualClock.Token?
            token = clock.schedule(after: delay, origin: .app) { [self] in
                lock.withLock { requests.removeAll { $0.token == token && $0.clock === clock } }
                selector.send(to: target, arguments: [argument])
            }
            if let token { requests.append(Request(target: target, selector: selector, argument: argument, clock: clock, token: token)) }
        }
    }

    func cancel(target: AnyObject, where matches: (Request) -> Bool) {
        let cancelled: [Request] = lock.withLock {
            let cancelled = requests.filter { $0.target === target && matches($0) }
            requests.removeAll { request in cancelled.contains { $0.token == request.token && $0.clock === request.clock } }
            return cancelled
        }
        for request in cancelled { request.clock.cancel(request.token) }
    }

    /// Objective-C's `isEqual:` for the argument of a request.
    static func equal(_ a: Any?, _ b: Any?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case (let a as NSObject, let b?): return a.isEqual(b)
        case (let a as AnyHashable, let b as AnyHashable): return a == b
        case (let a?, let b?): return (a as AnyObject) === (b as AnyObject)
        default: return false
        }
    }
}

/// `#selector(value.method)` as the runner rewrites it: hands back `reference`, typed by `value`'s static type, as
/// Swift's `#selector` resolves the method through that type.
public func _tutorbuildMethodOf<T: AnyObject, R>(_ value: T, _ reference: @escaping (T) -> () -> R) -> (T) -> () -> R {
    reference
}

/// `#selector(value.method(_:))`: see the form without arguments.
public func _tutorbuildMethodOf<T: AnyObject, A, R>(_ value: T, _ reference: @escaping (T) -> (A) -> R) -> (T) -> (A) -> R {
    reference
}

/// `#selector(value.method(_:_:))`: see the form without arguments.
public func _tutorbuildMethodOf<T: AnyObject, A, B, R>(
    _ value: T, _ reference: @escaping (T) -> (A, B) -> R
) -> (T) -> (A, B) -> R {
    reference
}
