import Testing
import UIKitModel
import UIKitSimulator
@testable import SwiftUI

private struct Header: View {
    var body: some View {
        VStack(alignment: .leading) {
            Text("Settings")
                .font(.largeTitle)
            VStack {
                Text("Account")
                Text("Signed in")
                    .font(.system(size: 13, weight: .medium))
            }
            .font(.headline)
            Text("Plain")
        }
    }
}

@Suite("SwiftUI fonts")
struct FontTests {
    @Test("font(_:) sets the font of the Text inside, nearest modifier first; the label draws with it and is measured with it")
    func fonts() throws {
        try SimulationLock.run {
            let app = Simulator(device: .iPhone4)
            let host = UIHostingController(rootView: Header())
            app.show(host)
            let labels = Dictionary(
                uniqueKeysWithValues: views(UILabel.self, in: host.view).map { ($0.text ?? "", $0) })
            let title = try #require(labels["Settings"])
            #expect(title.font.pointSize == 34)
            #expect(title.frame.height == UIFont.systemFont(ofSize: 34).lineHeight)
            let account = try #require(labels["Account"]).font!
            #expect(account.pointSize == 17 && account.weight == .semibold)
            let signedIn = try #require(labels["Signed in"]).font!
            #expect(signedIn.pointSize == 13 && signedIn.weight == .medium)
            #expect(try #require(labels["Plain"]).font.pointSize == 17)
        }
    }
}
