import Foundation

/// Finds the uses of declarations iOS introduced after a program's deployment target that Swift's availability rules
/// do not allow, from the program's type-checked AST (`swiftc -dump-ast`): Xcode's "'selectedRanges' is only
/// available in iOS 26.0 or newer", which swiftc on Linux never reports because it ignores `@available(iOS …)`.
///
/// A use is allowed where the context is known to run on a new enough iOS: inside the true branch (and the later
/// conditions) of `if #available(iOS N, *)` and the body of `while #available`, after `guard #available(iOS N, *)`
/// in the same block (not past a top-level statement, as swiftc: top-level code keeps the deployment target), in the `else` of
/// `if #unavailable(iOS N)` and `guard #unavailable(iOS N)`, and anywhere inside a declaration marked
/// `@available(iOS N, *)` or nested in one (closures inherit where they are written). The model's declarations come
/// from `IntroducedAPI`; the program's own `@available` declarations are checked the same way.
struct AvailabilityCheck {
    /// One use Xcode would reject, in the physical text's coordinates.
    struct Use: Hashable {
        var line: Int
        var column: Int
        var name: String
        var introduced: String
        /// A written type name: Xcode reports the type, not also the initializer called through it.
        var isType = false
        /// The name Xcode gives: a rewritten `#Preview`'s call (`_tutorbuildPreview(…)`, docs/doctest.md "Previews") is the macro's.
        var message: String {
            let shown = name.hasPrefix("_tutorbuildPreview(") ? "Preview" + name.dropFirst("_tutorbuildPreview".count) : name
            return "'\(shown)' is only available in iOS \(introduced) or newer"
        }
    }

    final class Node {
        let indent: Int
        let kind: Substring
        let text: Substring
        var children: [Node] = []
        /// `range=[file:L:C - line:L:C]` as (start, end) positions.
        let range: (start: Position, end: Position)?
        let location: Position?

        init?(_ line: Substring) {
            let body = line.drop { $0 == " " }
            guard body.first == "(" else { return nil }
            indent = line.count - body.count
            let head = body.dropFirst().prefix { $0 != " " && $0 != ")" }
            kind = head.split(separator: "=").last ?? head
            text = body
            range = Self.range(body)
            location = Self.after(" location=", in: body).flatMap(Self.position)
        }

        static func after(_ marker: String, in text: Substring) -> Substring? {
            text.range(of: marker).map { text[$0.upperBound...] }
        }

        /// `file:12:5` (the file part may hold no `:`) as (12, 5).
        static func position(_ text: Substring) -> Position? {
            let parts = text.prefix { $0 != " " && $0 != "]" && $0 != ")" && $0 != "\"" }.split(separator: ":")
            guard parts.count >= 3, let line = Int(parts[parts.count - 2]), let column = Int(parts[parts.count - 1]) else { return nil }
            return Position(line: line, column: column)
        }

        static func range(_ text: Substring) -> (start: Position, end: Position)? {
            guard let rest = after("range=[", in: text), let dash = rest.range(of: " - line:"),
                  let start = position(rest[..<dash.lowerBound]),
                  let end = position("x:" + rest[dash.upperBound...])
            else { return nil }
            return (start, end)
        }

        /// The referenced declarations: `decl="M.(file).T.name@/path/File.swift:12:5"` and a type's `bind="…"`.
        var references: [(name: Substring, file: Substring, at: Position)] {
            var found: [(Substring, Substring, Position)] = []
            for marker in [" decl=\"", " bind=\""] {
                guard let rest = Self.after(marker, in: text), let end = rest.firstIndex(of: "\"") else { continue }
                let value = rest[..<end]
                guard let at = value.lastIndex(of: "@") else { continue }
                let target = value[value.index(after: at)...].prefix { $0 != " " }
                let parts = target.split(separator: ":")
                guard parts.count >= 3, let line = Int(parts[parts.count - 2]), let column = Int(parts[parts.count - 1]) else { continue }
                let file = target[..<parts[parts.count - 2].startIndex].dropLast()
                found.append((Self.shortName(value[..<at]), file, Position(line: line, column: column)))
            }
            return found
        }

