import Foundation

/// Apple's declarations of the symbols the model declares, one file per type in `Apple/` (format in `Apple/README.md`).
struct AppleTable {
    /// One member row: Apple's declaration as its documentation prints it, where it came from, and its deprecation.
    struct Row {
        let owner: String
        let declaration: Declaration
        let printed: String
        let page: String
        let deprecated: Bool
        let line: Int
    }

    /// One type's file: its own declaration, the types it inherits from or conforms to, and its members.
    struct TypeEntry {
        let owner: String
        let declaration: Declaration
        let printed: String
        let supertypes: [String]
        let availability: String
        let page: String
        var rows: [Row]
    }

    /// A difference Apple's table and the model are allowed to keep, with the reason (`Apple/deviations.txt`).
    struct Deviation: Hashable {
        let owner: String
        let apple: String
        let kind: String
        let reason: String
        var key: String { "\(owner) | \(Declaration(printed: apple).text) | \(kind)" }
    }

    var types: [String: TypeEntry] = [:]
    var deviations: [Deviation] = []
    var problems: [String] = []

    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Apple")

    static func load(from directory: URL = directory) throws -> AppleTable {
        var table = AppleTable()
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".txt") }.sorted()
        for file in files {
            let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            if file == "deviations.txt" {
                table.readDeviations(text)
            } else {
                table.readType(owner: String(file.dropLast(4)), text: text, file: file)
            }
        }
        return table
    }

    /// `Owner | Apple's declaration | kind | reason`.
    mutating func readDeviations(_ text: String) {
        for (number, line) in Self.lines(text) {
            let fields = line.components(separatedBy: " | ")
            guard fields.count == 4 else { problems.append("deviations.txt:\(number): expected 4 fields"); continue }
            deviations.append(Deviation(owner: fields[0], apple: fields[1], kind: fields[2], reason: fields[3]))
        }
    }

    /// `type <declaration> | <availability> | <page>` then `<declaration> | <page>[ | deprecated]` lines.
    mutating func readType(owner: String, text: String, file: String) {
        var entry: TypeEntry?
        for (number, line) in Self.lines(text) {
            let fields = line.components(separatedBy: " | ")
            if line.hasPrefix("type ") {
                guard fields.count == 3 else { problems.append("\(file):\(number): a type line has 3 fields"); continue }
                var printed = String(fields[0].dropFirst(5))
                var supertypes: [String] = []
                if let colon = printed.firstIndex(of: ":") {
                    supertypes = printed[printed.index(after: colon)...].split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
                    printed = String(printed[..<colon])
                }
                entry = TypeEntry(owner: owner, declaration: Declaration(printed: printed), printed: printed, supertypes: supertypes,
                                  availability: fields[1], page: fields[2], rows: [])
                continue
            }
            guard var current = entry else { problems.append("\(file):\(number): members before the type line"); continue }
            guard fields.count == 2 || (fields.count == 3 && fields[2].hasPrefix("deprecated")) else {
                problems.append("\(file):\(number): expected `declaration | page[ | deprecated…]`"); continue
            }
            let inherited = Self.inheritsIsolation(fields[0]) ? current.declaration.isolation : .none
            current.rows.append(Row(owner: owner, declaration: Declaration(printed: fields[0], inheritedIsolation: inherited),
                                    printed: fields[0], page: fields[1], deprecated: fields.count == 3, line: number))
            entry = current
        }
        if let entry { types[owner] = entry } else { problems.append("\(file): no type line") }
    }

    /// Members of an isolated type share its isolation; enum cases and nested types do not.
    static func inheritsIsolation(_ printed: String) -> Bool {
        !["case ", "enum ", "struct ", "class ", "protocol ", "typealias "].contains { printed.hasPrefix($0) }
            || printed.hasPrefix("class func ") || printed.hasPrefix("class var ") || printed.hasPrefix("class let ")
    }

    /// The non-empty, non-comment lines with their 1-based numbers.
    static func lines(_ text: String) -> [(Int, String)] {
        text.components(separatedBy: "\n").enumerated().compactMap { index, line in
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            return trimmed.isEmpty || trimmed.hasPrefix("#") ? nil : (index + 1, trimmed)
        }
    }

    /// `owner` and the types it inherits from or conforms to that have a file, nearest first.
    func chain(of owner: String) -> [TypeEntry] {
        var result: [TypeEntry] = []
        var queue = [owner]
        var seen: Set<String> = []
        while !queue.isEmpty {
            let next = queue.removeFirst()
            guard seen.insert(next).inserted, let entry = types[next] else { continue }
            result.append(entry)
            queue += entry.supertypes
        }
        return result
    }
}
