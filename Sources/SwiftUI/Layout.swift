import UIKitModel
import UIKitBehavior

/// A size offered to a view; `nil` asks for the view's ideal size in that dimension.
struct ProposedSize {
    var width: CGFloat?
    var height: CGFloat?
}

/// SwiftUI's layout, simplified: a parent proposes a size, the child chooses its own, the parent places it
/// (docs/model.md, "SwiftUI", lists what is approximated).
@MainActor enum Layout {
    static let bodyFont = UIFont.systemFont(ofSize: 17)
    /// The space SwiftUI puts between adjacent views in a stack (approximated as one value).
    static let defaultSpacing: CGFloat = 8
    /// A single-line field's height: one line of body text plus SwiftUI's vertical insets (approximated).
    static var fieldHeight: CGFloat { (bodyFont.lineHeight + 2).rounded(.up) }
    /// A `UISwitch`'s width (its height is 31).
    static let switchWidth: CGFloat = 51

    static func size(of element: Element, proposal: ProposedSize) -> CGSize {
        switch element.kind {
        case .empty, .group: return .zero
        case .text(let string, let font): return textSize(string, width: proposal.width, font: font)
        case .textField(let spec):
            let ideal = TextMetrics.width(of: spec.placeholder, pointSize: bodyFont.pointSize)
            return CGSize(width: proposal.width ?? ideal, height: fieldHeight)
        case .textView(let spec): return textViewSize(spec, proposal: proposal)
        case .button(let spec): return size(of: spec.label, proposal: proposal)
        case .spacer(let minLength):
            return CGSize(width: proposal.width ?? 0, height: max(proposal.height ?? 0, minLength ?? 0))
        case .stack(let spec, let children): return stackLayout(spec, children, proposal: proposal).size
        case .padding(let insets, let child):
            let inner = ProposedSize(
                width: proposal.width.map { max(0, $0 - insets.leading - insets.trailing) },
                height: proposal.height.map { max(0, $0 - insets.top - insets.bottom) })
            let size = size(of: child, proposal: inner)
            return CGSize(
                width: size.width + insets.leading + insets.trailing, height: size.height + insets.top + insets.bottom)
        case .frame(let spec, let child): return frameSize(spec, child, proposal: proposal)
        case .scroll(_, let child):
            let content = size(of: child, proposal: ProposedSize(width: proposal.width, height: nil))
            return CGSize(width: proposal.width ?? content.width, height: proposal.height ?? content.height)
        case .list(let spec, let rows):
            let width = proposal.width ?? 320
            return CGSize(width: width, height: proposal.height ?? listLayout(rows, width: width, style: spec.style).height)
        case .navigation(let bar, let child):
            let content = size(of: child, proposal: ProposedSize(width: proposal.width, height: proposal.height.map { max(0, $0 - bar.height) }))
            return CGSize(width: proposal.width ?? content.width, height: proposal.height ?? content.height + bar.height)
        case .zstack(_, let children):
            let sizes = children.map { size(of: $0, proposal: proposal) }
            return CGSize(width: sizes.map(\.width).max() ?? 0, height: sizes.map(\.height).max() ?? 0)
        case .ignoresSafeArea(_, _, let child), .identified(_, let child), .tapTarget(_, _, let child),
            .contentShaped(let child), .tagged(_, let child), .accessibilityLabelled(_, let child), .focusable(_, let child),
            .rowActions(_, let child):
            return size(of: child, proposal: proposal)
        case .safeAreaInset(_, let spacing, let base, let inset):
            let insetSize = size(of: inset, proposal: ProposedSize(width: proposal.width, height: nil))
            let used = insetSize.height + spacing
            let baseSize = size(of: base, proposal: ProposedSize(
                width: proposal.width, height: proposal.height.map { max(0, $0 - used) }))
            return CGSize(
                width: max(baseSize.width, insetSize.width), height: proposal.height ?? (baseSize.height + used))
        case .representable(let spec):
            guard let view = Mounter.active?.representableView(for: element, spec) else { return .zero }
            if let size = spec.size(proposal, view) { return size }
            let intrinsic = view.intrinsicContentSize
            return CGSize(
                width: intrinsic.width == UIView.noIntrinsicMetric ? (proposal.width ?? 0) : (proposal.width ?? intrinsic.width),
                height: intrinsic.height == UIView.noIntrinsicMetric ? (proposal.height ?? 0) : intrinsic.height)
        case .section(_, _, let rows):
            return CGSize(width: proposal.width ?? 0, height: listLayout(rows, width: proposal.width ?? 320).height)
        case .toggle(let spec):
            let label = size(of: spec.label, proposal: ProposedSize(width: proposal.width.map { max(0, $0 - switchWidth - defaultSpacing) }, height: nil))
            return CGSize(width: proposal.width ?? label.width + defaultSpacing + switchWidth, height: max(31, label.height))
        case .image(_, let font):
            let side = font.lineHeight.rounded(.up)
            return CGSize(width: side, height: side)
        case .color: return CGSize(width: proposal.width ?? 10, height: proposal.height ?? 10)
        case .background(let base, _), .overlay(let base, _): return size(of: base, proposal: proposal)
        case .shape: return CGSize(width: proposal.width ?? 10, height: proposal.height ?? 10)
        case .geometry: return CGSize(width: proposal.width ?? 10, height: proposal.height ?? 10)
        }
    }

