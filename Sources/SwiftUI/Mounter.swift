import UIKitModel
import UIKitBehavior

/// Keeps the UIKit views that show a resolved tree, one per view identity, and places them.
@MainActor final class Mounter {
    private var views: [String: UIView] = [:]

    /// The UIKit view mounted for the element at `path`, if it is on screen.
    func mountedView(at path: String) -> UIView? { views[path] }
    /// The view and content heights (width, height) of anchored scroll views at their last mount (`defaultScrollAnchor`, S54).
    private var anchoredSizes: [String: CGSize] = [:]
    /// The mounted text fields and text views, in tree order (focus assignment picks the first candidate, S24).
    private(set) var textFields: [FocusableInput] = []

    /// The identity of the mounted view that is first responder.
    func focusedPath() -> String? {
        views.first { $0.value.isFirstResponder }?.key
    }

    /// Tells the graph of the hosting view `view` is in that focus moved (for `FocusedValue` readers, S37).
    static func focusMoved(in view: UIView) {
        var current: UIView? = view
        while let candidate = current, !(candidate is _UIHostingView) { current = candidate.superview }
        (current as? _UIHostingView)?.graph.focusedValuesMayHaveChanged()
    }

    /// Lays `root` out in the host's safe frame (centred, as SwiftUI places a root view) and updates the views.
    func mount(_ root: Element, in host: _UIHostingView, updating: Bool) {
        Mounter.active = self
        defer { Mounter.active = nil }
        self.updating = updating
        updated = []
        Layout.hostFrames = (host.bounds, host.safeFrame, host.layoutFrame)
        var safe = host.layoutFrame
        // A root that ignores the keyboard is laid out as if the keyboard were down (S39).
        if case .ignoresSafeArea(let regions, let edges, _) = root.kind, edges.contains(.bottom) {
            if regions.contains(.keyboard) { safe.size.height = host.safeFrame.maxY - safe.minY }
            if regions == .all { safe = host.bounds }
        }
        let size = Layout.size(of: root, proposal: ProposedSize(width: safe.width, height: safe.height))
        let rect = CGRect(
            x: safe.minX + (safe.width - size.width) / 2, y: safe.minY + (safe.height - size.height) / 2,
            width: size.width, height: size.height)
        seen = []
        geometryChanged = false
        fields = []
        identified = [:]
        seenPositioned = []
        mountTree(root, in: rect, container: host)
        positioned = positioned.filter { seenPositioned.contains($0.key) }
        textFields = fields
        for (path, view) in views where !seen.contains(path) {
            // A view whose identity is gone is destroyed: a focused field loses focus with it (S27).
            view.removeFromSuperview()
            views[path] = nil
            dismantlers.removeValue(forKey: path)?(view)
        }
    }

    /// Each `GeometryReader`'s frame on screen and safe-area insets at the last layout.
    private var geometries: [String: (frame: CGRect, insets: EdgeInsets)] = [:]
    /// A reader got another frame than its content was resolved with: the tree must be resolved again.
    var geometryChanged = false

    /// The frame and insets a `GeometryReader` resolves its content with: the last layout's (zero at first).
    func geometry(for path: String) -> (frame: CGRect, insets: EdgeInsets) {
        geometries[path] ?? (.zero, EdgeInsets())
    }

    /// How far `frame` (on screen) reaches into the safe-area insets of the hosting view holding `view`.
    static func safeInsets(of frame: CGRect, in view: UIView) -> EdgeInsets {
        var current: UIView? = view
        while let candidate = current, !(candidate is _UIHostingView) { current = candidate.superview }
        guard let host = current as? _UIHostingView else { return EdgeInsets() }
        let safe = host.convert(host.layoutFrame, to: nil)
        return EdgeInsets(
            top: max(0, safe.minY - frame.minY), leading: max(0, safe.minX - frame.minX),
            bottom: max(0, frame.maxY - safe.maxY), trailing: max(0, frame.maxX - safe.maxX))
    }

    /// Called when a scroll view scrolls.
    var onScroll: (() -> Void)?

    /// The mounter laying out now (a representable is measured through its UIKit view).
    static var active: Mounter?
    /// Whether this pass is an update (representables get `updateUIView`) rather than a new layout.
    private var updating = false
    private var updated: Set<String> = []
    /// `dismantleUIView` of each mounted representable, called when its identity goes.
    private var dismantlers: [String: (UIView) -> Void] = [:]
    private var seen: Set<String> = []
    /// Views with an explicit `id`: the view they are placed in and their frame there.
    private var identified: [AnyHashable: (container: UIView, frame: CGRect)] = [:]

