import DocTestProtocol
import Foundation
import UIKitModel

/// Draws the simulated screen as a small deterministic SVG, and describes it in words for alt text.
struct SnapshotRenderer {
    private static let bezel: CGFloat = 16
    private static let blue = "#007aff"
    private static let placeholderGrey = "#c7c7cd"

    let system: UIKitSystem
    /// The input method's candidate bar, drawn above the keys while composing (§A2).
    let candidates: [String]
    /// The keyboard's input method (it titles the space key).
    let inputMethod: InputMethod

    init(system: UIKitSystem, candidates: [String] = [], inputMethod: InputMethod = .english) {
        self.system = system
        self.candidates = candidates
        self.inputMethod = inputMethod
    }

    // MARK: SVG

    /// The screen as SVG, written by the same writer the site uses.
    func render() -> String { PictureSVG.render(picture()) }

    func picture() -> Picture {
        let screen = system.screenBounds
        let bezel = Self.bezel
        let width = screen.width + 2 * bezel
        let height = screen.height + 2 * bezel
        var svg = PictureBuilder()
        svg.rect(CGRect(x: 0, y: 0, width: width, height: height), fill: "#1c1c1e", radius: bezel * 2)
        svg.beginOffset(CGPoint(x: bezel, y: bezel))
        svg.beginClip(screen)
        svg.rect(screen, fill: "#ffffff")
        for window in system.windows where !window.isHidden {
            let origin = window.frame.origin
            drawBackground(of: window, in: window.frame, into: &svg)
            drawSubviews(of: window, origin: origin, into: &svg)
        }
        drawStatusBar(into: &svg)
        drawKeyboard(into: &svg)
        if system.device.hasHomeIndicator {
            let bar = CGRect(x: screen.midX - 67, y: screen.maxY - 8, width: 134, height: 5)
            svg.rect(bar, fill: "#000000", radius: 2.5, opacity: 0.8)
        }
        svg.endGroup()
        svg.endGroup()
        return svg.picture(width: width, height: height)
    }

    /// Draws `view` whose frame's top-left corner is at `topLeft` in screen coordinates.
    private func draw(_ view: UIView, topLeft: CGPoint, into svg: inout PictureBuilder) {
        guard !view.isHidden, view.alpha >= 0.01 else { return }
        let rect = CGRect(origin: topLeft, size: view.bounds.size)
        let translucent = view.alpha < 1
        if translucent { svg.beginGroup(opacity: view.alpha) }
        let sheet = presentedSheet(view, rect: rect)
        if let sheet, (sheet.controller as? UISheetPresentationController)?.dimsPresenter ?? true {
            // A sheet dims what it covers, unless it rests at or below its largest undimmed detent.
            svg.rect(system.screenBounds, fill: "#000000", opacity: 0.3)
        }
        if sheet != nil, system.device.idiom != .pad, rect.maxY >= system.screenBounds.maxY,
            let color = view.backgroundColor, color.alpha > 0
        {
            drawSheetBackground(color, in: rect, into: &svg)
        } else {
            drawBackground(of: view, in: rect, into: &svg)
        }
        switch view {
        case let field as UITextField: drawTextField(field, in: rect, into: &svg)
        case let label as UILabel: drawLabel(label, in: rect, into: &svg)
        case let button as UIButton: drawButton(button, in: rect, into: &svg)
        case let textView as UITextView: drawTextView(textView, in: rect, into: &svg)
        case let toolbar as UIToolbar: drawToolbar(toolbar, in: rect, into: &svg)
        case let bar as UINavigationBar: drawNavigationBar(bar, in: rect, into: &svg)
        case let cell as UITableViewCell: drawCell(cell, in: rect, into: &svg)
        case let cell as UICollectionViewListCell: drawListCell(cell, in: rect, into: &svg)
        default: break
        }
        let clips = view.clipsToBounds || view is UIScrollView
        if clips { svg.beginClip(rect) }
        drawSubviews(of: view, origin: topLeft, into: &svg)
        if clips { svg.endGroup() }
        drawBorder(of: view, in: rect, into: &svg)
        if let scrollView = view as? UIScrollView { drawScrollIndicator(scrollView, in: rect, into: &svg) }
        if let sheet = sheet?.controller as? UISheetPresentationController, sheet.prefersGrabberVisible {
            // The grabber: a 36 × 5 capsule 5 pt below the sheet's top edge.
            svg.rect(CGRect(x: rect.midX - 18, y: rect.minY + 5, width: 36, height: 5), fill: "#c5c5c7", radius: 2.5)
        }
        if translucent { svg.endGroup() }
    }