    // MARK: Lists (an approximation of the inset grouped style)

    static let listInset: CGFloat = 20
    static let rowPadding: CGFloat = 16
    static let rowMinHeight: CGFloat = 44
    static let sectionGap: CGFloat = 35
    static let headerFont = UIFont.systemFont(ofSize: 13)

    /// What a list places: rows (their content's frame) and the header and footer texts of its sections.
    enum ListItem {
        /// A section's rounded white background, behind its rows.
        case background(path: String, CGRect)
        case row(Element, CGRect)
        case caption(String, path: String, CGRect)
    }

    /// Rows of 44 points or more inset 20 points from the sides, content padded 16 points, sections 35 points apart
    /// with 13-point headers and footers; rows outside a section form one.
    static func listLayout(_ rows: [Element], width: CGFloat, style: ListStyleKind = .insetGrouped) -> (height: CGFloat, items: [ListItem]) {
        let listInset = style.rowInset
        let sectionGap = style.sectionGap
        var sections: [(header: String?, footer: String?, rows: [Element], path: String)] = []
        var loose: [Element] = []
        for row in rows {
            if case .section(let header, let footer, let inner) = row.kind {
                if !loose.isEmpty { sections.append((nil, nil, loose, loose[0].path + "~")); loose = [] }
                sections.append((header, footer, inner, row.path))
            } else {
                loose.append(row)
            }
        }
        if !loose.isEmpty { sections.append((nil, nil, loose, loose[0].path + "~")) }
        var y: CGFloat = 0
        var items: [ListItem] = []
        let rowWidth = max(0, width - 2 * listInset)
        let contentWidth = max(0, rowWidth - 2 * rowPadding)
        for section in sections {
            y += sectionGap
            if let header = section.header {
                let height = headerFont.lineHeight.rounded(.up)
                // A plain list's header is a row of its own above the section (not pinned, [approximation]).
                if sectionGap == 0 { y += height + 12 }
                items.append(.caption(header.uppercased(), path: section.path + "/header",
                    CGRect(x: listInset + rowPadding, y: y - height - 6, width: contentWidth, height: height)))
            }
            let top = y
            items.append(.background(path: section.path + "/background", .zero))
            let backgroundIndex = items.count - 1
            for row in section.rows {
                // `listRowInsets` replaces the row's padding: 16 points at the sides, 11 above and below.
                let insets = rowInsets(of: row) ?? EdgeInsets(top: 11, leading: rowPadding, bottom: 11, trailing: rowPadding)
                let width = max(0, rowWidth - insets.leading - insets.trailing)
                let content = size(of: row, proposal: ProposedSize(width: width, height: nil))
                let height = max(rowMinHeight, content.height + insets.top + insets.bottom)
                let middle = insets.top + (height - insets.top - insets.bottom - content.height) / 2
                items.append(.row(row, CGRect(
                    x: listInset + insets.leading, y: y + middle, width: width, height: content.height)))
                y += height
            }
            items[backgroundIndex] = .background(
                path: section.path + "/background", CGRect(x: listInset, y: top, width: rowWidth, height: y - top))
            if let footer = section.footer {
                let height = headerFont.lineHeight.rounded(.up)
                items.append(.caption(footer, path: section.path + "/footer",
                    CGRect(x: listInset + rowPadding, y: y + 6, width: contentWidth, height: height)))
                y += height + 6
            }
        }
        return (y + sectionGap, items)
    }

