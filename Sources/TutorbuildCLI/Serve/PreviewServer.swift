import Foundation
import LessonModel

#if canImport(Glibc)
import Glibc
#endif

/// A small HTTP/1.0 server for `tutorbuild serve`: static files from the site folder, on 127.0.0.1 only.
final class PreviewServer: @unchecked Sendable {
    /// Requests larger than this are refused; a preview needs only a request line and a few headers.
    static let maximumRequestBytes = 16 * 1024
    /// Connections served at once; more wait in the listen backlog.
    static let maximumConnections = 16
    /// A client that sends nothing for this long is dropped.
    static let receiveTimeout: Int = 5

    let resolver: SitePathResolver
    private let listener: Int32
    let port: UInt16
    private let slots = DispatchSemaphore(value: PreviewServer.maximumConnections)
    private let queue = DispatchQueue(label: "tutorbuild.serve", attributes: .concurrent)
    private let state = NSLock()
    private var buildVersion = 0
    private var overlayHTML = ""
    private var stopped = false

    /// Binds to 127.0.0.1:`port` (0 picks a free port).
    init(siteDirectory: String, port: UInt16) throws {
        resolver = SitePathResolver(siteDirectory: siteDirectory)
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
        guard bound == 0, listen(fd, 64) == 0 else {
            close(fd)
            throw ServeError("cannot listen on 127.0.0.1:\(port) (is it in use?)")
        }
        var actual = sockaddr_in()
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        _ = withUnsafeMutablePointer(to: &actual) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
        }
        listener = fd
        self.port = UInt16(bigEndian: actual.sin_port)
    }

    /// Marks a new build: open pages reload; `overlay` (already escaped HTML) is shown on every page, empty to clear.
    func publish(overlay: String) {
        state.withLock {
            buildVersion += 1
            overlayHTML = overlay
        }
    }

    /// Accepts connections on a background thread until `stop()`.
    func start() {
        Thread.detachNewThread { [self] in
            while true {
                let client = accept(listener, nil, nil)
                if client < 0 {
                    if state.withLock({ stopped }) { return }
                    continue
                }
                slots.wait()
                queue.async { [self] in
                    defer { slots.signal() }
                    handle(client)
                }
            }
        }
    }

    func stop() {
        state.withLock { stopped = true }
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    private func handle(_ client: Int32) {
        defer { close(client) }
        var timeout = timeval(tv_sec: PreviewServer.receiveTimeout, tv_usec: 0)
        setsockopt(client, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(client, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var request: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while !request.containsHeaderEnd {
            let n = recv(client, &buffer, buffer.count, 0)
            if n <= 0 { return }
            request += buffer[0..<n]
            if request.count > PreviewServer.maximumRequestBytes {
                send(client, status: "431 Request Header Fields Too Large", type: "text/plain", body: Array("request too large\n".utf8))
                return
            }
        }
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
        switch resolver.resolve(target) {
        case .file(let path):
            guard var body = RegularFile.contents(atPath: path).map({ [UInt8]($0) }) else {
                send(client, status: "404 Not Found", type: "text/plain", body: Array("not found\n".utf8), head: head)
                return
            }
            let type = SitePathResolver.contentType(path)
            if type.hasPrefix("text/html") { body = injectLiveReload(body) }
            send(client, status: "200 OK", type: type, body: body, head: head)
        case .redirect(let location):
            send(client, status: "301 Moved Permanently", type: "text/plain", body: [], head: head, extra: "Location: \(location)\r\n")
        case .notFound:
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

    /// Adds the build overlay and a script that reloads the page when a new build is published.
    private func injectLiveReload(_ html: [UInt8]) -> [UInt8] {
        let (version, overlay) = state.withLock { (buildVersion, overlayHTML) }
        let script = """
            \(overlay)<script>(function(){var v=\(version);setInterval(function(){fetch('/__tutorbuild/version',{cache:'no-store'}).then(function(r){return r.text()}).then(function(t){if(+t!==v)location.reload()}).catch(function(){})},1000)})();</script>
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
        let header = "HTTP/1.0 \(status)\r\nContent-Type: \(type)\r\nContent-Length: \(body.count)\r\nCache-Control: no-store\r\nX-Content-Type-Options: nosniff\r\n\(extra)Connection: close\r\n\r\n"
        var bytes = Array(header.utf8)
        if !head { bytes += body }
        var sent = 0
        while sent < bytes.count {
            let n = bytes[sent...].withUnsafeBytes { Glibc.send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
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
