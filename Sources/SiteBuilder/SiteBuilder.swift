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
        "Prepare a fresh folder", "Write stylesheet and script", "Render lessons (search indexes alongside)", "Copy lesson files",
        "Render course pages", "Finish search indexes", "Write sitemap", "Swap in the new site",
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
    let sink: SiteFiles
    var summary: SiteBuildSummary { sink.summary }
    var stepNumber = 0
    var stepName = ""
    var previous = BuildManifest()
    var manifest = BuildManifest()
    let files = FileManager.default

    init(builder: SiteBuilder, outputPath: String) {
        self.builder = builder
        self.context = SiteContext(course: builder.course, report: builder.report, options: builder.options)
        self.output = URL(fileURLWithPath: outputPath).standardizedFileURL
        let parent = output.deletingLastPathComponent()
        self.temporary = parent.appendingPathComponent("." + output.lastPathComponent + ".building-\(ProcessInfo.processInfo.processIdentifier)")
        self.sink = SiteFiles(root: temporary)
    }

    mutating func step() throws {
        stepNumber += 1
        stepName = SiteBuilder.steps[stepNumber - 1]
        sink.stepName = stepName
        builder.options.progress?(SiteStep(number: stepNumber, count: SiteBuilder.steps.count, name: stepName))
        try checkInjectedFailure()
    }

    func checkInjectedFailure() throws {
        if builder.options.failAtStep == stepNumber { throw fail(temporary.path, "failure injected by a test") }
    }

    func fail(_ path: String, _ message: String) -> SiteBuildError {
        SiteBuildError(step: stepName, path: path, message: message)
    }

    func write(_ text: String, to relativePath: String) throws {
        try sink.write(text, to: relativePath)
    }

    func createFolder(_ url: URL) throws {
        try sink.createFolder(url)
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
        // The search indexes need nothing the pages make: build them meanwhile, on threads of their own.
        let indexes = SearchIndexJobs()
        defer { try? indexes.wait() }
        if builder.options.search {
            indexes.start(for: context, writingTo: sink)
        }
        try renderLessons()

        try step()  // Lesson files
        let contentRoot = URL(fileURLWithPath: context.course.contentPath).resolvingSymlinksInPath().path
        for lesson in context.course.lessons {
            try copyLessonFiles(lesson, contentRoot: contentRoot, into: &bag)
        }

        try step()  // Course pages
        let pages = CoursePages(context: context)
        try write(pages.rootPage(), to: PagePath.root.filePath)
        for language in context.languages {
            try write(pages.coursePage(language), to: PagePath.course(language).filePath)
        }
        try write(pages.notFoundPage(), to: PagePath.notFound.filePath)
        sink.count(rendered: 2 + context.languages.count)

        try step()  // Search
        try indexes.wait()

        try step()  // Sitemap
        try write(Sitemap(context: context).xml(), to: "sitemap.xml")
        try write(manifest.json(), to: BuildManifest.fileName)

        try step()  // Swap
        try swapIn()
    }

    /// Renders (or reuses) every lesson page, spread over the machine's cores.
    mutating func renderLessons() throws {
        let lessons = context.course.lessons
        var jobs: [LessonPage] = []
        for (k, lesson) in lessons.enumerated() {
            for document in lesson.documents {
                jobs.append(LessonPage(
                    context: context, lesson: lesson, document: document,
                    previous: k > 0 ? lessons[k - 1] : nil, next: k + 1 < lessons.count ? lessons[k + 1] : nil))
            }
        }
        let shape = Fingerprint.courseShape(context)
        let previous = self.previous
        let sink = self.sink
        let output = self.output
        let entries = Locked<[String: BuildManifest.Entry]>([:])
        let firstError = Locked<SiteBuildError?>(nil)
        let workers = max(1, min(ProcessInfo.processInfo.activeProcessorCount, 8, jobs.count))
        let pages = jobs
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            for index in stride(from: worker, to: pages.count, by: workers) {
                if firstError.value != nil { return }
                let page = pages[index]
                let key = Fingerprint.lessonPage(page, shape: shape)
                let filePath = page.path.filePath
                if let reused = previous.entries[filePath], reused.hash == key, sink.reuse(reused, from: output) {
                    entries.mutate { $0[filePath] = reused }
                    sink.count(reused: 1)
                    continue
                }
                do {
                    let rendered = page.render()
                    var entry = BuildManifest.Entry(hash: key, files: [filePath])
                    try rendered.bytes.withUnsafeBufferPointer { try sink.write(bytes: $0, to: filePath) }
                    for picture in rendered.pictures {
                        let picturePath = (page.path.folder + [picture.name]).joined(separator: "/")
                        try sink.write(picture.svg, to: picturePath)
                        entry.files.append(picturePath)
                    }
                    entries.mutate { $0[filePath] = entry }
                    sink.count(rendered: 1)
                } catch let error as SiteBuildError {
                    firstError.mutate { if $0 == nil { $0 = error } }
                } catch {
                    firstError.mutate { if $0 == nil { $0 = sink.fail(filePath, "\(error)") } }
                }
            }
        }
        if let error = firstError.value { throw error }
        manifest.entries = entries.value
    }

    /// Copies images and other files next to `en.md` into every language's page folder of the lesson.
    func copyLessonFiles(_ lesson: Lesson, contentRoot: String, into bag: inout DiagnosticBag) throws {
        guard let document = lesson.documents.first else { return }
        let folder = (document.source.path as NSString).deletingLastPathComponent
        guard let names = try? files.contentsOfDirectory(atPath: folder) else { return }
        for name in names.sorted() where !name.hasPrefix(".") && !name.hasSuffix(".md") {
            let source = URL(fileURLWithPath: folder).appendingPathComponent(name)
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
                    sink.count(files: 1)
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

/// Writes the files of the site being built; safe to use from several threads at once.
final class SiteFiles: @unchecked Sendable {
    let root: URL
    private let lock = NSLock()
    private var createdFolders: Set<String> = []
    private var _summary = SiteBuildSummary()
    private var _stepName = ""

    private let rootPath: String

    init(root: URL) {
        self.root = root
        rootPath = root.path
    }

    /// The step being run, for error messages.
    var stepName: String {
        get { lock.withLock { _stepName } }
        set { lock.withLock { _stepName = newValue } }
    }

    var summary: SiteBuildSummary { lock.withLock { _summary } }

    func count(rendered: Int = 0, reused: Int = 0, files: Int = 0) {
        lock.withLock {
            _summary.pagesRendered += rendered
            _summary.pagesReused += reused
            _summary.filesWritten += files
        }
    }

    func recordIndex(_ language: Language, bytes: Int) {
        lock.withLock { _summary.searchIndexBytes[language.rawValue] = bytes }
    }

    func fail(_ path: String, _ message: String) -> SiteBuildError {
        SiteBuildError(step: stepName, path: path, message: message)
    }

    func createFolder(_ url: URL) throws {
        try createFolder(atPath: url.path)
    }

    func createFolder(atPath path: String) throws {
        // `fail` reads the step name under the lock, so the error is made after it is released.
        if let (failedPath, failure) = lock.withLock({ createFolderLocked(path) }) {
            throw fail(failedPath, "cannot create folder (\(String(cString: strerror(failure))))")
        }
    }

    /// One `mkdir` per new folder (mode 0777 less the umask, as FileManager makes them), parents first (FileManager's `createDirectory(withIntermediateDirectories:)`
    /// stats every component of the path each time). Runs under `lock`, so a folder is in `createdFolders`
    /// only once it exists, whichever thread asks first. Returns the folder that could not be made and errno.
    private func createFolderLocked(_ path: String) -> (String, Int32)? {
        if createdFolders.contains(path) { return nil }
        if mkdir(path, 0o777) != 0 {
            var failure = errno
            if failure == ENOENT {
                let parent = (path as NSString).deletingLastPathComponent
                if parent != path, !parent.isEmpty {
                    if let parentFailure = createFolderLocked(parent) { return parentFailure }
                    failure = mkdir(path, 0o777) == 0 ? 0 : errno
                }
            }
            var isDirectory: ObjCBool = false
            if failure != 0, !(failure == EEXIST && FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue) {
                return (path, failure)
            }
        }
        createdFolders.insert(path)
        return nil
    }

    /// Writes `text` as UTF-8 to a path relative to the site root.
    func write(_ text: String, to relativePath: String) throws {
        var text = text
        try text.withUTF8 { try write(bytes: $0, to: relativePath) }
    }

    /// Writes UTF-8 bytes to a path relative to the site root.
    func write(bytes: UnsafeBufferPointer<UInt8>, to relativePath: String) throws {
        // Paths as strings: `URL.appendingPathComponent` asks the file system whether each page is a folder.
        let path = rootPath + "/" + relativePath
        if let slash = path.utf8.lastIndex(of: UInt8(ascii: "/")) {
            try createFolder(atPath: String(path[..<slash]))
        }
        // Plain POSIX writes: Foundation's `Data.write` syncs every file to disk, which thousands of pages
        // cannot afford; the folder swap at the end is what makes the build safe.
        let fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw fail(relativePath, "cannot write file (\(String(cString: strerror(errno))))") }
        defer { close(fd) }
        var offset = 0
        while offset < bytes.count {
            let n = Foundation.write(fd, bytes.baseAddress! + offset, bytes.count - offset)
            if n < 0 {
                if errno == EINTR { continue }
                throw fail(relativePath, "cannot write file (\(String(cString: strerror(errno))))")
            }
            offset += n
        }
        lock.withLock {
            _summary.filesWritten += 1
            _summary.totalBytes += bytes.count
        }
    }

    /// Takes a page and its pictures over from the previous site by hard link (or copy); false if any is missing.
    func reuse(_ entry: BuildManifest.Entry, from output: URL) -> Bool {
        for file in entry.files {
            let from = output.appendingPathComponent(file)
            let to = root.appendingPathComponent(file)
            guard FileManager.default.fileExists(atPath: from.path) else { return false }
            guard (try? createFolder(to.deletingLastPathComponent())) != nil else { return false }
            if link(from.path, to.path) != 0, (try? FileManager.default.copyItem(at: from, to: to)) == nil {
                return false
            }
            count(files: 1)
        }
        return true
    }
}

/// The search index of each language, built and written on a background thread while the pages are rendered.
final class SearchIndexJobs: @unchecked Sendable {
    private let group = DispatchGroup()
    private let failure = Locked<SiteBuildError?>(nil)

    /// Starts the job: one language after the other, since side by side their postings would double the
    /// memory; each index is written as soon as it is made, so only one is ever held.
    func start(for context: SiteContext, writingTo sink: SiteFiles) {
        let table = context.options.searchFolding
        let folding = table.isEmpty ? ScriptFolding.none : ScriptFolding(name: "opencc-t2s", table: table)
        DispatchQueue.global().async(group: group) { [failure] in
            for language in context.languages {
                var index = SearchIndexBuilder(language: language, folding: folding)
                for lesson in context.course.lessons {
                    if let document = lesson.document(language) { index.add(document) }
                }
                let script = index.script()
                do {
                    try sink.write(script, to: SearchIndexBuilder.indexPath(language))
                    sink.recordIndex(language, bytes: script.utf8.count)
                } catch let error as SiteBuildError {
                    failure.mutate { $0 = error }
                    return
                } catch {
                    failure.mutate { $0 = sink.fail(SearchIndexBuilder.indexPath(language), "\(error)") }
                    return
                }
            }
        }
    }

    /// Waits for the job to finish; throws what stopped it.
    func wait() throws {
        group.wait()
        if let error = failure.value { throw error }
    }
}

/// A value behind a lock, for collecting results from concurrent work.
final class Locked<Value>: @unchecked Sendable {
    private var _value: Value
    private let lock = NSLock()

    init(_ value: Value) {
        _value = value
    }

    var value: Value { lock.withLock { _value } }

    func mutate(_ body: (inout Value) -> Void) {
        lock.withLock { body(&_value) }
    }
}