    /// The `listRowInsets` a row was given: on its element or on one it wraps.
    static func rowInsets(of row: Element) -> EdgeInsets? {
        if let insets = row.rowInsets { return insets }
        switch row.kind {
        case .padding(_, let child), .frame(_, let child), .identified(_, let child), .contentShaped(let child),
             .focusable(_, let child), .rowActions(_, let child), .tagged(_, let child), .accessibilityLabelled(_, let child):
            return rowInsets(of: child)
        case .background(let base, _), .overlay(let base, _): return rowInsets(of: base)
        default: return nil
        }
    }

    /// A `TextEditor` takes what it is offered; a vertical field is as tall as its wrapped lines within its
    /// `lineLimit` (S5).
    static func textViewSize(_ spec: TextViewSpec, proposal: ProposedSize) -> CGSize {
        let width = proposal.width ?? TextMetrics.width(of: spec.placeholder ?? "", pointSize: bodyFont.pointSize)
        if spec.isEditor { return CGSize(width: width, height: proposal.height ?? bodyFont.lineHeight + 16) }
        let text = spec.text.wrappedValue
        var lines = text.isEmpty ? 1 : TextMetrics.lines(of: text, width: max(1, width), pointSize: bodyFont.pointSize).count
        lines = max(lines, spec.traits.lineLimit.min ?? 1)
        if let most = spec.traits.lineLimit.max { lines = min(lines, most) }
        return CGSize(width: width, height: (CGFloat(lines) * bodyFont.lineHeight).rounded(.up))
    }

    static func textSize(_ string: String, width: CGFloat?, font: UIFont = bodyFont) -> CGSize {
        guard !string.isEmpty else { return .zero }
        let full = TextMetrics.width(of: string, pointSize: font.pointSize)
        guard let width, full > width, width > 0 else { return CGSize(width: full, height: font.lineHeight) }
        let lines = TextMetrics.lines(of: string, width: width, pointSize: font.pointSize)
        let widest = lines.map { TextMetrics.width(of: $0, pointSize: font.pointSize) }.max() ?? 0
        return CGSize(width: min(widest, width), height: CGFloat(lines.count) * font.lineHeight)
    }

    private static func frameSize(_ spec: FrameSpec, _ child: Element, proposal: ProposedSize) -> CGSize {
        func axis(_ fixed: CGFloat?, _ minimum: CGFloat?, _ maximum: CGFloat?, _ offered: CGFloat?) -> CGFloat? {
            if let fixed { return fixed }
            guard let offered else { return nil }
            var value = offered
            if let maximum { value = min(value, maximum) }
            if let minimum { value = max(value, minimum) }
            return value
        }
        let inner = ProposedSize(
            width: spec.fixesWidth ? nil : axis(spec.width, spec.minWidth, spec.maxWidth, proposal.width),
            height: spec.fixesHeight ? nil : axis(spec.height, spec.minHeight, spec.maxHeight, proposal.height))
        let content = size(of: child, proposal: inner)
        // `fixedSize`: the content's ideal size on the fixed axes, its own choice for the offer on the others.
        if spec.fixesWidth || spec.fixesHeight { return content }
        // Without a bound the content's size is that bound (Apple: frame(minWidth:…)); the offer is clamped.
        func result(_ fixed: CGFloat?, _ minimum: CGFloat?, _ maximum: CGFloat?, _ offered: CGFloat?, _ content: CGFloat) -> CGFloat {
            if let fixed { return fixed }
            guard minimum != nil || maximum != nil else { return content }
            let low = minimum ?? content
            let high = max(low, maximum ?? content)
            return max(low, min(high, offered ?? content))
        }
        return CGSize(
            width: result(spec.width, spec.minWidth, spec.maxWidth, proposal.width, content.width),
            height: result(spec.height, spec.minHeight, spec.maxHeight, proposal.height, content.height))
    }

