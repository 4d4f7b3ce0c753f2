import Foundation

/// Which lines of a lesson program's snippets are demonstration rather than app code, read from the compiler's
/// type-checked AST (`swiftc -dump-ast`), never from names.
///
/// A statement is demonstration when it refers to a declaration of the driver or the behaviour profile (the modules
/// in `driverModules`), or to a value whose type is one of theirs (`let phone = app`, then `phone.tap(…)`), or when it
/// calls `print`, `debugPrint` or `dump` in top-level code (not inside a function, a type or a closure): those
/// prints only show the lesson's output. So is a statement of a function or type that uses a variable of the
/// top-level code (a helper reading the demonstration's `conversation`). The whole statement is marked, every line of it, and so is the whole
/// top-level `let` or `var` that binds a driver value. The rule is docs/lesson-format.md's "App code and demonstration".
enum DemonstrationLines {
    /// The modules that are not UIKit: the simulated user and screen, the behaviour profile, the runner's records.
    static let driverModules = ["UIKitSimulator", "UIKitBehavior", "DocTestProtocol"]
    static let printFunctions = ["print(_:separator:terminator:)", "debugPrint(_:separator:terminator:)", "dump("]
    /// Nodes whose body is not top-level code: a `print` inside one of them belongs to the app.
    static let scopes: Set<Substring> = [
        "closure_expr", "func_decl", "constructor_decl", "destructor_decl", "accessor_decl", "class_decl", "struct_decl",
        "enum_decl", "extension_decl", "protocol_decl", "actor_decl", "subscript_decl",
    ]

    /// The program text with its `#sourceLocation` directives blanked, so the dump's lines are the text's own
    /// (it reports presumed lines under the physical file's name), and where each line comes from.
    static func physical(_ text: String) -> (text: String, origin: [Int: (snippet: Int, line: Int)]) {
        var origin: [Int: (snippet: Int, line: Int)] = [:]
        var current: (snippet: Int, line: Int)?
        var out: [Substring] = []
        for (n, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            if line.hasPrefix("#sourceLocation(") {
                current = directive(line)
                out.append("")
                continue
            }
            if let here = current {
                origin[n + 1] = here
                current = (here.snippet, here.line + 1)
            }
            out.append(line)
        }
        return (out.joined(separator: "\n"), origin)
    }

    /// `#sourceLocation(file: "snippet-3.swift", line: 7)` as (3, 7); `nil` for `#sourceLocation()` and other files.
    static func directive(_ line: Substring) -> (snippet: Int, line: Int)? {
        guard let fileStart = line.range(of: "file: \""), let fileEnd = line[fileStart.upperBound...].firstIndex(of: "\""),
              let snippet = ProgramVerdict.snippetIndex(String(line[fileStart.upperBound..<fileEnd])),
              let lineStart = line.range(of: "line: "),
              let number = Int(line[lineStart.upperBound...].prefix { $0.isNumber })
        else { return nil }
        return (snippet, number)
    }

    /// Snippet index → 0-based lines of its code that are demonstration, from a dump of the physical text.
    static func lines(dump: String, origin: [Int: (snippet: Int, line: Int)]) -> [Int: [Int]] {
        let nodes = dump.split(separator: "\n").compactMap(Node.init)
        let driverTypes = Self.driverTypes(nodes)
        let globals = Self.topLevelVariables(nodes)
        var marked: [Int: Set<Int>] = [:]
        var stack: [Node] = []
        for node in nodes {
            while let last = stack.last, last.indent >= node.indent { stack.removeLast() }
            stack.append(node)
            guard isDriver(node, types: driverTypes) || isTopLevelPrint(node, stack: stack)
                    || usesTopLevelVariable(node, stack: stack, globals: globals),
                  let lines = statement(in: stack)?.range
            else { continue }
            for physical in lines {
                if let (snippet, line) = origin[physical] { marked[snippet, default: []].insert(line - 1) }
            }
        }
        return marked.mapValues { $0.sorted() }
    }

    /// The top-level names the driver modules declare that the program refers to (`Simulator`, `BehaviorProfile`).
    static func driverTypes(_ nodes: [Node]) -> Set<Substring> {
        var types: Set<Substring> = []
        for node in nodes {
            guard let decl = node.attribute("decl"), driverModules.contains(where: { decl.hasPrefix($0 + ".(file).") }),
                  let file = decl.range(of: ".(file).")
            else { continue }
            let name = decl[file.upperBound...].prefix { $0 != "." && $0 != "@" && $0 != "(" }
            if !name.contains(" ") { types.insert(name) }
        }
        return types
    }

