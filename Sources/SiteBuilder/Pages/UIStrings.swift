import LessonModel

/// The site's own words in each language (the lessons bring their own).
struct UIStrings: Sendable {
    var lessons: String
    var notYetTranslated: String
    /// "Read it in English" — followed by the language's native name.
    var readIn: String
    var onThisPage: String
    var previous: String
    var next: String
    var skipToContent: String
    var language: String
    var search: String
    var searchPlaceholder: String
    var noResults: String
    /// Above search results when none has every word of the query.
    var partialResults: String
    var copy: String
    var copied: String
    var output: String
    /// The label of an output block that was never compared (after a `no-run`, `compile-fail` or `ignore` snippet).
    var outputNotChecked: String
    /// Summaries that open the code the page does not show: a `hidden` snippet, a snippet's `snippet.hide` lines.
    var showSetupCode: String
    var showHiddenLines: String
    var timeline: String
    /// Badge of a snippet that ran and printed its expected output (or ran without an output block).
    var verified: String
    /// Badges of snippets that passed without their output being compared: `no-run`, `compile-fail`, `should-trap`.
    var compiled: String
    var failsToCompile: String
    var trapped: String
    var failed: String
    var notRun: String
    var notVerified: String
    var verifiedRun: String
    var verifiedNoRun: String
    var verifiedCompileFail: String
    /// The note under a `compile-fail=swift6` snippet; `%@` is the mode it fails in (`failConditionName`).
    var failsOnlyIn: String
    /// The badge detail of a `compile-fail=swift6` snippet checked in a mode where it compiles.
    var compilesOutsideFailMode: String
    var verifiedShouldTrap: String
    var toolchain: String
    var model: String
    var languageMode: String
    /// How the badge names a default isolation; `%@` is `MainActor` or `nonisolated`.
    var defaultIsolationWording: String
    var verifiedOn: String
    var notVerifiedDetail: String
    var notRunDetail: String
    var failedDetail: String
    var actualOutput: String
    var expectedOutput: String
    var pageNotFound: String
    var pageNotFoundDetail: String
    var chooseLanguage: String
    var translationOf: String
    var courseHome: String
    var generatedBy: String
    /// Note on a page converted from the other Chinese script, followed by a link to the original.
    var convertedFrom: String
    /// Note on a translation whose source changed since it was translated, followed by a link to the source.
    var mayBeBehind: String
    var notVerifiedFooter: String
    /// Under a snippet with demonstration lines (the simulated user, top-level prints).
    var simulationLegend: String
    /// Before the link to the lesson's app code file (`<slug>.swift`).
    var appCodeFile: String
    /// Names of the page's landmarks and of its scrolling blocks, for screen readers and keyboard users.
    var breadcrumb: String
    var previousAndNext: String
    var code: String
    var swiftCode: String

    /// "3 lessons", "3 课".
    func lessonCount(_ n: Int) -> String {
        switch lessons {
        case "Lessons": n == 1 ? "1 lesson" : "\(n) lessons"
        case "课程": "\(n) 课"
        default: "\(n) 課"
        }
    }

    static func `for`(_ language: Language) -> UIStrings {
        switch language {
        case .en: english
        case .zhHans: simplified
        case .zhHant: traditional
        }
    }

    /// The language mode a snippet was verified in, as the badge names it: `Swift 5 · MainActor`, `Swift 5 · 默认 MainActor 隔离`.
    /// Results written before lessons had a default isolation name the Swift version alone.
    func languageModeName(swiftVersion: Int, defaultIsolation: String?) -> String {
        guard let defaultIsolation else { return "Swift \(swiftVersion)" }
        return "Swift \(swiftVersion) · " + defaultIsolationWording.replacingOccurrences(of: "%@", with: defaultIsolation)
    }

    /// `Swift 6`, `默认 nonisolated 隔离`, `Swift 6 · MainActor`: the modes a `compile-fail=…` snippet fails in.
    func failConditionName(_ condition: SnippetAttributes.FailCondition) -> String {
        let isolation = condition.defaultIsolation.map { defaultIsolationWording.replacingOccurrences(of: "%@", with: $0.rawValue) }
        return [condition.swiftVersion.map { "Swift \($0)" }, isolation].compactMap { $0 }.joined(separator: " · ")
    }