    /// A stack's children sizes and offsets, proposing to the least flexible child first, as SwiftUI does.
    static func stackLayout(_ spec: StackSpec, _ children: [Element], proposal: ProposedSize)
        -> (size: CGSize, frames: [CGRect])
    {
        let vertical = spec.axis == .vertical
        let spacing = spec.spacing ?? defaultSpacing
        let gaps = spacing * CGFloat(max(0, children.count - 1))
        let offeredMain = vertical ? proposal.height : proposal.width
        let cross = vertical ? proposal.width : proposal.height
        func propose(_ main: CGFloat?) -> ProposedSize {
            vertical ? ProposedSize(width: cross, height: main) : ProposedSize(width: main, height: cross)
        }
        func mainLength(_ size: CGSize) -> CGFloat { vertical ? size.height : size.width }
        var sizes = [CGSize](repeating: .zero, count: children.count)
        if let offeredMain {
            // Least flexible first: each child gets an equal share of what is left.
            let flexibility = children.map { child -> CGFloat in
                mainLength(size(of: child, proposal: propose(.greatestFiniteMagnitude)))
                    - mainLength(size(of: child, proposal: propose(0)))
            }
            var remaining = max(0, offeredMain - gaps)
            var left = children.count
            for index in children.indices.sorted(by: { flexibility[$0] < flexibility[$1] }) {
                let share = remaining / CGFloat(max(left, 1))
                sizes[index] = size(of: children[index], proposal: propose(share))
                remaining = max(0, remaining - mainLength(sizes[index]))
                left -= 1
            }
        } else {
            sizes = children.map { size(of: $0, proposal: propose(nil)) }
        }
        let crossExtent = sizes.map { vertical ? $0.width : $0.height }.max() ?? 0
        var offset: CGFloat = 0
        var frames: [CGRect] = []
        for size in sizes {
            let crossOffset = (crossExtent - (vertical ? size.width : size.height)) * spec.crossAlignment
            frames.append(vertical
                ? CGRect(x: crossOffset, y: offset, width: size.width, height: size.height)
                : CGRect(x: offset, y: crossOffset, width: size.width, height: size.height))
            offset += mainLength(size) + spacing
        }
        let total = max(0, offset - spacing)
        return (vertical ? CGSize(width: crossExtent, height: total) : CGSize(width: total, height: crossExtent), frames)
    }

    /// The host's frames while a tree is placed: its bounds, its safe area, and its safe area above the keyboard.
    static var hostFrames = (bounds: CGRect.zero, safe: CGRect.zero, avoidingKeyboard: CGRect.zero)

    /// A rect that touches the edge of the safe area, extended on `edges` into the ignored `regions` (S39).
    static func expanded(_ rect: CGRect, regions: SafeAreaRegions, edges: Edge.Set) -> CGRect {
        let frames = hostFrames
        var result = rect
        if edges.contains(.bottom), abs(rect.maxY - frames.avoidingKeyboard.maxY) < 0.5 {
            var bottom = rect.maxY
            if regions.contains(.keyboard) { bottom = max(bottom, frames.safe.maxY) }
            if regions.contains(.container) { bottom = max(bottom, regions.contains(.keyboard) ? frames.bounds.maxY : frames.avoidingKeyboard.maxY) }
            result.size.height = bottom - result.minY
        }
        if edges.contains(.top), regions.contains(.container), abs(rect.minY - frames.safe.minY) < 0.5 {
            result.size.height += result.minY - frames.bounds.minY
            result.origin.y = frames.bounds.minY
        }
        return result
    }

