/// One line of an event timeline, with a leading time such as `0.25s`, `[0.250 s]`, `t=0.25` or `+250ms` split off.
struct TimelineEvent: Equatable {
    var time: String?
    var text: String
    var isIndented: Bool

    init(line: String) {
        isIndented = line.hasPrefix("  ") || line.hasPrefix("\t")
        let trimmed = line.drop { $0 == " " || $0 == "\t" }
        var scanner = trimmed[...]
        var bracketed = false
        if scanner.first == "[" { bracketed = true; scanner = scanner.dropFirst() }
        if scanner.hasPrefix("t=") { scanner = scanner.dropFirst(2) }
        if scanner.first == "+" { scanner = scanner.dropFirst() }
        let digits = scanner.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
        var after = scanner.dropFirst(digits.count)
        while after.first == " " { after = after.dropFirst() }
        var unit = ""
        for u in ["ms", "s"] where after.hasPrefix(u) {
            unit = u
            after = after.dropFirst(u.count)
            break
        }
        if bracketed {
            if after.first == "]" { after = after.dropFirst() } else { after = "" ; unit = ""}
        }
        let separatorOK = after.isEmpty || after.first == " " || after.first == ":" || after.first == "\t"
        if !digits.isEmpty, digits.first != ".", (!unit.isEmpty || bracketed || trimmed.hasPrefix("t=")), separatorOK, (after.isEmpty == false) {
            time = String(digits) + unit
            text = String(after.drop { $0 == " " || $0 == ":" || $0 == "\t" })
        } else {
            time = nil
            text = String(trimmed)
        }
    }
}
