import Testing
import UIKitModel
import UIKitSimulator
@testable import SwiftUI

private struct Transcript: View {
    let anchored: Bool
    @State private var lines = (1...40).map { "Line \($0)" }
    var body: some View {
        VStack {
            ScrollView {
                VStack(alignment: .leading) {
                    ForEach(lines, id: \.self) { Text($0) }
                }
            }
            .defaultScrollAnchor(anchored ? .bottom : nil)
            Button("Add") { lines.append("Line \(lines.count + 1)") }
        }
    }
}

@Suite("SwiftUI default scroll anchor")
struct ScrollAnchorTests {
    private func scrollView(in host: UIViewController) throws -> UIScrollView {
        try #require(views(UIScrollView.self, in: host.view).first)
    }

    private func bottomOffset(_ scrollView: UIScrollView) -> CGFloat {
        scrollView.contentSize.height - scrollView.bounds.height + scrollView.adjustedContentInset.bottom
    }

    @Test("S54: defaultScrollAnchor(.bottom) starts a vertical scroll view at the bottom of its content")
    func startsAtBottom() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let host = UIHostingController(rootView: Transcript(anchored: true))
            app.show(host)
            let scroll = try scrollView(in: host)
            #expect(scroll.contentSize.height > scroll.bounds.height)
            #expect(abs(scroll.contentOffset.y - bottomOffset(scroll)) < 0.5)
        }
    }

    @Test("S54: without an anchor (nil) the scroll view starts at the top")
    func startsAtTop() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let host = UIHostingController(rootView: Transcript(anchored: false))
            app.show(host)
            let scroll = try scrollView(in: host)
            #expect(scroll.contentOffset.y == -scroll.adjustedContentInset.top)
        }
    }

    @Test("S54: when the content grows while the view shows the bottom, it stays at the bottom; scrolled away, it stays put")
    func sizeChanges() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let host = UIHostingController(rootView: Transcript(anchored: true))
            app.show(host)
            let scroll = try scrollView(in: host)
            let before = scroll.contentSize.height
            app.tap(button: "Add")
            app.runUntilIdle()
            #expect(scroll.contentSize.height > before)
            #expect(abs(scroll.contentOffset.y - bottomOffset(scroll)) < 0.5)
            app.drag(scroll, by: 200)
            let away = scroll.contentOffset.y
            #expect(away < bottomOffset(scroll) - 1)
            app.tap(button: "Add")
            app.runUntilIdle()
            #expect(scroll.contentOffset.y == away)
        }
    }
}
