extension Diagnostic {
    /// What a diagnostic id means, a minimal input that triggers it, and how to fix it: what
    /// `tutorbuild explain ID` prints, as `rustc --explain E0382` does.
    ///
    /// Each layer declares its explanations beside its ids, in its `DiagnosticIDs.swift`, one per id.
    public struct Explanation: Sendable, Hashable {
        /// A fragment of a file (or a command line) that makes tutorbuild report the id.
        public struct Example: Sendable, Hashable {
            /// Where the fragment goes (`content/keyboard/en.md`), or `nil` for a command line.
            public var file: String?
            /// What else the example needs, worded to follow the file's name (`where en.md says 'source: en'`).
            public var context: String?
            /// The fence's language: `markdown`, `yaml`, `sh` or `text`.
            public var language: String
            public var text: String

            public init(file: String?, context: String? = nil, language: String, text: String) {
                self.file = file
                self.context = context
                self.language = language
                self.text = text
            }

            /// A lesson file, `content/<slug>/<lang>.md` unless said otherwise.
            public static func markdown(_ text: String, in file: String = "content/keyboard/en.md", where context: String? = nil) -> Example {
                Example(file: file, context: context, language: "markdown", text: text)
            }

            public static func yaml(_ text: String, in file: String) -> Example {
                Example(file: file, language: "yaml", text: text)
            }

            /// A command line and what it is run against.
            public static func shell(_ text: String) -> Example {
                Example(file: nil, language: "sh", text: text)
            }

            /// Files and folders, one a line, as `ls -R` would list them.
            public static func files(_ text: String) -> Example {
                Example(file: nil, language: "text", text: text)
            }
        }

        public var id: ID
        /// One line, worded like a message: lower-case, no trailing period.
        public var summary: String
        /// What the problem is and why tutorbuild reports it.
        public var details: String
        public var example: Example
        /// How to make the diagnostic go away.
        public var fix: String

        public init(_ id: ID, _ summary: String, _ details: String, example: Example, fix: String) {
            self.id = id
            self.summary = summary
            self.details = details
            self.example = example
            self.fix = fix
        }

        /// As the terminal shows it: the id and summary, what it means, the example indented, the fix.
        public var text: String {
            var lines = ["\(id): \(summary)", "", details, ""]
            lines.append(example.file.map { "Example (\($0)\(example.context.map { ", where " + $0 } ?? "")):" } ?? "Example:")
            lines.append("")
            lines += example.text.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : "    " + $0 }
            lines += ["", "Fix: " + fix]
            return lines.joined(separator: "\n")
        }

        /// As a section of `docs/diagnostics.md`, headed by the id (so `#lessonempty`-style anchors work).
        public var markdown: String {
            // A fence longer than any backtick run in the example, so a Markdown example may hold fences of its own.
            let longestRun = example.text.split(whereSeparator: { $0 != "`" }).map(\.count).max() ?? 0
            let fence = String(repeating: "`", count: max(3, longestRun + 1))
            var lines = ["### `\(id)`", "", Self.sentence(summary) + ".", "", details, ""]
            lines.append(example.file.map { "Example, in `\($0)`\(example.context.map { ", where " + $0 } ?? ""):" } ?? "Example:")
            lines += ["", fence + example.language, example.text, fence, "", "**Fix:** " + fix]
            return lines.joined(separator: "\n")
        }

        /// `text` with its first letter upper-cased.
        private static func sentence(_ text: String) -> String {
            text.prefix(1).uppercased() + text.dropFirst()
        }
    }
}
