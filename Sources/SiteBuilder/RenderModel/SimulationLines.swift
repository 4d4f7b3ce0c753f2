import TutorbuildSupport

/// Which lines of a snippet drive the simulated user and screen (`UIKitSimulator`) rather than being UIKit code.
///
/// Lessons are UIKit code a reader pastes into Xcode; the lines that stand in for the user's fingers
/// (`app.tap(…)`, `app.snapshot(…)`, `let app = Simulator(…)`, profiles) would not compile there, so the page
/// marks them. A line is one of them when it names the simulated user or the driver's types; a call that
/// continues over several lines is marked to its closing parenthesis.
enum SimulationLines {
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
