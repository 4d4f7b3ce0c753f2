import Diagnostics
import TutorbuildSupport

/// Uses of API that reaches past a snippet into the process running the lesson (descriptors, signals,
/// exit, symbols, raw memory, the kernel) or past the snippets after it (`#if`, a `print` of its own),
/// found among `SwiftLexer`'s tokens so comments and strings about them do not count.
public enum ProcessLevelAPI {
    /// What such API can do to a doc-test, in words for a message.
    public enum Effect: Sendable, Hashable {
        case descriptors, signals, exit, processes, environment, symbols, memory, kernel, compilation, shadowing

        public var summary: String {
            switch self {
            case .descriptors: "it changes the process's file descriptors or standard streams"
            case .signals: "it handles or sends signals"
            case .exit: "it ends the process, or runs code when it ends"
            case .processes: "it starts or controls processes"
            case .environment: "it changes the process's environment"
            case .symbols: "it reaches functions by their symbol names"
            case .memory: "it makes pointers from numbers or maps raw memory"
            case .kernel: "it reaches the kernel or the process's own files directly"
            case .compilation: "conditional compilation can leave out the code of later snippets"
            case .shadowing: "a function of its own by that name changes what later snippets print"
            }
        }
    }

    /// One use: what the message names (`dup2`, `#if`, `func print`, `/proc/`), and where its token is.
    public struct Use: Sendable, Hashable {
        public var name: String
        public var effect: Effect
        /// 0-based line in the code.
        public var line: Int
        /// 0-based UTF-8 column of the token on its line, and the token's length in bytes.
        public var byteColumn: Int
        public var length: Int
    }

    /// Every use in `code`, in order; only on `lines` (0-based) when given.
    public static func uses(in code: String, onLines lines: Set<Int>? = nil) -> [Use] {
        let tokens = SwiftLexer.tokens(code).filter { $0.kind != .comment }
        let file = SourceFile(path: "", text: code)
        var found: [Use] = []
        for k in tokens.indices where lines?.contains(tokens[k].line) ?? true {
            guard let (name, effect, at) = use(at: k, in: tokens) else { continue }
            let token = tokens[at]
            let lineStart = file.offset(SourcePosition(line: token.line + 1, column: 1))
            found.append(Use(name: name, effect: effect, line: token.line, byteColumn: token.start - lineStart, length: token.end - token.start))
        }
        return found
    }

    /// The use that token `k` starts, with the index of the token to point at.
    private static func use(at k: Int, in t: [SwiftLexer.Token]) -> (String, Effect, Int)? {
        let token = t[k]
        let previous = k > 0 ? t[k - 1].text : ""
        let next = k + 1 < t.count ? t[k + 1].text : ""
        switch token.kind {
        case .attribute:
            return attributes[token.text].map { (token.text, $0, k) }
        case .string:
            return paths.first { token.text.contains($0) }.map { ($0, .kernel, k) }
        case .other where token.text == "#":
            guard k + 1 < t.count, t[k + 1].start == token.end, directives.contains(next) else { return nil }
            return ("#" + next, .compilation, k)
        case .identifier:
            let name = token.text.trimmingPrefixAndSuffix("`")
            if shadowable.contains(name), declarers.contains(previous) {
                return ("\(previous) \(name)", .shadowing, k)
            }
            if name == "bitPattern", next == ":", previous == "(", let callee = pointerType(before: k - 1, in: t) {
                return ("\(t[callee].text)(bitPattern:)", .memory, callee)
            }
            if name == "fileDescriptor", next == ":", previous == "(" || previous == "," {
                return ("fileDescriptor:", .descriptors, k)
            }
            guard !declarers.contains(previous), previous != "." || isCModule(k >= 2 ? t[k - 2].text : "") else { return nil }
            if let effect = distinctive[name] { return (name, effect, k) }
            if let effect = freeCalls[name], next == "(" { return (name, effect, k) }
            return nil
        default:
            return nil
        }
    }