    private func drawSubviews(of view: UIView, origin: CGPoint, into svg: inout PictureBuilder) {
        for subview in view.subviews {
            let frame = subview.frame
            let topLeft = CGPoint(
                x: origin.x + frame.minX - view.bounds.minX, y: origin.y + frame.minY - view.bounds.minY)
            draw(subview, topLeft: topLeft, into: &svg)
        }
    }

    private func drawBackground(of view: UIView, in rect: CGRect, into svg: inout PictureBuilder) {
        guard let color = view.backgroundColor, color.alpha > 0 else { return }
        svg.rect(rect, fill: color.hexString, radius: view.layer.cornerRadius, opacity: color.alpha)
    }

    /// The layer's border, drawn over the content as Core Animation does, inside the bounds.
    private func drawBorder(of view: UIView, in rect: CGRect, into svg: inout PictureBuilder) {
        let layer = view.layer
        guard layer.drawsBorder, let color = layer.borderColor.map(UIColor.init(cgColor:)) else { return }
        let inset = rect.insetBy(dx: layer.borderWidth / 2, dy: layer.borderWidth / 2)
        svg.rect(
            inset, fill: "none", stroke: color.hexString, strokeWidth: layer.borderWidth,
            radius: max(0, layer.cornerRadius - layer.borderWidth / 2), opacity: color.alpha)
    }

    private func drawLabel(_ label: UILabel, in rect: CGRect, into svg: inout PictureBuilder) {
        guard let text = label.text, !text.isEmpty else { return }
        let size = label.font.pointSize
        let lines = label.numberOfLines == 1
            ? [text] : TextMetrics.lines(of: text, width: rect.width, pointSize: size)
        let lineHeight = label.font.lineHeight
        let top = rect.midY - CGFloat(lines.count) * lineHeight / 2
        let (x, anchor) = horizontalPosition(label.textAlignment, in: rect, inset: 0)
        for (index, line) in lines.enumerated() {
            let baseline = top + CGFloat(index) * lineHeight + lineHeight * 0.75
            svg.text(
                line, x: x, y: baseline, size: size, fill: label.textColor.hexString, anchor: anchor, measured: true)
        }
    }

    /// A table row: grey when selected, the separator inset 16 pt from the leading edge, the accessory glyph.
    private func drawCell(_ cell: UITableViewCell, in rect: CGRect, into svg: inout PictureBuilder) {
        if cell.isSelected && cell.selectionStyle != .none { svg.rect(rect, fill: "#d1d1d6") }
        if (cell.superview as? UITableView)?.separatorStyle != UITableViewCell.SeparatorStyle.none {
            svg.line(
                from: CGPoint(x: rect.minX + 16, y: rect.maxY - 0.25), to: CGPoint(x: rect.maxX, y: rect.maxY - 0.25),
                stroke: "#c6c6c8", width: 0.5)
        }
        let glyph: String? = switch cell.accessoryType {
        case .checkmark: "✓"
        case .disclosureIndicator: "›"
        case .detailButton, .detailDisclosureButton: "ⓘ"
        case .none: nil
        }
        if let glyph, cell.accessoryView == nil {
            let color = cell.accessoryType == .disclosureIndicator ? "#c4c4c7" : Self.blue
            svg.text(glyph, x: rect.maxX - 16, y: rect.midY + 6, size: 17, fill: color, anchor: .end)
        }
    }

    /// A presented controller's view that does not fill the screen (a sheet), with its presentation controller.
    private func presentedSheet(_ view: UIView, rect: CGRect) -> (controller: UIPresentationController?, view: UIView)? {
        guard let controller = view.owningViewController, controller.viewIfLoaded === view,
            controller.isPresentedItself, rect != system.screenBounds
        else { return nil }
        return (controller.sheetPresentationController, view)
    }

