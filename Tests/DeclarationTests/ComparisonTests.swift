import Testing

/// The comparison reports each kind of difference, so a model that drifts from Apple's declarations fails.
@Suite("Comparing Apple's table with the model (issue 26 item 2)") struct ComparisonTests {
    static let page = """
        type @MainActor class UIThing: UIBase | iOS 2.0 | uikit/uithing
        func insert(UIView, at: Int) | uithing/insert(_:at:)
        var title: String? | uithing/title
        nonisolated class let didChangeNotification: NSNotification.Name | uithing/didchangenotification
        var oldTitle: String? | uithing/oldtitle | deprecated
        """

    static func mismatches(_ members: [(String, Declaration.Isolation, Bool)]) -> [DeclarationComparison.Mismatch] {
        var table = AppleTable()
        table.readType(owner: "UIThing", text: page, file: "UIThing.txt")
        let type = ModelSymbols.Symbol(owner: "", name: "UIThing", declaration: Declaration(text: "class UIThing", isolation: .mainActor),
                                       deprecated: false, isType: true)
        let symbols = members.map { text, isolation, deprecated in
            ModelSymbols.Symbol(owner: "UIThing", name: Declaration.key(of: text), declaration: Declaration(text: Declaration.normalise(text), isolation: isolation),
                                deprecated: deprecated, isType: false)
        }
        return DeclarationComparison(table: table, model: [type] + symbols).mismatches
    }

    static let faithful: [(String, Declaration.Isolation, Bool)] = [
        ("func insert(UIView, at: Int)", .mainActor, false),
        ("var title: String?", .mainActor, false),
        ("static let didChangeNotification: Notification.Name", .nonisolated, false),
        ("var oldTitle: String?", .mainActor, true),
    ]

    @Test func aFaithfulModelMatches() {
        #expect(Self.mismatches(Self.faithful).isEmpty)
    }

    @Test(arguments: [
        (0, ("func insert(UIView, index: Int)", Declaration.Isolation.mainActor, false), DeclarationComparison.Mismatch.Kind.absent),
        (1, ("var title: String", .mainActor, false), .declaration),
        (1, ("var title: String?", .none, false), .isolation),
        (2, ("static let didChangeNotification: Notification.Name", .mainActor, false), .isolation),
        (3, ("var oldTitle: String?", .mainActor, false), .deprecation),
    ])
    func aDifferenceIsReported(index: Int, member: (String, Declaration.Isolation, Bool), kind: DeclarationComparison.Mismatch.Kind) {
        var members = Self.faithful
        members[index] = member
        let found = Self.mismatches(members)
        #expect(found.map(\.kind) == [kind])
    }
}
