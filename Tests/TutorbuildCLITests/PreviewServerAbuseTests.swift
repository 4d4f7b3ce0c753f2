import Foundation
import TestSupport
import Testing
@testable import TutorbuildCLI

@Suite("The preview server under abuse")
struct PreviewServerAbuseTests {
    func makeSite() throws -> String {
        let site = TemporaryFolder.make("serve-abuse").path
        try FileManager.default.createDirectory(atPath: site + "/en", withIntermediateDirectories: true)
        try "<html><body>hello</body></html>".write(toFile: site + "/en/index.html", atomically: true, encoding: .utf8)
        return site
    }

    /// A connected socket to the server that gives up reading after `timeout` seconds.
    func connectTo(_ port: UInt16, timeout: Int = 5) throws -> Int32 {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var limit = timeval(tv_sec: timeout, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        try #require(connected == 0)
        return fd
    }

    func write(_ fd: Int32, _ text: String) {
        _ = text.withCString { send(fd, $0, strlen($0), Int32(MSG_NOSIGNAL)) }
    }

    /// Everything the server sends until it closes (or the read times out).
    func readAll(_ fd: Int32) -> String {
        var response: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { break }
            response += buffer[0..<n]
        }
        return String(decoding: response, as: UTF8.self)
    }

    func get(_ port: UInt16, _ target: String) throws -> String {
        let fd = try connectTo(port)
        defer { close(fd) }
        write(fd, "GET \(target) HTTP/1.1\r\nHost: x\r\n\r\n")
        return readAll(fd)
    }

    @Test("slowloris: many connections trickling their requests do not stop others being answered")
    func slowloris() throws {
        let server = try PreviewServer(siteDirectory: try makeSite(), port: 0)
        server.start()
        defer { server.stop() }
        // More slow clients than the old server had slots (16), each having sent part of a request.
        let slow = try (0..<40).map { _ in try connectTo(server.port) }
        defer { for fd in slow { close(fd) } }
        // The listener accepts in arrival order, so the fresh request below is answered only after all 40 are held.
        for fd in slow { write(fd, "GET /en/ HTTP/1.1\r\nX-a: ") }
        for fd in slow { write(fd, "b") }
        #expect(try get(server.port, "/en/").hasPrefix("HTTP/1.0 200"))
    }

    @Test("a request trickled a byte at a time is cut off at the whole-request deadline")
    func deadline() throws {
        let server = try PreviewServer(siteDirectory: try makeSite(), port: 0, requestDeadline: 1)
        server.start()
        defer { server.stop() }
        let fd = try connectTo(server.port, timeout: 1)
        defer { close(fd) }
        let started = PreviewServer.now()
        var response = ""
        // Each byte comes well within any per-read timeout; only a deadline for the whole request ends it.
        for byte in "GET /en/ HTTP/1.1\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" {
            write(fd, String(byte))
            // The client's pace: the next byte 0.1 s later, unless the server answers (or hangs up) first.
            var ready = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            _ = poll(&ready, 1, 100)
            var buffer = [UInt8](repeating: 0, count: 256)
            if recv(fd, &buffer, buffer.count, Int32(MSG_DONTWAIT)) > 0 {
                response = String(decoding: buffer, as: UTF8.self)
                break
            }
        }
        #expect(response.hasPrefix("HTTP/1.0 408"))
        #expect(PreviewServer.now() - started < 3)
    }

    @Test("a client holding more idle connections than its share loses its oldest ones, and a new request is answered")
    func perClientLimit() throws {
        let server = try PreviewServer(siteDirectory: try makeSite(), port: 0)
        server.start()
        defer { server.stop() }
        let idle = try (0..<(PreviewServer.maximumPendingPerClient + 8)).map { _ in try connectTo(server.port, timeout: 2) }
        defer { for fd in idle { close(fd) } }
        // Accepted in arrival order, the fresh request comes after every idle connection.
        #expect(try get(server.port, "/en/").hasPrefix("HTTP/1.0 200"))
        // The oldest idle connection was closed by the server: reading it ends with nothing.
        var buffer = [UInt8](repeating: 0, count: 16)
        #expect(eventually(within: 5) { recv(idle[0], &buffer, buffer.count, Int32(MSG_DONTWAIT)) == 0 })
    }

    @Test("a folder asked for with a doubled slash redirects within the site, never to a scheme-relative URL", arguments: [
        ("//en", "/en/"), ("///en", "/en/"), ("/en", "/en/"), ("//en?x=//evil", "/en/"),
    ])
    func redirect(target: String, location: String) throws {
        let site = try makeSite()
        guard case .redirect(let found) = SitePathResolver(siteDirectory: site).resolve(target) else {
            Issue.record("expected a redirect")
            return
        }
        #expect(found == location)
        let server = try PreviewServer(siteDirectory: site, port: 0)
        server.start()
        defer { server.stop() }
        let response = try get(server.port, target)
        #expect(response.hasPrefix("HTTP/1.0 301"))
        #expect(response.contains("\r\nLocation: \(location)\r\n"))
    }
}