    /// Scrolls the scroll view that holds the view with `id` so the view shows, aligned by `anchor` (S52).
    func scrollTo(_ id: AnyHashable, anchor: UnitPoint?) {
        guard let (container, frame) = identified[id] else { return }
        var view: UIView? = container
        while let current = view, !(current is UIScrollView && !(current is UITextView)) { view = current.superview }
        guard let scrollView = view as? UIScrollView else { return }
        let target = container.convert(frame, to: scrollView)
        guard let anchor else {
            scrollView.scrollRectToVisible(target, animated: false)
            return
        }
        let visible = scrollView.bounds.height - scrollView.adjustedContentInset.top - scrollView.adjustedContentInset.bottom
        let wanted = target.minY + (target.height - visible) * anchor.y - scrollView.adjustedContentInset.top
        let lowest = -scrollView.adjustedContentInset.top
        let highest = max(lowest, scrollView.contentSize.height + scrollView.adjustedContentInset.bottom - scrollView.bounds.height)
        scrollView.contentOffset = CGPoint(x: scrollView.contentOffset.x, y: min(max(wanted, lowest), highest))
    }

    /// The representable's UIKit view, made (with its first update) the first time it is needed (S60).
    func representableView(for element: Element, _ spec: RepresentableSpec) -> UIView {
        if let view = views[element.path] {
            if updating, spec.isNew, !updated.contains(element.path) {
                updated.insert(element.path)
                spec.update(view)
            }
            return view
        }
        let view = spec.make()
        views[element.path] = view
        dismantlers[element.path] = spec.dismantle
        updated.insert(element.path)
        spec.update(view)
        return view
    }
    private var fields: [FocusableInput] = []
    /// The catchers of the `onTapGesture`s around what is being mounted, innermost last.
    private var catchers: [SwiftUITapCatcher] = []
    /// How many controls (buttons, toggles) the views being mounted are the label of: texts there take no touches.
    private var controlDepth = 0

    private func mountTree(_ element: Element, in rect: CGRect, container: UIView) {
        Layout.place(element, in: rect) { leaf, frame in
            if case .geometry(let child) = leaf.kind {
                let global = container.convert(frame, to: nil)
                let insets = Mounter.safeInsets(of: global, in: container)
                if geometries[leaf.path]?.frame != global || geometries[leaf.path]?.insets != insets { geometryChanged = true }
                geometries[leaf.path] = (global, insets)
                let content = Layout.size(of: child, proposal: ProposedSize(width: frame.width, height: frame.height))
                return mountTree(child, in: CGRect(origin: frame.origin, size: content), container: container)
            }
            if case .identified(let id, let child) = leaf.kind {
                identified[id] = (container, frame)
                return mountTree(child, in: frame, container: container)
            }
            if case .navigation(let bar, let child) = leaf.kind {
                return mountNavigation(leaf, bar, child, frame: frame, container: container)
            }
            if case .focusable(let spec, let child) = leaf.kind {
                seen.insert(leaf.path)
                let responder = existing(leaf.path, container) { SwiftUIFocusableView(frame: .zero) }
                if container.subviews.first !== responder { container.insertSubview(responder, at: 0) }
                responder.frame = frame
                responder.spec = spec
                fields.append(responder)
                return mountTree(child, in: frame, container: container)
            }
            if case .rowActions(let spec, let child) = leaf.kind {
                (container as? SwiftUIScrollView)?.noteRow(frame, spec)
                return mountTree(child, in: frame, container: container)
            }
            if case .tapTarget(let spec, _, let child) = leaf.kind {
                return mountTapTarget(leaf, spec, child, frame: frame, container: container)
            }
            seen.insert(leaf.path)
            let view = self.view(for: leaf, in: container)
            view.frame = frame
            if let shadow = leaf.shadow {
                view.layer.shadowColor = shadow.color.cgColor
                view.layer.shadowOpacity = 1
                view.layer.shadowRadius = shadow.radius
                view.layer.shadowOffset = shadow.offset
            }
            switch leaf.kind {
            // A hit-testable text, image, visible colour or filled shape takes the touches on it (a field under it
            // gets none), and hands them to the tap gesture around it (S58); inside a control's label the control
            // takes them. A clear colour and a stroked outline take none.
            case .color, .shape:
                view.isUserInteractionEnabled = leaf.allowsHitTesting && controlDepth == 0 && leaf.drawsOpaqueFill
                (view as? SwiftUIColorView)?.tapCatcher = catchers.last
            case .text, .image:
                view.isUserInteractionEnabled = leaf.allowsHitTesting && controlDepth == 0
                (view as? SwiftUILabel)?.tapCatcher = catchers.last
                (view as? SwiftUIImageView)?.tapCatcher = catchers.last
            default: view.isUserInteractionEnabled = leaf.allowsHitTesting
            }
            if case .shape(let drawing) = leaf.kind {
                view.layer.cornerRadius = drawing.cornerRadius(frame.size)
                if let bounds = drawing.pathBounds?(frame) { view.frame = bounds.offsetBy(dx: frame.minX, dy: frame.minY) }
            }
            if let field = view as? FocusableInput { fields.append(field) }
            if let scrollView = view as? UIScrollView, !(view is UITextView) {
                mountContent(of: leaf, in: scrollView)
            }
            if case .button(let spec) = leaf.kind, spec.title == nil {
                // A label made of views (an icon and text, a stack) is drawn inside the control.
                controlDepth += 1
                mountTree(spec.label, in: CGRect(origin: .zero, size: frame.size), container: view)
                controlDepth -= 1
            }
            if case .toggle(let spec) = leaf.kind { mountToggle(leaf, spec, in: view) }
        }
    }

