import Foundation

/// The model's line layout of a text in a container (docs/model.md "TextKit"): one glyph per UTF-16 unit, lines
/// broken by `TextMetrics` at the container's width less its line fragment padding, each line one font line high.
package struct TextLayout {
    package struct Line {
        /// The characters of the line (UTF-16), without the line break that ends a paragraph.
        package var range: NSRange
        package var text: String
        package var width: CGFloat
    }

    package let lines: [Line]
    package let lineHeight: CGFloat
    package let pointSize: CGFloat
    package let padding: CGFloat
    package let containerWidth: CGFloat
    package let length: Int

    package init(text: String, font: UIFont, containerWidth: CGFloat, padding: CGFloat) {
        pointSize = font.pointSize
        lineHeight = font.lineHeight
        self.padding = padding
        self.containerWidth = containerWidth
        length = text.utf16.count
        let wrapWidth = containerWidth > 0 && containerWidth < 1e6 ? containerWidth - 2 * padding : 0
        var lines: [Line] = []
        var location = 0
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            for line in TextMetrics.lines(of: String(paragraph), width: wrapWidth, pointSize: font.pointSize) {
                let count = line.utf16.count
                lines.append(Line(range: NSRange(location: location, length: count), text: line,
                                  width: TextMetrics.width(of: line, pointSize: font.pointSize)))
                location += count
            }
            location += 1
        }
        self.lines = lines
    }

    /// The area the lines use: from the container's origin, as wide as the widest line with the padding on both
    /// sides, as tall as the lines (an empty text has one line, for the insertion point).
    package var usedRect: CGRect {
        let widest = lines.map(\.width).max() ?? 0
        return CGRect(x: 0, y: 0, width: widest + 2 * padding, height: CGFloat(max(lines.count, 1)) * lineHeight)
    }

    /// The line holding UTF-16 `location` (a line break belongs to the line it ends).
    package func lineIndex(of location: Int) -> Int {
        for (index, line) in lines.enumerated() where location <= line.range.location + line.range.length {
            if location < line.range.location + line.range.length || index == lines.count - 1 { return index }
            // At a line's end: a wrapped line's end is the next line's start; a paragraph's end stays on it.
            let next = lines[index + 1]
            if next.range.location > line.range.location + line.range.length { return index }
        }
        return max(lines.count - 1, 0)
    }

    /// The x of the insertion point before `location` on line `index`.
    private func x(of location: Int, onLine index: Int) -> CGFloat {
        let line = lines[index]
        let prefix = String(decoding: Array(line.text.utf16)[..<min(max(location - line.range.location, 0), line.range.length)], as: UTF16.self)
        return padding + TextMetrics.width(of: prefix, pointSize: pointSize)
    }

    /// The line fragment (the container's width) and the part of it the glyphs use, of line `index`.
    package func fragment(_ index: Int) -> (rect: CGRect, used: CGRect) {
        let y = CGFloat(index) * lineHeight
        let line = index < lines.count ? lines[index] : Line(range: NSRange(location: length, length: 0), text: "", width: 0)
        let width = containerWidth > 0 && containerWidth < 1e6 ? containerWidth : line.width + 2 * padding
        return (CGRect(x: 0, y: y, width: width, height: lineHeight),
                CGRect(x: 0, y: y, width: line.width + 2 * padding, height: lineHeight))
    }

    /// The rectangle around the glyphs of `range`: the union of its part on each line it touches.
    package func boundingRect(for range: NSRange) -> CGRect {
        guard !lines.isEmpty else { return CGRect(x: padding, y: 0, width: 0, height: lineHeight) }
        let start = min(max(range.location, 0), length)
        let end = min(max(range.location + range.length, start), length)
        let first = lineIndex(of: start)
        let last = range.length == 0 ? first : lineIndex(of: max(end - 1, start))
        var result = CGRect.null
        for index in first...last {
            let line = lines[index]
            let from = max(start, line.range.location)
            let to = min(end, line.range.location + line.range.length)
            let x0 = x(of: from, onLine: index)
            let x1 = x(of: max(to, from), onLine: index)
            result = result.union(CGRect(x: x0, y: CGFloat(index) * lineHeight, width: x1 - x0, height: lineHeight))
        }
        return result
    }

    /// The character under `point` (container coordinates), or the nearest one, with how far the point lies between
    /// that character's insertion point and the next.
    package func characterIndex(at point: CGPoint) -> (index: Int, fraction: CGFloat) {
        guard !lines.isEmpty, length > 0 else { return (0, 0) }
        let index = min(max(Int((point.y / lineHeight).rounded(.down)), 0), lines.count - 1)
        let line = lines[index]
        var x = padding
        var location = line.range.location
        for character in line.text {
            let advance = TextMetrics.advance(of: character, pointSize: pointSize)
            let units = character.utf16.count
            if point.x < x + advance {
                return (location, min(max((point.x - x) / advance, 0), 1))
            }
            x += advance
            location += units
        }
        // Past the end of the line: its last character (an empty line: the line break that makes it).
        guard let last = line.text.last else { return (min(line.range.location, length - 1), 0) }
        return (line.range.location + line.range.length - last.utf16.count, 1)
    }
}