    /// A phone sheet's background with its top corners rounded (10 pt) and its bottom square against the screen's edge.
    private func drawSheetBackground(_ color: UIColor, in rect: CGRect, into svg: inout PictureBuilder) {
        svg.rect(rect, fill: color.hexString, radius: 10, opacity: color.alpha)
        let bottom = CGRect(x: rect.minX, y: rect.midY, width: rect.width, height: rect.height / 2)
        svg.rect(bottom, fill: color.hexString, opacity: color.alpha)
    }

    /// A list row: grey when selected, the separator inset 16 pt from the leading edge when the list shows them.
    private func drawListCell(_ cell: UICollectionViewListCell, in rect: CGRect, into svg: inout PictureBuilder) {
        if cell.isSelected { svg.rect(rect, fill: "#d1d1d6") }
        guard (cell.superview as? UICollectionView)?.listConfiguration?.showsSeparators ?? true else { return }
        svg.line(
            from: CGPoint(x: rect.minX + 16, y: rect.maxY - 0.25), to: CGPoint(x: rect.maxX, y: rect.maxY - 0.25),
            stroke: "#c6c6c8", width: 0.5)
    }

    private func drawButton(_ button: UIButton, in rect: CGRect, into svg: inout PictureBuilder) {
        let tint = (button.configuration?.baseBackgroundColor ?? button.tintColor ?? .systemBlue).hexString
        var configuredColor: String?
        if let configuration = button.configuration {
            // The configuration's style draws its background; a disabled button is grey, as iOS dims it.
            let radius = min(configuration.cornerRadius, rect.height / 2)
            switch configuration.background {
            case .filled:
                svg.rect(rect, fill: button.isEnabled ? tint : "#d1d1d6", radius: radius)
                configuredColor = button.isEnabled ? (configuration.baseForegroundColor ?? .white).hexString : "#8e8e93"
            case .tinted:
                svg.rect(rect, fill: tint, radius: radius, opacity: 0.15)
            case .gray:
                svg.rect(rect, fill: "#e5e5ea", radius: radius)
            case .none:
                break
            }
            if configuredColor == nil, let foreground = configuration.baseForegroundColor { configuredColor = foreground.hexString }
        }
        guard let title = button.currentTitle, !title.isEmpty else { return }
        let size = button.titleLabel?.font.pointSize ?? 17
        let color = configuredColor ?? button.titleColor(for: button.state)?.hexString
            ?? (button.isEnabled ? (button.tintColor ?? .systemBlue).hexString : "#999999")
        svg.text(title, x: rect.midX, y: rect.midY + size * 0.35, size: size, fill: color, anchor: .middle)
    }

    private func drawToolbar(_ toolbar: UIToolbar, in rect: CGRect, into svg: inout PictureBuilder) {
        if toolbar.backgroundColor == nil {
            svg.rect(rect, fill: toolbar.barTintColor?.hexString ?? (toolbar.barStyle == .default ? "#f7f7f7" : "#1c1c1e"))
        }
        svg.line(from: rect.origin, to: CGPoint(x: rect.maxX, y: rect.minY), stroke: "#b2b2b2", width: 0.5)
        for (item, frame) in toolbar.itemFrames where !item.isSpace {
            let color = item.isEnabled ? (item.tintColor ?? toolbar.tintColor ?? .systemBlue).hexString : "#999999"
            svg.text(
                item.displayTitle, x: rect.minX + frame.midX, y: rect.minY + frame.midY + 6, size: 17, fill: color,
                anchor: .middle, weight: item.style == .done ? 600 : 400)
        }
    }

    private func drawNavigationBar(_ bar: UINavigationBar, in rect: CGRect, into svg: inout PictureBuilder) {
        // The bar's background reaches up behind the status bar.
        let background = CGRect(x: rect.minX, y: min(rect.minY, 0), width: rect.width, height: rect.maxY - min(rect.minY, 0))
        svg.rect(background, fill: bar.backgroundColor?.hexString ?? "#f9f9f9")
        svg.line(from: CGPoint(x: rect.minX, y: rect.maxY), to: CGPoint(x: rect.maxX, y: rect.maxY), stroke: "#b2b2b2", width: 0.5)
        if let title = bar.topItem?.title, !title.isEmpty {
            svg.text(title, x: rect.midX, y: rect.midY + 6, size: 17, fill: "#000000", anchor: .middle, weight: 600)
        }
        if let back = bar.backTitle, let frame = bar.backButtonFrame {
            svg.text(back, x: rect.minX + frame.minX + 8, y: rect.midY + 6, size: 17, fill: Self.blue)
        }
        for item in [bar.topItem?.leftBarButtonItem, bar.topItem?.rightBarButtonItem].compactMap({ $0 }) {
            guard let frame = bar.frame(of: item) else { continue }
            svg.text(
                item.displayTitle, x: rect.minX + frame.midX, y: rect.midY + 6, size: 17,
                fill: item.isEnabled ? Self.blue : "#999999", anchor: .middle, weight: item.style == .done ? 600 : 400)
        }
    }