        /// `M.(file).S.m(_:)` as `m(_:)`: the part after the last `.` outside parentheses.
        static func shortName(_ path: Substring) -> Substring {
            var depth = 0
            var cut = path.startIndex
            for i in path.indices {
                switch path[i] {
                case "(": depth += 1
                case ")": depth -= 1
                case "." where depth == 0: cut = path.index(after: i)
                default: break
                }
            }
            return path[cut...]
        }

        /// The iOS version of this declaration's own `@available(iOS N, *)`, as written (`26`, `18.0`).
        var ownIntroduction: Substring? {
            // The compiler copies a property wrapper's availability onto the accessors it makes (`implicit`).
            for child in children where child.kind == "available_attr" && !child.isImplicit && child.text.contains(" domain=iOS ") {
                if let rest = Self.after(" introduced=", in: child.text) {
                    return rest.prefix { $0.isNumber || $0 == "." }
                }
            }
            return nil
        }

        var start: Position? { location ?? range?.start }

        /// An implicit declaration of no width: a property wrapper's storage, projection and accessors, a memberwise
        /// initializer. (A result builder's `$__builder0` is implicit too, but spans the user's statement.)
        var isSynthesizedDeclaration: Bool {
            guard kind.hasSuffix("_decl"), isImplicit, let range else { return false }
            return range.start == range.end
        }

        /// `(var_decl decl_context=0x… implicit range=…`, `(type_expr implicit type=…`: made by the compiler.
        var isImplicit: Bool {
            let head = text.prefix { $0 != "\"" && $0 != "[" }
            return head.contains(" implicit ") || head.hasSuffix(" implicit")
        }
    }

    struct Position: Comparable, Hashable {
        var line: Int
        var column: Int
        static func < (a: Position, b: Position) -> Bool { (a.line, a.column) < (b.line, b.column) }
    }

    let api: IntroducedAPI
    let target: Int
    /// The program's physical text (as dumped), for telling `#available` from `#unavailable`.
    let lines: [Substring]
    /// The dump's name for the program's file (`ast.swift`).
    let file: String
    private var localIntroductions: [(start: Position, end: Position, version: IntroducedAPI.Version, written: Substring)] = []
    private(set) var uses: [Use] = []

    init(api: IntroducedAPI, target: Int, text: String, file: String) {
        self.api = api
        self.target = target
        self.lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        self.file = file
    }

    /// The uses `dump` shows that Xcode rejects, ordered by position.
    static func uses(dump: String, text: String, file: String, api: IntroducedAPI, target: Int) -> [Use] {
        var check = AvailabilityCheck(api: api, target: target, text: text, file: file)
        let roots = tree(dump)
        for root in roots { check.collectLocal(root, enclosing: nil) }
        for root in roots { check.walk(root, floor: IntroducedAPI.version(target), inherited: nil) }
        var seen: Set<Use> = []
        let types = Set(check.uses.filter(\.isType).map { "\($0.line):\($0.column)" })
        return check.uses.filter { seen.insert($0).inserted }
            .filter { $0.isType || !$0.name.hasPrefix("init(") || !types.contains("\($0.line):\($0.column)") }.sorted { ($0.line, $0.column, $0.name) < ($1.line, $1.column, $1.name) }
    }

    static func tree(_ dump: String) -> [Node] {
        var roots: [Node] = []
        var stack: [Node] = []
        for line in dump.split(separator: "\n") {
            guard let node = Node(line) else { continue }
            while let last = stack.last, last.indent >= node.indent { stack.removeLast() }
            if let parent = stack.last { parent.children.append(node) } else { roots.append(node) }
            stack.append(node)
        }
        return roots
    }

