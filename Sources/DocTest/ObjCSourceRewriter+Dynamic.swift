import TutorbuildSupport

/// Rewrites of two Objective-C lookups Swift on Linux lacks: calling an optional protocol requirement
/// (`delegate?.textFieldShouldClear?(self)`) and reading an `NSValue`/`NSNumber` accessor through `AnyObject`
/// (`(userInfo[key] as AnyObject).cgRectValue`). Both change line lengths, which the column map records.
extension ObjCSourceRewriter {
    /// The accessors the model's `_TutorbuildAnyObjectLookup` answers, as iOS's `AnyObject` lookup types them.
    static let anyObjectMembers: Set<String> = [
        "cgRectValue", "cgPointValue", "cgSizeValue", "doubleValue", "floatValue", "boolValue", "uintValue",
        "int32Value", "int64Value", "uint32Value", "uint64Value",
    ]

    /// Optional requirements of the model's delegate protocols that take only unlabelled arguments, so a call
    /// (`delegate?.scrollViewDidScroll?(sv)`) is told from a call of an optional closure only by its name.
    /// `DelegateProtocolTableTests` checks this list against the model's protocols.
    static let unlabelledRequirements: Set<String> = [
        "gestureRecognizerShouldBegin", "presentationControllerDidAttemptToDismiss", "presentationControllerDidDismiss",
        "presentationControllerShouldDismiss", "presentationControllerWillDismiss",
        "sceneDidBecomeActive", "sceneDidDisconnect", "sceneDidEnterBackground", "sceneWillEnterForeground", "sceneWillResignActive",
        "sheetPresentationControllerDidChangeSelectedDetentIdentifier", "scrollViewDidChangeAdjustedContentInset", "scrollViewDidEndDecelerating",
        "scrollViewDidEndScrollingAnimation", "scrollViewDidScroll", "scrollViewWillBeginDecelerating",
        "scrollViewWillBeginDragging", "scrollViewDidZoom", "scrollViewDidScrollToTop", "scrollViewShouldScrollToTop",
        "searchBarBookmarkButtonClicked", "searchBarCancelButtonClicked", "searchBarResultsListButtonClicked",
        "searchBarSearchButtonClicked", "searchBarShouldBeginEditing",
        "searchBarShouldEndEditing", "searchBarTextDidBeginEditing", "searchBarTextDidEndEditing",
        "didDismissSearchController", "didPresentSearchController", "presentSearchController",
        "willDismissSearchController", "willPresentSearchController",
        "textFieldDidBeginEditing", "textFieldDidChangeSelection", "textFieldDidEndEditing", "textFieldShouldBeginEditing",
        "textFieldShouldClear", "textFieldShouldEndEditing", "textFieldShouldReturn", "textViewDidBeginEditing",
        "textViewDidChange", "textViewDidChangeSelection", "textViewDidEndEditing", "textViewShouldBeginEditing",
        "textViewShouldEndEditing", "textViewWritingToolsDidEnd", "textViewWritingToolsWillBegin",
    ]

    private static let expressionKeywords: Set<String> = [
        "return", "try", "await", "in", "if", "guard", "let", "var", "case", "else", "throw", "where", "while",
        "switch", "is", "as", "defer", "repeat", "do",
    ]

    /// `name?(…)` at `question` (the `?`) as `_tutorbuildOptionalRequirement({ chain.name(…) })`, when it calls an
    /// optional requirement: one with argument labels (an optional closure takes none), a model delegate method, or
    /// an `optional func` of the lesson's own protocols, and no property of the lesson has that name.
    func optionalRequirementEdits(_ tokens: [SwiftLexer.Token], question q: Int) -> [Edit]? {
        guard q >= 2, q + 1 < tokens.count, tokens[q].text == "?", tokens[q + 1].text == "(",
              tokens[q].start == tokens[q - 1].end, tokens[q + 1].start == tokens[q].end,
              tokens[q - 1].kind == .identifier, tokens[q - 2].text == ".",
              let close = SnippetLayout.matching(tokens, open: q + 1) else { return nil }
        let name = tokens[q - 1].text
        guard !properties.contains(name) else { return nil }
        let labelled = Self.hasArgumentLabel(tokens, open: q + 1, close: close)
        guard labelled || Self.unlabelledRequirements.contains(name) || optionalRequirements.contains(name),
              let start = Self.chainStart(tokens, dot: q - 2) else { return nil }
        return [
            Edit(range: tokens[start].start..<tokens[start].start, replacement: "_tutorbuildOptionalRequirement({ "),
            Edit(range: tokens[q].start..<tokens[q].end, replacement: ""),
            Edit(range: tokens[close].end..<tokens[close].end, replacement: " })"),
        ]
    }

