import Diagnostics
import LessonModel
import TutorbuildSupport

extension LessonPlan {
    /// The plan as lines of space-separated fields, for `LessonPlanCache`.
    ///
    /// Every lesson file's plan is read back on every run: splitting a few lines costs a fraction of a
    /// JSON decoder per file, which would be a large part of a one-lesson rebuild of a large course.
    ///
    ///     program <key> <role> <swift version>/<default isolation> <snippets, comma-separated, or -> <runs: numbers or _ for none, or ->
    ///     problem <snippet> <diagnostic id> <message, as a `LineField`>
    var lines: String {
        var lines: [String] = []
        for program in programs {
            let runs = program.runs.map { $0.map(String.init) ?? "_" }
            lines.append("program \(program.key) \(Self.text(program.role)) \(program.mode.swiftVersion)/\(program.mode.defaultIsolation.rawValue)/\(program.mode.deploymentTarget) \(Self.list(program.snippets.map(String.init))) \(Self.list(runs))")
        }
        for problem in problems {
            lines.append("problem \(problem.snippet) \(problem.id.rawValue) \(LineField.escaped(problem.message))")
        }
        return lines.joined(separator: "\n")
    }

    /// `5/MainActor/18`: Swift version, default isolation, deployment target.
    static func mode(_ field: Substring) -> LanguageMode? {
        let parts = field.split(separator: "/")
        guard parts.count == 3, let version = Int(parts[0]), let isolation = DefaultIsolation(rawValue: String(parts[1])),
            let target = Int(parts[2])
        else { return nil }
        return LanguageMode(swiftVersion: version, defaultIsolation: isolation, deploymentTarget: target)
    }

    /// The plan `lines` wrote, or `nil` for anything else.
    init?(lines text: String) {
        var programs: [Program] = []
        var problems: [LessonProgramBuilder.Problem] = []
        for line in text.split(separator: "\n") {
            if line.hasPrefix("program ") {
                let fields = line.split(separator: " ", omittingEmptySubsequences: false)
                guard fields.count == 6, let role = Self.role(fields[2]), let mode = Self.mode(fields[3]),
                      let snippets = Self.numbers(fields[4]), let runs = Self.runs(fields[5])
                else { return nil }
                programs.append(Program(key: String(fields[1]), role: role, mode: mode, snippets: snippets, runs: runs))
            } else if line.hasPrefix("problem ") {
                let fields = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
                guard fields.count == 4, let snippet = Int(fields[1]), !fields[2].isEmpty, let message = LineField.unescaped(fields[3]) else { return nil }
                problems.append(LessonProgramBuilder.Problem(snippet: snippet, id: Diagnostic.ID(rawValue: String(fields[2])), message: message))
            } else {
                return nil
            }
        }
        self.init(programs: programs, problems: problems)
    }

    private static func text(_ role: LessonProgram.Role) -> String {
        switch role {
        case .lesson: "lesson"
        case .prefix: "prefix"
        case .compileFail(let n): "compile-fail:\(n)"
        case .isolated(let n): "isolated:\(n)"
        }
    }

    private static func role(_ text: Substring) -> LessonProgram.Role? {
        switch text {
        case "lesson": return .lesson
        case "prefix": return .prefix
        default:
            let parts = text.split(separator: ":")
            guard parts.count == 2, let n = Int(parts[1]) else { return nil }
            switch parts[0] {
            case "compile-fail": return .compileFail(n)
            case "isolated": return .isolated(n)
            default: return nil
            }
        }
    }

    private static func list(_ items: [String]) -> String { items.isEmpty ? "-" : items.joined(separator: ",") }

    private static func numbers(_ text: Substring) -> [Int]? {
        if text == "-" { return [] }
        let numbers = text.split(separator: ",", omittingEmptySubsequences: false).map { Int($0) }
        return numbers.contains(nil) ? nil : numbers.map { $0! }
    }

    private static func runs(_ text: Substring) -> [Int?]? {
        if text == "-" { return [] }
        var runs: [Int?] = []
        for item in text.split(separator: ",", omittingEmptySubsequences: false) {
            if item == "_" {
                runs.append(nil)
            } else {
                guard let n = Int(item) else { return nil }
                runs.append(n)
            }
        }
        return runs
    }
}
