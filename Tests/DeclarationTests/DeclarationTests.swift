import Foundation
import Testing

/// The model's declarations checked against Apple's (issue 26 item 2): names, argument labels, types, optionality,
/// `@MainActor` isolation and deprecation of every symbol in `Apple/`, as the compiler sees the model.
@Suite("Declarations checked against Apple's (issue 26 item 2)") struct DeclarationTests {
    static let table = Result { try AppleTable.load() }
    static let model = Result { try ModelSymbols.extract() }

    /// The fewest model symbols the table must cover (docs/model.md, "Declarations checked against Apple's").
    static let coverageFloor = 500

    @Test("every file of Apple/ parses: a type line, then member lines of two or three fields")
    func tableFilesAreWellFormed() throws {
        let table = try Self.table.get()
        #expect(table.problems.isEmpty, "\(table.problems)")
    }

    @Test("issue 26 item 2: each of Apple's declarations in the table matches the model's, or deviations.txt lists why not")
    func declarationsMatchApplesOrAreListedDeviations() throws {
        let table = try Self.table.get()
        let comparison = DeclarationComparison(table: table, model: try Self.model.get().symbols)
        let listed = Set(table.deviations.map(\.key))
        for mismatch in comparison.mismatches where !listed.contains(mismatch.key) {
            Issue.record("\(mismatch)\n  fix the model, or list it in Apple/deviations.txt: \(mismatch.deviationLine)")
        }
        let found = Set(comparison.mismatches.map(\.key))
        for deviation in table.deviations where !found.contains(deviation.key) {
            Issue.record("Apple/deviations.txt lists `\(deviation.key)`, which no longer differs: remove it")
        }
    }

    @Test("issue 26 item 2: the table covers at least 500 of the model's symbols")
    func tableCoversEnoughOfTheModel() throws {
        let comparison = DeclarationComparison(table: try Self.table.get(), model: try Self.model.get().symbols)
        let model = try Self.model.get().symbols
        print("declarations: \(comparison.rowCount) rows of Apple's, \(comparison.covered.count) of the model's \(model.count) symbols covered")
        #expect(comparison.covered.count >= Self.coverageFloor)
    }

    @Test("docs/model.md lists every deviation of deviations.txt")
    func everyDeviationIsInTheModelDocs() throws {
        let docs = Declaration.collapse(try String(contentsOf: ModelSymbols.package.appendingPathComponent("docs/model.md"), encoding: .utf8))
        for deviation in try Self.table.get().deviations where !docs.contains(Declaration.collapse(deviation.apple)) {
            Issue.record("docs/model.md does not list the deviation `\(deviation.owner) \(deviation.apple)` (\(deviation.reason))")
        }
    }
}
