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

    @Test("UIEdgeInsets prints its fields as CGFloats, as the imported C struct does (no description of its own)")
    func edgeInsets() {
        #expect("\(UIEdgeInsets(top: 0, left: 0, bottom: 82, right: 0))" == "UIEdgeInsets(top: 0.0, left: 0.0, bottom: 82.0, right: 0.0)")
        #expect(String(describing: UIEdgeInsets(top: 59, left: 0, bottom: 34.5, right: 0)) == "UIEdgeInsets(top: 59.0, left: 0.0, bottom: 34.5, right: 0.0)")
    }
}
