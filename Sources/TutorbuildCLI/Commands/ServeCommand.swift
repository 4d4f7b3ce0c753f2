import Diagnostics
import Foundation
import LessonModel
import SiteBuilder
import TutorbuildSupport

/// `tutorbuild serve`: builds, serves the site on 127.0.0.1, and rebuilds and reloads on change.
struct ServeCommand: Command {
    static let port = Option("--port", "N", default: 8000, help: "The port to listen on (127.0.0.1 only; 0 picks a free one).", range: 0...65535)

    static let spec = CommandSpec(
        name: "serve",
        abstract: "Build and serve the site on 127.0.0.1, rebuilding when lessons change.",
        discussion: "Watches the content folder (and the UIKit model's sources when run from the package), rebuilds what changed and reloads open pages. Diagnostics and failing snippets show inside the page. Ctrl-C stops it.",
        options: [CommonOptions.content, BuildCommand.output, BuildCommand.noTest, port])

    static func run(_ arguments: ParsedArguments, context: CommandContext) throws -> ExitCode {
        let portNumber = arguments[port]
        let contentPath = arguments[CommonOptions.content]
        let outputPath = arguments[BuildCommand.output]
        try BuildCommand.refuseUnsafeOutput(arguments, command: spec.name)
        // Before the first build: Ctrl-C stops every step, a doc-test's lesson programs included.
        InterruptCleanup.install(console: context.console, farewell: "stopped")
        let reporter = reporter(arguments, context)
        let pipeline = BuildPipeline(
            contentPath: contentPath, outputPath: outputPath, runTests: !arguments[BuildCommand.noTest], mode: .serve,
            console: context.console)
        let rebuild = { () -> String in
            let outcome = pipeline.run(failOn: reporter.fails)
            reporter.report(outcome.bag)
            return Overlay.html(for: outcome.bag, wroteSite: outcome.wroteSite)
        }
        let overlay = rebuild()
        try FileManager.default.createDirectory(atPath: outputPath, withIntermediateDirectories: true)
        let server = try PreviewServer(siteDirectory: outputPath, port: UInt16(portNumber))
        server.publish(overlay: overlay)
        server.start()
        context.console.err("serving \(outputPath) at http://127.0.0.1:\(server.port)/ — Ctrl-C to stop")

        let modelSources = ["Sources/UIKitBehavior", "Sources/UIKitModel", "Sources/UIKitSimulator", "Sources/DocTestProtocol"]
        let watched = [contentPath] + (FileManager.default.fileExists(atPath: "Sources/UIKitModel") ? modelSources : [])
        var last = ChangeWatcher.fingerprint(watched)
        var snippets = SnippetDigests(contentPath: contentPath, modelSources: modelSources)
        snippets.update(paths: Array(last.keys))
        // Until a signal ends the process (`InterruptCleanup`), whichever of these it is doing.
        while true {
            // A tenth of a second: an edit's wait for its rebuild is part of what authors feel (bench/serve.sh).
            Thread.sleep(forTimeInterval: 0.1)
            let now = ChangeWatcher.fingerprint(watched)
            if now != last {
                let changed = Set(now.keys).union(last.keys).filter { now[$0] != last[$0] }
                last = now
                context.console.err("change detected; rebuilding")
                if !arguments[BuildCommand.noTest] { server.publish(verifying: snippets.update(paths: Array(changed))) }
                server.publish(overlay: rebuild())
            }
        }
    }
}

/// What decides each lesson file's doc-test results besides the toolchain and the model: its snippets
/// (code, attributes, expected output) and front matter, so that `serve` knows which lessons an edit sends
/// back to verification.
struct SnippetDigests {
    let contentPath: String
    let modelSources: [String]
    private var digests: [String: String] = [:]

    init(contentPath: String, modelSources: [String]) {
        self.contentPath = contentPath
        self.modelSources = modelSources
    }

    /// Reads the lesson files among `paths` again and returns the slugs of the lessons whose snippets
    /// changed; every lesson when the model's sources changed.
    @discardableResult
    mutating func update(paths: [String]) -> Set<String> {
        var changed: Set<String> = []
        let loader = CourseLoader(contentPath: contentPath)
        var modelChanged = false
        for path in paths {
            if modelSources.contains(where: { path.hasPrefix($0 + "/") }) { modelChanged = true }
            guard let (slug, language) = lessonFile(path) else { continue }
            let document = loader.document(slug: slug, language: language, allowRawHTML: true)
            let digest = document.map { document in
                String(describing: (document.frontMatter, document.snippets.map { ($0.code, $0.attributes, $0.expectedOutput) }))
            }
            if digests[path] != digest { changed.insert(slug) }
            digests[path] = digest
        }
        if modelChanged { changed.formUnion(digests.keys.compactMap { lessonFile($0)?.slug }) }
        return changed
    }

    /// The lesson and language of `path` when it is a lesson file (`CONTENT/SLUG/LANGUAGE.md`).
    private func lessonFile(_ path: String) -> (slug: String, language: Language)? {
        guard path.hasPrefix(contentPath + "/") else { return nil }
        let parts = path.dropFirst(contentPath.count + 1).split(separator: "/")
        guard parts.count == 2, parts[1].hasSuffix(".md"), let language = Language(rawValue: String(parts[1].dropLast(3))) else { return nil }
        return (String(parts[0]), language)
    }
}

/// Notices edits by polling modification times: portable and cheap for a content folder.
enum ChangeWatcher {
    static func fingerprint(_ roots: [String]) -> [String: Double] {
        var result: [String: Double] = [:]
        let fm = FileManager.default
        for root in roots {
            guard let walker = fm.enumerator(atPath: root) else { continue }
            while let relative = walker.nextObject() as? String {
                let path = root + "/" + relative
                if let attributes = try? fm.attributesOfItem(atPath: path), let date = attributes[.modificationDate] as? Date {
                    result[path] = date.timeIntervalSince1970 + Double((attributes[.size] as? Int) ?? 0) * 1e-9
                }
            }
        }
        return result
    }
}

/// The panel `serve` puts on every page while the last build has problems.
enum Overlay {
    static func html(for bag: DiagnosticBag, wroteSite: Bool) -> String {
        let shown = bag.sorted.filter { $0.severity == .error || !wroteSite }
        guard !shown.isEmpty else { return "" }
        let formatter = DiagnosticFormatter()
        let text = formatter.format(shown).joined(separator: "\n\n")
        let heading = wroteSite ? "tutorbuild: problems in the last build" : "tutorbuild: the last build failed; this is the previous site"
        return "<div role=\"alert\" style=\"position:fixed;left:0;right:0;bottom:0;max-height:45vh;overflow:auto;z-index:9999;background:#fff4f4;color:#5a0000;border-top:3px solid #c00;padding:12px 16px;font:13px/1.45 ui-monospace,monospace\"><strong>\(XMLEscaping.escaped(heading, in: .text))</strong><pre style=\"white-space:pre-wrap;margin:8px 0 0\">\(XMLEscaping.escaped(text, in: .text))</pre></div>"
    }
}
