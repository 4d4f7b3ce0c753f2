import DocTest
import LessonModel

extension Language: OptionValue {}
extension DefaultIsolation: OptionValue {}

/// A Swift language mode lessons can be compiled in (`LanguageMode.swiftVersions`).
struct SwiftVersion: OptionValue {
    let number: Int

    init?(argument: String) {
        guard let number = Int(argument), LanguageMode.swiftVersions.contains(number) else { return nil }
        self.number = number
    }

    var argument: String { String(number) }
    static var choices: [String]? { LanguageMode.swiftVersions.map(String.init) }
}

/// One of N slices of the lessons, `I/N` with 1 <= I <= N.
struct Shard: OptionValue {
    let slice: (index: Int, count: Int)

    init?(argument: String) {
        guard let slice = DocTestOptions.parseShard(argument) else { return nil }
        self.slice = slice
    }

    var argument: String { "\(slice.index)/\(slice.count)" }
    static var expected: String? { "I/N with 1 <= I <= N, like 2/4" }
}