    static func parse(_ written: Substring) -> IntroducedAPI.Version {
        let parts = written.split(separator: ".")
        return (parts.first.flatMap { Int($0) } ?? 0) * 100 + (parts.count > 1 ? Int(parts[1]) ?? 0 : 0)
    }

    /// The program's own declarations marked `@available(iOS N, *)`, with their ranges: a declaration inside one
    /// has at least its version.
    private mutating func collectLocal(_ node: Node, enclosing: IntroducedAPI.Version?) {
        if node.isSynthesizedDeclaration { return }
        var version = enclosing
        if node.kind.hasSuffix("_decl"), let written = node.ownIntroduction {
            let own = Self.parse(written)
            if let range = node.range, own > (enclosing ?? 0) {
                localIntroductions.append((range.start, range.end, own, written))
            }
            version = max(own, enclosing ?? 0)
        }
        for child in node.children { collectLocal(child, enclosing: version) }
    }

    /// The iOS a reference's target needs, if it is a model declaration in the table or one of the program's own.
    private func introduction(of reference: (name: Substring, file: Substring, at: Position)) -> (IntroducedAPI.Version, String, String)? {
        if reference.file.hasSuffix(file) && (reference.file.count == file.count || reference.file.dropLast(file.count).hasSuffix("/")) {
            let containing = localIntroductions.filter { $0.start <= reference.at && reference.at <= $0.end }
            guard let best = containing.max(by: { $0.version < $1.version }) else { return nil }
            return (best.version, String(reference.name), String(best.written))
        }
        guard let entry = api.declarations["\(reference.file):\(reference.at.line):\(reference.at.column)"] else { return nil }
        return (entry.introduced, entry.name, IntroducedAPI.describe(entry.introduced))
    }

    /// Checks `node` and its children in a context known to run on iOS `floor` or later.
    private mutating func walk(_ node: Node, floor: IntroducedAPI.Version, inherited: Position?) {
        // What the compiler synthesizes (a property wrapper's storage and accessors, memberwise initializers) is no
        // use of its own: the written attribute or declaration is.
        if node.isSynthesizedDeclaration { return }
        var floor = floor
        if let written = node.ownIntroduction { floor = max(floor, Self.parse(written)) }
        let here = node.start ?? inherited
        for reference in node.references {
            guard let (needed, name, written) = introduction(of: reference), needed > floor, let at = here else { continue }
            uses.append(Use(line: at.line, column: at.column, name: name, introduced: written))
        }
        // `ScrollPosition(idType:)`: the type is written, and the dump names it only by its text.
        if node.kind == "type_expr", !node.isImplicit, let at = here,
           let written = Node.after(" typerepr=\"", in: node.text)?.prefix(while: { $0 != "\"" && $0 != "<" }),
           let entry = api.types[String(written)], entry.introduced > floor {
            uses.append(Use(line: at.line, column: at.column, name: entry.name, introduced: IntroducedAPI.describe(entry.introduced), isType: true))
        }
        switch node.kind {
        case "if_stmt", "while_stmt": walkIf(node, floor: floor, here: here)
        case "brace_stmt", "source_file": walkBlock(node.children, floor: floor, here: here)
        default: for child in node.children { walk(child, floor: floor, inherited: here) }
        }
    }

    /// A block's statements: a `guard #available(iOS N, *)` raises the floor of the statements after it.
    private mutating func walkBlock(_ children: [Node], floor: IntroducedAPI.Version, here: Position?) {
        var floor = floor
        for child in children {
            if child.kind == "guard_stmt" {
                let (conditions, body) = split(child)
                let polarity = self.conditions(of: child, conditions: conditions, bodyStart: body.first?.range?.start)
                walkConditions(conditions, polarity: polarity, floor: floor, here: child.start ?? here)
                let unavailability = !polarity.isEmpty && polarity.allSatisfy { !$0.available }
                let unavailable = unavailability ? polarity.map(\.version).max() : nil
                for node in body { walk(node, floor: max(floor, unavailable ?? 0), inherited: child.start ?? here) }
                if !unavailability { floor = max(floor, polarity.map(\.version).max() ?? 0) }
            } else {
                walk(child, floor: floor, inherited: here)
            }
        }
    }

