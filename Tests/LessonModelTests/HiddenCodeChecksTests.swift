import Diagnostics
import LessonModel
import TestSupport
import Testing

/// Runs the checks of one lesson file on `body` after a front matter of four lines (so the body starts on line 5).
private func check(_ body: String) -> DiagnosticBag {
    let (document, parsed) = parseLesson("---\ntitle: T\n---\n\n" + body)
    var bag = DiagnosticBag()
    HiddenProcessAPICheck().check(document, into: &bag)
    UncheckedOutputCheck().check(document, into: &bag)
    #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics)")
    return bag
}

@Suite("Process-level API in hidden code is a warning (issue 30 #1)")
struct HiddenProcessAPICheckTests {
    @Test("a hidden snippet using process-level API warns, naming it", arguments: [
        ("dup2(fd, 1)", "dup2"), ("_ = dup(1)", "dup"), ("dup3(a, b, 0)", "dup3"), ("close(1)", "close"), ("Glibc.close(2)", "close"),
        ("signal(SIGPIPE, SIG_IGN)", "signal"), ("var action = sigaction()", "sigaction"), ("lseek(1, 0, SEEK_SET)", "lseek"),
        ("ftruncate(1, 0)", "ftruncate"), ("pwrite(1, p, 1, 0)", "pwrite"), ("@_silgen_name(\"f\") func f()", "@_silgen_name"),
        ("@_cdecl(\"g\") func g() {}", "@_cdecl"), ("_exit(0)", "_exit"), ("exit(0)", "exit"), ("Foundation.exit(0)", "exit"),
        ("abort()", "abort"), ("let pid = fork()", "fork"), ("posix_spawn(&pid, path, nil, nil, argv, nil)", "posix_spawn"),
        ("let f = dlsym(nil, \"x\")", "dlsym"), ("dlopen(nil, 0)", "dlopen"), ("setvbuf(stdout, nil, _IONBF, 0)", "setvbuf"),
        ("freopen(\"/dev/null\", \"w\", stdout)", "freopen"), ("let s = try String(contentsOfFile: \"/proc/self/maps\")", "/proc/"),
        ("ptrace(0, 0, nil, nil)", "ptrace"), ("ioctl(0, 0)", "ioctl"), ("mount(\"a\", \"b\", nil, 0, nil)", "mount"),
        ("syscall(39)", "syscall"), ("let p = UnsafeMutableRawPointer(bitPattern: 0x1000)", "UnsafeMutableRawPointer(bitPattern:)"),
        ("let p = UnsafePointer<Int32>(bitPattern: 8)", "UnsafePointer(bitPattern:)"), ("#if false", "#if"),
        ("func print(_ items: Any...) {}", "func print"), ("func debugPrint(_ items: Any...) {}", "func debugPrint"),
        ("let print = { (s: String) in }", "let print"), ("let h = FileHandle(fileDescriptor: 3)", "fileDescriptor:"),
        ("kill(0, SIGKILL)", "kill"), ("setenv(\"A\", \"b\", 1)", "setenv"), ("let p = Process()", "Process"),
        ("let x = unsafeBitCast(f, to: Int.self)", "unsafeBitCast"), ("atexit { }", "atexit"),
    ])
    func warns(code: String, name: String) throws {
        let bag = check("```swift hidden\n\(code)\n```\n")
        let found = try #require(expectDiagnostic(.snippetHiddenProcessAPI, in: bag, severity: .warning, line: 6))
        #expect(found.message.contains("'\(name)'"), "\(found.message)")
        #expect(bag.diagnostics.count == 1, "\(bag.diagnostics.map(\.message))")
    }

    @Test("comments, strings, methods, labels and ordinary calls do not warn", arguments: [
        "// dup2(fd, 1) would redirect the output", "/* exit(0) */ let a = 1", "print(\"close( the door, then exit(0)\")",
        "handle.close()", "field.resignFirstResponder(); app.exit()", "let n = Int(bitPattern: 5)", "print(\"ready\")",
        "let exitButton = UIButton()", "debugPrint(view.frame)", "let closeAction = 1; view.signal = 2",
        "let text = \"#if false\"", "func printAll() {}", "process(signal: 3)",
    ])
    func quiet(code: String) {
        let bag = check("```swift hidden\n\(code)\n```\n")
        #expect(bag.diagnostics.isEmpty, "\(bag.diagnostics.map(\.message))")
    }

    @Test("visible code is left alone: reviewers and readers see it where it stands")
    func visibleCode() {
        #expect(check("```swift\ndup2(fd, 1)\nexit(0)\n```\n").diagnostics.isEmpty)
    }

    @Test("'ignore' and 'compile-fail' hidden snippets never run in the lesson's program, so they are not read")
    func notRun() {
        #expect(check("```swift hidden ignore\nexit(0)\n```\n\n```swift hidden compile-fail\nexit(\"a\")\n```\n").diagnostics.isEmpty)
        // A 'no-run' snippet's declarations are part of the program: a 'func print' there still counts.
        expectDiagnostic(.snippetHiddenProcessAPI, in: check("```swift hidden no-run\nfunc print(_ s: Any) {}\n```\n"), line: 6)
    }

    @Test("hidden lines of a visible snippet are read, the lines a reader sees are not")
    func hiddenLines() throws {
        let bag = check("```swift\nclose(3)\n// snippet.hide\nlet x = 1; dup2(x, 1)\n// snippet.show\nprint(x)\n```\n")
        #expect(bag.ids == [.snippetHiddenProcessAPI])
        let found = try #require(expectDiagnostic(.snippetHiddenProcessAPI, in: bag, line: 8, column: 12))
        #expect(found.message.hasPrefix("hidden lines use 'dup2'"))
    }

    @Test("the warning points at the token in the Markdown, fence indentation included, and spans it")
    func location() throws {
        let bag = check("1. Step:\n\n   ```swift hidden\n   let a = 1\n   #if false\n   ```\n")
        let found = try #require(expectDiagnostic(.snippetHiddenProcessAPI, in: bag, line: 9, column: 4))
        #expect(found.endLocation?.column == 4)
        let wide = check("```swift hidden\nlet 键 = 1; setvbuf(stdout, nil, _IONBF, 0)\n```\n")
        let token = try #require(expectDiagnostic(.snippetHiddenProcessAPI, in: wide, line: 6, column: 12))
        #expect(token.endLocation?.column == 18)
    }

    @Test("one warning per name and snippet")
    func oncePerName() {
        let bag = check("```swift hidden\nclose(1)\nclose(2)\ndup2(3, 1)\n```\n")
        #expect(bag.diagnostics.map(\.location.line) == [6, 8])
    }
}

@Suite("An output block after a snippet that does not run is a warning (issue 30 #6)")
struct UncheckedOutputCheckTests {
    @Test("after 'no-run', 'compile-fail' and 'ignore' the block warns at itself; after a snippet that runs it does not", arguments: [
        ("no-run", true), ("compile-fail", true), ("compile-fail=\"cannot convert\"", true), ("ignore", true),
        ("", false), ("should-trap", false), ("isolated", false), ("hidden", false),
    ])
    func unchecked(attributes: String, warns: Bool) {
        let bag = check("```swift \(attributes)\nprint(1)\n```\n\n```output\n1\n```\n")
        if warns {
            let found = expectDiagnostic(.snippetOutputUnchecked, in: bag, severity: .warning, line: 9, column: 1)
            #expect(found?.endLocation?.line == 11)
        } else {
            expectNoDiagnostic(.snippetOutputUnchecked, in: bag)
        }
    }
}