    static let english = UIStrings(
        lessons: "Lessons", notYetTranslated: "Not yet translated", readIn: "Read it in", onThisPage: "On this page",
        previous: "Previous", next: "Next", skipToContent: "Skip to content", language: "Language", search: "Search",
        searchPlaceholder: "Search lessons", noResults: "No results",
        partialResults: "No lesson has every word; the closest matches:", copy: "Copy", copied: "Copied", output: "Output",
        outputNotChecked: "Output (not checked)", showSetupCode: "Show the setup code", showHiddenLines: "Show the hidden lines",
        timeline: "Timeline", verified: "Verified", compiled: "Compiled", failsToCompile: "Fails to compile as expected",
        trapped: "Trapped as expected", failed: "Failed", notRun: "Not run", notVerified: "Not verified",
        verifiedRun: "Compiled and run against tutorbuild's model of UIKit (today's iOS behaviour), not on a device; the output below is what it printed.",
        verifiedNoRun: "Compiled (this snippet is not meant to run on its own).",
        verifiedCompileFail: "Fails to compile, as the lesson intends.",
        failsOnlyIn: "Fails to compile only in %@; in other language modes it compiles, and the compiler may warn.",
        compilesOutsideFailMode: "Compiles in this language mode, as the lesson intends; it fails to compile only in %@.",
        verifiedShouldTrap: "Compiles and then traps when run, as the lesson intends.",
        toolchain: "Toolchain", model: "UIKit model", languageMode: "Language mode", defaultIsolationWording: "%@", verifiedOn: "Verified on",
        notVerifiedDetail: "This site was built without running the doc-tests.",
        notRunDetail: "This snippet was not run.", failedDetail: "This snippet failed its doc-test.",
        actualOutput: "Actual output", expectedOutput: "Expected output", pageNotFound: "Page not found",
        pageNotFoundDetail: "There is no page at this address. Start again from the lessons:",
        chooseLanguage: "Choose a language", translationOf: "Translated from", courseHome: "All lessons",
        generatedBy: "Every code sample on this site is compiled and run against a model of UIKit that follows today's iOS; \"Verified\" means it printed what the lesson shows there, not that it ran on a device.",
        convertedFrom: "This page was converted automatically (OpenCC) from", mayBeBehind: "This translation may be behind the original:",
        notVerifiedFooter: "The code samples of this build were not verified.",
        simulationLegend: "Shaded lines are the demonstration: they drive the simulated user and screen (UIKitSimulator) or print what the lesson shows. They stay out of your app, and Copy leaves them out.",
        appCodeFile: "The app code of this lesson, in one Swift file:",
        breadcrumb: "Breadcrumb", previousAndNext: "Previous and next lessons", code: "Code", swiftCode: "Swift code")

    static let simplified = UIStrings(
        lessons: "课程", notYetTranslated: "尚未翻译", readIn: "阅读", onThisPage: "本页内容",
        previous: "上一课", next: "下一课", skipToContent: "跳到正文", language: "语言", search: "搜索",
        searchPlaceholder: "搜索课程", noResults: "没有结果",
        partialResults: "没有包含所有词的课程，以下是最接近的：", copy: "复制", copied: "已复制", output: "输出",
        outputNotChecked: "输出（未比对）", showSetupCode: "显示准备代码", showHiddenLines: "显示隐藏的代码行",
        timeline: "时间线", verified: "已验证", compiled: "已编译", failsToCompile: "按预期无法编译",
        trapped: "按预期崩溃", failed: "失败", notRun: "未运行", notVerified: "未验证",
        verifiedRun: "已针对 tutorbuild 的 UIKit 模型（按当下 iOS 的行为）编译并运行，并非在真机上；下方是它实际打印的输出。",
        verifiedNoRun: "已编译（这段代码不单独运行）。",
        verifiedCompileFail: "按课程的意图，这段代码无法通过编译。",
        failsOnlyIn: "这段代码只在 %@ 下无法编译；在其他语言模式下可以编译，编译器可能给出警告。",
        compilesOutsideFailMode: "按课程的意图，这段代码在此语言模式下可以编译；只在 %@ 下无法编译。",
        verifiedShouldTrap: "按课程的意图，这段代码能编译，运行时会崩溃。",
        toolchain: "工具链", model: "UIKit 模型", languageMode: "语言模式", defaultIsolationWording: "默认 %@ 隔离", verifiedOn: "验证日期",
        notVerifiedDetail: "构建本站时没有运行文档测试。",
        notRunDetail: "这段代码没有运行。", failedDetail: "这段代码没有通过文档测试。",
        actualOutput: "实际输出", expectedOutput: "预期输出", pageNotFound: "找不到页面",
        pageNotFoundDetail: "这个地址没有页面。请从课程目录重新开始：",
        chooseLanguage: "选择语言", translationOf: "译自", courseHome: "全部课程",
        generatedBy: "本站的每段代码都针对一个按当下 iOS 行为建模的 UIKit 模型编译并运行过；“已验证”指它在模型上打印出课程所示的输出，并不代表在真机上运行过。",
        convertedFrom: "本页由 OpenCC 自动转换自", mayBeBehind: "这篇译文可能落后于原文：",
        notVerifiedFooter: "本次构建没有验证代码示例。",
        simulationLegend: "带底色的行只用于演示：它们驱动模拟的用户和屏幕（UIKitSimulator），或打印课文里展示的输出。不要把它们放进你的 App，“复制”也不会复制它们。",
        appCodeFile: "本课的 App 代码，合成一个 Swift 文件：",
        breadcrumb: "导航路径", previousAndNext: "上一课和下一课", code: "代码", swiftCode: "Swift 代码")