    /// A navigation bar at the top of `frame` (its background reaching up behind the status bar), the title inline
    /// (17-point semibold, centred) or large (34-point bold, leading), and the root view centred below it.
    private func mountNavigation(_ element: Element, _ bar: NavigationBarSpec, _ child: Element, frame: CGRect, container: UIView) {
        seen.insert(element.path)
        seen.insert(element.path + "/title")
        let background = existing(element.path, container) { SwiftUINavigationBar() }
        background.backgroundColor = UIColor(red: 249 / 255, green: 249 / 255, blue: 249 / 255, alpha: 1)
        background.frame = CGRect(x: frame.minX, y: 0, width: frame.width, height: frame.minY + bar.height)
        let title = existing(element.path + "/title", background) { UILabel() }
        // Principal items take the title's place (S46's toolbar placements; Apple's ToolbarItemPlacement.principal).
        title.text = bar.principal == nil ? bar.title : nil
        title.font = bar.isLarge ? .boldSystemFont(ofSize: 34) : .boldSystemFont(ofSize: 17)
        let size = title.sizeThatFits(.zero)
        title.frame = bar.isLarge
            ? CGRect(x: 16, y: frame.minY + 44 + (52 - size.height) / 2, width: size.width, height: size.height)
            : CGRect(x: (frame.width - size.width) / 2, y: frame.minY + (44 - size.height) / 2, width: size.width, height: size.height)
        mountBarItems(bar, in: CGRect(x: 16, y: frame.minY, width: frame.width - 32, height: 44), container: background)
        background.backButton = bar.backButtonPath.flatMap { views[$0] }
        if let principal = bar.principal {
            let size = Layout.size(of: principal, proposal: ProposedSize(width: frame.width - 160, height: 44))
            mountTree(principal, in: CGRect(
                x: (frame.width - size.width) / 2, y: frame.minY + (44 - size.height) / 2, width: size.width, height: size.height),
                container: background)
        }
        if let search = bar.search {
            mountTree(search, in: CGRect(x: 16, y: frame.minY + bar.titleHeight + 8, width: frame.width - 32, height: 36),
                      container: background)
        }
        if let scopes = bar.scopes {
            mountTree(scopes, in: CGRect(x: 16, y: frame.minY + bar.titleHeight + 52, width: frame.width - 32, height: 32),
                      container: background)
        }
        var bottom: CGFloat = 0
        if let items = bar.bottomBar {
            // A toolbar at the bottom of the screen's area, its background down to the screen's edge [approximation:
            // it sits above a docked keyboard rather than under it].
            bottom = NavigationBarSpec.bottomBarHeight
            seen.insert(element.path + "/bottomBar")
            let toolbar = existing(element.path + "/bottomBar", container) { UIView() }
            toolbar.backgroundColor = background.backgroundColor
            toolbar.frame = CGRect(x: frame.minX, y: frame.maxY - bottom, width: frame.width,
                                   height: max(bottom, (container.bounds.maxY) - (frame.maxY - bottom)))
            mountTree(items, in: CGRect(x: 16, y: 0, width: frame.width - 32, height: bottom), container: toolbar)
        }
        let area = CGRect(
            x: frame.minX, y: frame.minY + bar.height, width: frame.width, height: max(0, frame.height - bar.height - bottom))
        let content = Layout.size(of: child, proposal: ProposedSize(width: area.width, height: area.height))
        mountTree(child, in: CGRect(
            x: area.minX + (area.width - content.width) / 2, y: area.minY + (area.height - content.height) / 2,
            width: content.width, height: content.height), container: container)
    }

    /// The bar's items, leading ones from the left edge and trailing ones from the right, 8 points apart.
    private func mountBarItems(_ bar: NavigationBarSpec, in rect: CGRect, container: UIView) {
        var x = rect.minX
        for item in bar.leading {
            let size = Layout.size(of: item, proposal: ProposedSize(width: nil, height: nil))
            mountTree(item, in: CGRect(x: x, y: rect.minY + (rect.height - size.height) / 2, width: size.width, height: size.height), container: container)
            x += size.width + Layout.defaultSpacing
        }
        x = rect.maxX
        for item in bar.trailing.reversed() {
            let size = Layout.size(of: item, proposal: ProposedSize(width: nil, height: nil))
            x -= size.width
            mountTree(item, in: CGRect(x: x, y: rect.minY + (rect.height - size.height) / 2, width: size.width, height: size.height), container: container)
            x -= Layout.defaultSpacing
        }
    }