    private func drawTextField(_ field: UITextField, in rect: CGRect, into svg: inout PictureBuilder) {
        let editing = field.isFirstResponder
        switch field.borderStyle {
        case .roundedRect:
            svg.rect(
                rect, fill: field.backgroundColor == nil ? "#ffffff" : "none",
                stroke: editing ? Self.blue : "#c7c7cc", strokeWidth: editing ? 2 : 1, radius: 5)
        case .line:
            svg.rect(rect, fill: "none", stroke: editing ? Self.blue : "#000000")
        case .bezel:
            svg.rect(rect, fill: "none", stroke: editing ? Self.blue : "#8e8e93", strokeWidth: 2)
        case .none:
            if editing { svg.rect(rect, fill: "none", stroke: Self.blue, strokeWidth: 1, radius: 2) }
        }
        let font = field.font ?? UIFont.systemFont(ofSize: 17)
        let size = font.pointSize
        let inset: CGFloat = field.borderStyle == .none ? 0 : 7
        let text = field.text ?? ""
        let baseline = rect.midY + size * 0.35
        let shown = field.isSecureTextEntry ? String(repeating: "•", count: text.count) : text
        // The text sits between the overlay views (leftView/rightView) that are shown.
        let textArea = field.textRect(forBounds: field.bounds).offsetBy(dx: rect.minX, dy: rect.minY)
        let (x, anchor) = horizontalPosition(field.textAlignment, in: textArea, inset: inset)
        if shown.isEmpty {
            if let placeholder = field.placeholder, !placeholder.isEmpty {
                let color = field.attributedPlaceholder.flatMap { $0.length > 0 ? $0.attribute(.foregroundColor, at: 0, effectiveRange: nil) as? UIColor : nil }
                svg.text(placeholder, x: x, y: baseline, size: size, fill: color?.hexString ?? Self.placeholderGrey, anchor: anchor)
            }
        } else {
            svg.text(
                shown, x: x, y: baseline, size: size, fill: (field.textColor ?? .label).hexString, anchor: anchor,
                measured: true)
            if let marked = field.inputMarkedRange, !field.isSecureTextEntry {
                let width = TextMetrics.width(of: shown, pointSize: size)
                let left = anchor == .middle ? x - width / 2 : (anchor == .end ? x - width : x)
                drawMarkedUnderline(
                    in: shown, lineStart: 0, marked: marked, left: left, baseline: baseline, size: size, into: &svg)
            }
        }
        if editing {
            // The caret sits at the selection's end where `caretRect(for:)` puts it, so a subclass that overrides it
            // (returning `.zero` to hide the caret, the picker-field idiom) changes the picture too.
            let end = field.selection.location + field.selection.length
            let caret = field.caretRect(for: UITextPosition(offset: end))
            if caret.width > 0, caret.height > 0 {
                let caretX = rect.minX + caret.minX + 1
                svg.line(
                    from: CGPoint(x: caretX, y: rect.minY + caret.minY),
                    to: CGPoint(x: caretX, y: rect.minY + caret.maxY), stroke: Self.blue, width: 2)
            }
        }
        if field.isClearButtonVisible {
            let center = CGPoint(x: rect.maxX - inset - 8, y: rect.midY)
            svg.circle(center: center, radius: 8, fill: "#c7c7cc")
            svg.line(
                from: CGPoint(x: center.x - 3, y: center.y - 3), to: CGPoint(x: center.x + 3, y: center.y + 3),
                stroke: "#ffffff", width: 1.5)
            svg.line(
                from: CGPoint(x: center.x - 3, y: center.y + 3), to: CGPoint(x: center.x + 3, y: center.y - 3),
                stroke: "#ffffff", width: 1.5)
        }
    }

