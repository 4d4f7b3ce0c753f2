import Diagnostics
import Foundation
import LessonModel

/// Words a Taiwanese reader would not write, from `content/mainland-forms.yml`, looked for in the prose of
/// generated zh-Hant pages: the glossary says how to convert, this list checks what came out.
///
/// ```yaml
/// forms:
///   - form: 工具欄            # mainland "toolbar", as OpenCC leaves it
///     taiwan: 工具列          # what the warning suggests
///   - form: 子類
///     taiwan: 子類別
///     except: [子類別]         # phrases holding the form that are right: an occurrence inside one is allowed
///   - 髮生                     # a form alone
/// ```
/// It is kept apart from the glossary on purpose: it names what must not appear, whatever replaced or missed
/// it, so a word no glossary entry covers is still caught (docs/chinese.md).
public struct MainlandForms: Sendable, Hashable {
    public struct Form: Sendable, Hashable {
        public var form: String
        public var taiwan: String?
        public var except: [String]
        public var line: Int

        public init(form: String, taiwan: String? = nil, except: [String] = [], line: Int = 0) {
            self.form = form
            self.taiwan = taiwan
            self.except = except
            self.line = line
        }
    }

    public var forms: [Form]

    public init(forms: [Form] = []) {
        self.forms = forms
    }

    /// Reads `mainland-forms.yml` in the content folder, if present.
    public static func load(contentPath: String, into bag: inout DiagnosticBag) -> MainlandForms {
        let path = (contentPath as NSString).appendingPathComponent("mainland-forms.yml")
        guard let items = ContentYAMLFile.list(
            path, key: "forms", syntax: .mainlandFormsSyntax, Diagnostic.Message.mainlandFormsSyntax, shape: .mainlandFormsShape,
            .mainlandFormsWithoutForms, into: &bag)
        else { return MainlandForms() }
        var forms: [Form] = []
        for item in items {
            let location = SourceLocation(path: path, line: item.line, column: item.column)
            if let form = item.string, !form.isEmpty {
                forms.append(Form(form: form, line: item.line))
                continue
            }
            guard case .mapping(let pairs) = item.value,
                  let form = pairs.first(where: { $0.key.string == "form" })?.value.string, !form.isEmpty
            else {
                bag.error(.mainlandFormsShape, location, .mainlandFormWithoutForm)
                continue
            }
            var entry = Form(form: form, line: item.line)
            for pair in pairs {
                switch (pair.key.string, pair.value.value) {
                case ("form", _): break
                case ("taiwan", .scalar(let text, _)): entry.taiwan = text
                case ("note", .scalar): break
                case ("except", .scalar(let text, _)): entry.except = [text]
                case ("except", .sequence(let list)) where list.allSatisfy({ $0.string != nil }): entry.except = list.compactMap(\.string)
                default:
                    bag.error(.mainlandFormsShape, SourceLocation(path: path, line: pair.key.line, column: pair.key.column), .mainlandFormKey)
                }
            }
            forms.append(entry)
        }
        return MainlandForms(forms: forms)
    }

    /// A warning for each listed form in the prose of `page`, a generated zh-Hant page, at the line of the
    /// hand-written page it came from (conversion keeps lines); code and code spans are not read, comments are.
    public func check(_ page: GeneratedPage, into bag: inout DiagnosticBag) {
        guard page.language == .zhHant, !forms.isEmpty else { return }
        for (number, prose) in Self.proseLines(page.text) {
            for entry in forms {
                for column in occurrences(of: entry, in: prose) {
                    bag.warning(
                        .mainlandForm, SourceLocation(path: page.path, line: number, column: column + 1),
                        .mainlandForm(entry.form, taiwan: entry.taiwan))
                }
            }
        }
    }

    /// Columns (in Unicode scalars, 0-based) where `entry.form` starts in `line` outside its `except` phrases.
    func occurrences(of entry: Form, in line: [Unicode.Scalar]) -> [Int] {
        let form = Array(entry.form.unicodeScalars)
        guard !form.isEmpty, line.count >= form.count else { return [] }
        var allowed = [Bool](repeating: false, count: line.count)
        for phrase in entry.except.map({ Array($0.unicodeScalars) }) where !phrase.isEmpty && phrase.count <= line.count {
            for start in 0...(line.count - phrase.count) where line[start..<(start + phrase.count)].elementsEqual(phrase) {
                for k in start..<(start + phrase.count) { allowed[k] = true }
            }
        }
        var found: [Int] = []
        for start in 0...(line.count - form.count) where line[start..<(start + form.count)].elementsEqual(form) {
            if !(start..<(start + form.count)).allSatisfy({ allowed[$0] }) { found.append(start) }
        }
        return found
    }

    /// The page's lines (1-based numbers) as prose: fenced code left out except comments after `//` in Swift
    /// blocks, and code spans and link destinations blanked (so columns still count from the line's start).
    static func proseLines(_ text: String) -> [(Int, [Unicode.Scalar])] {
        var lines: [(Int, [Unicode.Scalar])] = []
        var fence: (marker: Character, count: Int, swift: Bool)?
        for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = String(raw)
            let trimmed = line.drop(while: { $0 == " " || $0 == ">" })
            if let marker = trimmed.first, marker == "`" || marker == "~" {
                let count = trimmed.prefix(while: { $0 == marker }).count
                if count >= 3 {
                    if let open = fence {
                        if marker == open.marker, count >= open.count, trimmed.dropFirst(count).allSatisfy(\.isWhitespace) { fence = nil }
                        continue
                    }
                    let info = trimmed.dropFirst(count).drop(while: { $0 == " " })
                    fence = (marker, count, info.hasPrefix("swift"))
                    continue
                }
            }
            if let open = fence {
                guard open.swift, let comment = line.range(of: "//") else { continue }
                let blank = [Unicode.Scalar](repeating: " ", count: line[..<comment.lowerBound].unicodeScalars.count)
                lines.append((index + 1, blank + Array(line[comment.lowerBound...].unicodeScalars)))
                continue
            }
            lines.append((index + 1, blankingCode(line)))
        }
        return lines
    }

    /// `line` with code spans (`…`) and link destinations (`](…)`) replaced by spaces, scalar for scalar.
    static func blankingCode(_ line: String) -> [Unicode.Scalar] {
        var scalars = Array(line.unicodeScalars)
        var i = 0
        while i < scalars.count {
            if scalars[i] == "`" {
                let run = scalars[i...].prefix(while: { $0 == "`" }).count
                var j = i + run
                var closed: Int?
                while j < scalars.count {
                    if scalars[j] == "`" {
                        let other = scalars[j...].prefix(while: { $0 == "`" }).count
                        if other == run { closed = j + other; break }
                        j += other
                    } else {
                        j += 1
                    }
                }
                guard let end = closed else { i += run; continue }
                for k in i..<end { scalars[k] = " " }
                i = end
            } else if scalars[i] == "]", i + 1 < scalars.count, scalars[i + 1] == "(", let close = scalars[(i + 2)...].firstIndex(of: ")") {
                for k in (i + 1)...close { scalars[k] = " " }
                i = close + 1
            } else {
                i += 1
            }
        }
        return scalars
    }
}