    static let traditional = UIStrings(
        lessons: "課程", notYetTranslated: "尚未翻譯", readIn: "閱讀", onThisPage: "本頁內容",
        previous: "上一課", next: "下一課", skipToContent: "跳到正文", language: "語言", search: "搜尋",
        searchPlaceholder: "搜尋課程", noResults: "沒有結果",
        partialResults: "沒有包含所有詞的課程，以下是最接近的：", copy: "複製", copied: "已複製", output: "輸出",
        outputNotChecked: "輸出（未比對）", showSetupCode: "顯示準備程式碼", showHiddenLines: "顯示隱藏的程式碼行",
        timeline: "時間軸", verified: "已驗證", compiled: "已編譯", failsToCompile: "如預期無法編譯",
        trapped: "如預期當掉", failed: "失敗", notRun: "未執行", notVerified: "未驗證",
        verifiedRun: "已針對 tutorbuild 的 UIKit 模型（按當下 iOS 的行為）編譯並執行，並非在實機上；下方是它實際印出的輸出。",
        verifiedNoRun: "已編譯（這段程式碼不單獨執行）。",
        verifiedCompileFail: "按課程的意圖，這段程式碼無法通過編譯。",
        failsOnlyIn: "這段程式碼只在 %@ 下無法編譯；在其他語言模式下可以編譯，編譯器可能給出警告。",
        compilesOutsideFailMode: "按課程的意圖，這段程式碼在此語言模式下可以編譯；只在 %@ 下無法編譯。",
        verifiedShouldTrap: "按課程的意圖，這段程式碼能編譯，執行時會當掉。",
        toolchain: "工具鏈", model: "UIKit 模型", languageMode: "語言模式", defaultIsolationWording: "預設 %@ 隔離", verifiedOn: "驗證日期",
        notVerifiedDetail: "建置本站時沒有執行文件測試。",
        notRunDetail: "這段程式碼沒有執行。", failedDetail: "這段程式碼沒有通過文件測試。",
        actualOutput: "實際輸出", expectedOutput: "預期輸出", pageNotFound: "找不到頁面",
        pageNotFoundDetail: "這個位址沒有頁面。請從課程目錄重新開始：",
        chooseLanguage: "選擇語言", translationOf: "譯自", courseHome: "全部課程",
        generatedBy: "本站的每段程式碼都針對一個按當下 iOS 行為建模的 UIKit 模型編譯並執行過；「已驗證」指它在模型上印出課程所示的輸出，並不代表在實機上執行過。",
        convertedFrom: "本頁由 OpenCC 自動轉換自", mayBeBehind: "這篇譯文可能落後於原文：",
        notVerifiedFooter: "本次建置沒有驗證程式碼範例。",
        simulationLegend: "帶底色的行只用於示範：它們驅動模擬的使用者和螢幕（UIKitSimulator），或列印課文裡展示的輸出。不要把它們放進你的 App，「複製」也不會複製它們。",
        appCodeFile: "本課的 App 程式碼，合成一個 Swift 檔案：",
        breadcrumb: "導覽路徑", previousAndNext: "上一課和下一課", code: "程式碼", swiftCode: "Swift 程式碼")
}