    /// Underlines the part of `line` (whose first UTF-16 unit is `lineStart` in the text) inside the marked text:
    /// a composition in progress, as the system draws it (§A2).
    private func drawMarkedUnderline(
        in line: String, lineStart: Int, marked: NSRange, left: CGFloat, baseline: CGFloat, size: CGFloat,
        into svg: inout PictureBuilder
    ) {
        let units = Array(line.utf16)
        let from = max(marked.location - lineStart, 0)
        let to = min(marked.location + marked.length - lineStart, units.count)
        guard from < to else { return }
        func width(_ count: Int) -> CGFloat {
            TextMetrics.width(of: String(decoding: units[..<count], as: UTF16.self), pointSize: size)
        }
        let y = baseline + size * 0.2
        svg.line(
            from: CGPoint(x: left + width(from), y: y), to: CGPoint(x: left + width(to), y: y), stroke: Self.blue,
            width: 1.5)
    }

    private func drawTextView(_ textView: UITextView, in rect: CGRect, into svg: inout PictureBuilder) {
        let font = textView.font ?? UIFont.systemFont(ofSize: 12)
        let inset = textView.textContainerInset
        let lines = textView.layoutLines
        let left = rect.minX + inset.left + 5 - textView.contentOffset.x
        let top = rect.minY + inset.top - textView.contentOffset.y
        svg.beginClip(rect)
        let marked = textView.inputMarkedRange
        let text = textView.text ?? ""
        var lineStart = 0
        for (index, line) in lines.enumerated() {
            let baseline = top + CGFloat(index) * font.lineHeight + font.lineHeight * 0.75
            if !line.isEmpty {
                svg.text(
                    line, x: left, y: baseline, size: font.pointSize, fill: (textView.textColor ?? .label).hexString,
                    measured: true)
            }
            if let marked {
                drawMarkedUnderline(
                    in: line, lineStart: lineStart, marked: marked, left: left, baseline: baseline,
                    size: font.pointSize, into: &svg)
            }
            // Lines are the text's pieces in order; a line break between them is not part of either.
            lineStart += line.utf16.count
            let utf16 = Array(text.utf16)
            if lineStart < utf16.count, utf16[lineStart] == 10 { lineStart += 1 }
        }
        if textView.isFirstResponder {
            // At the selection's end, where `caretRect(for:)` (content coordinates) puts it.
            let selection = textView.inputSelection
            let caret = textView.caretRect(for: UITextPosition(offset: selection.location + selection.length))
            if caret.width > 0, caret.height > 0 {
                let x = rect.minX - textView.contentOffset.x + caret.minX + 1
                let y = rect.minY - textView.contentOffset.y + caret.minY
                svg.line(from: CGPoint(x: x, y: y), to: CGPoint(x: x, y: y + caret.height), stroke: Self.blue, width: 2)
            }
        }
        svg.endGroup()
    }

    private func drawScrollIndicator(_ scrollView: UIScrollView, in rect: CGRect, into svg: inout PictureBuilder) {
        let contentHeight = scrollView.contentSize.height
        let visibleHeight = scrollView.bounds.height
        guard scrollView.showsVerticalScrollIndicator, contentHeight > visibleHeight, visibleHeight > 0 else { return }
        var insets = scrollView.verticalScrollIndicatorInsets
        if scrollView.automaticallyAdjustsScrollIndicatorInsets {
            let safe = scrollView.safeAreaInsets
            insets.top += safe.top
            insets.bottom += safe.bottom
        }
        let track = max(visibleHeight - insets.top - insets.bottom, 0)
        guard track > 0 else { return }
        let length = max(min(track * visibleHeight / contentHeight, track), min(36, track))
        let range = scrollView.scrollRange(insets: scrollView.adjustedContentInset)
        let progress = range.height > 0 ? min(max((scrollView.contentOffset.y - range.minY) / range.height, 0), 1) : 0
        let y = rect.minY + insets.top + progress * (track - length)
        svg.rect(CGRect(x: rect.maxX - 6, y: y, width: 3, height: length), fill: "#000000", radius: 1.5, opacity: 0.35)
    }

