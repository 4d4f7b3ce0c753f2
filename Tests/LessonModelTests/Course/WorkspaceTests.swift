import LessonModel
import Testing

/// `.tutorbuild/` sits beside the content folder, and each content folder keeps its own converted pages.
@Suite struct WorkspaceTests {
    @Test("the workspace is .tutorbuild next to the content folder, whatever way the folder is named")
    func besideTheContentFolder() {
        for content in ["/p/content", "/p/content/", "/p/./content", "/p/x/../content"] {
            #expect(Workspace(contentPath: content).path == "/p/.tutorbuild", "\(content)")
        }
        let workspace = Workspace(contentPath: "/p/content")
        for part in [workspace.cache, workspace.results, workspace.converted, workspace.builds] {
            #expect(part.hasPrefix("/p/.tutorbuild/"))
        }
        #expect(Set([workspace.cache, workspace.results, workspace.converted, workspace.builds]).count == 4)
    }

    @Test("two content folders side by side share the workspace but not their converted pages")
    func convertedPerContentFolder() {
        let a = Workspace(contentPath: "/p/content")
        let b = Workspace(contentPath: "/p/drafts")
        #expect(a.path == b.path)
        #expect(a.converted != b.converted)
        #expect(a.cache == b.cache)
    }
}
