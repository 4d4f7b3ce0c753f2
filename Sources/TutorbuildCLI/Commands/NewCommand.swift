import Diagnostics
import Foundation
import LessonModel

/// `tutorbuild new SLUG`: writes a lesson in English and Simplified Chinese that passes `test` and `check`.
struct NewCommand: Command {
    static let title = OptionalOption<String>("--title", "TITLE", help: "The lesson's English title.")

    static let spec = CommandSpec(
        name: "new",
        abstract: "Create a new lesson in English and Simplified Chinese from a template.",
        arguments: [ArgumentSpec("SLUG", help: "The lesson's folder name: lowercase letters, digits and hyphens.")],
        options: [CommonOptions.content, title])

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let slug = arguments.positionals[0]
        guard CourseLoader.isValidSlug(slug) else {
            throw UsageError("'\(slug)' is not a URL-safe slug; use lowercase letters, digits and single hyphens, like 'keyboard-basics'", command: spec.name)
        }
        let content = arguments[CommonOptions.content]
        let folder = (content as NSString).appendingPathComponent(slug)
        let fm = FileManager.default
        if fm.fileExists(atPath: folder) {
            context.console.err("error: \(folder) already exists; tutorbuild new never overwrites a lesson")
            return .failure
        }
        let englishTitle = arguments[title] ?? slug.split(separator: "-").map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined(separator: " ")
        let order = nextOrder(content)
        try fm.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let enPath = (folder as NSString).appendingPathComponent("en.md")
        let zhPath = (folder as NSString).appendingPathComponent("zh-Hans.md")
        let english = LessonTemplate.english(title: englishTitle, order: order)
        try english.write(toFile: enPath, atomically: true, encoding: .utf8)
        // Record the Chinese file as matching the template's English, so a fresh lesson checks clean.
        var bag = DiagnosticBag()
        let source = LessonParser().parse(SourceFile(path: enPath, text: english), slug: slug, language: .en, into: &bag)
        let fingerprint = "[" + TranslationFingerprint(source).recorded.joined(separator: ", ") + "]"
        try LessonTemplate.chinese(title: englishTitle, order: order, translatedFrom: fingerprint)
            .write(toFile: zhPath, atomically: true, encoding: .utf8)
        context.console.out(enPath)
        context.console.out(zhPath)
        context.console.err("created lesson '\(slug)'; try 'tutorbuild check' and 'tutorbuild test --filter \(slug)'")
        return .success
    }

    /// One more than the largest `order` in the course, so a new lesson goes last.
    private static func nextOrder(_ content: String) -> Int {
        var bag = DiagnosticBag()
        let course = CourseLoader(contentPath: content).load(into: &bag)
        return (course.documents.compactMap(\.frontMatter.order).max() ?? 0) + 1
    }
}

/// The starting text of a new lesson, in both languages, with the same snippet and output.
enum LessonTemplate {
    static let snippet = """
        ```swift
        let field = UITextField()
        field.placeholder = "Email"
        print(field.placeholder ?? "", field.isFirstResponder)
        ```

        ```output
        Email false
        ```
        """

    static func english(title: String, order: Int) -> String {
        """
        ---
        title: \(quoted(title))
        summary: One sentence that tells readers what they will be able to do.
        order: \(order)
        source: en
        ---

        Say in a few sentences what this lesson shows and why a reader needs it.

        ## Create a text field {#create-a-text-field}

        Each step says what to do and why, shows the code, and shows what happens. A snippet
        runs against tutorbuild's UIKit model; the `output` block after it is checked.

        \(snippet)

        A new text field is not the first responder until the user taps it or code calls
        `becomeFirstResponder()`.

        """
    }

    static func chinese(title: String, order: Int, translatedFrom: String) -> String {
        """
        ---
        title: \(quoted(title))
        summary: 用一句话告诉读者学完这一课能做什么。
        order: \(order)
        source: en
        translated-from: \(translatedFrom)
        ---

        用几句话说明这一课要讲什么，以及读者为什么需要它。

        ## 创建文本框 {#create-a-text-field}

        每一步都说明要做什么、为什么这样做，给出代码，并展示运行结果。代码片段在 tutorbuild
        的 UIKit 模型上运行，紧随其后的 `output` 代码块会被核对。

        \(snippet)

        新建的文本框在用户点按它、或代码调用 `becomeFirstResponder()` 之前，都不是第一响应者。

        """
    }

    private static func quoted(_ s: String) -> String {
        "\"" + s.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