/// The delegate of a layout manager; the model asks it nothing, so declaring one is a compile error.
@available(*, unavailable, message: "NSLayoutManagerDelegate is not modelled (docs/model.md, \"TextKit\")")
public protocol NSLayoutManagerDelegate: NSObjectProtocol {}

/// TextKit 1's layout manager, as UIKit's `NSLayoutManager`: it lays the text of its storage out in its containers
/// with the model's line layout (docs/model.md "TextKit"; an approximation, deterministic). Glyphs are UTF-16
/// units, so glyph and character ranges are the same. Layout is computed when asked, so `ensureLayout` has
/// nothing left to do.
open class NSLayoutManager: NSObject {
    open private(set) weak var textStorage: NSTextStorage?
    open private(set) var textContainers: [NSTextContainer] = []
    /// Whether layout may skip parts of the text (stored; the model lays out the whole text).
    open var allowsNonContiguousLayout = false
    /// Whether layout may be skipped (the model always lays out, so it has none).
    open var hasNonContiguousLayout: Bool { false }
    /// Whether invisible characters are drawn (stored; the model draws none).
    open var showsInvisibleCharacters = false
    /// Whether control characters are drawn (stored; the model draws none).
    open var showsControlCharacters = false
    /// Whether the font's leading is used (stored; the model's line height is the font's).
    open var usesFontLeading = true

    public override init() { super.init() }

    package func setTextStorage(_ storage: NSTextStorage?) { textStorage = storage }

    /// Called by the storage after it processed edits; the containers' text views update their size and selection.
    open func processEditing(for textStorage: NSTextStorage, edited editMask: NSTextStorage.EditActions, range newCharRange: NSRange, changeInLength delta: Int, invalidatedRange invalidatedCharRange: NSRange) {
        for container in textContainers {
            if let view = container.textView { MainActor.assumeIsolated { view.textStorageDidProcessEditing() } }
        }
    }

    // MARK: Containers

    open func addTextContainer(_ container: NSTextContainer) { insertTextContainer(container, at: textContainers.count) }

    open func insertTextContainer(_ container: NSTextContainer, at index: Int) {
        textContainers.insert(container, at: index)
        container.attach(to: self)
    }

    open func removeTextContainer(at index: Int) {
        let container = textContainers.remove(at: index)
        container.attach(to: nil)
    }

    /// A layout of more than one container is not modelled (the text would flow from one into the next).
    private func layout(for container: NSTextContainer) -> TextLayout {
        guard let index = textContainers.firstIndex(where: { $0 === container }) else {
            fatalError("NSLayoutManager: the text container is not one of this layout manager's textContainers")
        }
        guard index == 0 else {
            fatalError("NSLayoutManager: text flowing into a second text container is not modelled (docs/model.md, \"TextKit\")")
        }
        return container.currentLayout(text: textStorage?.string ?? "", storage: textStorage)
    }

    private var firstLayout: TextLayout {
        guard let container = textContainers.first else { return TextLayout(text: "", font: UIFont.systemFont(ofSize: 12), containerWidth: 0, padding: 0) }
        return layout(for: container)
    }

    // MARK: Glyphs (one per UTF-16 unit)

    open var numberOfGlyphs: Int { textStorage?.length ?? 0 }

    open func glyphRange(for container: NSTextContainer) -> NSRange {
        NSRange(location: 0, length: layout(for: container).length)
    }

    open func glyphRange(forCharacterRange charRange: NSRange, actualCharacterRange actualCharRange: NSRangePointer?) -> NSRange {
        let clamped = charRange.clamped(toLength: numberOfGlyphs)
        actualCharRange?.pointee = clamped
        return clamped
    }