    private func horizontalPosition(_ alignment: NSTextAlignment, in rect: CGRect, inset: CGFloat) -> (CGFloat, PictureText.Anchor) {
        switch alignment {
        case .center: return (rect.midX, .middle)
        case .right: return (rect.maxX - inset, .end)
        default: return (rect.minX + inset, .start)
        }
    }

    private func drawStatusBar(into svg: inout PictureBuilder) {
        let screen = system.screenBounds
        let height = system.device.statusBarHeight
        // Notched phones hide the status bar in landscape.
        if system.isLandscape && system.device.hasHomeIndicator { return }
        let baseline = height * 0.5 + 4.5
        svg.text("9:41", x: screen.midX, y: baseline, size: 12, fill: "#000000", anchor: .middle, weight: 600)
        let battery = CGRect(x: screen.maxX - 34, y: height * 0.5 - 5, width: 22, height: 10)
        svg.rect(battery, fill: "none", stroke: "#000000", strokeWidth: 1, radius: 2.5)
        svg.rect(battery.insetBy(dx: 2, dy: 2), fill: "#000000", radius: 1)
    }

    private func drawKeyboard(into svg: inout PictureBuilder) {
        guard let frame = system.keyboard.frame else { return }
        let accessory = system.keyboard.accessoryView
        let accessoryHeight = accessory?.frame.height ?? 0
        let safeBottom = system.windowSafeAreaInsets.bottom
        svg.rect(frame, fill: "#d1d4da")
        if let accessory {
            draw(accessory, topLeft: CGPoint(x: frame.minX, y: frame.minY), into: &svg)
        }
        // A bar shown alone (flush with the bottom, #122) leaves no room for keys; CGRect would standardize a
        // negative height, so the check is on the number.
        let keysHeight = frame.height - accessoryHeight - safeBottom
        guard keysHeight > 0 else { return }
        let keys = CGRect(x: frame.minX, y: frame.minY + accessoryHeight, width: frame.width, height: keysHeight)
        if let custom = system.keyboard.customInputView {
            draw(custom, topLeft: keys.origin, into: &svg)
            return
        }
        if system.hardwareKeyboardConnected {
            svg.text("⌨︎ shortcuts", x: keys.midX, y: keys.midY + 5, size: 14, fill: "#333333", anchor: .middle)
            return
        }
        let owner = system.keyboard.owner
        let type = (owner as? UITextField)?.keyboardType ?? (owner as? UITextView)?.keyboardType ?? .default
        let returnType = (owner as? UITextField)?.returnKeyType ?? (owner as? UITextView)?.returnKeyType ?? .default
        if type.isNumberPad {
            drawNumberPad(in: keys, decimal: type == .decimalPad, into: &svg)
        } else {
            var letters = keys
            if !candidates.isEmpty {
                // The candidate bar takes the top of the keyboard, where the predictive bar is (§A2).
                let bar = CGRect(x: keys.minX, y: keys.minY, width: keys.width, height: 36)
                drawCandidateBar(in: bar, into: &svg)
                letters = CGRect(x: keys.minX, y: bar.maxY, width: keys.width, height: keys.height - bar.height)
            }
            if inputMethod == .pinyin && system.behavior.pinyinLayout == .nineKey {
                drawNineKeys(in: letters, into: &svg)
            } else {
                drawLetters(in: letters, returnTitle: Self.returnTitle(returnType), into: &svg)
            }
        }
    }

    /// The candidates left to right, the first (what a space would choose) in bold, as many as fit.
    private func drawCandidateBar(in bar: CGRect, into svg: inout PictureBuilder) {
        svg.rect(bar, fill: "#f2f2f5")
        svg.line(
            from: CGPoint(x: bar.minX, y: bar.maxY), to: CGPoint(x: bar.maxX, y: bar.maxY), stroke: "#b2b2b2", width: 0.5)
        var x = bar.minX + 12
        for (index, candidate) in candidates.enumerated() {
            let width = TextMetrics.width(of: candidate, pointSize: 17)
            guard x + width <= bar.maxX - 12 else { break }
            svg.text(
                candidate, x: x, y: bar.midY + 6, size: 17, fill: "#000000", weight: index == 0 ? 600 : 400,
                measured: true)
            x += width + 24
        }
    }