    /// Whether a call's argument list has a label at its top level.
    private static func hasArgumentLabel(_ tokens: [SwiftLexer.Token], open: Int, close: Int) -> Bool {
        var depth = 0
        for j in (open + 1)..<close {
            let t = tokens[j]
            if ["(", "[", "{"].contains(t.text) { depth += 1 }
            if [")", "]", "}"].contains(t.text) { depth -= 1 }
            if depth == 0, t.kind == .identifier, j + 1 < close, tokens[j + 1].text == ":",
               tokens[j - 1].text == "," || j == open + 1 {
                return true
            }
        }
        return false
    }

    /// The first token of the postfix chain ending at the `.` at `dot` (`self.delegate?`, `(x as? P)?`), or nil.
    private static func chainStart(_ tokens: [SwiftLexer.Token], dot: Int) -> Int? {
        var j = dot - 1
        var start: Int?
        while j >= 0 {
            let t = tokens[j]
            if t.text == "?" || t.text == "!" {
                guard j > 0, tokens[j - 1].end == t.start else { break }
                j -= 1
            } else if t.text == ")" || t.text == "]" {
                var depth = 0
                var open = j
                while open >= 0 {
                    if [")", "]", "}"].contains(tokens[open].text) { depth += 1 }
                    if ["(", "[", "{"].contains(tokens[open].text) { depth -= 1; if depth == 0 { break } }
                    open -= 1
                }
                guard open >= 0 else { return nil }
                start = open
                j = open - 1
                // A call or subscript: the callee comes next; a parenthesized expression starts the chain.
                guard j >= 0, tokens[j].end == tokens[open].start,
                      tokens[j].kind == .identifier || [")", "]", "?", "!"].contains(tokens[j].text),
                      !expressionKeywords.contains(tokens[j].text) else { break }
            } else if t.kind == .identifier, !expressionKeywords.contains(t.text) {
                start = j
                guard j > 0, tokens[j - 1].text == "." else { break }
                j -= 2
            } else {
                break
            }
        }
        return start
    }

    /// `(x as AnyObject).member` at `close` (the `)`) as `_tutorbuildAnyObject(x as AnyObject).member` for the
    /// accessors the model answers; any other member stays a compile error.
    static func anyObjectEdit(_ tokens: [SwiftLexer.Token], close: Int) -> Edit? {
        guard close >= 3, close + 2 < tokens.count, tokens[close].text == ")", tokens[close - 1].text == "AnyObject",
              tokens[close - 2].text == "as", tokens[close + 1].text == ".",
              anyObjectMembers.contains(tokens[close + 2].text) else { return nil }
        var depth = 0
        var open = close
        while open >= 0 {
            if [")", "]", "}"].contains(tokens[open].text) { depth += 1 }
            if ["(", "[", "{"].contains(tokens[open].text) { depth -= 1; if depth == 0 { break } }
            open -= 1
        }
        guard open >= 0, tokens[open].text == "(" else { return nil }
        // Not right after a callee (`f (x as AnyObject)`): the parentheses must start an expression.
        if open > 0, tokens[open - 1].kind == .identifier, !expressionKeywords.contains(tokens[open - 1].text) { return nil }
        if open > 0, [")", "]"].contains(tokens[open - 1].text) { return nil }
        return Edit(range: tokens[open].start..<tokens[open].start, replacement: "_tutorbuildAnyObject")
    }
}