    /// Places `element` (already sized to `rect.size`) and its descendants; `leaf` receives each view that has a
    /// UIKit view, with its frame in the coordinates of `rect`.
    static func place(_ element: Element, in rect: CGRect, leaf: (Element, CGRect) -> Void) {
        switch element.kind {
        case .empty, .spacer: return
        case .group(let children):
            for child in children { place(child, in: rect, leaf: leaf) }
        case .text, .textField, .textView, .button, .scroll, .list, .section, .representable, .toggle, .image, .color, .shape:
            leaf(element, rect)
        case .overlay(let base, let overlay):
            place(base, in: rect, leaf: leaf)
            place(overlay, in: rect, leaf: leaf)
        case .background(let base, let background):
            place(background, in: rect, leaf: leaf)
            place(base, in: rect, leaf: leaf)
        case .stack(let spec, let children):
            let layout = stackLayout(spec, children, proposal: ProposedSize(width: rect.width, height: rect.height))
            // The stack's content is as large as its children; it sits centred in the rect it was given.
            let origin = CGPoint(
                x: rect.minX + (rect.width - layout.size.width) / 2, y: rect.minY + (rect.height - layout.size.height) / 2)
            for (child, frame) in zip(children, layout.frames) {
                place(child, in: frame.offsetBy(dx: origin.x, dy: origin.y), leaf: leaf)
            }
        case .padding(let insets, let child):
            let inner = CGRect(
                x: rect.minX + insets.leading, y: rect.minY + insets.top,
                width: max(0, rect.width - insets.leading - insets.trailing),
                height: max(0, rect.height - insets.top - insets.bottom))
            place(child, in: inner, leaf: leaf)
        case .zstack(let alignment, let children):
            for child in children {
                let content = size(of: child, proposal: ProposedSize(width: rect.width, height: rect.height))
                let x = rect.minX + (rect.width - content.width) * alignment.horizontal.fraction
                let y = rect.minY + (rect.height - content.height) * alignment.vertical.fraction
                place(child, in: CGRect(x: x, y: y, width: content.width, height: content.height), leaf: leaf)
            }
        case .identified, .tapTarget, .navigation, .geometry, .focusable, .rowActions: leaf(element, rect)
        case .contentShaped(let child), .tagged(_, let child), .accessibilityLabelled(_, let child):
            place(child, in: rect, leaf: leaf)
        case .ignoresSafeArea(let regions, let edges, let child):
            place(child, in: expanded(rect, regions: regions, edges: edges), leaf: leaf)
        case .safeAreaInset(let edge, let spacing, let base, let inset):
            let insetHeight = size(of: inset, proposal: ProposedSize(width: rect.width, height: nil)).height
            var rest = max(0, rect.height - insetHeight - spacing)
            var insetY = edge == .bottom ? rect.maxY - insetHeight : rect.minY
            // iOS 27 seed 3: bottom inset content slid behind a `.keyboard` toolbar (S80).
            let keyboard = UIKitSystem.shared.keyboard
            if edge == .bottom, UIKitSystem.shared.behavior.swiftUI.safeAreaInsetUnderKeyboardToolbar, keyboard.frame != nil,
                let bar = keyboard.accessoryView as? UIToolbar, abs(rect.maxY - hostFrames.avoidingKeyboard.maxY) < 0.5
            {
                insetY += bar.frame.height
            }
            var baseY = edge == .bottom ? rect.minY : rect.minY + insetHeight + spacing
            // iOS 15.0–15.1: a List or Form keeps its full frame under the inset content (S44).
            if UIKitSystem.shared.behavior.swiftUI.safeAreaInsetListBug, case .list = base.kind {
                (rest, baseY) = (rect.height, rect.minY)
            }
            place(inset, in: CGRect(x: rect.minX, y: insetY, width: rect.width, height: insetHeight), leaf: leaf)
            place(base, in: CGRect(x: rect.minX, y: baseY, width: rect.width, height: rest), leaf: leaf)
        case .frame(let spec, let child):
            let content = size(of: child, proposal: ProposedSize(
                width: spec.fixesWidth ? nil : rect.width, height: spec.fixesHeight ? nil : rect.height))
            let x = rect.minX + (rect.width - content.width) * spec.alignment.horizontal.fraction
            let y = rect.minY + (rect.height - content.height) * spec.alignment.vertical.fraction
            place(child, in: CGRect(x: x, y: y, width: content.width, height: content.height), leaf: leaf)
        }
    }
}