    /// The variables of the top-level code, as references name them: `conversation@ast.swift:115:5`.
    static func topLevelVariables(_ nodes: [Node]) -> Set<Substring> {
        var names: Set<Substring> = []
        for node in nodes where node.kind == "var_decl" && node.line.contains(" top_level_global") {
            guard let start = node.line.range(of: "range=["), let dash = node.line[start.upperBound...].range(of: " - "),
                  let close = node.line.range(of: "] \""), let end = node.line[close.upperBound...].firstIndex(of: "\"")
            else { continue }
            names.insert(node.line[close.upperBound..<end] + "@" + node.line[start.upperBound..<dash.lowerBound])
        }
        return names
    }

    /// A function or type that uses a variable of the top-level code (`conversation`, made by the demonstration) is
    /// part of the demonstration: an app has no such variable.
    static func usesTopLevelVariable(_ node: Node, stack: [Node], globals: Set<Substring>) -> Bool {
        guard let decl = node.attribute("decl"), let at = decl.range(of: ".(file).", options: .backwards),
              globals.contains(decl[at.upperBound...])
        else { return false }
        return !stack.contains { $0.kind == "top_level_code_decl" } && stack.contains { scopes.contains($0.kind) }
    }

    static func isDriver(_ node: Node, types: Set<Substring>) -> Bool {
        if node.kind == "import_decl" { return driverModules.contains { node.line.contains("module=\"\($0)\"") } }
        if let decl = node.attribute("decl") ?? node.attribute("default_args_owner"),
           driverModules.contains(where: { decl.hasPrefix($0 + ".") }) {
            return true
        }
        guard let type = node.attribute("type") ?? node.attribute("interface_type") else { return false }
        var name = type
        for prefix in ["@lvalue ", "inout "] where name.hasPrefix(prefix) { name = name.dropFirst(prefix.count) }
        while name.hasSuffix("?") || name.hasSuffix("!") { name = name.dropLast() }
        if name.hasSuffix(".Type") { name = name.dropLast(".Type".count) }
        return types.contains(name)
    }

    static func isTopLevelPrint(_ node: Node, stack: [Node]) -> Bool {
        guard node.kind == "declref_expr", let decl = node.attribute("decl"),
              printFunctions.contains(where: { decl.hasPrefix("Swift.(file)." + $0) })
        else { return false }
        return stack.contains { $0.kind == "top_level_code_decl" } && !stack.contains { scopes.contains($0.kind) }
    }

    /// The innermost statement around the node: a child of a `{ }` block (a top-level statement sits in one
    /// too), whose lines are marked together.
    static func statement(in stack: [Node]) -> Node? {
        for k in stack.indices.reversed() where k > 0 && stack[k - 1].kind == "brace_stmt" && stack[k].range != nil {
            return stack[k]
        }
        return stack.last { $0.range != nil }
    }

    /// One line of the dump: `(kind attribute=value …`, indented by its depth.
    struct Node {
        var indent: Int
        var kind: Substring
        var line: Substring
        /// Lines of `main.swift` the node spans.
        var range: ClosedRange<Int>?

        init?(_ line: Substring) {
            let body = line.drop { $0 == " " }
            guard body.first == "(" else { return nil }
            indent = line.count - body.count
            // `(original_init=call_expr …` names a child by its role.
            let head = body.dropFirst().prefix { $0 != " " && $0 != ")" }
            kind = head.split(separator: "=").last ?? head
            self.line = body
            range = Self.lines(body)
        }

        /// `range=[main.swift:3:1 - line:5:2]` as 3...5.
        static func lines(_ text: Substring) -> ClosedRange<Int>? {
            guard let start = text.range(of: "range=[") else { return nil }
            let rest = text[start.upperBound...]
            guard let colon = rest.firstIndex(of: ":"),
                  let first = Int(rest[rest.index(after: colon)...].prefix { $0.isNumber }),
                  let end = rest.range(of: " - line:"),
                  let last = Int(rest[end.upperBound...].prefix { $0.isNumber }), last >= first
            else { return nil }
            return first...last
        }

        /// The quoted value of `name="…"`.
        func attribute(_ name: String) -> Substring? {
            guard let start = line.range(of: " " + name + "=\"") else { return nil }
            let rest = line[start.upperBound...]
            return rest.firstIndex(of: "\"").map { rest[..<$0] }
        }
    }
}
