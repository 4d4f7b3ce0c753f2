import Foundation
import LessonModel
import TutorbuildSupport

#if canImport(Glibc)
import Glibc
#endif

/// A small HTTP/1.0 server for `tutorbuild serve`: static files from the site folder, on 127.0.0.1 only.
///
/// Requests are read by one thread that polls every connection still sending its request, so a client
/// that trickles bytes (slowloris) holds no worker: it only waits, with a deadline for the whole request,
/// in a bounded list from which its own oldest connections are dropped first when it opens too many.
/// Only a complete request takes one of the worker slots, and a response has a deadline too.
final class PreviewServer: @unchecked Sendable {
    /// Requests larger than this are refused; a preview needs only a request line and a few headers.
    static let maximumRequestBytes = 16 * 1024
    /// Requests being answered at once.
    static let maximumConnections = 64
    /// Connections still sending their request, in all and from one address; past either, the oldest
    /// (of that address first) is dropped for the new one.
    static let maximumPending = 512
    static let maximumPendingPerClient = 128
    /// Seconds a client has for its whole request, however it trickles it, and for reading the response.
    static let requestDeadline = 10.0
    static let responseDeadline = 10.0

    let resolver: SitePathResolver
    private let listener: Int32
    let port: UInt16
    let requestDeadline: Double
    private let slots = DispatchSemaphore(value: PreviewServer.maximumConnections)
    private let queue = DispatchQueue(label: "tutorbuild.serve", attributes: .concurrent)
    private let state = NSLock()
    private var buildVersion = 0
    private var overlayHTML = ""
    /// Lessons (by slug) whose doc-tests run again: their pages say "verifying…" on every snippet until the next build.
    private var verifyingLessons: Set<String> = []
    /// Those of `verifyingLessons` whose programs have type-checked: their pages say so while the programs compile and run.
    private var typeCheckedLessons: Set<String> = []
    private var stopped = false

