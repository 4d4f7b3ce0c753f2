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
        let shown = ShownBuild()
        // The new pages are shown as soon as they are written; the results file and records follow.
        var pipeline = BuildPipeline(
            contentPath: contentPath, outputPath: outputPath, runTests: !arguments[BuildCommand.noTest], mode: .serve,
            console: context.console, published: { bag in shown.show(Overlay.html(for: bag, wroteSite: true)) })
        // The first result an edit has: its lesson's program type-checks, before it is compiled and run.
        pipeline.typeChecked = { paths in shown.server?.publish(typeChecked: Set(paths.compactMap { SnippetDigests.slug(ofLessonFile: $0) })) }
        let rebuild = { () -> Void in
            shown.begin()
            let outcome = pipeline.run(failOn: reporter.fails)
            reporter.report(outcome.bag)
            shown.end(Overlay.html(for: outcome.bag, wroteSite: outcome.wroteSite))
        }
        // Watching starts before the first build, so that an edit made while it runs, or as soon as serving is
        // announced, is seen: a watcher started later would take the edited file as its starting point.
        let modelSources = ["Sources/UIKitBehavior", "Sources/UIKitModel", "Sources/UIKitSimulator", "Sources/DocTestProtocol"]
        let watched = [contentPath] + (FileManager.default.fileExists(atPath: "Sources/UIKitModel") ? modelSources : [])
        let watcher = ChangeWatcher(roots: watched)
        var snippets = SnippetDigests(contentPath: contentPath, modelSources: modelSources)
        snippets.update(paths: Array(watcher.files.keys))
        rebuild()
        try FileManager.default.createDirectory(atPath: outputPath, withIntermediateDirectories: true)
        let server = try PreviewServer(siteDirectory: outputPath, port: UInt16(portNumber))
        shown.server = server
        server.publish(overlay: shown.overlay)
        server.start()
        context.console.err("serving \(outputPath) at http://127.0.0.1:\(server.port)/ — Ctrl-C to stop")

        // Until a signal ends the process (`InterruptCleanup`), whichever of these it is doing.
        while true {
            let changed = watcher.next()
            context.console.err("change detected; rebuilding")
            if !arguments[BuildCommand.noTest] { server.publish(verifying: snippets.update(paths: Array(changed))) }
            rebuild()
        }
    }
}

/// What the preview shows of the build in progress: its pages once they are published (`BuildPipeline.published`),
/// then the build's final problems if they differ from those shown with the pages.
final class ShownBuild: @unchecked Sendable {
    /// Set once the first build is done and serving begins.
    var server: PreviewServer?
    /// The overlay of the last build, as published.
    private(set) var overlay = ""
    /// The overlay published with this build's pages, if they were published.
    private var early: String?

    func begin() {
        early = nil
    }

    /// Publishes the pages with `overlay`; shown again with the same overlay (the search indexes that follow the
    /// pages), open pages need not reload.
    func show(_ overlay: String) {
        if early == overlay { return }
        early = overlay
        self.overlay = overlay
        server?.publish(overlay: overlay)
    }

    func end(_ overlay: String) {
        self.overlay = overlay
        if early != overlay { server?.publish(overlay: overlay) }
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

    /// The lesson (its folder's name) of a lesson document's path, as the doc-tests name it (`…/SLUG/LANGUAGE.md`).
    static func slug(ofLessonFile path: String) -> String? {
        let parts = path.split(separator: "/")
        guard parts.count >= 2, parts[parts.count - 1].hasSuffix(".md") else { return nil }
        return String(parts[parts.count - 2])
    }

    /// The lesson and language of `path` when it is a lesson file (`CONTENT/SLUG/LANGUAGE.md`).
    private func lessonFile(_ path: String) -> (slug: String, language: Language)? {
        guard path.hasPrefix(contentPath + "/") else { return nil }
        let parts = path.dropFirst(contentPath.count + 1).split(separator: "/")
        guard parts.count == 2, parts[1].hasSuffix(".md"), let language = Language(rawValue: String(parts[1].dropLast(3))) else { return nil }
        return (String(parts[0]), language)
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