    /// A tap catcher behind the content: it takes taps on what the content draws (S58).
    private func mountTapTarget(_ element: Element, _ spec: TapSpec, _ child: Element, frame: CGRect, container: UIView) {
        seen.insert(element.path)
        let catcher = existing(element.path, container) { SwiftUITapCatcher(frame: .zero) }
        if container.subviews.first !== catcher { container.insertSubview(catcher, at: 0) }
        catcher.frame = frame
        catcher.isUserInteractionEnabled = element.allowsHitTesting
        catcher.action = spec.action
        catcher.fillsFrame = spec.fillsFrame
        // A double tap needs two taps; the driver's taps are single, so it never fires, as the model's recognizer.
        catcher.recognizer.numberOfTapsRequired = spec.count
        var drawn: [CGRect] = []
        Layout.place(child, in: frame) { leaf, leafFrame in
            switch leaf.kind {
            case .text, .image, .color, .shape where leaf.drawsOpaqueFill || leaf.isTextOrImage:
                drawn.append(leafFrame.offsetBy(dx: -frame.minX, dy: -frame.minY))
            default: break
            }
        }
        catcher.drawnFrames = drawn
        catchers.append(catcher)
        mountTree(child, in: frame, container: container)
        catchers.removeLast()
    }

    /// Lays out a scroll view's or a list's content in its content coordinates and keeps the focused field in
    /// view (S47).
    private func mountContent(of element: Element, in scrollView: UIScrollView) {
        let width = scrollView.bounds.width
        switch element.kind {
        case .scroll(let spec, let child):
            scrollView.keyboardDismissMode = spec.dismissal.keyboardDismissMode
            let size = Layout.size(of: child, proposal: ProposedSize(width: width, height: nil))
            let old = anchoredSizes[element.path]
            let anchorY = spec.anchor?.y ?? 0
            let viewport = scrollView.bounds.height - scrollView.adjustedContentInset.top - scrollView.adjustedContentInset.bottom
            // Content smaller than the view is aligned to the anchor (S54, the `.alignment` role).
            let contentY = max(0, viewport - size.height) * anchorY
            scrollView.contentSize = CGSize(width: width, height: max(size.height, contentY + size.height))
            mountTree(child, in: CGRect(x: (width - size.width) / 2, y: contentY, width: size.width, height: size.height), container: scrollView)
            if spec.anchor != nil { anchor(scrollView, at: anchorY, path: element.path, previous: old) }
            if let position = spec.position { applyPosition(position, to: scrollView, path: element.path) }
        case .list(let spec, let rows):
            scrollView.keyboardDismissMode = spec.dismissal.keyboardDismissMode
            (scrollView as? SwiftUIScrollView)?.startRows()
            let layout = Layout.listLayout(rows, width: width, style: spec.style)
            scrollView.contentSize = CGSize(width: width, height: layout.height)
            scrollView.backgroundColor = element.hidesScrollContentBackground
                ? .clear : spec.style.isGrouped ? .systemGroupedBackground : .systemBackground
            for item in layout.items {
                switch item {
                case .background(let path, let frame):
                    seen.insert(path)
                    let background = existing(path, scrollView) { UIView() }
                    background.backgroundColor = .systemBackground
                    background.layer.cornerRadius = spec.style.cornerRadius
                    background.isUserInteractionEnabled = false
                    background.frame = frame
                case .row(let row, let frame): mountTree(row, in: frame, container: scrollView)
                case .caption(let text, let path, let frame):
                    seen.insert(path)
                    let label = existing(path, scrollView) { UILabel() }
                    label.text = text
                    label.font = Layout.headerFont
                    label.frame = frame
                }
            }
        default: return
        }
        if let responder = scrollView.window?.firstResponder as? UIView, responder.isDescendant(of: scrollView),
            responder !== scrollView
        {
            // S47 [U]: the gap left between the field and the keyboard is the profile's.
            var rect = responder.convert(responder.bounds, to: scrollView)
            rect.size.height += UIKitSystem.shared.behavior.swiftUI.focusedFieldKeyboardMargin
            scrollView.scrollRectToVisible(rect, animated: false)
        }
    }