    open func characterRange(forGlyphRange glyphRange: NSRange, actualGlyphRange: NSRangePointer?) -> NSRange {
        let clamped = glyphRange.clamped(toLength: numberOfGlyphs)
        actualGlyphRange?.pointee = clamped
        return clamped
    }

    open func characterIndexForGlyph(at glyphIndex: Int) -> Int { glyphIndex }
    open func glyphIndexForCharacter(at charIndex: Int) -> Int { charIndex }

    // MARK: Layout (computed when asked)

    open func ensureLayout(for container: NSTextContainer) {}
    open func ensureLayout(forCharacterRange charRange: NSRange) {}
    open func ensureLayout(forGlyphRange glyphRange: NSRange) {}
    open func ensureLayout(forBoundingRect bounds: CGRect, in container: NSTextContainer) {}
    open func invalidateLayout(forCharacterRange charRange: NSRange, actualCharacterRange actualCharRange: NSRangePointer?) {
        actualCharRange?.pointee = charRange
    }
    open func invalidateDisplay(forCharacterRange charRange: NSRange) {}
    open func invalidateDisplay(forGlyphRange glyphRange: NSRange) {}

    // MARK: Layout queries (container coordinates)

    /// The area the laid-out text uses in `container`, padding included (an empty text: one line).
    open func usedRect(for container: NSTextContainer) -> CGRect { layout(for: container).usedRect }

    /// The rectangle around the glyphs of `glyphRange` in `container`: the union of its part on each line.
    open func boundingRect(forGlyphRange glyphRange: NSRange, in container: NSTextContainer) -> CGRect {
        layout(for: container).boundingRect(for: glyphRange)
    }

    open func textContainer(forGlyphAt glyphIndex: Int, effectiveRange effectiveGlyphRange: NSRangePointer?) -> NSTextContainer? {
        guard let container = textContainers.first else { return nil }
        effectiveGlyphRange?.pointee = NSRange(location: 0, length: numberOfGlyphs)
        return container
    }

    /// The line fragment holding the glyph: the container's width, one line high.
    open func lineFragmentRect(forGlyphAt glyphIndex: Int, effectiveRange effectiveGlyphRange: NSRangePointer?) -> CGRect {
        let layout = firstLayout
        let index = layout.lineIndex(of: glyphIndex)
        effectiveGlyphRange?.pointee = lineGlyphRange(layout, index)
        return layout.fragment(index).rect
    }

    /// The part of the glyph's line fragment its glyphs use.
    open func lineFragmentUsedRect(forGlyphAt glyphIndex: Int, effectiveRange effectiveGlyphRange: NSRangePointer?) -> CGRect {
        let layout = firstLayout
        let index = layout.lineIndex(of: glyphIndex)
        effectiveGlyphRange?.pointee = lineGlyphRange(layout, index)
        return layout.fragment(index).used
    }

    /// A line's glyphs with the line break that ends it.
    private func lineGlyphRange(_ layout: TextLayout, _ index: Int) -> NSRange {
        guard index < layout.lines.count else { return NSRange(location: layout.length, length: 0) }
        let range = layout.lines[index].range
        let end = range.location + range.length
        let breaks = index + 1 < layout.lines.count ? layout.lines[index + 1].range.location > end : end < layout.length
        return NSRange(location: range.location, length: range.length + (breaks ? 1 : 0))
    }

    /// Calls `block` with each line fragment that holds glyphs of `glyphsToEnumerate`, in order.
    open func enumerateLineFragments(forGlyphRange glyphsToEnumerate: NSRange, using block: (CGRect, CGRect, NSTextContainer, NSRange, UnsafeMutablePointer<ObjCBool>) -> Void) {
        guard let container = textContainers.first else { return }
        let layout = layout(for: container)
        let start = glyphsToEnumerate.location
        let end = glyphsToEnumerate.location + glyphsToEnumerate.length
        var stop = ObjCBool(false)
        for index in layout.lines.indices {
            let range = lineGlyphRange(layout, index)
            let overlaps = range.location < end && range.location + range.length > start
            let emptyLast = range.length == 0 && range.location >= start && range.location <= end && glyphsToEnumerate.length == 0
            guard overlaps || emptyLast else { continue }
            let (rect, used) = layout.fragment(index)
            block(rect, used, container, range, &stop)
            if stop.boolValue { return }
        }
    }

