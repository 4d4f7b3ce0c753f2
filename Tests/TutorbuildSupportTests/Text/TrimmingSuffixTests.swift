import Testing
import TutorbuildSupport

@Suite("Trimming a suffix")
struct TrimmingSuffixTests {
    @Test("trailing elements are trimmed while the predicate holds, never past the start")
    func trimmingSuffix() {
        #expect("a b  \t".trimmingSuffix { $0 == " " || $0 == "\t" } == "a b")
        #expect("   ".trimmingSuffix { $0 == " " } == "")
        #expect([1, 2, 0, 0].trimmingSuffix { $0 == 0 } == [1, 2])
    }
}