    /// Scrolls to the anchor the first time and, when the content's or the view's height changed, if the view showed
    /// the anchored position before (S54: initial offset and size changes).
    private func anchor(_ scrollView: UIScrollView, at anchorY: CGFloat, path: String, previous: CGSize?) {
        let inset = scrollView.adjustedContentInset
        func target(viewport: CGFloat, content: CGFloat) -> CGFloat {
            let maxOffset = max(-inset.top, content - viewport + inset.bottom)
            return -inset.top + (maxOffset + inset.top) * anchorY
        }
        let sizes = CGSize(width: scrollView.bounds.height, height: scrollView.contentSize.height)
        defer { anchoredSizes[path] = sizes }
        if let previous {
            guard previous != sizes else { return }
            let before = target(viewport: previous.width, content: previous.height)
            guard abs(scrollView.contentOffset.y - before) < 1 else { return }
        }
        let offset = target(viewport: sizes.width, content: sizes.height)
        scrollView.contentOffset = CGPoint(x: scrollView.contentOffset.x, y: offset)
    }

    private func view(for element: Element, in container: UIView) -> UIView {
        switch element.kind {
        case .text(let string, let font):
            let label = existing(element.path, container) { SwiftUILabel() }
            label.text = string
            label.font = font
            label.numberOfLines = 0
            label.textColor = element.foreground ?? .label
            label.textAlignment = element.textAlignment
            return label
        case .image(let name, _):
            let imageView = existing(element.path, container) { SwiftUIImageView() }
            imageView.image = UIImage(systemName: name)
            imageView.tintColor = element.foreground
            return imageView
        case .color(let color):
            let view = existing(element.path, container) { SwiftUIColorView() }
            view.backgroundColor = color
            return view
        case .shape(let drawing):
            let view = existing(element.path, container) { SwiftUIColorView() }
            view.backgroundColor = drawing.fill
            view.layer.borderWidth = drawing.stroke?.width ?? 0
            view.layer.borderColor = drawing.stroke?.color.cgColor
            return view
        case .textField(let spec):
            let field = existing(element.path, container) { SwiftUITextField() }
            field.configure(spec)
            return field
        case .textView(let spec):
            let textView = existing(element.path, container) { SwiftUITextView(frame: .zero) }
            textView.configure(spec)
            if element.hidesScrollContentBackground { textView.backgroundColor = .clear }
            textView.showsVerticalScrollIndicator = !element.hiddenScrollIndicators.contains(.vertical)
            textView.showsHorizontalScrollIndicator = !element.hiddenScrollIndicators.contains(.horizontal)
            textView.isScrollEnabled = !element.scrollDisabled
            return textView
        case .button(let spec):
            let button = existing(element.path, container) { SwiftUIButton(type: .system) }
            button.configure(spec)
            return button
        case .scroll, .list:
            let scrollView = existing(element.path, container) { SwiftUIScrollView() }
            scrollView.didScroll = { [unowned self] in
                onScroll?()
                schedulePositionRead()
            }
            scrollView.showsVerticalScrollIndicator = !element.hiddenScrollIndicators.contains(.vertical)
            scrollView.showsHorizontalScrollIndicator = !element.hiddenScrollIndicators.contains(.horizontal)
            // A list (a collection view on iOS) bounces even when its rows fit, so a drag on a short list still
            // scrolls it and dismisses the keyboard as `scrollDismissesKeyboard` says.
            if case .list = element.kind { scrollView.alwaysBounceVertical = true }
            if let bounces = element.bouncesVertically { scrollView.alwaysBounceVertical = bounces }
            if let bounces = element.bouncesHorizontally { scrollView.alwaysBounceHorizontal = bounces }
            scrollView.isScrollEnabled = !element.scrollDisabled
            return scrollView
        case .representable(let spec):
            let view = representableView(for: element, spec)
            if view.superview !== container { container.addSubview(view) }
            return view
        default:
            return existing(element.path, container) { UIView() }
        }
    }

    /// A toggle's row: the label at the leading edge, the switch at the trailing edge, both centred vertically.
    private func mountToggle(_ element: Element, _ spec: ToggleSpec, in row: UIView) {
        let switchPath = element.path + "/switch"
        seen.insert(switchPath)
        let control = existing(switchPath, row) { SwiftUISwitch() }
        control.configure(spec)
        let size = row.bounds.size
        control.frame = CGRect(x: size.width - Layout.switchWidth, y: (size.height - 31) / 2, width: Layout.switchWidth, height: 31)
        let labelWidth = max(0, size.width - Layout.switchWidth - Layout.defaultSpacing)
        let label = Layout.size(of: spec.label, proposal: ProposedSize(width: labelWidth, height: nil))
        controlDepth += 1
        mountTree(spec.label, in: CGRect(x: 0, y: (size.height - label.height) / 2, width: labelWidth, height: label.height), container: row)
        controlDepth -= 1
    }

    /// The scroll views with a `scrollPosition` binding and the id each last showed or was sent to (S53).
    private var positioned: [String: (scrollView: UIScrollView, spec: ScrollPositionSpec, last: AnyHashable?)] = [:]
    private var positionReadScheduled = false

