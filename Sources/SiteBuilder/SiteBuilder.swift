import Diagnostics
import DocTest
import Foundation
import LessonModel

/// Renders the course into a static site, as a list of named steps writing into a temporary folder that is swapped in at the end.
public struct SiteBuilder: Sendable {
    public var course: Course
    /// Doc-test results for badges and pictures; `nil` means "not verified".
    public var report: VerificationReport?
    public var options: SiteOptions

    public init(course: Course, report: VerificationReport?, options: SiteOptions = SiteOptions()) {
        self.course = course
        self.report = report
        self.options = options
    }

    /// The named steps, in order.
    static let steps = [
        "Prepare a fresh folder", "Write stylesheet and script", "Render lessons", "Copy lesson files",
        "Render course pages", "Build search indexes", "Write sitemap", "Swap in the new site",
    ]

    /// Writes the whole site to `outputPath`, replacing the previous site only when complete.
    ///
    /// Content problems (an unreadable lesson image) become diagnostics; a failure of the
    /// environment throws `SiteBuildError` naming the step and path, and leaves the old site as it was.
    @discardableResult
    public func build(outputPath: String, into bag: inout DiagnosticBag) throws -> SiteBuildSummary {
        var run = BuildRun(builder: self, outputPath: outputPath)
        do {
            try run.perform(into: &bag)
        } catch {
            run.discardTemporaryFolder()
            throw error
        }
        return run.summary
    }
}

/// One build in progress: the temporary folder, the previous manifest, and what has been written.
struct BuildRun {
    let builder: SiteBuilder
    let context: SiteContext
    let output: URL
    let temporary: URL
    var summary = SiteBuildSummary()
    var stepNumber = 0
    var stepName = ""
    var previous = BuildManifest()
    var manifest = BuildManifest()
    let files = FileManager.default
    /// Folders already made in the temporary site, to skip repeated `mkdir` calls.
    var createdFolders: Set<String> = []

    init(builder: SiteBuilder, outputPath: String) {
        self.builder = builder
        self.context = SiteContext(course: builder.course, report: builder.report, options: builder.options)
        self.output = URL(fileURLWithPath: outputPath).standardizedFileURL
        let parent = output.deletingLastPathComponent()
        self.temporary = parent.appendingPathComponent("." + output.lastPathComponent + ".building-\(ProcessInfo.processInfo.processIdentifier)")
    }

    mutating func step() throws {
        stepNumber += 1
        stepName = SiteBuilder.steps[stepNumber - 1]
        builder.options.progress?(SiteStep(number: stepNumber, count: SiteBuilder.steps.count, name: stepName))
        try checkInjectedFailure()
    }

    func checkInjectedFailure() throws {
        if builder.options.failAtStep == stepNumber { throw fail(temporary.path, "failure injected by a test") }
    }

    func fail(_ path: String, _ message: String) -> SiteBuildError {
        SiteBuildError(step: stepName, path: path, message: message)
    }

    mutating func perform(into bag: inout DiagnosticBag) throws {
        try step()  // Prepare
        try removeLeftovers()
        try createFolder(temporary)
        if builder.options.incremental {
            previous = BuildManifest.read(from: output.appendingPathComponent(BuildManifest.fileName))
        }

        try step()  // Stylesheet and script
        try write(Stylesheet.css, to: Assets.stylesheetPath)
        try write(Script.js, to: Assets.scriptPath)
        try write(Assets.icon, to: Assets.iconPath)

        try step()  // Lessons
        let lessons = context.course.lessons
        let shape = Fingerprint.courseShape(context)
        for (k, lesson) in lessons.enumerated() {
            for document in lesson.documents {
                let page = LessonPage(
                    context: context, lesson: lesson, document: document,
                    previous: k > 0 ? lessons[k - 1] : nil, next: k + 1 < lessons.count ? lessons[k + 1] : nil)
                let key = Fingerprint.lessonPage(page, shape: shape)
                let filePath = page.path.filePath
                if let reused = previous.entries[filePath], reused.hash == key, reuse(reused) {
                    manifest.entries[filePath] = reused
                    summary.pagesReused += 1
                    continue
                }
                let rendered = page.render()
                var entry = BuildManifest.Entry(hash: key, files: [filePath])
                try write(rendered.html, to: filePath)
                for picture in rendered.pictures {
                    let picturePath = (page.path.folder + [picture.name]).joined(separator: "/")
                    try write(picture.svg, to: picturePath)
                    entry.files.append(picturePath)
                }
                manifest.entries[filePath] = entry
                summary.pagesRendered += 1
            }
        }

        try step()  // Lesson files
        for lesson in lessons {
            try copyLessonFiles(lesson, into: &bag)
        }

        try step()  // Course pages
        let pages = CoursePages(context: context)
        try write(pages.rootPage(), to: PagePath.root.filePath)
        for language in context.languages {
            try write(pages.coursePage(language), to: PagePath.course(language).filePath)
        }
        try write(pages.notFoundPage(), to: PagePath.notFound.filePath)
        summary.pagesRendered += 2 + context.languages.count

        try step()  // Search
        if builder.options.search {
            for language in context.languages {
                var index = SearchIndexBuilder(language: language)
                for lesson in lessons {
                    if let document = lesson.document(language) { index.add(document) }
                }
                let script = index.script()
                try write(script, to: SearchIndexBuilder.indexPath(language))
                summary.searchIndexBytes[language.rawValue] = script.utf8.count
            }
        }

        try step()  // Sitemap
        try write(Sitemap(context: context).xml(), to: "sitemap.xml")
        try write(manifest.json(), to: BuildManifest.fileName)

        try step()  // Swap
        try swapIn()
    }

