import Diagnostics
import Foundation
import LessonModel

/// Parses one input as a lesson file: front matter, Markdown, snippet attributes, sections, checks.
func parseLesson(_ data: UnsafeRawBufferPointer) {
    let text = String(decoding: data, as: UTF8.self)
    var bag = DiagnosticBag()
    let document = LessonParser().parse(SourceFile(path: "fuzz/en.md", text: text), slug: "fuzz", language: .en, into: &bag)
    let course = Course(config: SiteConfig(), lessons: [Lesson(slug: "fuzz", documents: [document])], contentPath: "fuzz")
    CourseChecks.run(course, into: &bag)
    // Touch what renderers read, so a bad position or index surfaces here.
    for diagnostic in bag.diagnostics { _ = DiagnosticFormatter().format(diagnostic) }
    for snippet in document.snippets { _ = (snippet.displayCode, document.location(snippet.range.start)) }
}

#if FUZZING
/// libFuzzer's entry point (built by bench/fuzz.sh with -sanitize=fuzzer).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    parseLesson(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
    _ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
    _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt) -> CInt

/// SwiftPM links an executable's entry point under this name; hand control to libFuzzer's driver.
@_cdecl("LessonParserFuzzer_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments) { data, size in
        parseLesson(UnsafeRawBufferPointer(start: data, count: size))
        return 0
    }
}
#else
/// Without the fuzzer: replays saved inputs (files or folders given as arguments), for regression runs.
@main
struct ReplayCorpus {
    static func main() {
        var count = 0
        for argument in CommandLine.arguments.dropFirst() {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory) else { continue }
            let files = isDirectory.boolValue
                ? ((try? FileManager.default.contentsOfDirectory(atPath: argument)) ?? []).sorted().map { argument + "/" + $0 }
                : [argument]
            for file in files {
                guard let data = FileManager.default.contents(atPath: file) else { continue }
                data.withUnsafeBytes { parseLesson($0) }
                count += 1
            }
        }
        print("replayed \(count) inputs without a crash")
    }
}
#endif
