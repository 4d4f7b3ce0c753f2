import Diagnostics
import Foundation
import LessonModel
import Testing

/// Every input the fuzzer (bench/fuzz.sh) ever found crashing is kept and must now parse.
@Suite("Fuzzer findings stay fixed")
struct FuzzRegressionTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("FuzzRegressions").path

    static var inputs: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { !$0.hasPrefix(".") }.sorted()
    }

    @Test("finding parses with diagnostics, not a crash", arguments: inputs)
    func finding(name: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: Self.folder + "/" + name))
        var bag = DiagnosticBag()
        let document = LessonParser().parse(SourceFile(path: name, text: String(decoding: data, as: UTF8.self)), slug: "x", language: .en, into: &bag)
        let course = Course(config: SiteConfig(), lessons: [Lesson(slug: "x", documents: [document])], contentPath: ".")
        CourseChecks.run(course, into: &bag)
        #expect(document.slug == "x")
    }
}
