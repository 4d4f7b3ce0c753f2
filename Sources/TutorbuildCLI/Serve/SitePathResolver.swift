import Foundation

/// Maps a request path to a file inside the site folder, and never to anything outside it.
struct SitePathResolver: Sendable {
    /// The site folder with symlinks resolved.
    let root: String

    init(siteDirectory: String) {
        root = URL(fileURLWithPath: siteDirectory).standardizedFileURL.resolvingSymlinksInPath().path
    }

    enum Resolution: Equatable {
        case file(String)
        /// A folder asked for without its trailing slash: redirect so relative links work.
        case redirect(String)
        case notFound
        case forbidden
    }

    func resolve(_ requestTarget: String) -> Resolution {
        var path = String(requestTarget.prefix { $0 != "?" && $0 != "#" })
        guard path.hasPrefix("/"), let decoded = path.removingPercentEncoding else { return .forbidden }
        // Decoded once; anything that could climb or confuse the file system is refused outright.
        let segments = decoded.split(separator: "/", omittingEmptySubsequences: true)
        if decoded.contains("\0") || decoded.contains("\\") || segments.contains(where: { $0 == ".." || $0 == "." || $0.hasPrefix(".") }) {
            return .forbidden
        }
        path = root + "/" + segments.joined(separator: "/")
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return .notFound }
        if isDirectory.boolValue {
            // Built from the path's own (still encoded) segments, so `//en` goes to `/en/`, never to the
            // scheme-relative `//en/` (another host), and nothing decoded reaches the header.
            if !decoded.hasSuffix("/") {
                let raw = requestTarget.prefix { $0 != "?" && $0 != "#" }.split(separator: "/", omittingEmptySubsequences: true)
                return .redirect("/" + raw.joined(separator: "/") + "/")
            }
            path += "/index.html"
            guard FileManager.default.fileExists(atPath: path) else { return .notFound }
        }
        let real = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        guard real.hasPrefix(root + "/") else { return .forbidden }
        return .file(real)
    }

    static func contentType(_ path: String) -> String {
        switch (path as NSString).pathExtension.lowercased() {
        case "html": "text/html; charset=utf-8"
        case "css": "text/css; charset=utf-8"
        case "js": "text/javascript; charset=utf-8"
        case "json": "application/json"
        case "svg": "image/svg+xml"
        case "png": "image/png"
        case "jpg", "jpeg": "image/jpeg"
        case "gif": "image/gif"
        case "webp": "image/webp"
        case "xml": "application/xml"
        case "txt": "text/plain; charset=utf-8"
        default: "application/octet-stream"
        }
    }
}