    /// Scrolls to the bound id when code changed it since the last mount.
    private func applyPosition(_ spec: ScrollPositionSpec, to scrollView: UIScrollView, path: String) {
        seenPositioned.insert(path)
        let wanted = spec.get()
        let isNew = positioned[path] == nil
        let last = positioned[path]?.last
        positioned[path] = (scrollView, spec, isNew ? wanted : last)
        guard let wanted, isNew || wanted != last else { return }
        positioned[path]?.last = wanted
        if let request = wanted.base as? ScrollPosition.Request {
            return scroll(scrollView, to: request.target, anchor: spec.anchor)
        }
        scrollTo(wanted, anchor: spec.anchor ?? .top)
    }
    private var seenPositioned: Set<String> = []

    /// Scrolls to what a `ScrollPosition` asks for: a view (to `anchor`, else into view), an edge, or a point.
    private func scroll(_ scrollView: UIScrollView, to target: ScrollPosition.Target, anchor: UnitPoint?) {
        let lowest = -scrollView.adjustedContentInset.top
        let highest = max(lowest, scrollView.contentSize.height + scrollView.adjustedContentInset.bottom - scrollView.bounds.height)
        switch target {
        case .none: return
        case .view(let id, let ownAnchor): scrollTo(id, anchor: ownAnchor ?? anchor)
        case .edge(let edge):
            guard edge == .top || edge == .bottom else { return }
            scrollView.contentOffset = CGPoint(x: scrollView.contentOffset.x, y: edge == .top ? lowest : highest)
        case .point(let x, let y):
            scrollView.contentOffset = CGPoint(x: x, y: min(max(y, lowest), highest))
        }
    }

    /// The id of the top-most identified view showing in `scrollView`.
    private func topMostID(in scrollView: UIScrollView) -> AnyHashable? {
        let top = scrollView.contentOffset.y + scrollView.adjustedContentInset.top
        var best: (id: AnyHashable, y: CGFloat)?
        for (id, place) in identified where place.container === scrollView || place.container.isDescendant(of: scrollView) {
            let frame = place.container.convert(place.frame, to: scrollView)
            guard frame.maxY > top + 0.5 else { continue }
            if best == nil || frame.minY < best!.y { best = (id, frame.minY) }
        }
        return best?.id
    }

    /// After the user scrolled, writes the top-most view's id into each `scrollPosition` binding, at the next turn.
    private func schedulePositionRead() {
        guard !positioned.isEmpty, !positionReadScheduled else { return }
        positionReadScheduled = true
        let mounter = UncheckedMounter(mounter: self)
        MainQueue.shared.enqueue { onModelThread { mounter.mounter?.readPositions() } }
    }

    private func readPositions() {
        positionReadScheduled = false
        for (path, entry) in positioned {
            guard entry.scrollView.window != nil, let id = topMostID(in: entry.scrollView), id != entry.last else { continue }
            positioned[path]?.last = id
            entry.spec.set(id)
        }
    }

    /// Whether a lazy row's views show in their scroll view (a row with no UIKit view counts as shown) (S77).
    func isOnScreen(row: String) -> Bool {
        let prefix = row + "/"
        var sawView = false
        for (path, view) in views where path == row || path.hasPrefix(prefix) {
            sawView = true
            var ancestor = view.superview
            while let current = ancestor, !(current is UIScrollView && !(current is UITextView)) { ancestor = current.superview }
            guard let scrollView = ancestor else { return true }
            if view.convert(view.bounds, to: scrollView).intersects(scrollView.bounds) { return true }
        }
        return !sawView
    }

    private func existing<V: UIView>(_ path: String, _ container: UIView, make: () -> V) -> V {
        if let view = views[path] as? V {
            if view.superview !== container { container.addSubview(view) }
            return view
        }
        views[path]?.removeFromSuperview()
        let view = make()
        views[path] = view
        container.addSubview(view)
        return view
    }
}

/// A text view SwiftUI's `focused` bindings reach.
@MainActor protocol FocusableInput: UIResponder {
    var focusTargets: [FocusTarget] { get }
}

extension SwiftUITextField: FocusableInput {}
extension SwiftUITextView: FocusableInput {}

/// The `UITextField` under a SwiftUI `TextField` or `SecureField` (S1): it writes the binding on every edit, runs
/// the `onSubmit` actions on Return and reports focus to the `focused` bindings.
final class SwiftUITextField: UITextField, UITextFieldDelegate {
    private(set) var spec: TextFieldSpec?
    /// The binding's value when SwiftUI last rendered the field: only a different value is pushed into it (S15).
    private var renderedValue: String?
    var focusTargets: [FocusTarget] { spec?.focusTargets ?? [] }

