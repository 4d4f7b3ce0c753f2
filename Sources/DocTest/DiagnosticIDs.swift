import Diagnostics

/// The doc-test runner's diagnostic ids, each declared once; their explanations follow.
extension Diagnostic.ID {
    public static let doctestCacheIgnored = Self(rawValue: "doctest.cache.ignored")
    public static let doctestChannelForged = Self(rawValue: "doctest.channel.forged")
    public static let doctestCompileFailCompiled = Self(rawValue: "doctest.compile-fail.compiled")
    public static let doctestCompileFailElsewhere = Self(rawValue: "doctest.compile-fail.elsewhere")
    public static let doctestCompileFailOutsideMode = Self(rawValue: "doctest.compile-fail.outside-mode")
    public static let doctestCompileFailWrongError = Self(rawValue: "doctest.compile-fail.wrong-error")
    public static let doctestCompileError = Self(rawValue: "doctest.compile.error")
    public static let doctestCompileFailed = Self(rawValue: "doctest.compile.failed")
    public static let doctestCompileTimeout = Self(rawValue: "doctest.compile.timeout")
    public static let doctestCompileWarning = Self(rawValue: "doctest.compile.warning")
    public static let doctestExit = Self(rawValue: "doctest.exit")
    public static let doctestExpectedTrap = Self(rawValue: "doctest.expected-trap")
    public static let doctestLinkageAttribute = Self(rawValue: "doctest.linkage-attribute")
    public static let doctestMemory = Self(rawValue: "doctest.memory")
    public static let doctestNeverEntered = Self(rawValue: "doctest.never-entered")
    public static let doctestEndUnknown = Self(rawValue: "doctest.end-unknown")
    public static let doctestOutputLimit = Self(rawValue: "doctest.output.limit")
    public static let doctestOutputMismatch = Self(rawValue: "doctest.output.mismatch")
    public static let doctestSpliceUnknownType = Self(rawValue: "doctest.splice.unknown-type")
    public static let doctestTimeout = Self(rawValue: "doctest.timeout")
    public static let doctestTrap = Self(rawValue: "doctest.trap")
}