    /// Binds to 127.0.0.1:`port` (0 picks a free port).
    init(siteDirectory: String, port: UInt16, requestDeadline: Double = PreviewServer.requestDeadline) throws {
        resolver = SitePathResolver(siteDirectory: siteDirectory)
        self.requestDeadline = requestDeadline
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard fd >= 0 else { throw ServeError("cannot create a socket") }
        var yes: Int32 = 1
        setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &yes, socklen_t(MemoryLayout<Int32>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard bound == 0, listen(fd, 128) == 0 else {
            close(fd)
            throw ServeError("cannot listen on 127.0.0.1:\(port) (is it in use?)")
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        listener = fd
        self.port = UInt16(bigEndian: actual.sin_port)
    }

    /// Marks a new build: open pages reload; `overlay` (already escaped HTML) is shown on every page, empty to clear.
    func publish(overlay: String) {
        state.withLock {
            buildVersion += 1
            overlayHTML = overlay
            verifyingLessons = []
            typeCheckedLessons = []
        }
    }

    /// Marks lessons being verified again whose programs have type-checked: their pages reload and say
    /// "type-checked, running…" until the build publishes their results.
    func publish(typeChecked lessons: Set<String>) {
        state.withLock {
            let new = lessons.intersection(verifyingLessons).subtracting(typeCheckedLessons)
            guard !new.isEmpty else { return }
            buildVersion += 1
            typeCheckedLessons.formUnion(new)
        }
    }

    /// Marks the start of a build that verifies `lessons` again: their pages reload and say "verifying…" on
    /// every snippet instead of the last build's badges, which no longer say what the lessons' code does.
    func publish(verifying lessons: Set<String>) {
        guard !lessons.isEmpty else { return }
        state.withLock {
            buildVersion += 1
            verifyingLessons.formUnion(lessons)
        }
    }

    /// A connection still sending its request.
    private struct Pending {
        var fd: Int32
        /// The peer's IPv4 address: "a client" for the per-client limit.
        var peer: UInt32
        var received: [UInt8] = []
        var deadline: Double
    }

    /// Accepts connections and reads requests on a background thread until `stop()`.
    func start() {
        Thread.detachNewThread { [self] in
            var pending: [Pending] = []
            defer {
                for connection in pending { close(connection.fd) }
                close(listener)
            }
            var buffer = [UInt8](repeating: 0, count: 4096)
            while !state.withLock({ stopped }) {
                var fds = [pollfd(fd: listener, events: Int16(POLLIN), revents: 0)] + pending.map { pollfd(fd: $0.fd, events: Int16(POLLIN), revents: 0) }
                // Wake at the nearest deadline, and at least every 0.2 s to notice `stop()`.
                let now = Self.now()
                let wait = pending.map(\.deadline).min().map { max(0, min(0.2, $0 - now)) } ?? 0.2
                _ = poll(&fds, nfds_t(fds.count), Int32(wait * 1000))
                var finished: Set<Int32> = []
                for (k, fd) in fds.enumerated().dropFirst() where fd.revents != 0 {
                    let n = recv(fd.fd, &buffer, buffer.count, 0)
                    if n <= 0 {
                        if n < 0, errno == EAGAIN || errno == EINTR { continue }
                        finished.insert(fd.fd)
                        close(fd.fd)
                        continue
                    }
                    pending[k - 1].received += buffer[0..<n]
                    if pending[k - 1].received.count > PreviewServer.maximumRequestBytes {
                        finished.insert(fd.fd)
                        answer(fd.fd, status: "431 Request Header Fields Too Large", message: "request too large\n")
                    } else if pending[k - 1].received.containsHeaderEnd {
                        finished.insert(fd.fd)
                        let (client, request) = (fd.fd, pending[k - 1].received)
                        queue.async { [self] in
                            slots.wait()
                            defer { slots.signal() }
                            handle(client, request)
                        }
                    }
                }
                let later = Self.now()
                for connection in pending where !finished.contains(connection.fd) && connection.deadline <= later {
                    finished.insert(connection.fd)
                    answer(connection.fd, status: "408 Request Timeout", message: "request not received in time\n")
                }
                pending.removeAll { finished.contains($0.fd) }
                acceptAll(into: &pending)
            }
        }
    }

    /// Takes every waiting connection, dropping the oldest pending ones past the limits.
    private func acceptAll(into pending: inout [Pending]) {
        while true {
            var address = sockaddr_in()
            var length = socklen_t(MemoryLayout<sockaddr_in>.size)
            let client = withUnsafeMutablePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { accept(listener, $0, &length) }
            }
            guard client >= 0 else { return }
            _ = fcntl(client, F_SETFD, FD_CLOEXEC)
            _ = fcntl(client, F_SETFL, fcntl(client, F_GETFL) | O_NONBLOCK)
            let peer = address.sin_addr.s_addr
            // A client with many slow requests loses its oldest one; the server as a whole its oldest.
            if pending.count(where: { $0.peer == peer }) >= PreviewServer.maximumPendingPerClient, let oldest = pending.firstIndex(where: { $0.peer == peer }) {
                close(pending.remove(at: oldest).fd)
            } else if pending.count >= PreviewServer.maximumPending {
                close(pending.removeFirst().fd)
            }
            pending.append(Pending(fd: client, peer: peer, deadline: Self.now() + requestDeadline))
        }
    }

    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    func stop() {
        state.withLock { stopped = true }
        shutdown(listener, Int32(SHUT_RDWR))
    }

    /// A short plain-text answer from the reading thread, then the connection is closed.
    private func answer(_ client: Int32, status: String, message: String) {
        send(client, status: status, type: "text/plain", body: Array(message.utf8))
        close(client)
    }

    private func handle(_ client: Int32, _ request: [UInt8]) {
        defer { close(client) }
        let line = String(decoding: request.prefix { $0 != 0x0D && $0 != 0x0A }, as: UTF8.self)
        let parts = line.split(separator: " ")
        guard parts.count == 3, parts[2].hasPrefix("HTTP/") else {
            send(client, status: "400 Bad Request", type: "text/plain", body: Array("bad request\n".utf8))
            return
        }
        let method = parts[0], target = String(parts[1])
        guard method == "GET" || method == "HEAD" else {
            send(client, status: "405 Method Not Allowed", type: "text/plain", body: Array("only GET and HEAD\n".utf8))
            return
        }
        let head = method == "HEAD"
        if target == "/__tutorbuild/version" {
            send(client, status: "200 OK", type: "text/plain", body: Array(String(state.withLock { buildVersion }).utf8), head: head)
            return
        }
        if target.hasPrefix("/__tutorbuild/reload.js") {
            send(client, status: "200 OK", type: "text/javascript; charset=utf-8", body: Array(Self.reloadScript.utf8), head: head)
            return
        }
        switch resolver.resolve(target) {
        case .file(let path):
            guard var body = RegularFile.bytes(atPath: path) else {
                send(client, status: "404 Not Found", type: "text/plain", body: Array("not found\n".utf8), head: head)
                return
            }
            let type = SitePathResolver.contentType(path)
            if type.hasPrefix("text/html") {
                if let (language, stage) = verifyingPage(target) {
                    body = Array(Self.markingVerifying(String(decoding: body, as: UTF8.self), language: language, stage: stage).utf8)
                }
                body = injectLiveReload(body)
            }
            send(client, status: "200 OK", type: type, body: body, head: head)
        case .redirect(let location):
            send(client, status: "301 Moved Permanently", type: "text/plain", body: [], head: head, extra: "Location: \(location)\r\n")
        case .notFound:
            if state.withLock({ !overlayHTML.isEmpty }) {
                // The last build had problems: the page may be missing because of them, so show them in its place.
                let page = Array(Self.problemPage.utf8)
                send(client, status: "503 Service Unavailable", type: "text/html; charset=utf-8", body: injectLiveReload(page), head: head)
                return
            }
            var body = Array("not found\n".utf8)
            var type = "text/plain"
            if case .file(let page) = resolver.resolve("/404.html"), let data = RegularFile.contents(atPath: page) {
                body = injectLiveReload([UInt8](data))
                type = "text/html; charset=utf-8"
            }
            send(client, status: "404 Not Found", type: type, body: body, head: head)
        case .forbidden:
            send(client, status: "403 Forbidden", type: "text/plain", body: Array("forbidden\n".utf8), head: head)
        }
    }

    /// How far the verification of an edited lesson has come, for its pages' badges.
    enum VerifyingStage {
        /// Its programs are being compiled.
        case verifying
        /// Its programs type-check; they are being compiled and run.
        case typeChecked
    }

    /// The language of the page at `target` and its lesson's stage when it is a page of a lesson being verified
    /// again (`/LANGUAGE/SLUG/…`).
    private func verifyingPage(_ target: String) -> (String, VerifyingStage)? {
        let path = target.split(separator: "?", maxSplits: 1).first.map(String.init) ?? target
        let parts = path.split(separator: "/").map(String.init)
        guard parts.count >= 2 else { return nil }
        return state.withLock {
            guard verifyingLessons.contains(parts[1]) else { return nil }
            return (parts[0], typeCheckedLessons.contains(parts[1]) ? .typeChecked : .verifying)
        }
    }

    /// `html` with every snippet's badge replaced by a "verifying…" (or "type-checked, running…") one: the page
    /// is the last build's, whose results are not the edited code's.
    static func markingVerifying(_ html: String, language: String, stage: VerifyingStage = .verifying) -> String {
        let strings = stage == .typeChecked ? typeCheckedStrings : verifyingStrings
        let (label, detail) = strings[language] ?? strings["en"]!
        let badge = "<span class=\"badge badge-verifying\" role=\"status\" title=\"\(detail)\" style=\"font-style:italic\"><span class=\"badge-icon\" aria-hidden=\"true\">⋯</span>\(label)</span>"
        var result = ""
        var rest = html[...]
        while let start = rest.range(of: "<details class=\"badge "), let end = rest[start.upperBound...].range(of: "</details>") {
            result += rest[..<start.lowerBound]
            result += badge
            rest = rest[end.upperBound...]
        }
        result += rest
        return result
    }

    /// The "verifying…" badge's label and hover text by page language.
    static let verifyingStrings: [String: (String, String)] = [
        "en": ("Verifying…", "This lesson was edited; its doc-tests are running. The page reloads with their result."),
        "zh-Hans": ("验证中…", "本课已修改，正在运行它的文档测试；页面会带着结果重新加载。"),
        "zh-Hant": ("驗證中…", "本課已修改，正在執行它的文件測試；頁面會帶著結果重新載入。"),
    ]

    /// The badge's label and hover text once the edited lesson's programs type-check, by page language.
    static let typeCheckedStrings: [String: (String, String)] = [
        "en": ("Type-checked, running…", "The edited code compiles; it is being built and run. The page reloads with the result."),
        "zh-Hans": ("类型检查通过，运行中…", "修改后的代码可以编译，正在构建并运行；页面会带着结果重新加载。"),
        "zh-Hant": ("型別檢查通過，執行中…", "修改後的程式碼可以編譯，正在建置並執行；頁面會帶著結果重新載入。"),
    ]

    /// Stands in for a page the last build could not make; the build's problems are shown over it.
    static let problemPage = """
        <!doctype html>
        <html lang="en"><head><meta charset="utf-8"><title>tutorbuild: this page could not be built</title></head>
        <body><h1>This page could not be built</h1><p>The problems below stop it; this page reloads when they are fixed.</p></body></html>
        """

    /// How often an open page asks for the build version, in milliseconds: a result is on the page at most this
    /// long after it is published (a version is a few bytes from a local server, so asking often costs nothing).
    static let reloadPollMilliseconds = 200

    /// Reloads the page when a build newer than the one in its own URL (`?v=N`) is published.
    ///
    /// A file, not an inline script, so the pages' Content-Security-Policy (scripts from the site only) holds in the preview too.
    /// It asks again and again rather than keeping a request open: a browser opens only six connections to one
    /// server, and each open tab would hold one of them.
    static let reloadScript = """
        (function(){var v=+(new URL(document.currentScript.src)).searchParams.get('v');setInterval(function(){fetch('/__tutorbuild/version',{cache:'no-store'}).then(function(r){return r.text()}).then(function(t){if(+t!==v)location.reload()}).catch(function(){})},\(reloadPollMilliseconds))})();

        """

    /// What a response may load and run: pages only the site's own scripts, pictures nothing at all.
    static func contentSecurityPolicy(for type: String) -> String {
        if type.hasPrefix("image/svg+xml") { return "default-src 'none'; style-src 'unsafe-inline'; sandbox" }
        return "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; base-uri 'self'; form-action 'none'; frame-ancestors 'none'"
    }

    /// Adds the build overlay and a script that reloads the page when a new build is published.
    private func injectLiveReload(_ html: [UInt8]) -> [UInt8] {
        let (version, overlay) = state.withLock { (buildVersion, overlayHTML) }
        let script = """
            \(overlay)<script src="/__tutorbuild/reload.js?v=\(version)"></script>
            """
        var text = String(decoding: html, as: UTF8.self)
        if let end = text.range(of: "</body>", options: .backwards) {
            text.insert(contentsOf: script, at: end.lowerBound)
        } else {
            text += script
        }
        return Array(text.utf8)
    }

    private func send(_ client: Int32, status: String, type: String, body: [UInt8], head: Bool = false, extra: String = "") {
        let header = "HTTP/1.0 \(status)\r\nContent-Type: \(type)\r\nContent-Length: \(body.count)\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\nContent-Security-Policy: \(Self.contentSecurityPolicy(for: type))\r\n\(extra)Connection: close\r\n\r\n"
        var bytes = Array(header.utf8)
        if !head { bytes += body }
        // A client that does not read its response is dropped at the deadline.
        let deadline = Self.now() + PreviewServer.responseDeadline
        var sent = 0
        while sent < bytes.count {
            var writable = pollfd(fd: client, events: Int16(POLLOUT), revents: 0)
            let left = deadline - Self.now()
            guard left > 0, poll(&writable, 1, Int32(left * 1000)) > 0 else { return }
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n < 0, errno == EAGAIN || errno == EINTR { continue }
            if n <= 0 { return }
            sent += n
        }
    }
}

struct ServeError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

extension [UInt8] {
    fileprivate var containsHeaderEnd: Bool {
        guard count >= 4 else { return false }
        for i in 0...(count - 4) where self[i] == 0x0D && self[i + 1] == 0x0A && self[i + 2] == 0x0D && self[i + 3] == 0x0A {
            return true
        }
        return false
    }
}
