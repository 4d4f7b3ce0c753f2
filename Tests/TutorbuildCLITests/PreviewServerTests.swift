import Foundation
import Diagnostics
import TestSupport
import Testing
@testable import TutorbuildCLI

@Suite("The preview server")
struct PreviewServerTests {
    /// A site folder with a page, a secret beside it, and a link pointing at the secret.
    func makeSite() throws -> (site: String, secret: String) {
        let root = TemporaryFolder.make("serve").path
        let site = root + "/site"
        try FileManager.default.createDirectory(atPath: site + "/en/lesson", withIntermediateDirectories: true)
        try "<html><body>hello</body></html>".write(toFile: site + "/en/lesson/index.html", atomically: true, encoding: .utf8)
        try "<html><body>missing</body></html>".write(toFile: site + "/404.html", atomically: true, encoding: .utf8)
        try "secret".write(toFile: root + "/secret.txt", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: site + "/link.txt", withDestinationPath: root + "/secret.txt")
        return (site, root + "/secret.txt")
    }

    @Test("request paths resolve inside the site only", arguments: [
        ("/en/lesson/", "file"), ("/en/lesson/index.html?x=1", "file"), ("/en/lesson", "redirect"),
        ("/../secret.txt", "forbidden"), ("/%2e%2e/secret.txt", "forbidden"), ("/en/%2E%2E/%2E%2E/secret.txt", "forbidden"),
        ("/en/..%2f..%2fsecret.txt", "forbidden"), ("/..%5csecret.txt", "forbidden"), ("/link.txt", "forbidden"),
        ("/en/%00", "forbidden"), ("/nope.html", "notFound"), ("relative", "forbidden"), ("/.hidden", "forbidden"),
    ])
    func resolution(target: String, expected: String) throws {
        let (site, _) = try makeSite()
        let result = SitePathResolver(siteDirectory: site).resolve(target)
        let kind = switch result {
        case .file: "file"
        case .redirect: "redirect"
        case .notFound: "notFound"
        case .forbidden: "forbidden"
        }
        #expect(kind == expected)
    }

    func get(_ port: UInt16, _ raw: String) throws -> String {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        try #require(connected == 0)
        _ = raw.withCString { send(fd, $0, strlen($0), 0) }
        var response: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = recv(fd, &buffer, buffer.count, 0)
            if n <= 0 { break }
            response += buffer[0..<n]
        }
        return String(decoding: response, as: UTF8.self)
    }

    @Test("serves pages with live reload, refuses traversal, and answers bad requests without hanging")
    func serving() throws {
        let (site, _) = try makeSite()
        let server = try PreviewServer(siteDirectory: site, port: 0)
        server.start()
        defer { server.stop() }
        let page = try get(server.port, "GET /en/lesson/ HTTP/1.1\r\nHost: x\r\n\r\n")
        #expect(page.hasPrefix("HTTP/1.0 200"))
        #expect(page.contains("hello"))
        #expect(page.contains("/__tutorbuild/reload.js"))
        #expect(try get(server.port, "GET /%2e%2e/secret.txt HTTP/1.1\r\n\r\n").hasPrefix("HTTP/1.0 403"))
        #expect(!(try get(server.port, "GET /link.txt HTTP/1.1\r\n\r\n").contains("secret")))
        #expect(try get(server.port, "GET /nope HTTP/1.1\r\n\r\n").hasPrefix("HTTP/1.0 404"))
        #expect(try get(server.port, "POST / HTTP/1.1\r\n\r\n").hasPrefix("HTTP/1.0 405"))
        #expect(try get(server.port, "nonsense\r\n\r\n").hasPrefix("HTTP/1.0 400"))
        let huge = "GET /" + String(repeating: "a", count: 20_000) + " HTTP/1.1\r\n\r\n"
        #expect(try get(server.port, huge).hasPrefix("HTTP/1.0 431"))
        let before = try get(server.port, "GET /__tutorbuild/version HTTP/1.1\r\n\r\n")
        server.publish(overlay: "")
        let after = try get(server.port, "GET /__tutorbuild/version HTTP/1.1\r\n\r\n")
        #expect(before != after)
    }

    @Test("issue 20 #3: pictures are served under a policy that runs no script; pages load only the site's own scripts")
    func contentSecurityPolicy() throws {
        let (site, _) = try makeSite()
        try "<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>"
            .write(toFile: site + "/en/lesson/snapshot-1-1.svg", atomically: true, encoding: .utf8)
        let server = try PreviewServer(siteDirectory: site, port: 0)
        server.start()
        defer { server.stop() }
        let picture = try get(server.port, "GET /en/lesson/snapshot-1-1.svg HTTP/1.1\r\n\r\n")
        #expect(picture.contains("\r\nContent-Security-Policy: default-src 'none'; style-src 'unsafe-inline'; sandbox\r\n"))
        let page = try get(server.port, "GET /en/lesson/ HTTP/1.1\r\n\r\n")
        #expect(page.contains("\r\nContent-Security-Policy: default-src 'self';"))
        // The live-reload script is a file of the server's, so the pages' own policy (no inline script) holds.
        #expect(page.contains("<script src=\"/__tutorbuild/reload.js?v="))
        #expect(!page.contains("<script>"))
        let script = try get(server.port, "GET /__tutorbuild/reload.js?v=3 HTTP/1.1\r\n\r\n")
        #expect(script.hasPrefix("HTTP/1.0 200"))
        #expect(script.contains("/__tutorbuild/version"))
    }

    @Test("the build overlay escapes diagnostic text")
    func overlayEscapes() {
        var bag = Diagnostics.DiagnosticBag()
        bag.error(.siteWriteFailed, .file("a.md"), "<script>alert(1)</script>")
        let html = Overlay.html(for: bag, wroteSite: true)
        #expect(!html.contains("<script>"))
        #expect(html.contains("&lt;script&gt;"))
    }
}
