import Testing
import UIKitModel

@Suite("Geometry prints as in Xcode's console")
struct CoreGraphicsDescriptionTests {
    @Test("CGRect, CGPoint and CGSize descriptions match Apple platforms")
    func descriptions() {
        #expect("\(CGRect(x: 0, y: 264, width: 320, height: 216))" == "(0.0, 264.0, 320.0, 216.0)")
        #expect("\(CGPoint(x: 160, y: 415.5))" == "(160.0, 415.5)")
        #expect("\(CGSize(width: 320, height: 651))" == "(320.0, 651.0)")
        #expect(String(describing: [CGPoint(x: 1, y: 2)]) == "[(1.0, 2.0)]")
    }
}
