import Foundation

#if !canImport(Darwin)
extension NSMutableAttributedString {
    /// An empty attributed string, as Foundation on Apple platforms offers (`NSMutableAttributedString()`).
    public convenience init() { self.init(string: "") }
}
#endif

/// The delegate of a text storage, told before and after each round of edits is processed.
public protocol NSTextStorageDelegate: NSObjectProtocol {
    func textStorage(_ textStorage: NSTextStorage, willProcessEditing editedMask: NSTextStorage.EditActions, range editedRange: NSRange, changeInLength delta: Int)
    func textStorage(_ textStorage: NSTextStorage, didProcessEditing editedMask: NSTextStorage.EditActions, range editedRange: NSRange, changeInLength delta: Int)
}

extension NSTextStorageDelegate {
    public func textStorage(_ textStorage: NSTextStorage, willProcessEditing editedMask: NSTextStorage.EditActions, range editedRange: NSRange, changeInLength delta: Int) {}
    public func textStorage(_ textStorage: NSTextStorage, didProcessEditing editedMask: NSTextStorage.EditActions, range editedRange: NSRange, changeInLength delta: Int) {}
}

/// TextKit's attributed string that tells its layout managers about edits, as UIKit's `NSTextStorage`.
///
/// As Apple documents for subclasses, everything is built on the four primitives (`string`,
/// `attributes(at:effectiveRange:)`, `replaceCharacters(in:with:)`, `setAttributes(_:range:)`), so a subclass with a
/// backing store of its own works; each change is reported with `edited(_:range:changeInLength:)`, and the outermost
/// `endEditing()` (or an edit outside `beginEditing()`) runs `processEditing()`: the delegate's `willProcessEditing`,
/// then `didProcessEditing`, then the layout managers (Apple doc "NSTextStorage", "processEditing()").
open class NSTextStorage: NSMutableAttributedString {
    /// The kinds of change `edited(_:range:changeInLength:)` records.
    public struct EditActions: OptionSet, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let editedAttributes = EditActions(rawValue: 1 << 0)
        public static let editedCharacters = EditActions(rawValue: 1 << 1)
    }

    /// Posted before the storage processes edits; the object is the storage.
    nonisolated public static let willProcessEditingNotification = Notification.Name("NSTextStorageWillProcessEditingNotification")
    /// Posted after the storage processed edits; the object is the storage.
    nonisolated public static let didProcessEditingNotification = Notification.Name("NSTextStorageDidProcessEditingNotification")

    open private(set) var layoutManagers: [NSLayoutManager] = []
    open weak var delegate: NSTextStorageDelegate?
    /// The kinds of change since the edits were last processed.
    open private(set) var editedMask: EditActions = []
    /// The range changed since the edits were last processed, in the current string (location `NSNotFound` when none).
    open private(set) var editedRange = NSRange(location: NSNotFound, length: 0)
    /// The change in length since the edits were last processed.
    open private(set) var changeInLength = 0
    /// Whether attributes are fixed only when asked (stored; the model fixes no attributes).
    open var fixesAttributesLazily: Bool { false }

    private var editingDepth = 0
    private var isProcessing = false

    /// The plain storage's text and attribute runs, kept here rather than in Foundation's storage: swift-corelibs
    /// Foundation stops the program when it compares two runs whose attributes hold Swift objects (a `UIColor`).
    private var text = ""
    private var runs: [(length: Int, attributes: [NSAttributedString.Key: Any])] = []

    public override init(string str: String) {
        super.init(string: "")
        text = str
        runs = str.isEmpty ? [] : [(str.utf16.count, [:])]
    }
    public override init(string str: String, attributes attrs: [NSAttributedString.Key: Any]? = nil) {
        super.init(string: "")
        text = str
        runs = str.isEmpty ? [] : [(str.utf16.count, attrs ?? [:])]
    }
    public override init(attributedString attrStr: NSAttributedString) {
        super.init(string: "")
        text = attrStr.string
        attrStr.enumerateAttributes(in: NSRange(location: 0, length: attrStr.length), options: []) { attributes, range, _ in
            runs.append((range.length, attributes))
        }
    }
    public required init?(coder aDecoder: NSCoder) { super.init(coder: aDecoder) }

    // MARK: Layout managers

    open func addLayoutManager(_ aLayoutManager: NSLayoutManager) {
        guard !layoutManagers.contains(where: { $0 === aLayoutManager }) else { return }
        aLayoutManager.textStorage?.removeLayoutManager(aLayoutManager)
        layoutManagers.append(aLayoutManager)
        aLayoutManager.setTextStorage(self)
    }

    open func removeLayoutManager(_ aLayoutManager: NSLayoutManager) {
        layoutManagers.removeAll { $0 === aLayoutManager }
        if aLayoutManager.textStorage === self { aLayoutManager.setTextStorage(nil) }
    }

    // MARK: Edits

    /// Records a change: `range` is the extent before the change, `delta` the change in length. Processes the edits
    /// at once unless inside `beginEditing()`/`endEditing()` or already processing (Apple doc).
    open func edited(_ editedMask: EditActions, range editedRange: NSRange, changeInLength delta: Int) {
        let new = NSRange(location: editedRange.location, length: max(0, editedRange.length + delta))
        if self.editedRange.location == NSNotFound {
            self.editedRange = new
        } else {
            var old = self.editedRange
            if old.location >= editedRange.location + editedRange.length {
                old.location += delta
            } else if old.location + old.length >= editedRange.location {
                old.length = max(0, old.length + delta)
            }
            let start = min(old.location, new.location)
            let end = max(old.location + old.length, new.location + new.length)
            self.editedRange = NSRange(location: start, length: end - start)
        }
        self.editedMask.formUnion(editedMask)
        changeInLength += delta
        if editingDepth == 0 && !isProcessing { runProcessing() }
    }

    /// Runs `processEditing()` (a subclass's override included); what it edits meanwhile is not processed again.
    private func runProcessing() {
        isProcessing = true
        processEditing()
        isProcessing = false
        resetEditing()
    }

    /// Tells the delegate and the layout managers about the recorded edits; subclasses override it to change
    /// attributes of `editedRange` and call `super` (Apple doc "processEditing()").
    open func processEditing() {
        let center = NotificationCenter.default
        center.post(name: NSTextStorage.willProcessEditingNotification, object: self)
        delegate?.textStorage(self, willProcessEditing: editedMask, range: editedRange, changeInLength: changeInLength)
        delegate?.textStorage(self, didProcessEditing: editedMask, range: editedRange, changeInLength: changeInLength)
        center.post(name: NSTextStorage.didProcessEditingNotification, object: self)
        let (mask, range, delta) = (editedMask, editedRange, changeInLength)
        resetEditing()
        for manager in layoutManagers {
            manager.processEditing(for: self, edited: mask, range: range, changeInLength: delta, invalidatedRange: range)
        }
    }

    private func resetEditing() {
        editedMask = []
        editedRange = NSRange(location: NSNotFound, length: 0)
        changeInLength = 0
    }

    open override func beginEditing() { editingDepth += 1 }

    open override func endEditing() {
        editingDepth = max(0, editingDepth - 1)
        if editingDepth == 0 && !isProcessing && editedRange.location != NSNotFound { runProcessing() }
    }

    /// Nothing to fix: the model keeps attributes as they are set.
    open func invalidateAttributes(in range: NSRange) {}
    /// Nothing to fix: the model keeps attributes as they are set.
    open func ensureAttributesAreFixed(in range: NSRange) {}

    // MARK: The primitives (a subclass overrides these four)

    open override var string: String { text }

    open override func attributes(at location: Int, effectiveRange range: NSRangePointer?) -> [NSAttributedString.Key: Any] {
        var start = 0
        for run in runs {
            if location < start + run.length {
                range?.pointee = NSRange(location: start, length: run.length)
                return run.attributes
            }
            start += run.length
        }
        fatalError("NSTextStorage.attributes(at:effectiveRange:): location \(location) is out of bounds (length \(start))")
    }

    open override func replaceCharacters(in range: NSRange, with str: String) {
        let count = text.utf16.count
        precondition(range.location >= 0 && range.location + range.length <= count,
                     "NSTextStorage.replaceCharacters(in:with:): range {\(range.location), \(range.length)} is out of bounds (length \(count))")
        // The new text takes the attributes of the first replaced character, else of the one before (Foundation's rule).
        let inherited: [NSAttributedString.Key: Any] = count == 0 ? [:]
            : attributes(at: range.length > 0 ? range.location : max(range.location - 1, 0), effectiveRange: nil)
        text = (text as NSString).replacingCharacters(in: range, with: str)
        var newRuns = split(runs, at: range.location).before
        let after = split(runs, at: range.location + range.length).after
        if !str.isEmpty { newRuns.append((str.utf16.count, inherited)) }
        runs = newRuns + after
        edited(.editedCharacters, range: range, changeInLength: str.utf16.count - range.length)
    }

    open override func setAttributes(_ attrs: [NSAttributedString.Key: Any]?, range: NSRange) {
        guard range.length > 0 else { return }
        let before = split(runs, at: range.location).before
        let after = split(runs, at: range.location + range.length).after
        runs = before + [(range.length, attrs ?? [:])] + after
        edited(.editedAttributes, range: range, changeInLength: 0)
    }

    /// The runs before and after UTF-16 offset `offset`, a run across it cut in two.
    private func split(_ runs: [(length: Int, attributes: [NSAttributedString.Key: Any])], at offset: Int)
        -> (before: [(length: Int, attributes: [NSAttributedString.Key: Any])], after: [(length: Int, attributes: [NSAttributedString.Key: Any])])
    {
        var before: [(length: Int, attributes: [NSAttributedString.Key: Any])] = []
        var after: [(length: Int, attributes: [NSAttributedString.Key: Any])] = []
        var start = 0
        for run in runs {
            let end = start + run.length
            if end <= offset {
                before.append(run)
            } else if start >= offset {
                after.append(run)
            } else {
                before.append((offset - start, run.attributes))
                after.append((end - offset, run.attributes))
            }
            start = end
        }
        return (before, after)
    }

    // MARK: Everything else, through the primitives

    open override var length: Int { string.utf16.count }

    open override func attribute(_ attrName: NSAttributedString.Key, at location: Int, effectiveRange range: NSRangePointer?) -> Any? {
        attributes(at: location, effectiveRange: range)[attrName]
    }

    open override func attributes(at location: Int, longestEffectiveRange range: NSRangePointer?, in rangeLimit: NSRange) -> [NSAttributedString.Key: Any] {
        var effective = NSRange(location: 0, length: 0)
        let attributes = attributes(at: location, effectiveRange: &effective)
        range?.pointee = NSIntersectionRange(effective, rangeLimit)
        return attributes
    }

    open override func attribute(_ attrName: NSAttributedString.Key, at location: Int, longestEffectiveRange range: NSRangePointer?, in rangeLimit: NSRange) -> Any? {
        attributes(at: location, longestEffectiveRange: range, in: rangeLimit)[attrName]
    }

    /// The runs of attributes in `range`, in order.
    private func runs(in range: NSRange) -> [(NSRange, [NSAttributedString.Key: Any])] {
        var result: [(NSRange, [NSAttributedString.Key: Any])] = []
        var location = range.location
        let end = range.location + range.length
        while location < end {
            var effective = NSRange(location: 0, length: 0)
            let attributes = attributes(at: location, effectiveRange: &effective)
            let runEnd = min(end, max(effective.location + effective.length, location + 1))
            result.append((NSRange(location: location, length: runEnd - location), attributes))
            location = runEnd
        }
        return result
    }

    open override func enumerateAttributes(in enumerationRange: NSRange, options opts: NSAttributedString.EnumerationOptions = [], using block: ([NSAttributedString.Key: Any], NSRange, UnsafeMutablePointer<ObjCBool>) -> Void) {
        var runs = runs(in: enumerationRange)
        if opts.contains(.reverse) { runs.reverse() }
        var stop = ObjCBool(false)
        for (range, attributes) in runs {
            block(attributes, range, &stop)
            if stop.boolValue { return }
        }
    }

    open override func enumerateAttribute(_ attrName: NSAttributedString.Key, in enumerationRange: NSRange, options opts: NSAttributedString.EnumerationOptions = [], using block: (Any?, NSRange, UnsafeMutablePointer<ObjCBool>) -> Void) {
        // Neighbouring runs with the same value of this attribute are one range, as Foundation reports them.
        var merged: [(NSRange, Any?)] = []
        for (range, attributes) in runs(in: enumerationRange) {
            let value = attributes[attrName]
            if let last = merged.last, Self.same(last.1, value) {
                merged[merged.count - 1].0.length += range.length
            } else {
                merged.append((range, value))
            }
        }
        if opts.contains(.reverse) { merged.reverse() }
        var stop = ObjCBool(false)
        for (range, value) in merged {
            block(value, range, &stop)
            if stop.boolValue { return }
        }
    }

    private static func same(_ a: Any?, _ b: Any?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case let (a as NSObject, b as NSObject): return a.isEqual(b)
        case let (a as AnyHashable, b as AnyHashable): return a == b
        default: return false
        }
    }

    open override func attributedSubstring(from range: NSRange) -> NSAttributedString {
        let result = NSMutableAttributedString(string: (string as NSString).substring(with: range))
        for (run, attributes) in runs(in: range) {
            result.setAttributes(attributes, range: NSRange(location: run.location - range.location, length: run.length))
        }
        return result
    }

    open override func addAttribute(_ name: NSAttributedString.Key, value: Any, range: NSRange) {
        addAttributes([name: value], range: range)
    }

    open override func addAttributes(_ attrs: [NSAttributedString.Key: Any], range: NSRange) {
        beginEditing()
        for (run, existing) in runs(in: range) {
            setAttributes(existing.merging(attrs) { _, new in new }, range: run)
        }
        endEditing()
    }

    open override func removeAttribute(_ name: NSAttributedString.Key, range: NSRange) {
        beginEditing()
        for (run, existing) in runs(in: range) where existing[name] != nil {
            var attributes = existing
            attributes[name] = nil
            setAttributes(attributes, range: run)
        }
        endEditing()
    }

    open override func replaceCharacters(in range: NSRange, with attrString: NSAttributedString) {
        beginEditing()
        replaceCharacters(in: range, with: attrString.string)
        let whole = NSRange(location: 0, length: attrString.length)
        attrString.enumerateAttributes(in: whole, options: []) { attributes, run, _ in
            setAttributes(attributes, range: NSRange(location: range.location + run.location, length: run.length))
        }
        endEditing()
    }

    open override func insert(_ attrString: NSAttributedString, at loc: Int) {
        replaceCharacters(in: NSRange(location: loc, length: 0), with: attrString)
    }

    open override func append(_ attrString: NSAttributedString) {
        replaceCharacters(in: NSRange(location: length, length: 0), with: attrString)
    }

    open override func deleteCharacters(in range: NSRange) {
        replaceCharacters(in: range, with: "")
    }

    open override func setAttributedString(_ attrString: NSAttributedString) {
        replaceCharacters(in: NSRange(location: 0, length: length), with: attrString)
    }

    /// Not modelled: edits through the mutable string would bypass `edited(_:range:changeInLength:)`.
    open override var mutableString: NSMutableString {
        fatalError("NSTextStorage.mutableString is not modelled; use replaceCharacters(in:with:) (docs/model.md, \"TextKit\")")
    }

    /// A plain copy of the text and its attributes, read through the primitives.
    package func snapshot() -> NSAttributedString { attributedSubstring(from: NSRange(location: 0, length: length)) }
}