    /// The character under `point` in `container` (or the nearest), as TextKit answers a tap.
    open func characterIndex(for point: CGPoint, in container: NSTextContainer, fractionOfDistanceBetweenInsertionPoints partialFraction: UnsafeMutablePointer<CGFloat>?) -> Int {
        let (index, fraction) = layout(for: container).characterIndex(at: point)
        partialFraction?.pointee = fraction
        return index
    }

    open func glyphIndex(for point: CGPoint, in container: NSTextContainer, fractionOfDistanceThroughGlyph partialFraction: UnsafeMutablePointer<CGFloat>?) -> Int {
        characterIndex(for: point, in: container, fractionOfDistanceBetweenInsertionPoints: partialFraction)
    }

    open func glyphIndex(for point: CGPoint, in container: NSTextContainer) -> Int {
        characterIndex(for: point, in: container, fractionOfDistanceBetweenInsertionPoints: nil)
    }
}

/// A location in TextKit 2's text (an offset in UTF-16 units in the model).
public protocol NSTextLocation: NSObjectProtocol {
    func compare(_ location: any NSTextLocation) -> ComparisonResult
}

/// The model's text location: a UTF-16 offset.
final class TextOffsetLocation: NSObject, NSTextLocation {
    let offset: Int
    init(_ offset: Int) { self.offset = offset }
    func compare(_ location: any NSTextLocation) -> ComparisonResult {
        guard let other = location as? TextOffsetLocation else {
            fatalError("NSTextLocation: only the model's own locations can be compared")
        }
        return offset < other.offset ? .orderedAscending : offset > other.offset ? .orderedDescending : .orderedSame
    }
}

/// A range of TextKit 2 text, as UIKit's `NSTextRange`.
@available(iOS 15.0, *)
open class NSTextRange: NSObject {
    public let location: any NSTextLocation
    public let endLocation: any NSTextLocation
    open var isEmpty: Bool { location.compare(endLocation) == .orderedSame }

    public init?(location: any NSTextLocation, end endLocation: (any NSTextLocation)?) {
        self.location = location
        self.endLocation = endLocation ?? location
        super.init()
        if self.location.compare(self.endLocation) == .orderedDescending { return nil }
    }

    public convenience init(location: any NSTextLocation) { self.init(location: location, end: nil)! }

    package var utf16Range: NSRange {
        let start = (location as? TextOffsetLocation)?.offset ?? 0
        let end = (endLocation as? TextOffsetLocation)?.offset ?? start
        return NSRange(location: start, length: end - start)
    }
}

/// TextKit 2's layout manager, as UIKit's `NSTextLayoutManager`, for the text view that owns it: the model lays the
/// text out as its TextKit 1 layout does (docs/model.md "TextKit"). One made on its own (`NSTextLayoutManager()`)
/// lays nothing out: asking it for layout stops the program, since the model has no TextKit 2 content storage.
@available(iOS 15.0, *)
open class NSTextLayoutManager: NSObject {
    package weak var owner: UITextView?
    private var storedContainer: NSTextContainer?

    public override init() { super.init() }

    /// The container the text is laid out in.
    open var textContainer: NSTextContainer? {
        get { storedContainer }
        set { storedContainer = newValue }
    }

    private func ownedLayout(_ name: String) -> TextLayout {
        guard let owner, let container = storedContainer else {
            fatalError("NSTextLayoutManager.\(name): a layout manager outside a text view is not modelled (docs/model.md, \"TextKit\")")
        }
        return container.currentLayout(text: MainActor.assumeIsolated { owner.text ?? "" }, storage: nil)
    }

    /// The whole text.
    open var documentRange: NSTextRange {
        let length = ownedLayout("documentRange").length
        return NSTextRange(location: TextOffsetLocation(0), end: TextOffsetLocation(length))!
    }

    /// The area the laid-out text uses in the container, as `usedRect(for:)` of TextKit 1 in the model.
    open var usageBoundsForTextContainer: CGRect { ownedLayout("usageBoundsForTextContainer").usedRect }

    /// Layout is computed when asked, so there is nothing left to do.
    open func ensureLayout(for range: NSTextRange) { _ = ownedLayout("ensureLayout(for:)") }
    open func ensureLayout(for bounds: CGRect) { _ = ownedLayout("ensureLayout(for:)") }
    open func invalidateLayout(for range: NSTextRange) {}
}
