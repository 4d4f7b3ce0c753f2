import Foundation
import UIKitModel

/// What a picture's alt text says about the screen, in no language: read from the simulated screen once,
/// then worded in English (`english`) and Chinese (`chinese`). Numbers are already formatted as points.
struct ScreenDescription {
    enum Editing {
        case textField(name: String, text: String)
        case textView(name: String)
        case firstResponder(name: String)
        case nothing
    }

    enum Keyboard {
        case undocked(height: String, top: String)
        case up(height: String, top: String)
        case hidden
    }

    var device: String
    var width: String
    var height: String
    var isLandscape: Bool
    var editing: Editing
    /// The input method's marked text and the first candidates it offers, while composing.
    var composing: (text: String, candidates: [String])?
    var keyboard: Keyboard
    /// The first three scroll views not at their origin: their names and offsets.
    var scrolled: [(name: String, offset: String)]

    /// The description in a sentence or three.
    var english: String {
        var parts = ["\(device) screen, \(width)×\(height) points, " + (isLandscape ? "landscape." : "portrait.")]
        switch editing {
        case .textField(let name, let text):
            parts.append("The text field “\(name)” is being edited" + (text.isEmpty ? " and is empty." : ", its text is “\(text)”."))
        case .textView(let name): parts.append("The text view “\(name)” is being edited.")
        case .firstResponder(let name): parts.append("“\(name)” is first responder.")
        case .nothing: parts.append("Nothing is being edited.")
        }
        if let composing {
            parts.append(
                "The input method is composing “\(composing.text)” (marked text, underlined)"
                    + (composing.candidates.isEmpty ? "." : "; the candidate bar offers \(composing.candidates.joined(separator: ", ")).")
            )
        }
        switch keyboard {
        case .undocked(let height, let top): parts.append("The keyboard is undocked, floating \(height) points tall with its top at y = \(top).")
        case .up(let height, let top): parts.append("The keyboard is up, \(height) points tall, its top at y = \(top).")
        case .hidden: parts.append("The keyboard is hidden.")
        }
        for view in scrolled { parts.append("“\(view.name)” is scrolled to \(view.offset).") }
        return parts.joined(separator: " ")
    }

    /// The description for Chinese pages.
    var chinese: String {
        var parts = ["\(Self.deviceNameZh(device)) 屏幕，\(width)×\(height) 点，" + (isLandscape ? "横屏。" : "竖屏。")]
        switch editing {
        case .textField(let name, let text): parts.append("正在编辑文本框“\(name)”，" + (text.isEmpty ? "内容为空。" : "内容为“\(text)”。"))
        case .textView(let name): parts.append("正在编辑文本视图“\(name)”。")
        case .firstResponder(let name): parts.append("“\(name)”是第一响应者。")
        case .nothing: parts.append("没有正在编辑的内容。")
        }
        if let composing {
            parts.append(
                "输入法正在组字，标记文本为“\(composing.text)”（带下划线）"
                    + (composing.candidates.isEmpty ? "。" : "；候选栏：\(composing.candidates.joined(separator: "、"))。"))
        }
        switch keyboard {
        case .undocked(let height, let top): parts.append("键盘已取消停靠，浮在屏幕上，高 \(height) 点，顶边位于 y = \(top)。")
        case .up(let height, let top): parts.append("键盘已弹出，高 \(height) 点，顶边位于 y = \(top)。")
        case .hidden: parts.append("键盘已收起。")
        }
        for view in scrolled { parts.append("“\(view.name)”滚动到 \(view.offset)。") }
        return parts.joined()
    }

    /// The device's name as Chinese pages call it.
    private static func deviceNameZh(_ name: String) -> String {
        switch name {
        case "iPhone (notched)": return "刘海屏 iPhone"
        default: return name
        }
    }
}