    /// `if` and `while`: the conditions, the true branch or body (raised by every `#available`), the `else` (raised by
    /// `#unavailable`).
    private mutating func walkIf(_ node: Node, floor: IntroducedAPI.Version, here: Position?) {
        let (conditions, branches) = split(node)
        let polarity = self.conditions(of: node, conditions: conditions, bodyStart: branches.first?.range?.start)
        walkConditions(conditions, polarity: polarity, floor: floor, here: here)
        // As swiftc's AvailabilityScopeBuilder: `#unavailable` swaps the branches (the two cannot be mixed).
        let unavailability = !polarity.isEmpty && polarity.allSatisfy { !$0.available }
        let refined = polarity.map(\.version).max() ?? 0
        let positive = unavailability ? 0 : refined, negative = unavailability ? refined : 0
        for (k, branch) in branches.enumerated() {
            walk(branch, floor: max(floor, k == 0 ? positive : negative), inherited: here)
        }
    }

    /// The `conditions=array` child and the rest.
    private func split(_ node: Node) -> (conditions: [Node], rest: [Node]) {
        guard let c = node.children.firstIndex(where: { $0.text.hasPrefix("(conditions=") }) else { return ([], node.children) }
        return (node.children[c].children, Array(node.children[..<c] + node.children[(c + 1)...]))
    }

    /// Each condition after an `#available` is checked with its version.
    private mutating func walkConditions(_ conditions: [Node], polarity: [(available: Bool, version: IntroducedAPI.Version)], floor: IntroducedAPI.Version, here: Position?) {
        var floor = floor
        var k = 0
        for condition in conditions {
            if condition.kind == "#available" {
                if k < polarity.count, polarity[k].available { floor = max(floor, polarity[k].version) }
                k += 1
            } else {
                walk(condition, floor: floor, inherited: here)
            }
        }
    }

    /// The availability conditions of an `if` or `guard`, in order: `#available` or `#unavailable` (the dump prints
    /// both as `#available`; the source between the keyword and the body says which) and the iOS version.
    private func conditions(of node: Node, conditions: [Node], bodyStart: Position?) -> [(available: Bool, version: IntroducedAPI.Version)] {
        let specs = conditions.filter { $0.kind == "#available" }
        guard !specs.isEmpty else { return [] }
        let versions = specs.map { spec -> IntroducedAPI.Version in
            let iOS = spec.children.first { $0.text.contains(" domain=iOS ") }
            return iOS.flatMap { Node.after(" version=", in: $0.text) }.map { Self.parse($0.prefix { $0.isNumber || $0 == "." }) } ?? 0
        }
        let words = availabilityWords(from: node.range?.start, to: bodyStart)
        // Unless the source says otherwise, a condition refines nothing: a missed use is a wrong ✓.
        guard words.count == specs.count else { return versions.map { (false, 0 * $0) } }
        return zip(words, versions).map { ($0, $1) }
    }

    /// `#available` (true) and `#unavailable` (false) in the text from `start` to `end`.
    private func availabilityWords(from start: Position?, to end: Position?) -> [Bool] {
        guard let start, let end, start.line >= 1, end.line <= lines.count, start <= end else { return [] }
        var text = ""
        for line in start.line...end.line {
            var part = lines[line - 1]
            if line == end.line { part = part.prefix(max(0, end.column - 1)) }
            if line == start.line { part = part.dropFirst(max(0, start.column - 1)) }
            text += part + "\n"
        }
        var found: [Bool] = []
        var rest = text[...]
        while let hash = rest.firstIndex(of: "#") {
            rest = rest[rest.index(after: hash)...]
            if rest.hasPrefix("available") { found.append(true) } else if rest.hasPrefix("unavailable") { found.append(false) }
        }
        return found
    }
}