    /// The nine-key Pinyin layout (九宫格): letter groups ABC…WXYZ in a 3×3 grid between a punctuation column and
    /// a column of Delete, re-type and Return (§A2.2 item 4).
    private func drawNineKeys(in area: CGRect, into svg: inout PictureBuilder) {
        let rowHeight = area.height / 4
        let columnWidth = area.width / 5
        let fontSize = min(16, (rowHeight - 8) * 0.45)
        func key(_ column: CGFloat, _ row: CGFloat, _ title: String, width: CGFloat = 1, height: CGFloat = 1, fill: String = "#ffffff") {
            let rect = CGRect(
                x: area.minX + column * columnWidth + 3, y: area.minY + row * rowHeight + 4,
                width: width * columnWidth - 6, height: height * rowHeight - 8)
            svg.rect(rect, fill: fill, radius: 5)
            svg.text(title, x: rect.midX, y: rect.midY + fontSize * 0.35, size: fontSize, fill: "#000000", anchor: .middle)
        }
        let groups = ["@/.", "ABC", "DEF", "GHI", "JKL", "MNO", "PQRS", "TUV", "WXYZ"]
        for (index, group) in groups.enumerated() {
            key(CGFloat(1 + index % 3), CGFloat(index / 3), group)
        }
        key(0, 0, "，", height: 3, fill: "#adb3bc")
        key(4, 0, "⌫", fill: "#adb3bc")
        key(4, 1, "重输", fill: "#adb3bc")
        key(4, 2, "确认", height: 2, fill: "#adb3bc")
        key(0, 3, "123", fill: "#adb3bc")
        key(1, 3, "空格", width: 3)
    }

    private func drawLetters(in area: CGRect, returnTitle: String, into svg: inout PictureBuilder) {
        let rows = ["QWERTYUIOP", "ASDFGHJKL", "ZXCVBNM"]
        let rowHeight = area.height / 4
        let keyWidth = area.width / 10
        let keyHeight = rowHeight - 10
        let fontSize = min(18, keyHeight * 0.55)
        func key(_ rect: CGRect, _ title: String, fill: String = "#ffffff", size: CGFloat? = nil) {
            svg.rect(rect, fill: fill, radius: 5)
            svg.text(
                title, x: rect.midX, y: rect.midY + (size ?? fontSize) * 0.35, size: size ?? fontSize,
                fill: "#000000", anchor: .middle)
        }
        for (index, row) in rows.enumerated() {
            let count = CGFloat(row.count)
            let start = area.minX + (area.width - count * keyWidth) / 2
            let y = area.minY + CGFloat(index) * rowHeight + 6
            for (column, letter) in row.enumerated() {
                key(CGRect(x: start + CGFloat(column) * keyWidth + 3, y: y, width: keyWidth - 6, height: keyHeight), String(letter))
            }
            if index == 2 {
                let special = start - area.minX - 6
                key(CGRect(x: area.minX + 3, y: y, width: special, height: keyHeight), "⇧", fill: "#adb3bc")
                key(CGRect(x: area.maxX - 3 - special, y: y, width: special, height: keyHeight), "⌫", fill: "#adb3bc")
            }
        }
        let y = area.minY + 3 * rowHeight + 6
        let side = keyWidth * 2.5
        key(CGRect(x: area.minX + 3, y: y, width: side - 6, height: keyHeight), "123", fill: "#adb3bc", size: fontSize * 0.8)
        let spaceTitle = switch inputMethod {
        case .english: "space"
        case .pinyin: "空格"
        case .japaneseKana: "空白"
        }
        key(CGRect(x: area.minX + side + 3, y: y, width: area.width - 2 * side - 6, height: keyHeight), spaceTitle, size: fontSize * 0.8)
        if system.device.idiom == .pad {
            // The iPad keyboard has a dismiss key at the bottom right (the driver's `dismissKeyboard()`).
            let half = side / 2
            key(CGRect(x: area.maxX - side + 3, y: y, width: half - 6, height: keyHeight), returnTitle, fill: "#adb3bc", size: fontSize * 0.8)
            key(CGRect(x: area.maxX - half + 3, y: y, width: half - 6, height: keyHeight), "⌨︎↓", fill: "#adb3bc", size: fontSize * 0.8)
        } else {
            key(CGRect(x: area.maxX - side + 3, y: y, width: side - 6, height: keyHeight), returnTitle, fill: "#adb3bc", size: fontSize * 0.8)
        }
    }