    // MARK: Files

    mutating func write(_ text: String, to relativePath: String) throws {
        let url = temporary.appendingPathComponent(relativePath)
        let folder = url.deletingLastPathComponent()
        if createdFolders.insert(folder.path).inserted { try createFolder(folder) }
        // Plain POSIX writes: Foundation's `Data.write` syncs every file to disk, which thousands of pages
        // cannot afford; the folder swap at the end is what makes the build safe.
        let fd = open(url.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw fail(relativePath, "cannot write file (\(String(cString: strerror(errno))))") }
        defer { close(fd) }
        var text = text
        let ok = text.withUTF8 { buffer -> Bool in
            var offset = 0
            while offset < buffer.count {
                let n = Foundation.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 { if errno == EINTR { continue }; return false }
                offset += n
            }
            return true
        }
        guard ok else { throw fail(relativePath, "cannot write file (\(String(cString: strerror(errno))))") }
        summary.filesWritten += 1
        summary.totalBytes += text.utf8.count
    }

    func createFolder(_ url: URL) throws {
        do {
            try files.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw fail(url.path, "cannot create folder (\(error.localizedDescription))")
        }
    }

    /// Takes a page and its pictures over from the previous site by hard link (or copy); false if any is missing.
    mutating func reuse(_ entry: BuildManifest.Entry) -> Bool {
        for file in entry.files {
            let from = output.appendingPathComponent(file)
            let to = temporary.appendingPathComponent(file)
            guard files.fileExists(atPath: from.path) else { return false }
            try? files.createDirectory(at: to.deletingLastPathComponent(), withIntermediateDirectories: true)
            if (try? files.linkItem(at: from, to: to)) == nil, (try? files.copyItem(at: from, to: to)) == nil {
                return false
            }
            summary.filesWritten += 1
        }
        return true
    }

    /// Copies images and other files next to `en.md` into every language's page folder of the lesson.
    mutating func copyLessonFiles(_ lesson: Lesson, into bag: inout DiagnosticBag) throws {
        guard let document = lesson.documents.first else { return }
        let folder = URL(fileURLWithPath: document.source.path).deletingLastPathComponent()
        let contentRoot = URL(fileURLWithPath: context.course.contentPath).resolvingSymlinksInPath().path
        guard let names = try? files.contentsOfDirectory(atPath: folder.path) else { return }
        for name in names.sorted() where !name.hasPrefix(".") && !name.hasSuffix(".md") {
            let source = folder.appendingPathComponent(name)
            let resolved = source.resolvingSymlinksInPath().path
            guard resolved.hasPrefix(contentRoot + "/") else {
                bag.warning("site.asset.outside", .file(source.path), "lesson file is a link to a place outside the content folder; it is not copied")
                continue
            }
            for language in lesson.languages {
                let relative = (PagePath.lesson(lesson.slug, language).folder + [name]).joined(separator: "/")
                let target = temporary.appendingPathComponent(relative)
                do {
                    try files.createDirectory(at: target.deletingLastPathComponent(), withIntermediateDirectories: true)
                    try files.copyItem(at: URL(fileURLWithPath: resolved), to: target)
                    summary.filesWritten += 1
                } catch {
                    bag.warning("site.asset.unreadable", .file(source.path), "cannot copy lesson file to the site (\(error.localizedDescription))")
                }
            }
        }
    }

    /// Removes temporary folders that interrupted builds left beside the output.
    func removeLeftovers() throws {
        let parent = output.deletingLastPathComponent()
        let prefixes = ["." + output.lastPathComponent + ".building-", "." + output.lastPathComponent + ".previous-"]
        for name in (try? files.contentsOfDirectory(atPath: parent.path)) ?? [] where prefixes.contains(where: name.hasPrefix) {
            try? files.removeItem(at: parent.appendingPathComponent(name))
        }
    }

    func discardTemporaryFolder() {
        try? files.removeItem(at: temporary)
    }

    /// Puts the finished folder in place of the old site: an atomic exchange where the system offers one.
    func swapIn() throws {
        var isDirectory: ObjCBool = false
        let exists = files.fileExists(atPath: output.path, isDirectory: &isDirectory)
        if !exists {
            if rename(temporary.path, output.path) != 0 {
                throw fail(output.path, "cannot move the new site into place (\(String(cString: strerror(errno))))")
            }
            return
        }
        guard isDirectory.boolValue else {
            throw fail(output.path, "output path exists and is not a folder")
        }
        if AtomicExchange.exchange(temporary.path, output.path) {
            // `temporary` now holds the old site.
            try? files.removeItem(at: temporary)
            return
        }
        let old = output.deletingLastPathComponent().appendingPathComponent(
            "." + output.lastPathComponent + ".previous-\(ProcessInfo.processInfo.processIdentifier)")
        if rename(output.path, old.path) != 0 {
            throw fail(output.path, "cannot move the old site aside (\(String(cString: strerror(errno))))")
        }
        if rename(temporary.path, output.path) != 0 {
            let reason = String(cString: strerror(errno))
            _ = rename(old.path, output.path)
            throw fail(output.path, "cannot move the new site into place (\(reason))")
        }
        try? files.removeItem(at: old)
    }
}
