/// Apple's table against the model's symbols: what matches, what differs, what the table does not cover.
struct DeclarationComparison {
    /// One difference between a row of Apple's table and the model.
    struct Mismatch: CustomStringConvertible {
        enum Kind: String { case absent, declaration, isolation, deprecation }
        let owner: String
        let apple: String
        let kind: Kind
        let model: String

        var key: String { "\(owner) | \(Declaration(printed: apple).text) | \(kind.rawValue)" }
        var description: String { "\(owner): Apple `\(apple)` — model \(model)" }
        /// The line that would list it in `Apple/deviations.txt`.
        var deviationLine: String { "\(owner) | \(apple) | \(kind.rawValue) | <reason>" }
    }

    private(set) var mismatches: [Mismatch] = []
    /// The model symbols (by id) whose declaration matches one of Apple's.
    private(set) var covered: Set<String> = []
    private(set) var rowCount = 0

    init(table: AppleTable, model: [ModelSymbols.Symbol]) {
        let byOwner = Dictionary(grouping: model, by: \.owner)
        for entry in table.types.values {
            compareType(entry, model: model)
            let members = byOwner[entry.owner] ?? []
            for row in entry.rows { compare(row, with: members) }
        }
        // Overrides and protocol implementations: a model member that Apple documents on a supertype or protocol.
        for symbol in model where !covered.contains(symbol.id) && !symbol.isType {
            for entry in table.chain(of: symbol.owner).dropFirst() {
                guard let row = entry.rows.first(where: { $0.declaration.key == symbol.declaration.key }) else { continue }
                if row.declaration == symbol.declaration { covered.insert(symbol.id) } else {
                    mismatches.append(Mismatch(owner: symbol.owner, apple: row.printed, kind: .declaration,
                                               model: "`\(symbol.declaration)` (overrides or implements \(entry.owner)'s)"))
                }
                break
            }
        }
    }

    /// The type's own declaration: its kind, name and isolation.
    private mutating func compareType(_ entry: AppleTable.TypeEntry, model: [ModelSymbols.Symbol]) {
        rowCount += 1
        guard let symbol = model.first(where: { $0.isType && $0.id == entry.owner }) else {
            mismatches.append(Mismatch(owner: entry.owner, apple: entry.printed, kind: .absent, model: "declares no such type"))
            return
        }
        if symbol.declaration.key != entry.declaration.key {
            mismatches.append(Mismatch(owner: entry.owner, apple: entry.printed, kind: .declaration, model: "`\(symbol.declaration.text)`"))
        } else if symbol.declaration.isolation != entry.declaration.isolation {
            mismatches.append(Mismatch(owner: entry.owner, apple: entry.printed, kind: .isolation, model: "`\(symbol.declaration)`"))
        } else {
            covered.insert(symbol.id)
        }
    }

    private mutating func compare(_ row: AppleTable.Row, with members: [ModelSymbols.Symbol]) {
        rowCount += 1
        let candidates = members.filter { $0.declaration.key == row.declaration.key }
        guard !candidates.isEmpty else {
            mismatches.append(Mismatch(owner: row.owner, apple: row.printed, kind: .absent, model: "declares no `\(row.declaration.key)`"))
            return
        }
        guard let symbol = candidates.first(where: { $0.declaration.text == row.declaration.text }) else {
            let found = candidates.map { "`\($0.declaration.text)`" }.joined(separator: ", ")
            mismatches.append(Mismatch(owner: row.owner, apple: row.printed, kind: .declaration, model: "declares \(found)"))
            return
        }
        if symbol.declaration.isolation != row.declaration.isolation {
            mismatches.append(Mismatch(owner: row.owner, apple: row.printed, kind: .isolation,
                                       model: "is \(symbol.declaration.isolation.rawValue), Apple's is \(row.declaration.isolation.rawValue)"))
        } else if symbol.deprecated != row.deprecated {
            mismatches.append(Mismatch(owner: row.owner, apple: row.printed, kind: .deprecation,
                                       model: symbol.deprecated ? "is deprecated, Apple's is not" : "is not deprecated, Apple's is"))
        } else {
            covered.insert(symbol.id)
        }
    }
}