    private func drawNumberPad(in area: CGRect, decimal: Bool, into svg: inout PictureBuilder) {
        let titles = ["1", "2", "3", "4", "5", "6", "7", "8", "9", decimal ? "." : "", "0", "⌫"]
        let rowHeight = area.height / 4
        let keyWidth = area.width / 3
        for (index, title) in titles.enumerated() {
            let rect = CGRect(
                x: area.minX + CGFloat(index % 3) * keyWidth + 3, y: area.minY + CGFloat(index / 3) * rowHeight + 3,
                width: keyWidth - 6, height: rowHeight - 6)
            if !title.isEmpty && title != "⌫" { svg.rect(rect, fill: "#ffffff", radius: 5) }
            let size = min(24, rowHeight * 0.5)
            svg.text(title, x: rect.midX, y: rect.midY + size * 0.35, size: size, fill: "#000000", anchor: .middle)
        }
    }

    private static func returnTitle(_ type: UIReturnKeyType) -> String {
        switch type {
        case .default: return "return"
        case .go: return "go"
        case .google, .search, .yahoo: return "search"
        case .join: return "join"
        case .next: return "next"
        case .route: return "route"
        case .send: return "send"
        case .done: return "done"
        case .emergencyCall: return "SOS"
        case .continue: return "continue"
        }
    }

    // MARK: Alt text

    /// What the alt text says of the screen, in no language (`ScreenDescription`).
    func screenDescription() -> ScreenDescription {
        let screen = system.screenBounds
        let editing: ScreenDescription.Editing
        switch system.keyWindow?.firstResponder {
        case let field as UITextField: editing = .textField(name: traceName(field), text: field.text ?? "")
        case let textView as UITextView: editing = .textView(name: traceName(textView))
        case let other?: editing = .firstResponder(name: traceName(other))
        case nil: editing = .nothing
        }
        let keyboard: ScreenDescription.Keyboard
        if let frame = system.keyboard.frame, system.keyboard.isUndocked {
            keyboard = .undocked(height: formatPoints(frame.height), top: formatPoints(frame.minY))
        } else if let frame = system.keyboard.frame {
            keyboard = .up(height: formatPoints(frame.height), top: formatPoints(frame.minY))
        } else {
            keyboard = .hidden
        }
        var scrollViews: [UIScrollView] = []
        for window in system.windows where !window.isHidden { collectScrollViews(in: window, into: &scrollViews) }
        return ScreenDescription(
            device: system.device.name, width: formatPoints(screen.width), height: formatPoints(screen.height), isLandscape: system.isLandscape,
            editing: editing, composing: composingDescription().map { ($0, Array(candidates.prefix(5))) }, keyboard: keyboard,
            scrolled: scrollViews.prefix(3).filter { $0.contentOffset != .zero }.map { (traceName($0), formatPoint($0.contentOffset)) })
    }

    /// The first responder's marked text, if it is composing.
    private func composingDescription() -> String? {
        guard let input = system.keyWindow?.firstResponder as? MarkedTextStorage, let marked = input.inputMarkedRange,
            let text = (input as? UITextField)?.text ?? (input as? UITextView)?.text
        else { return nil }
        let units = Array(text.utf16)
        guard marked.location >= 0, marked.location + marked.length <= units.count else { return nil }
        return String(decoding: units[marked.location..<(marked.location + marked.length)], as: UTF16.self)
    }

    private func collectScrollViews(in view: UIView, into result: inout [UIScrollView]) {
        guard !view.isHidden else { return }
        if let scrollView = view as? UIScrollView, !(view is UITextView) { result.append(scrollView) }
        for subview in view.subviews { collectScrollViews(in: subview, into: &result) }
    }
}

extension UIKeyboardType {
    /// Whether the keyboard is a keypad of digits, which draws no letters and has no Return key.
    var isNumberPad: Bool { [.numberPad, .phonePad, .decimalPad, .asciiCapableNumberPad].contains(self) }
}
