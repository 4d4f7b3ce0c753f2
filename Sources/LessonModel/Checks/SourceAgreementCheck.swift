import Diagnostics

/// Reports twins that name different `source:` languages: which file is the original decides which
/// snippets, anchors and fingerprints the others follow, so a disagreement must not be settled silently.
public struct SourceAgreementCheck: CourseCheck {
    public var reads: CheckReads { CheckReads(inlineDetail: .plainTextAndLinks, otherLessons: false) }

    public init() {}

    public func check(_ course: Course, into bag: inout DiagnosticBag) {
        for lesson in course.lessons {
            var first: (language: Language, location: SourceLocation)?
            for d in lesson.documents.indices {
                guard let declared = lesson.documents[d].frontMatter.source else { continue }
                let location = SourceLocation(path: lesson.documents[d].path, line: lesson.documents[d].frontMatter.keyLines["source"] ?? 1, column: 1)
                guard let earlier = first else {
                    first = (declared, location)
                    continue
                }
                if declared != earlier.language {
                    bag.error(
                        .lessonSourceConflict, location,
                        .sourceConflict(declared, earlier.language, slug: lesson.slug),
                        notes: [.init(location: earlier.location, message: "the twin declares it here")])
                }
            }
        }
    }
}