    /// The pointer type called with the `(` at `paren`: `UnsafeRawPointer(`, `UnsafePointer<Int32>(`, `OpaquePointer.init(`.
    private static func pointerType(before paren: Int, in t: [SwiftLexer.Token]) -> Int? {
        var j = paren - 1
        if j >= 0, t[j].text == ">" {
            var depth = 0
            while j >= 0 {
                if t[j].text == ">" { depth += 1 } else if t[j].text == "<" { depth -= 1 }
                j -= 1
                if depth == 0 { break }
            }
        }
        if j >= 2, t[j].text == "init", t[j - 1].text == "." { j -= 2 }
        guard j >= 0, t[j].kind == .identifier, t[j].text.hasPrefix("Unsafe") || t[j].text == "OpaquePointer" else { return nil }
        return j
    }

    private static func isCModule(_ name: String) -> Bool {
        ["Glibc", "Darwin", "Musl", "Foundation", "SwiftGlibc", "Android", "WASILibc", "ucrt"].contains(name)
    }

    /// Words after which a name is being declared, not used.
    private static let declarers: Set<String> = ["func", "var", "let"]

    /// Standard-library output and checks a snippet could declare its own of.
    private static let shadowable: Set<String> = ["print", "debugPrint", "dump"]

    private static let directives: Set<String> = ["if", "elseif", "else", "endif", "sourceLocation"]

    private static let paths = ["/proc/", "/dev/fd/", "/dev/mem"]

    private static let attributes: [String: Effect] = [
        "@_silgen_name": .symbols, "@_cdecl": .symbols, "@_dynamicReplacement": .symbols, "@_extern": .symbols,
        "@_section": .symbols, "@_used": .symbols, "@section": .symbols, "@used": .symbols, "@c": .symbols, "@extern": .symbols,
    ]

    /// Names with no other use in a lesson about UIKit, wherever they are called or passed.
    private static let distinctive: [String: Effect] = {
        var table: [String: Effect] = [:]
        let groups: [(Effect, [String])] = [
            (.descriptors, ["dup2", "dup3", "fclose", "lseek", "lseek64", "ftruncate", "pwrite", "pwrite64", "pwritev", "setvbuf",
                            "setbuf", "freopen", "fcntl", "ioctl", "fileno", "FileDescriptor", "closeFile"]),
            (.signals, ["sigaction", "sigprocmask", "pthread_sigmask", "killpg", "pthread_kill", "setitimer"]),
            (.exit, ["_exit", "_Exit", "quick_exit", "atexit", "at_quick_exit", "pthread_exit", "longjmp", "siglongjmp"]),
            (.processes, ["fork", "vfork", "posix_spawn", "posix_spawnp", "execv", "execve", "execvp", "execvpe", "execl", "execlp",
                          "execle", "popen", "Process", "NSTask", "setsid", "setpgid", "setpgrp", "daemon", "ptrace", "prctl"]),
            (.environment, ["setenv", "unsetenv", "putenv", "clearenv"]),
            (.symbols, ["dlsym", "dlvsym", "dlopen", "dlclose", "dladdr"]),
            (.memory, ["unsafeBitCast", "mmap", "mprotect", "process_vm_readv", "process_vm_writev"]),
            (.kernel, ["syscall", "umount", "umount2", "chroot", "unshare", "setns"]),
        ]
        for (effect, names) in groups { for name in names { table[name] = effect } }
        return table
    }()

    /// Names too common to flag except as a call of the C function (`close(fd)`, `Glibc.exit(0)`), not a method (`handle.close()`).
    private static let freeCalls: [String: Effect] = [
        "dup": .descriptors, "close": .descriptors, "signal": .signals, "kill": .signals, "raise": .signals,
        "exit": .exit, "abort": .exit, "system": .processes, "mount": .kernel,
    ]
}

private extension String {
    func trimmingPrefixAndSuffix(_ character: Character) -> String {
        count >= 2 && first == character && last == character ? String(dropFirst().dropLast()) : self
    }
}