    init() {
        super.init(frame: .zero)
        delegate = self
        addAction(UIAction { [unowned self] _ in textChanged() }, for: .editingChanged)
        addAction(UIAction { [unowned self] _ in
            for target in focusTargets { target.select() }
            spec?.onEditingChanged?(true)
            Mounter.focusMoved(in: self)
        }, for: .editingDidBegin)
        addAction(UIAction { [unowned self] _ in editingEnded() }, for: .editingDidEnd)
    }

    required init?(coder: NSCoder) { fatalError("not made from a coder") }

    func configure(_ spec: TextFieldSpec) {
        self.spec = spec
        // The selection moves that assigning the text or the bound selection makes are SwiftUI's, not the user's.
        configuring = true
        defer { configuring = false }
        placeholder = spec.placeholder
        isSecureTextEntry = spec.isSecure
        borderStyle = spec.traits.fieldBorder
        textAlignment = spec.traits.textAlignment
        isEnabled = !spec.traits.isDisabled
        returnKeyType = spec.traits.submitLabel.returnKeyType
        // On iPad the full keyboard shows whatever `keyboardType` asks for, unless the profile says otherwise (S10 [U]).
        let system = UIKitSystem.shared
        let padIgnoresType = system.behavior.swiftUI.padIgnoresKeyboardType && system.device.idiom == .pad
        keyboardType = padIgnoresType ? .default : spec.traits.keyboardType
        textContentType = spec.traits.textContentType
        autocapitalizationType = spec.traits.autocapitalization?.type ?? .sentences
        autocorrectionType = spec.traits.autocorrectionDisabled ? .no : .default
        installKeyboardBar(spec.traits.keyboardItems)
        let value = spec.text.wrappedValue
        if value != renderedValue {
            renderedValue = value
            // Assigning the text moves the caret to the end and ends a composition (S17, S19).
            if (text ?? "") != value, inputMarkedRange == nil { assignKeepingCaretIfProfileSays(self, value) { self.text = $0 } }
        }
        applySelection(spec.selection)
    }

    private var selectionLink: SelectionLink?
    /// An update is configuring the field: selection changes are not the user's.
    private var configuring = false

    /// Code's write to the `selection:` binding moves the selection, after the text is in place.
    private func applySelection(_ binding: Binding<TextSelection?>?) {
        guard let binding else { selectionLink = nil; return }
        if selectionLink == nil { selectionLink = SelectionLink(binding) }
        if let range = selectionLink?.rangeToApply(in: text ?? ""), inputMarkedRange == nil { setInputSelection(range) }
    }

    func textFieldDidChangeSelection(_ textField: UITextField) {
        guard !configuring else { return }
        selectionLink?.selectionChanged(inputSelection, in: text ?? "")
    }

    /// Delete with the caret at the start of a search field's text goes to its tokens (selecting or removing one).
    override func deleteBackward() {
        if let tokens = spec?.deleteAtStart, markedTextRange == nil, let range = selectedTextRange, range.isEmpty,
           offset(from: beginningOfDocument, to: range.start) == 0, tokens() {
            return
        }
        super.deleteBackward()
    }

    /// The `.keyboard` toolbar, built once when the field is first set up (S45, S46); taps run the current actions.
    private func installKeyboardBar(_ items: [(title: String?, action: (() -> Void)?)]) {
        guard inputAccessoryView == nil, !items.isEmpty else { return }
        inputAccessoryView = KeyboardBar.makeToolbar(items) { [weak self] index in
            guard let items = self?.spec?.traits.keyboardItems, items.indices.contains(index) else { return nil }
            return items[index].action
        }
    }

    /// An edit: the binding gets the whole text, the input method's provisional letters included unless the
    /// profile says otherwise (S2, S18).
    private func textChanged() {
        guard let spec else { return }
        if inputMarkedRange != nil, !UIKitSystem.shared.behavior.swiftUI.bindingReceivesMarkedText { return }
        if let formatted = spec.formatted {
            if UIKitSystem.shared.behavior.swiftUI.formattedFieldWritesWhileTyping { formatted.writeIfParsable(text ?? "") }
            return
        }
        spec.text.wrappedValue = text ?? ""
    }

    /// Editing ended: a formatted field commits its text and shows its value formatted again (S11, S12).
    private func editingEnded() {
        // S79 [U]: a field writing its text once more as editing ends reaches a row's binding after the row went.
        if UIKitSystem.shared.behavior.swiftUI.fieldWritesBindingWhenEditingEnds, let spec, spec.formatted == nil {
            spec.text.wrappedValue = text ?? ""
        }
        commitFormatted()
        for target in focusTargets { target.deselect() }
        spec?.onEditingChanged?(false)
        Mounter.focusMoved(in: self)
    }

