import Diagnostics
import DocTestProtocol
import Foundation
import LessonModel
import TutorbuildSupport

/// One build in progress: the previous manifest, and what has been written (see `SiteFiles` for the two phases).
struct BuildRun {
    let builder: SiteBuilder
    let context: SiteContext
    let output: URL
    let sink: SiteFiles
    var summary: SiteBuildSummary { sink.summary }
    var stepName = ""
    /// The previous build's manifest, when there is one to trust.
    let previous: BuildManifest?
    var manifest = BuildManifest()
    let files = FileManager.default

    init(builder: SiteBuilder, outputPath: String) {
        self.builder = builder
        self.context = SiteContext(site: builder.site, report: builder.report, options: builder.options)
        self.output = URL(fileURLWithPath: outputPath).standardizedFileURL
        previous = builder.options.incremental ? BuildManifest.read(from: output.appendingPathComponent(BuildManifest.fileName)) : nil
        self.sink = SiteFiles(root: output, previous: previous?.files)
    }

    mutating func step(_ name: SiteStep.Name) throws {
        stepName = name.rawValue
        sink.stepName = stepName
        builder.options.progress?(SiteStep(name: name))
        if builder.options.failAtStep == name { throw fail(output.path, "failure injected by a test") }
    }

    func fail(_ path: String, _ message: String) -> SiteBuildError {
        SiteBuildError(step: stepName, path: path, message: message)
    }

    func write(_ text: String, to relativePath: String) throws {
        try sink.write(text, to: relativePath)
    }

    mutating func perform(into bag: inout DiagnosticBag) throws {
        try step(.prepare)
        removeLeftovers()
        try sink.createFolder(atPath: output.path)
        try sink.listSite()

        try step(.assets)
        try write(Stylesheet.css, to: Assets.stylesheetPath)
        try write(Script.js, to: Assets.scriptPath)
        try write(Assets.icon, to: Assets.iconPath)

        try step(.render)  // pages, lesson files, sitemap and search indexes
        let indexes = builder.options.search ? SearchIndexJob.jobs(for: context) : []
        if let pagesPublished = builder.options.pagesPublished, !indexes.isEmpty {
            try renderAll(RenderJob.schedule(indexes: [], lessonCount: context.site.lessons.count), into: &bag)
            try sink.publishStaged(manifestFile: BuildManifest.fileName)
            pagesPublished()
            try renderAll(indexes.map { .index($0) }, into: &bag)
        } else {
            try renderAll(RenderJob.schedule(indexes: indexes, lessonCount: context.site.lessons.count), into: &bag)
        }

        try step(.publish)
        manifest.files = sink.files
        try sink.publish(manifest: manifest, manifestFile: BuildManifest.fileName)
    }

