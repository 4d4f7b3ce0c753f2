import Diagnostics
import Foundation
import MarkdownSyntax
import TutorbuildSupport

/// One lesson folder to list, read and parse.
private struct FolderJob: Sendable {
    var slug: String
    var path: String
}

/// Reads a content folder into a `Course`, reporting every problem as a diagnostic.
public struct CourseLoader: Sendable {
    /// Lesson files above this size are refused rather than parsed.
    public static let maximumFileSize = TextFile.maximumSize

    public var contentPath: String
    /// How much inline detail lesson documents keep: the full tree by default; `check` and `build`, which
    /// only check links and render, ask for `.plainTextAndLinks`.
    public var inlineDetail: InlineDetail

    public init(contentPath: String, inlineDetail: InlineDetail = .tree) {
        self.contentPath = contentPath
        self.inlineDetail = inlineDetail
    }

    /// The course in the content folder; with `slugs`, only those lessons are read (the folder's other
    /// entries are still looked at, so problems outside lessons are reported as by a whole load).
    public func load(only slugs: Set<String>? = nil, into bag: inout DiagnosticBag) -> Course {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: contentPath, isDirectory: &isDirectory), isDirectory.boolValue else {
            bag.error(.courseContentMissing, .file(contentPath), .contentFolderMissing)
            return Course(config: SiteConfig(), lessons: [], contentPath: contentPath)
        }
        let config = loadConfig(into: &bag)
        let parser = LessonParser(allowRawHTML: config.allowRawHTML, inlineDetail: inlineDetail)
        let root = URL(fileURLWithPath: contentPath).resolvingSymlinksInPath().path
        var slugsByLowercase: [String: String] = [:]
        var jobs: [FolderJob] = []
        let entries = (Folder.names(atPath: contentPath) ?? []).sorted()
        // Entries grouped by their lower-cased name (in sorted order), to find case clashes without comparing every pair.
        var entriesByLowercase: [String: [String]] = [:]
        for entry in entries { entriesByLowercase[entry.lowercased(), default: []].append(entry) }
        for entry in entries where !entry.hasPrefix(".") {
            let folder = join(contentPath, entry)
            // One `stat` (following links, as FileManager's `fileExists` does) rather than FileManager per entry.
            var info = stat()
            guard stat(folder, &info) == 0 else { continue }
            guard (info.st_mode & S_IFMT) == S_IFDIR else {
                if (info.st_mode & S_IFMT) != S_IFREG {
                    Self.reportSpecialFile(folder, into: &bag)
                } else if entry.hasSuffix(".md") {
                    bag.warning(.courseFileIgnored, .file(folder), .markdownOutsideLesson)
                }
                continue
            }
            if !isInside(folder, parent: contentPath, root: root) {
                bag.error(.coursePathOutside, .file(folder), .lessonFolderOutside)
                continue
            }
            let sameLowercase = entriesByLowercase[entry.lowercased()] ?? []
            if sameLowercase.count > 1, entry != entry.lowercased() {
                let other = sameLowercase.first { $0 != entry }!
                bag.error(.lessonSlugDuplicate, .file(folder), .folderDiffersByCase(entry, from: other),
                          notes: [.init(location: .file(join(contentPath, other)), message: "the other lesson is here")])
                continue
            }
            if !Self.isValidSlug(entry) {
                bag.error(.lessonSlugInvalid, .file(folder), .invalidSlug(entry))
                continue
            }
            if let other = slugsByLowercase[entry.lowercased()] {
                bag.error(.lessonSlugDuplicate, .file(folder), .lessonDiffersByCase(entry, from: other),
                          notes: [.init(location: .file(join(contentPath, other)), message: "the other lesson is here")])
                continue
            }
            slugsByLowercase[entry.lowercased()] = entry
            if let slugs, !slugs.contains(entry) { continue }
            jobs.append(FolderJob(slug: entry, path: folder))
        }
        // Lessons are independent, so list, read, parse and align them on every core. Each lesson's
        // diagnostics stay in file order, and the reporters sort by path, so the output is what a walk
        // of the whole folder first would give.
        let results = jobs.parallelMap { job in
            var local = DiagnosticBag()
            let lesson = loadLesson(job, parser: parser, root: root, into: &local)
            return (lesson, local)
        }
        var lessons: [Lesson] = []
        for (lesson, local) in results {
            bag.append(contentsOf: local.diagnostics)
            if let lesson { lessons.append(lesson) }
        }
        var course = Course(config: config, lessons: lessons, contentPath: contentPath)
        course.resolveLanguageModes()
        return course
    }

    /// The lesson in one folder: its `<lang>.md` files read and parsed, and anchors aligned; `nil` when none could be read.
    private func loadLesson(_ job: FolderJob, parser: LessonParser, root: String, into bag: inout DiagnosticBag) -> Lesson? {
        var documents: [LessonDocument] = []
        for name in (Folder.names(atPath: job.path) ?? []).sorted() {
            let path = join(job.path, name)
            guard name.hasSuffix(".md") else {
                // Pictures and other files are copied into the site: one that is not regular would block the copy,
                // a link could copy anything the user can read, and a huge one fill the site.
                if !name.hasPrefix(".") { Self.reportUncopyableFiles(under: path, into: &bag) }
                continue
            }
            let tag = String(name.dropLast(3))
            guard let language = Language(rawValue: tag) else {
                bag.error(.lessonLanguageUnknown, .file(path), .unknownLanguage(tag))
                continue
            }
            if !isInside(path, parent: job.path, root: root) {
                bag.error(.coursePathOutside, .file(path), .lessonFileOutside)
                continue
            }
            if let text = TextFile.read(path, into: &bag) {
                documents.append(parser.parse(SourceFile(path: path, text: text), slug: job.slug, language: language, into: &bag))
            }
        }
        return documents.isEmpty ? nil : Self.aligningAnchors(Lesson(slug: job.slug, documents: documents))
    }

    /// One lesson file parsed on its own, as `load` parses it but without its diagnostics (reported when its
    /// lesson was last loaded) or the source's anchors; `nil` when it cannot be read.
    public func document(slug: String, language: Language, allowRawHTML: Bool) -> LessonDocument? {
        let path = join(join(contentPath, slug), language.rawValue + ".md")
        var ignored = DiagnosticBag()
        guard let text = TextFile.read(path, into: &ignored) else { return nil }
        let parser = LessonParser(allowRawHTML: allowRawHTML, inlineDetail: inlineDetail)
        return parser.parse(SourceFile(path: path, text: text), slug: slug, language: language, into: &ignored)
    }

    /// Reports `path`, or anything below it when it is a folder, that the build must not copy into the site:
    /// a symbolic link or a file over the size limit (`LessonAsset`), or a FIFO, socket or device (reading
    /// one would wait forever).
    ///
    /// Nothing is followed (`lstat`): a link is reported, not entered, so the walk stays in the lesson's folder and ends.
    public static func reportUncopyableFiles(under path: String, into bag: inout DiagnosticBag) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        switch info.st_mode & S_IFMT {
        case S_IFREG, S_IFLNK:
            if let problem = LessonAsset.problem(atPath: path) { bag.error(problem.id, .file(path), problem.message) }
        case S_IFDIR:
            // Hidden entries are never copied.
            for name in (Folder.names(atPath: path) ?? []).sorted() where !name.hasPrefix(".") {
                reportUncopyableFiles(under: path + "/" + name, into: &bag)
            }
        default:
            reportSpecialFile(path, into: &bag)
        }
    }

    static func reportSpecialFile(_ path: String, into bag: inout DiagnosticBag) {
        bag.error(.courseFileNotRegular, .file(path), .notARegularFile(RegularFile.specialKind(atPath: path) ?? "not a folder"))
    }

    /// A slug is lowercase ASCII letters and digits, with single hyphens between them.
    public static func isValidSlug(_ slug: String) -> Bool {
        guard !slug.isEmpty, slug.count <= 100, !slug.hasPrefix("-"), !slug.hasSuffix("-"), !slug.contains("--") else { return false }
        return slug.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }

    /// Gives translations the source's anchor ids where the heading structure matches, so links land on the same section.
    static func aligningAnchors(_ lesson: Lesson) -> Lesson {
        guard let source = lesson.sourceDocumentIndex else { return lesson }
        // The source's headings are read in place, level and id, rather than copied out section by section.
        let sourceLanguage = lesson.documents[source].language
        let sourceSections = lesson.documents[source].sections
        let sourceHeadings = sourceSections.indices.filter { sourceSections[$0].hasHeading }
        let sourceLevels = sourceHeadings.map { sourceSections[$0].level }
        var lesson = lesson
        for d in lesson.documents.indices where lesson.documents[d].language != sourceLanguage {
            let sections = lesson.documents[d].sections
            let headingIndices = sections.indices.filter { sections[$0].hasHeading }
            guard headingIndices.map({ sections[$0].level }) == sourceLevels else { continue }
            var used = Set(sections.indices.filter { sections[$0].hasExplicitID }.compactMap { sections[$0].id })
            for (k, s) in headingIndices.enumerated() where !lesson.documents[d].sections[s].hasExplicitID {
                if let id = sourceSections[sourceHeadings[k]].id, !used.contains(id) {
                    lesson.documents[d].sections[s].id = id
                    used.insert(id)
                }
            }
        }
        return lesson
    }

    private func loadConfig(into bag: inout DiagnosticBag) -> SiteConfig {
        var config = SiteConfig()
        let path = join(contentPath, "site.yml")
        // One that is not a regular file was reported with the folder's other entries.
        guard FileManager.default.fileExists(atPath: path), RegularFile.specialKind(atPath: path) == nil,
              let text = TextFile.read(path, into: &bag)
        else { return config }
        let root: YAMLNode?
        switch YAMLReader.parse(text) {
        case .failure(let error):
            bag.error(.siteConfigSyntax, SourceLocation(path: path, line: error.line, column: error.column), .siteSettingsSyntax(error.message))
            return config
        case .success(let node): root = node
        }
        guard let root else { return config }
        guard case .mapping(let pairs) = root.value else {
            bag.error(.siteConfigNotAMapping, SourceLocation(path: path, line: root.line, column: root.column), .siteSettingsNotAMapping)
            return config
        }
        for pair in pairs {
            let location = SourceLocation(path: path, line: pair.key.line, column: pair.key.column)
            let valueLocation = SourceLocation(path: path, line: pair.value.line, column: pair.value.column)
            switch pair.key.string ?? "" {
            case "title":
                if let s = pair.value.string {
                    config.titles[.en] = s
                } else if case .mapping(let titles) = pair.value.value {
                    for t in titles {
                        if let language = t.key.string.flatMap(Language.init(rawValue:)), let title = t.value.string {
                            config.titles[language] = title
                        } else {
                            bag.error(.siteConfigInvalidValue, SourceLocation(path: path, line: t.key.line, column: t.key.column), .siteTitleKeys)
                        }
                    }
                } else {
                    bag.error(.siteConfigInvalidValue, valueLocation, .siteSetting("title", mustBe: "a string or a mapping of languages to strings"))
                }
            case "base-url":
                if let s = pair.value.string, s.isEmpty || s.hasPrefix("https://") || s.hasPrefix("http://") || s.hasPrefix("/") {
                    config.baseURL = s.isEmpty || s.hasSuffix("/") ? s : s + "/"
                } else {
                    bag.error(.siteConfigInvalidValue, valueLocation, .siteSetting("base-url", mustBe: "an http(s) URL or an absolute path"))
                }
            case "default-language":
                if let language = pair.value.string.flatMap(Language.init(rawValue:)) {
                    config.defaultLanguage = language
                } else {
                    bag.error(.siteConfigInvalidValue, valueLocation, .siteSetting("default-language", mustBe: "one of en, zh-Hans, zh-Hant"))
                }
            case "allow-raw-html":
                if let b = pair.value.bool { config.allowRawHTML = b } else {
                    bag.error(.siteConfigInvalidValue, valueLocation, .siteSetting("allow-raw-html", mustBe: "true or false"))
                }
            case "swift-version":
                if let n = pair.value.integer, LanguageMode.swiftVersions.contains(n) {
                    config.languageMode.swiftVersion = n
                } else {
                    bag.error(.siteConfigInvalidValue, valueLocation, "site settings: 'swift-version' must be 5 or 6")
                }
            case "deployment-target":
                if let target = pair.value.string.flatMap(LanguageMode.deploymentTarget(parsing:)) {
                    config.languageMode.deploymentTarget = target
                } else {
                    bag.error(.siteConfigInvalidValue, valueLocation, "site settings: 'deployment-target' must be an iOS version from 13 to 27, such as 26 or 26.0")
                }
            case "default-isolation":
                if let isolation = pair.value.string.flatMap(DefaultIsolation.init(rawValue:)) {
                    config.languageMode.defaultIsolation = isolation
                } else {
                    bag.error(.siteConfigInvalidValue, valueLocation, "site settings: 'default-isolation' must be 'MainActor' or 'nonisolated'")
                }
            case let key:
                bag.warning(.siteConfigUnknownKey, location, .unknownSiteSetting(key))
            }
        }
        return config
    }

    /// Whether `path` (an entry of the folder `parent`) stays inside the resolved content folder `root`.
    private func isInside(_ path: String, parent: String, root: String) -> Bool {
        // Only a link can lead outside (the folder itself was resolved), so skip the costly resolve otherwise.
        // The parent is passed in: NSString's `deletingLastPathComponent` cost more than the `lstat`s.
        if !isSymbolicLink(path), !isSymbolicLink(parent), !hasParentStep(path) {
            return true
        }
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        return resolved == root || resolved.hasPrefix(root + "/")
    }

    /// Whether `path` contains `/../`, read on its bytes (Foundation's `contains` goes through CFString).
    private func hasParentStep(_ path: String) -> Bool {
        // How much of "/../" the bytes just read match.
        var matched = 0
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "/"):
                if matched == 3 { return true }
                matched = 1
            case UInt8(ascii: "."):
                matched = matched == 1 || matched == 2 ? matched + 1 : 0
            default:
                matched = 0
            }
        }
        return false
    }

    /// One `lstat`, where FileManager's `destinationOfSymbolicLink` (which throws for anything but a link) costs more.
    private func isSymbolicLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }

    private func join(_ a: String, _ b: String) -> String {
        a.hasSuffix("/") ? a + b : a + "/" + b
    }
}
