import Diagnostics

/// Warns at a translation whose source changed after it was translated, naming the sections that changed.
public struct StaleTranslationCheck: CourseCheck {
    public var reads: CheckReads { CheckReads(inlineDetail: .plainTextAndLinks, otherLessons: false) }

    public init() {}

    public func check(_ course: Course, into bag: inout DiagnosticBag) {
        for lesson in course.lessons where lesson.documents.count > 1 {
            guard let declared = lesson.declaredSource else {
                bag.warning(
                    .lessonSourceUndeclared, .file(lesson.documents[0].path),
                    .sourceUndeclared(lesson.slug))
                continue
            }
            for d in lesson.documents.indices where lesson.documents[d].language != declared {
                let language = lesson.documents[d].language
                let status = lesson.translationStatus(language)
                let location = SourceLocation(
                    path: lesson.documents[d].path, line: lesson.documents[d].frontMatter.keyLines["translated-from"] ?? 1, column: 1)
                switch status {
                case .upToDate, .isSource, .missing:
                    break
                case .unrecorded:
                    bag.warning(
                        .lessonTranslationUnrecorded, location,
                        .translationUnrecorded(lesson.slug, language, source: declared))
                case .stale(let changed):
                    let names = changed.map { $0.sectionID.map { "'\($0)'" } ?? "the introduction" }
                    bag.warning(
                        .lessonTranslationStale, location,
                        .translationStale(lesson.slug, language, source: declared, changed: names),
                        notes: changed.compactMap { part in
                            guard let s = lesson.documentIndex(declared),
                                  let k = lesson.documents[s].sections.firstIndex(where: { $0.id == part.sectionID && $0.hasHeading }),
                                  let heading = lesson.documents[s].sections[k].heading
                            else { return nil }
                            return Diagnostic.Note(location: lesson.documents[s].location(heading.range.start), message: "changed section '\(part.title)'")
                        })
                }
            }
        }
    }
}

/// Whether a lesson's language version keeps up with its source.
public enum TranslationStatus: Sendable, Hashable {
    case isSource
    case missing
    case upToDate
    /// The translation never recorded which source version it matches.
    case unrecorded
    /// These source parts changed since the recorded version.
    case stale([TranslationFingerprint.Part])

    public var isStale: Bool {
        if case .stale = self { return true }
        return false
    }
}

extension Lesson {
    /// The source language as declared in front matter, if any version declares one that exists.
    public var declaredSource: Language? {
        guard let declared = declaredLanguage, documentIndex(declared) != nil else { return nil }
        return declared
    }

    public func translationStatus(_ language: Language) -> TranslationStatus {
        // By index, for every page a build renders: only the source is copied, to be fingerprinted.
        guard let d = documentIndex(language) else { return .missing }
        return translationStatus(language, recorded: documents[d].frontMatter.translatedFrom)
    }

    /// The status of a page in `language` that records `recorded` as the source version it matches (a
    /// generated page's, which is not among `documents`).
    public func translationStatus(_ language: Language, recorded: [String]?) -> TranslationStatus {
        guard let s = declaredSource.flatMap({ documentIndex($0) }), documents[s].language != language else { return .isSource }
        guard let recorded else { return .unrecorded }
        let changed = TranslationFingerprint(documents[s]).changes(since: recorded)
        return changed.isEmpty ? .upToDate : .stale(changed)
    }
}