extension Diagnostic.Explanation {
    /// The doc-test runner's ids explained, one each (`tutorbuild explain ID`).
    public static let docTest: [Self] = [
        Self(.doctestCacheIgnored, "a cached doc-test result was damaged, made for other inputs or not a regular file; the program ran again", """
            Results are kept in `.tutorbuild/` keyed by the program text, the toolchain and the UIKit model. An
            entry that does not match its key, cannot be decoded or is not a regular file is not believed: the
            program is compiled and run again and the entry written over. A warning: the result is correct.
            """,
            example: .shell("""
                echo '{}' > .tutorbuild/results/3f/3f2a9c1e….json
                tutorbuild test
                """),
            fix: "Nothing to fix if it happens once; if it repeats, check what else writes into `.tutorbuild/` (or delete the folder)."),
        Self(.doctestChannelForged, "a snippet wrote records the runner did not, so no result of its program is trusted", """
            A lesson's program reports which snippet it is in, and what each printed, to the runner over a
            channel of its own. A record the runner's support code did not write (a snippet writing to that
            channel, or printing lines that imitate it) means the program could speak for the runner, so every
            snippet of that run fails. So does a main run that enters a `no-run` or `should-trap` block, and a run
            that replaced or changed the program's executable, which later runs start.
            """,
            example: .markdown("""
                ```swift
                import Glibc
                _ = write(3, "not the runner's record\\n", 24)     // descriptor 3 is the runner's channel
                ```
                """),
            fix: "Do not write to descriptors the snippet did not open; print with `print` and let the runner compare the output."),
        Self(.doctestCompileFailCompiled, "a snippet marked 'compile-fail' compiles", """
            `compile-fail` promises the reader that the snippet does not compile (to show a mistake). It is
            type-checked with the lesson's earlier snippets, and it compiled.
            """,
            example: .markdown("""
                ```swift compile-fail
                let field = UITextField()
                ```
                """),
            fix: "Make the snippet show the mistake it is about, or drop `compile-fail` if it is meant to compile."),
        Self(.doctestCompileFailElsewhere, "a 'compile-fail' snippet fails to compile, but because of errors outside it", """
            The errors a `compile-fail` snippet promises must be inside the snippet. Here the compiler's errors are
            elsewhere (in earlier snippets, or in the code tutorbuild puts around them), so the snippet proves
            nothing; the detail has the compiler's output.
            """,
            example: .markdown("""
                ```swift compile-fail
                typealias String = Int      // breaks the runner's code around the snippet
                ```
                """),
            fix: "Make the snippet fail through its own code (and fix earlier snippets that do not compile)."),
        Self(.doctestCompileFailOutsideMode, "a 'compile-fail=MODE' snippet fails to compile in a mode it should compile in", """
            `compile-fail=swift6` says the snippet fails only in Swift 6 mode (a data-race error, say, that Swift 5
            reports as a warning); in every other mode, such as `tutorbuild test --swift-version 5`, it must compile,
            and its warnings are reported. It failed there too, so the page's note that it compiles in that mode
            would be wrong; the detail lists the errors.
            """,
            example: .markdown("""
                ```swift compile-fail=swift6
                let count: Int = "three"
                ```
                """),
            fix: "Drop the mode (`compile-fail`) if the snippet fails in every mode, or fix the error that is not the one the lesson shows."),
        Self(.doctestCompileFailWrongError, "no compiler error contains the text a 'compile-fail=TEXT' snippet expects", """
            `compile-fail="text"` requires one of the snippet's compiler errors to contain `text`. The snippet
            failed, but for another reason; the detail lists the errors it had.
            """,
            example: .markdown("""
                ```swift compile-fail="cannot assign"
                let field = UITextField(
                ```
                """),
            fix: "Fix the snippet so it fails for the reason the lesson explains, or change the text to part of the error it shows."),
        Self(.doctestCompileError, "a snippet does not compile", """
            The lesson's snippets are compiled together as one program; this is the compiler's error, placed at the
            line and column of the Markdown file (the compiler's notes follow as notes). The other snippets of the
            program are not run.
            """,
            example: .markdown("""
                ```swift
                let field = UITextField()
                field.text = 42
                ```
                """),
            fix: "Fix the code as the compiler says; mark a snippet that is meant not to compile `compile-fail`."),
        Self(.doctestCompileFailed, "the lesson's program does not compile, and no error points into a snippet", """
            The compiler failed on the program made from the lesson without naming a line of any snippet: an
            error in the code tutorbuild puts around the snippets (a snippet that redefines a standard name it
            uses), a missing module, or a crash of the compiler. The detail has the compiler's output.
            """,
            example: .markdown("""
                ```swift
                typealias String = Int
                ```
                """),
            fix: "Read the compiler's output in the detail; rename what the snippet redefines, and check the toolchain with `swift --version`."),
        Self(.doctestCompileTimeout, "compiling the lesson's program took longer than the compile limit", """
            Compiling is stopped after `compileTimeout` (120 s unless set): a program the type checker cannot
            finish (a long expression of mixed literals, say) would otherwise hold the run forever. How long an
            expression takes depends on the toolchain, so the example may well compile in time on yours.
            """,
            example: .markdown("""
                ```swift
                let total = 1 + 2.0 + 3 + 4.0 + 5 + 6.0 + 7 + 8.0 + 9 + 10.0 + 11 + 12.0 + 13 + 14.0 + 15
                ```
                """),
            fix: "Give the type checker less to infer: annotate types (`let total: Double = …`) or split long expressions."),
        Self(.doctestCompileWarning, "the compiler warns about a snippet", """
            A compiler warning, placed at its Markdown line and column. It does not fail the snippet, unless the
            run uses `--warnings-as-errors`.
            """,
            example: .markdown("""
                ```swift
                func check() {
                    var count = 0      // never mutated
                    print(count)
                }
                ```
                """),
            fix: "Do what the warning suggests (`let` here); readers copy lesson code, so it should compile cleanly."),
        Self(.doctestExit, "the program exited during a snippet", """
            A snippet (or code it called) ended the process with `exit` before the lesson's program finished, so
            the snippets after it never ran. Lessons show UIKit code; ending the process is never the point.
            """,
            example: .markdown("""
                ```swift
                import Foundation
                exit(1)
                ```
                """),
            fix: "Remove the call that ends the process; to show a failure, print it or use `should-trap`."),
        Self(.doctestExpectedTrap, "a 'should-trap' snippet did not crash", """
            `should-trap` promises the reader that running the snippet crashes (to show a mistake). It is run in a
            program of its own after the earlier snippets, and it finished normally, was killed by a signal no trap
            raises (a broken pipe, a timer, `SIGKILL`: only `SIGILL`, `SIGTRAP`, `SIGABRT`, `SIGSEGV`, `SIGBUS` and
            `SIGFPE` count), or the program stopped in an earlier snippet before reaching it.
            """,
            example: .markdown("""
                ```swift should-trap
                let values = [1, 2, 3]
                print(values[1])
                ```
                """),
            fix: "Make the snippet do the thing that crashes (`values[3]`), fix the earlier snippet that stopped the program, or drop `should-trap`."),
        Self(.doctestLinkageAttribute, "a snippet hands code to the linker, so it is left out of its program", """
            Attributes such as `@section`, `@used`, `@_cdecl`, `@_silgen_name` and `@extern` let code run, or be
            called, outside the order of the lesson's snippets (before the runner's support code, say), where it
            could speak for the runner. Such a snippet is left out and fails.
            """,
            example: .markdown("""
                ```swift
                @_cdecl("setup")
                func setup() {}
                ```
                """),
            fix: "Write the snippet without the attribute; lessons about UIKit do not need it."),
        Self(.doctestMemory, "the program used more memory than its limit", """
            Each lesson's program runs under a memory limit (2 GB unless set), so a runaway snippet cannot take the
            machine down. The snippet that was running when the limit was reached fails.
            """,
            example: .markdown("""
                ```swift
                var chunks: [[UInt8]] = []
                while true { chunks.append([UInt8](repeating: 1, count: 1 << 20)) }
                ```
                """),
            fix: "Make the snippet use less memory (smaller data, no unbounded loops)."),
        Self(.doctestNeverEntered, "the program finished without running this snippet", """
            Every snippet of a program that reached its end must have run. Code around this one kept it from
            running: an `#if false`, a `return` or an exit in hidden lines, or an earlier snippet that leaves a
            comment, a multi-line string or a brace open. Its badge would claim a check that never happened.
            """,
            example: .markdown("""
                ```swift
                #if false
                ```

                ```swift
                print("never printed")
                ```

                ```swift
                #endif
                ```
                """),
            fix: "Remove the code that skips the snippet (or close what an earlier one left open); use `ignore` for a snippet that is not meant to run."),
        Self(.doctestEndUnknown, "the runner could not learn how the program ended", """
            Programs start under `tutorbuild-launch`, which reports how the program ended (exit status or signal).
            The launcher said nothing: it was killed from outside, or the program interfered with it. The run is
            a failure and is never cached.
            """,
            example: .shell("""
                tutorbuild test &
                pkill -KILL -f tutorbuild-launch
                """),
            fix: "Run the test again; if it repeats for one lesson, look for a snippet that sends signals or closes descriptors."),
        Self(.doctestOutputLimit, "the program printed more than the output limit", """
            A program's output is capped (1 MB unless set), so a snippet that prints in a loop cannot fill the disk
            or the report. The program is stopped at once and the snippet that was running fails.
            """,
            example: .markdown("""
                ```swift
                while true { print("again") }
                ```
                """),
            fix: "Print less: a summary, or the first lines (`for line in lines.prefix(5)`)."),
        Self(.doctestOutputMismatch, "a snippet's output differs from its expected output block", """
            The `output` block after a snippet is what the page promises it prints. The comparison is byte for byte
            except for trailing spaces and blank lines at the end; the message is placed at the output block and
            the detail is a diff (`-` expected, `+` actual).
            """,
            example: .markdown("""
                ```swift
                print(UITextField().isFirstResponder)
                ```

                ```output
                true
                ```
                """),
            fix: "Correct the code or the block; when the new output is right, `tutorbuild test --bless` rewrites the blocks."),
        Self(.doctestSpliceUnknownType, "'in=Type', but no earlier snippet declares that type", """
            A snippet marked `in=TypeName` is spliced into the body of a class, struct, enum or actor named
            `TypeName` declared in an earlier snippet of the same lesson file. None does, so the snippet has
            nowhere to go and fails.
            """,
            example: .markdown("""
                ```swift in=FormViewController
                override func viewDidLoad() { super.viewDidLoad() }
                ```
                """),
            fix: "Declare the type in an earlier snippet (`class FormViewController: UIViewController {}`), or fix the name's spelling."),
        Self(.doctestTimeout, "the program ran longer than the time limit", """
            Each lesson's program has a time limit (10 s unless `--timeout S`). The snippet that was running when
            it expired fails, with what it had printed; the snippets after it are not run.
            """,
            example: .markdown("""
                ```swift
                while true {}
                ```
                """),
            fix: "End the loop, or drive time with the simulator's clock (`app.advance(by:)`) instead of waiting for real time."),
        Self(.doctestTrap, "the program crashed in a snippet that is not expected to crash", """
            A runtime error (an out-of-range index, a force-unwrapped `nil`, `fatalError`) stopped the program. It
            is reported at the line that crashed, with the signal; the detail has the program's standard error
            and backtrace. The snippets after it are not run.
            """,
            example: .markdown("""
                ```swift
                let field: UITextField? = nil
                print(field!.text ?? "")
                ```
                """),
            fix: "Fix the crash; if the crash is what the lesson shows, mark the snippet `should-trap`."),
    ]
}

/// The runner's own wording; a verdict words its failures as the snippet's reason (`ProgramVerdict`).
extension Diagnostic.Message {
    static let cachedResultIgnored = Self("cached result was damaged, made for other inputs or not a regular file; the program ran again")
}
