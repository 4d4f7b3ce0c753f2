/// Markdown of snippets that try to forge their verdict (issue 30), shared by the runner's in-process and binary tests.
public enum HostileSnippets {
    /// Prints "wrong" where "right" is expected, then a later snippet seeks stdout back to overwrite it.
    /// The first must fail and the second pass: stdout is a pipe, so the seek fails with -1.
    public static let seekOverEarlierOutput = """
        ```swift
        print("wrong")
        ```

        ```output
        right
        ```

        ```swift
        import Glibc
        print(lseek(1, 0, SEEK_SET))
        ```

        ```output
        -1
        ```
        """
}
