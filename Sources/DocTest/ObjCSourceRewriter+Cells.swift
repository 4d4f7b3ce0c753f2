import TutorbuildSupport

/// Cells made by registration: UIKit makes them through `init(style:reuseIdentifier:)` or `init(frame:)`, sent by
/// the Objective-C runtime to whatever class was registered. Swift can call a subclass's initializer on a metatype only
/// through a `required` one, so the model makes registered cells through a required convenience initializer that
/// delegates to those two, which a subclass inherits when it overrides every designated initializer or declares none.
/// A subclass whose only designated initializers are its own inherits nothing: Xcode compiles it (and its instances
/// are made directly, as static form cells are), and registering it traps with Swift's "Use of unimplemented
/// initializer" at the first dequeue. This step gives such a subclass that trap as its entry point, so the model
/// compiles and behaves as Xcode does.
extension ObjCSourceRewriter {
    /// A UIKit cell class: the argument label of the initializer UIKit calls for a registered cell, its Swift name,
    /// and the model's required entry point that delegates to it.
    struct RegisteredCellEntry {
        var label: String
        var swiftName: String
        var modelInitializer: String
    }

    static let registeredCellEntries: [String: RegisteredCellEntry] = {
        let table = RegisteredCellEntry(
            label: "style", swiftName: "init(style:reuseIdentifier:)",
            modelInitializer: "init(registeredWithReuseIdentifier reuseIdentifier: String)")
        let collection = RegisteredCellEntry(
            label: "frame", swiftName: "init(frame:)", modelInitializer: "init(_tutorbuildRegisteredFrame frame: CGRect)")
        return ["UITableViewCell": table, "UICollectionViewCell": collection, "UICollectionViewListCell": collection]
    }()

    /// Whether `code` may declare a cell subclass with its own initializer (a cheap test before lexing).
    static func mayDeclareCell(_ code: String) -> Bool {
        code.containsBytes("Cell") && code.containsBytes("init")
    }

    /// Insertions before the closing brace of each direct cell subclass whose designated initializers leave out the
    /// one UIKit calls: the model's entry point, trapping as Swift's stub for an unimplemented initializer does.
    static func registeredCellEdits(_ tokens: [SwiftLexer.Token]) -> [Edit] {
        var edits: [Edit] = []
        for k in tokens.indices where tokens[k].text == "class" && tokens[k].kind == .identifier && k + 3 < tokens.count {
            guard tokens[k + 1].kind == .identifier, tokens[k + 2].text == ":",
                  let entry = registeredCellEntries[tokens[k + 3].text],
                  let open = tokens[(k + 4)...].firstIndex(where: { $0.text == "{" && $0.kind == .punctuation }),
                  let close = SnippetLayout.matching(tokens, open: open),
                  Self.lacksRegisteredInitializer(tokens, body: (open + 1)..<close, label: entry.label)
            else { continue }
            let name = tokens[k + 1].text
            let stub = " required convenience \(entry.modelInitializer) { fatalError(\"Use of unimplemented initializer "
                + "'\(entry.swiftName)' for class '\(LessonProgram.moduleName).\(name)'\") } "
            edits.append(Edit(range: tokens[close].start..<tokens[close].start, replacement: stub))
        }
        return edits
    }

    /// Whether the body declares a designated initializer of its own but not the one labelled `label` (nor a
    /// convenience-only set, which inherits every initializer).
    private static func lacksRegisteredInitializer(_ tokens: [SwiftLexer.Token], body: Range<Int>, label: String) -> Bool {
        var depth = 0
        var ownDesignated = false
        for j in body {
            let t = tokens[j]
            if t.kind == .punctuation && (t.text == "{" || t.text == "(" || t.text == "[") { depth += 1 }
            if t.kind == .punctuation && (t.text == "}" || t.text == ")" || t.text == "]") { depth -= 1 }
            guard depth == 0, t.kind == .identifier, t.text == "init", j == body.lowerBound || tokens[j - 1].text != "." else { continue }
            var m = j - 1
            var isConvenience = false
            while m >= body.lowerBound, tokens[m].kind == .identifier || tokens[m].kind == .attribute,
                  modifiersBeforeInit.contains(tokens[m].text) || tokens[m].kind == .attribute
            {
                if tokens[m].text == "convenience" { isConvenience = true }
                m -= 1
            }
            guard !isConvenience else { continue }
            var p = j + 1
            if p < body.upperBound, tokens[p].text == "?" || tokens[p].text == "!" { p += 1 }
            guard p + 1 < body.upperBound, tokens[p].text == "(" else { continue }
            let first = tokens[p + 1].text
            if first == label { return false }
            if first != "coder" { ownDesignated = true }
        }
        return ownDesignated
    }

    private static let modifiersBeforeInit: Set<String> = [
        "public", "private", "fileprivate", "internal", "open", "override", "required", "convenience", "nonisolated", "package",
    ]
}
