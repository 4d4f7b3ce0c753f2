import Testing
import UIKitModel
import UIKitSimulator

/// Keyboard userInfo values cast as on iOS (issue 15 item 4): no cast silently yields nil.
@Suite("Bridging userInfo values")
struct BridgingTests {
    @Test("as? CGRect, CGPoint, CGSize on NSValue give the wrapped value; a value of another kind gives nil")
    func valueCasts() {
        let rect = CGRect(x: 0, y: 264, width: 320, height: 216)
        let info: [AnyHashable: Any] = [
            "rect": NSValue(cgRect: rect), "point": NSValue(cgPoint: CGPoint(x: 1, y: 2)),
            "size": NSValue(cgSize: CGSize(width: 3, height: 4)),
        ]
        #expect(info["rect"] as? CGRect == rect)
        #expect(info["rect"] as! CGRect == rect)
        #expect((info["rect"] as? NSValue)?.cgRectValue == rect)
        #expect(info["point"] as? CGPoint == CGPoint(x: 1, y: 2))
        #expect(info["size"] as? CGSize == CGSize(width: 3, height: 4))
        #expect(info["rect"] as? CGPoint == nil)
        #expect(info["point"] as? CGRect == nil)
        #expect(info["size"] as? CGRect == nil)
    }

    @Test("as? Double, TimeInterval, CGFloat, Int, UInt, Bool on NSNumber follow Swift's exact-value rules")
    func numberCasts() {
        let info: [AnyHashable: Any] = [
            "duration": NSNumber(value: 0.25), "curve": NSNumber(value: UInt(7)), "local": NSNumber(value: true),
        ]
        #expect(info["duration"] as? Double == 0.25)
        #expect(info["duration"] as? TimeInterval == 0.25)
        #expect(info["duration"] as? CGFloat == 0.25)
        #expect(info["duration"] as? Int == nil)
        #expect(info["curve"] as? Int == 7)
        #expect(info["curve"] as? UInt == 7)
        #expect(info["curve"] as? CGFloat == 7)
        #expect((info["curve"] as? NSNumber)?.intValue == 7)
        #expect(info["local"] as? Bool == true)
        #expect(info["duration"] as? CGRect == nil)
    }

    @Test("every cast of a real keyboard notification's userInfo gives UIKit's value")
    func keyboardNotification() throws {
        try withFixture { f in
            f.app.tap(f.a)
            let will = try #require(f.notes.keyboard.first { $0.name == UIResponder.keyboardWillShowNotification })
            let info = try #require(will.userInfo)
            #expect(info[UIResponder.keyboardFrameEndUserInfoKey] as? CGRect == CGRect(x: 0, y: 264, width: 320, height: 216))
            #expect(info[UIResponder.keyboardFrameBeginUserInfoKey] as? CGRect == CGRect(x: 0, y: 480, width: 320, height: 216))
            #expect(info[UIResponder.keyboardAnimationDurationUserInfoKey] as? TimeInterval == 0.25)
            #expect(info[UIResponder.keyboardAnimationDurationUserInfoKey] as? CGFloat == 0.25)
            #expect(info[UIResponder.keyboardAnimationCurveUserInfoKey] as? UInt == 7)
            #expect(info[UIResponder.keyboardAnimationCurveUserInfoKey] as? Int == 7)
            #expect(info[UIResponder.keyboardIsLocalUserInfoKey] as? Bool == true)
        }
    }
}