    /// Renders (or reuses) the pages, copies the lessons' files and builds the search indexes that `jobs` name,
    /// spread over the machine's cores.
    ///
    /// Workers take jobs in order until none are left (`RenderJob.schedule`). Each index is written as soon
    /// as it is made, so at most one index per worker is held in memory at a time. Diagnostics come out
    /// in course order, whichever worker found them.
    mutating func renderAll(_ jobs: [RenderJob], into bag: inout DiagnosticBag) throws {
        let lessons = context.site.lessons
        let hasIndexes = jobs.contains { if case .index = $0 { true } else { false } }
        let folding = hasIndexes ? SearchIndexJob.folding(for: context) : ScriptFolding.none
        let context = self.context
        let shape = Fingerprint.courseShape(context)
        let previous = self.previous
        let sink = self.sink
        let entries = Locked<[String: BuildManifest.Entry]>([:])
        let lessonDiagnostics = Locked<[Int: [Diagnostic]]>([:])
        let contentRoot = URL(fileURLWithPath: context.site.contentPath).resolvingSymlinksInPath().path

        /// Writes one page, or keeps it as it is when nothing it depends on has changed.
        @Sendable func renderOrReuse(_ page: LessonPage) throws {
            let key = Fingerprint.lessonPage(page, shape: shape)
            let filePath = page.path.filePath
            if let reused = previous?.entries[filePath], reused.hash == key, sink.keep(reused) {
                entries.mutate { $0[filePath] = reused }
                sink.count(reused: 1)
                return
            }
            if page.content.isRecorded {
                throw SiteBuildError.notAsRecorded(filePath, "a lesson that was not loaded has a page to render")
            }
            do {
                let rendered = page.render()
                var entry = BuildManifest.Entry(hash: key, files: [filePath])
                for picture in rendered.pictures {
                    let picturePath = (page.path.folder + [picture.name]).joined(separator: "/")
                    try sink.write(picture.svg, to: picturePath)
                    entry.files.append(picturePath)
                }
                if let appCode = rendered.appCode {
                    entry.files.append(try sink.write(appCode, besideLesson: page))
                }
                try rendered.bytes.withUnsafeBufferPointer { try sink.write(bytes: $0, to: filePath) }
                entries.mutate { $0[filePath] = entry }
                sink.count(rendered: 1)
            } catch {
                throw sink.buildError(error, at: filePath)
            }
        }

        @Sendable func perform(_ job: RenderJob) throws {
            switch job {
            case .index(let index):
                let entry = try index.run(for: context, folding: folding, previous: previous?.entries, writingTo: sink)
                entries.mutate { $0[entry.files[0]] = entry }
            case .coursePages:
                let pages = CoursePages(context: context)
                try sink.write(pages.rootPage(), to: PagePath.root.filePath)
                for language in context.languages {
                    try sink.write(pages.coursePage(language), to: PagePath.course(language).filePath)
                }
                try sink.write(pages.notFoundPage(), to: PagePath.notFound.filePath)
                sink.count(rendered: 2 + context.languages.count)
            case .sitemap:
                try sink.write(Sitemap(context: context).xml(), to: "sitemap.xml")
            case .lesson(let k):
                let lesson = lessons[k]
                // Files first: a page is published after what it links to.
                let found = Self.copyLessonFiles(lesson, contentRoot: contentRoot, sink: sink)
                if !found.isEmpty { lessonDiagnostics.mutate { $0[k] = found } }
                for p in lesson.pages.indices {
                    try renderOrReuse(LessonPage(
                        context: context, lesson: lesson, content: lesson.pages[p],
                        previous: k > 0 ? lessons[k - 1] : nil, next: k + 1 < lessons.count ? lessons[k + 1] : nil))
                }
            }
        }

        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 8, jobs.count))
        try Parallel.forEach(jobs.count, workers: workers) { (k) throws(SiteBuildError) in
            do { try perform(jobs[k]) } catch { throw sink.buildError(error, at: sink.root.path) }
        }
        manifest.entries.merge(entries.value) { _, new in new }
        for (_, found) in lessonDiagnostics.value.sorted(by: { $0.key < $1.key }) { bag.append(contentsOf: found) }
    }

    /// Copies images and other files next to `en.md` into every language's page folder of the lesson; returns what went wrong.
    static func copyLessonFiles(_ lesson: SiteLesson, contentRoot: String, sink: SiteFiles) -> [Diagnostic] {
        guard !lesson.pages.isEmpty else { return [] }
        let files = FileManager.default
        var bag = DiagnosticBag()
        let folder = lesson.folder
        guard let names = try? files.contentsOfDirectory(atPath: folder) else { return [] }
        for name in names.sorted() where !name.hasPrefix(".") && !name.hasSuffix(".md") {
            let source = URL(fileURLWithPath: folder).appendingPathComponent(name)
            // Links, files over the size limit and FIFOs, sockets or devices (even deep inside a folder) are
            // reported by the loader as well, and never copied.
            var uncopyable = DiagnosticBag()
            CourseLoader.reportUncopyableFiles(under: source.path, into: &uncopyable)
            guard uncopyable.diagnostics.isEmpty else {
                bag.append(contentsOf: uncopyable.diagnostics)
                continue
            }
            // The lesson folder itself reached through a link that leads out of the content folder.
            let resolved = source.resolvingSymlinksInPath().path
            guard resolved.hasPrefix(contentRoot + "/") else {
                bag.warning(.siteAssetOutside, .file(source.path), .assetOutsideContent)
                continue
            }
            for (relativeName, path) in Self.regularFiles(at: resolved, named: name, contentRoot: contentRoot) {
                let targets = lesson.languages.map { (PagePath.lesson(lesson.slug, $0).folder + [relativeName]).joined(separator: "/") }
                do {
                    try sink.copy(fileAt: path, to: targets, limit: LessonAsset.maximumSize)
                } catch {
                    bag.warning(.siteAssetUnreadable, .file(path), .assetNotCopied(error))
                }
            }
        }
        return bag.diagnostics
    }

    /// The regular files at `path` (itself, or inside it when it is a folder, hidden ones left out), each with
    /// its name relative to the lesson folder; links that lead out of the content folder are left out.
    static func regularFiles(at path: String, named name: String, contentRoot: String) -> [(String, String)] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return [] }
        guard isDirectory.boolValue else { return [(name, path)] }
        var found: [(String, String)] = []
        for case let inner as String in FileManager.default.enumerator(atPath: path)?.allObjects ?? []
        where !inner.split(separator: "/").contains(where: { $0.hasPrefix(".") }) {
            let full = URL(fileURLWithPath: path).appendingPathComponent(inner).resolvingSymlinksInPath().path
            var innerIsDirectory: ObjCBool = false
            guard full.hasPrefix(contentRoot + "/"), FileManager.default.fileExists(atPath: full, isDirectory: &innerIsDirectory),
                !innerIsDirectory.boolValue
            else { continue }
            found.append((name + "/" + inner, full))
        }
        return found.sorted { $0.0 < $1.0 }
    }

    /// Removes the folders that builds of earlier versions (which swapped whole folders) left beside the output.
    func removeLeftovers() {
        let parent = output.deletingLastPathComponent()
        let prefixes = ["." + output.lastPathComponent + ".building-", "." + output.lastPathComponent + ".previous-"]
        for name in (try? files.contentsOfDirectory(atPath: parent.path)) ?? [] where prefixes.contains(where: name.hasPrefix) {
            try? files.removeItem(at: parent.appendingPathComponent(name))
        }
    }
}

extension SiteFiles {
    /// Writes a lesson's app file (`<slug>.swift`) beside its page; returns the file's path in the site.
    func write(_ appCode: String, besideLesson page: LessonPage) throws -> String {
        let path = (page.path.folder + [page.appCodeName]).joined(separator: "/")
        try write(appCode, to: path)
        return path
    }
}