    private func commitFormatted() {
        guard let formatted = spec?.formatted else { return }
        formatted.commit(text ?? "")
        let shown = formatted.display()
        renderedValue = shown
        if text != shown { text = shown }
    }

    /// Return: the enclosing `onSubmit` actions run while the focus state still names this field; unless one moved
    /// focus, the field then ends editing (S28–S31). Nothing is inserted.
    func textFieldShouldReturn(_ textField: UITextField) -> Bool {
        guard let spec else { return false }
        commitFormatted()
        let before = spec.focusTargets.map { $0.isSelected() }
        for action in Self.submitActions(spec.submitActions) { action() }
        let moved = spec.focusTargets.map { $0.isSelected() } != before
            || spec.focusTargets.contains { $0.storage.needsApplying }
        if UIKitSystem.shared.behavior.swiftUI.returnEndsEditing, !moved, isFirstResponder {
            resignFirstResponder()
        }
        return false
    }

    /// The actions a Return in a field reaches: those for `.text`, up to the nearest scope, in the profile's order.
    static func submitActions(_ enclosing: [SubmitAction]) -> [() -> Void] {
        var reached: [() -> Void] = []
        for submit in enclosing.reversed() {
            // A scope, or an action for other triggers only (S31: `.search`), stops the submission there.
            guard submit.triggers.contains(.text) else { break }
            reached.append(submit.action)
        }
        return UIKitSystem.shared.behavior.swiftUI.nestedSubmitOrder == .outerFirst ? reached.reversed() : reached
    }
}

/// The control under a SwiftUI `Button`: it runs the action when tapped and never takes focus (S36).
final class SwiftUIButton: UIButton {
    private var action: (() -> Void)?
    private var isWired = false

    func configure(_ spec: ButtonSpec) {
        action = spec.action
        isEnabled = spec.isEnabled
        setTitle(spec.title, for: .normal)
        if let color = spec.chrome.titleColor { setTitleColor(color, for: .normal) }
        backgroundColor = spec.chrome.fill
        layer.cornerRadius = spec.chrome.cornerRadius
        accessibilityLabel = spec.title == nil && !spec.spokenTitle.isEmpty ? spec.spokenTitle : nil
        guard !isWired else { return }
        isWired = true
        addAction(UIAction { [unowned self] _ in action?() }, for: .primaryActionTriggered)
    }
}

/// The `UIScrollView` of a SwiftUI `ScrollView`, `List` or `Form`: scrolling tells the graph, whose lazy rows appear
/// and disappear with it (S77).
final class SwiftUIScrollView: UIScrollView, _EditableRowsView {
    var didScroll: (() -> Void)?
    /// A list's rows that can be swiped or moved, with their frames in content coordinates, outermost first.
    private var rows: [(frame: CGRect, spec: RowActionsSpec)]?

    /// A list's rows are about to be mounted again.
    func startRows() { rows = [] }

    /// Notes a row of this list (a plain scroll view keeps none: swipe actions work in lists only).
    func noteRow(_ frame: CGRect, _ spec: RowActionsSpec) { rows?.append((frame, spec)) }

    func _swipeActions(at point: CGPoint, leading: Bool) -> (actions: [_RowSwipeAction], fullSwipe: Bool)? {
        let here = (rows ?? []).filter { $0.frame.insetBy(dx: -Layout.rowPadding, dy: -11).contains(point) }.map(\.spec)
        return RowActionsSpec.swipeActions(of: here, leading: leading)
    }

    func _moveRow(from source: CGPoint, to destination: CGPoint) -> String? {
        func row(at point: CGPoint) -> RowActionsSpec? {
            (rows ?? []).last { $0.spec.offset != nil && $0.frame.insetBy(dx: -Layout.rowPadding, dy: -11).contains(point) }?.spec
        }
        guard let from = row(at: source), let offset = from.offset else { return "the row is not an element of a ForEach" }
        guard let move = from.onMove else { return "its ForEach has no onMove action, so its rows cannot be moved" }
        guard let to = row(at: destination), to.group == from.group, let target = to.offset else {
            return "the destination is not a row of the same ForEach"
        }
        guard target != offset else { return nil }
        // SwiftUI's offset is where the row goes before the move: below the target when moving down.
        move(IndexSet(integer: offset), target > offset ? target + 1 : target)
        return nil
    }

    override var bounds: CGRect {
        didSet { if bounds.origin != oldValue.origin { didScroll?() } }
    }
}

/// Lets a main-queue closure carry the mounter; it runs on the model's one thread.
struct UncheckedMounter: @unchecked Sendable {
    weak var mounter: Mounter?
}

/// The background of a SwiftUI navigation bar, which knows its back button so the driver's `tapBackButton()` finds it.
final class SwiftUINavigationBar: UIView, NavigationBackButtonHost {
    weak var backButton: UIView?
}
