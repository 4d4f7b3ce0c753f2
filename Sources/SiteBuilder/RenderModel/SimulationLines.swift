import Foundation
import TutorbuildSupport

/// Which lines of a snippet are demonstration (the simulated user and screen, the behaviour profile, top-level
/// prints) rather than app code, as the page shades them.
///
/// The doc-test runner finds them with the compiler (`SnippetResult.demonstrationLines`, docs/lesson-format.md
/// "App code and demonstration"); `runs(_:marked:)` lays those out. A site built without results falls back to
/// names (`runs(_:)`): a line is marked when it names the simulated user `app` or the driver's types, and a call
/// that continues over several lines is marked to its closing parenthesis.
enum SimulationLines {
    /// Consecutive lines with the same answer, `marked` (0-based lines) being the demonstration ones.
    static func runs(_ code: String, marked: Set<Int>) -> [(text: String, simulation: Bool)] {
        var runs: [(text: String, simulation: Bool)] = []
        for (n, line) in code.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let simulation = marked.contains(n)
            if let last = runs.last, last.simulation == simulation {
                runs[runs.count - 1].text += "\n" + line
            } else {
                runs.append((String(line), simulation))
            }
        }
        return runs
    }

    /// `lines` of a snippet's whole code, and the same lines counted in the code its page shows (without
    /// `snippet.hide` regions and their markers, as `Snippet.displayCode` leaves them out).
    static func shown(_ lines: Set<Int>, in code: String) -> (full: Set<Int>, shown: Set<Int>) {
        var shown = Set<Int>()
        var hiding = false
        var k = 0
        for (n, line) in code.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            switch line.trimmingCharacters(in: .whitespaces) {
            case "// snippet.hide": hiding = true
            case "// snippet.show": hiding = false
            default:
                if !hiding {
                    if lines.contains(n) { shown.insert(k) }
                    k += 1
                }
            }
        }
        return (lines, shown)
    }

    /// Consecutive lines with the same answer, in order, joined by their newlines (so the text is unchanged).
    static func runs(_ code: String) -> [(text: String, simulation: Bool)] {
        var runs: [(text: String, simulation: Bool)] = []
        var depth = 0
        for line in code.split(separator: "\n", omittingEmptySubsequences: false) {
            let simulation = depth > 0 || isSimulation(line)
            depth = simulation ? max(0, depth + openParentheses(line)) : 0
            if let last = runs.last, last.simulation == simulation {
                runs[runs.count - 1].text += "\n" + line
            } else {
                runs.append((String(line), simulation))
            }
        }
        return runs
    }

    /// The driver's names: the simulated user, its types and the module; `app.` only as a whole name.
    static let markers: [(text: StaticString, wholeName: Bool)] = [
        ("app.", true), ("Simulator(", false), ("BehaviorProfile", false), ("import UIKitSimulator", false), ("SimulationLock", false),
    ]

    static func isSimulation(_ line: Substring) -> Bool {
        // Searched in the UTF-8 (the markers and `//` are ASCII, so a match starts a character): Foundation's
        // `range(of:)` went through NSString, for every line of every snippet of every page rendered.
        let end = line.firstByteOffset(of: "//") ?? line.utf8.count
        for (marker, wholeName) in markers {
            var from = 0
            while let offset = line.firstByteOffset(of: marker, from: from), offset + marker.utf8CodeUnitCount <= end {
                // `app.` as a whole name: not `myapp.` or `viewController.app.`.
                let before = offset == 0 ? nil : line[..<line.utf8.index(line.startIndex, offsetBy: offset)].last
                if !wholeName || before.map({ !($0.isLetter || $0.isNumber || $0 == "_" || $0 == ".") }) ?? true {
                    return true
                }
                from = offset + 1
            }
        }
        return false
    }

    /// Opening minus closing parentheses outside string literals.
    static func openParentheses(_ line: Substring) -> Int {
        var depth = 0
        var inString = false
        var previous: Character = " "
        for character in line {
            if character == "\"" && previous != "\\" { inString.toggle() }
            if !inString {
                if character == "(" { depth += 1 }
                if character == ")" { depth -= 1 }
            }
            previous = character
        }
        return depth
    }
}
