import Foundation
import UIKitModel

/// A value kept in `UserDefaults` under a key, which updates its view when written, as SwiftUI's `AppStorage`.
///
/// The stored value is read when the view is first rendered (the default value when the key has none) and every write
/// goes to the defaults store (`UserDefaults.standard` unless `store` is given) and to every `@AppStorage` of the same
/// key and store on screen, whose views update. Changes made through `UserDefaults` directly are seen when a view is
/// next rendered for the first time, not by views already on screen [model].
@available(iOS 14.0, *)
@propertyWrapper public struct AppStorage<Value>: DynamicProperty {
    let box: StateBox<Value>
    let key: String
    let store: UserDefaults
    let read: (UserDefaults) -> Value?
    let encode: (Value) -> Any?

    init(_ key: String, store: UserDefaults?, default value: Value, read: @escaping (UserDefaults) -> Value?, encode: @escaping (Value) -> Any?) {
        self.key = key
        self.store = store ?? .standard
        self.read = read
        self.encode = encode
        box = StateBox(read(self.store) ?? value)
    }

    public var wrappedValue: Value {
        get { box.storage?.current ?? read(store) ?? box.initialValue }
        nonmutating set { Self.write(newValue, key: key, store: store, encode: encode, box: box) }
    }

    public var projectedValue: Binding<Value> {
        let (box, key, store, encode, read) = (box, key, store, encode, read)
        return Binding(
            location: { box.storage?.current ?? read(store) ?? box.initialValue },
            write: { Self.write($0, key: key, store: store, encode: encode, box: box) })
    }

    private static func write(_ value: Value, key: String, store: UserDefaults, encode: (Value) -> Any?, box: StateBox<Value>) {
        if let encoded = encode(value) { store.set(encoded, forKey: key) } else { store.removeObject(forKey: key) }
        AppStorageRegistry.write(value, key: key, store: store, except: box)
        box.storage?.write(value)
    }
}

/// The `@AppStorage` storages on screen, by store and key, so a write reaches every view showing that key.
enum AppStorageRegistry {
    final class Entry {
        weak var box: AnyObject?
        let apply: (Any) -> Void
        init(box: AnyObject, apply: @escaping (Any) -> Void) {
            self.box = box
            self.apply = apply
        }
    }

    nonisolated(unsafe) static var entries: [String: [Entry]] = [:]

    static func name(_ key: String, _ store: UserDefaults) -> String { "\(ObjectIdentifier(store).hashValue)|\(key)" }

    static func register<Value>(_ box: StateBox<Value>, key: String, store: UserDefaults) {
        let name = name(key, store)
        entries[name, default: []].removeAll { $0.box == nil }
        guard !(entries[name] ?? []).contains(where: { $0.box === box }) else { return }
        entries[name, default: []].append(Entry(box: box) { [weak box] value in
            if let value = value as? Value { box?.storage?.write(value) }
        })
    }

    static func write<Value>(_ value: Value, key: String, store: UserDefaults, except box: StateBox<Value>) {
        for entry in entries[name(key, store)] ?? [] where entry.box !== box && entry.box != nil { entry.apply(value) }
    }
}

@available(iOS 14.0, *)
extension AppStorage: GraphLinkedProperty {
    @MainActor func link(to graph: ViewGraph, key graphKey: String) {
        box.storage = graph.storage(for: graphKey) {
            StateStorage(value: box.initialValue, graph: graph, owner: String(graphKey.prefix { $0 != "#" }))
        }
        AppStorageRegistry.register(box, key: key, store: store)
    }
}

@available(iOS 14.0, *)
extension AppStorage {
    /// A Boolean user default.
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Bool {
        self.init(key, store: store, default: wrappedValue, read: { $0.object(forKey: key) as? Bool }, encode: { $0 })
    }

    /// An integer user default.
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Int {
        self.init(key, store: store, default: wrappedValue, read: { $0.object(forKey: key) as? Int }, encode: { $0 })
    }

    /// A double user default.
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Double {
        self.init(key, store: store, default: wrappedValue, read: { $0.object(forKey: key) as? Double }, encode: { $0 })
    }

    /// A string user default.
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == String {
        self.init(key, store: store, default: wrappedValue, read: { $0.object(forKey: key) as? String }, encode: { $0 })
    }

    /// A URL user default.
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == URL {
        self.init(key, store: store, default: wrappedValue, read: { $0.url(forKey: key) }, encode: { $0.absoluteString })
    }

    /// A data user default.
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value == Data {
        self.init(key, store: store, default: wrappedValue, read: { $0.object(forKey: key) as? Data }, encode: { $0 })
    }

    /// An integer user default read as a `RawRepresentable` value (an enumeration, say).
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value: RawRepresentable, Value.RawValue == Int {
        self.init(key, store: store, default: wrappedValue,
                  read: { ($0.object(forKey: key) as? Int).flatMap(Value.init(rawValue:)) }, encode: { $0.rawValue })
    }

    /// A string user default read as a `RawRepresentable` value (an enumeration, say).
    public init(wrappedValue: Value, _ key: String, store: UserDefaults? = nil) where Value: RawRepresentable, Value.RawValue == String {
        self.init(key, store: store, default: wrappedValue,
                  read: { ($0.object(forKey: key) as? String).flatMap(Value.init(rawValue:)) }, encode: { $0.rawValue })
    }
}

@available(iOS 14.0, *)
extension AppStorage where Value: ExpressibleByNilLiteral {
    /// An optional Boolean user default (`nil` when the key has none).
    public init(_ key: String, store: UserDefaults? = nil) where Value == Bool? {
        self.init(key, store: store, default: nil, read: { .some($0.object(forKey: key) as? Bool) }, encode: { $0 })
    }

    /// An optional integer user default.
    public init(_ key: String, store: UserDefaults? = nil) where Value == Int? {
        self.init(key, store: store, default: nil, read: { .some($0.object(forKey: key) as? Int) }, encode: { $0 })
    }

    /// An optional double user default.
    public init(_ key: String, store: UserDefaults? = nil) where Value == Double? {
        self.init(key, store: store, default: nil, read: { .some($0.object(forKey: key) as? Double) }, encode: { $0 })
    }

    /// An optional string user default.
    public init(_ key: String, store: UserDefaults? = nil) where Value == String? {
        self.init(key, store: store, default: nil, read: { .some($0.object(forKey: key) as? String) }, encode: { $0 })
    }
}
