/// Key of one snippet: the lesson file's path and the snippet's index in it.
public struct SnippetKey: Sendable, Hashable, Codable {
    public var path: String
    public var index: Int

    public init(path: String, index: Int) {
        self.path = path
        self.index = index
    }
}
