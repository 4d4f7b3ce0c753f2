import Diagnostics

/// The commands' own diagnostic ids (locking and writing the site, missing tools, `translated`), each declared
/// once; their explanations and wording follow.
extension Diagnostic.ID {
    public static let doctestUnavailable = Self(rawValue: "doctest.unavailable")
    public static let lessonNotFound = Self(rawValue: "lesson.not-found")
    public static let lessonTranslationNotATranslation = Self(rawValue: "lesson.translation.not-a-translation")
    public static let siteBuildLocked = Self(rawValue: "site.build.locked")
    public static let siteCacheIgnored = Self(rawValue: "site.cache.ignored")
    public static let siteOpenCCUnavailable = Self(rawValue: "site.opencc.unavailable")
    public static let siteWriteFailed = Self(rawValue: "site.write.failed")
}

extension Diagnostic.Explanation {
    /// The commands' ids explained, one each (`tutorbuild explain ID`).
    static let commands: [Self] = [
        Self(.doctestUnavailable, "the build cannot verify snippets: no usable Swift toolchain or UIKit model", """
            `tutorbuild build` (and `serve`) compile and run every snippet before publishing, so each badge says
            what was checked. When the compiler, the UIKit model library or the launcher cannot be found or used,
            nothing can be verified and the build stops; the message gives the reason.
            """,
            example: .shell("""
                PATH=/usr/bin tutorbuild build        # no swiftc on the PATH
                """),
            fix: """
                Put the Swift toolchain on the PATH and build the model and launcher (`swift build -c release --product \
                UIKit` and `--product tutorbuild-launch`), or publish unverified pages with `tutorbuild build --no-test`.
                """),
        Self(.lessonNotFound, "a command names a lesson that is not in the content folder", """
            `tutorbuild translated SLUG` works on one lesson, named by its folder; no folder of the content folder
            has that name.
            """,
            example: .shell("""
                tutorbuild translated keybaord --lang zh-Hans     # the folder is content/keyboard
                """),
            fix: "Use the lesson's folder name exactly (`ls content/`), or pass `--content DIR` if the course lives elsewhere."),
        Self(.lessonTranslationNotATranslation, "the language given to 'translated' is not a translation of that lesson", """
            `tutorbuild translated SLUG --lang L` records that the `L` version matches the lesson's source. It
            fails when `L` is the source language itself or the lesson has no `L.md` file.
            """,
            example: .shell("""
                tutorbuild translated keyboard --lang en     # en.md declares 'source: en'
                """),
            fix: "Name the translation (`--lang zh-Hans`), or write that language's file first."),
        Self(.siteBuildLocked, "another tutorbuild is writing the same site", """
            A build holds a lock beside its output folder while it writes, so two builds (or a build and
            `serve`) never interleave their files. The message names the process holding it when it can.
            """,
            example: .shell("""
                tutorbuild serve &
                tutorbuild build          # same --output as the running preview
                """),
            fix: "Wait for the other build to finish or stop it, or build into another folder with `--output DIR`."),
        Self(.siteCacheIgnored, "a converted page in the cache was damaged or not a regular file; it was converted again", """
            Pages converted to the other Chinese script are kept in `.tutorbuild/converted/`. An entry that cannot
            be trusted (cut short, edited, or replaced by a link or a FIFO) is ignored and written over. A warning:
            the page is correct, it only took longer.
            """,
            example: .shell("""
                echo junk >> .tutorbuild/converted/content/keyboard.zh-Hant
                tutorbuild build
                """),
            fix: "Nothing to fix if it happens once; if it repeats, check what else writes into `.tutorbuild/` (or delete the folder)."),
        Self(.siteOpenCCUnavailable, "OpenCC could not be used, so pages in the other Chinese script are missing or unconverted", """
            Chinese lessons get a page in the other script (Simplified ↔ Traditional) converted with OpenCC, and
            search matches both scripts. When OpenCC's library or its data files (`s2twp.json`, `tw2sp.json`)
            cannot be loaded, the build goes on without them and warns once for each thing left out.
            """,
            example: .shell("""
                apt-get remove opencc        # the data files go with it
                tutorbuild build
                """),
            fix: "Install OpenCC and its data (`scripts/install-deps` installs `libopencc-dev` and `opencc`)."),
        Self(.siteWriteFailed, "the site, or the build lock beside it, could not be written", """
            The build writes into the output folder and keeps a lock file beside it. A folder that is not
            writable, a full disk or a path through a file makes it fail; the previous site is left as it was.
            """,
            example: .shell("""
                chmod a-w .
                tutorbuild build --output site
                """),
            fix: "Build into a folder you can write (`--output DIR`), or fix the permissions or free space the message names."),
    ]
}

extension Diagnostic.Message {
    static func lessonNotFound(_ slug: String) -> Self { Self("no lesson '\(slug)'") }
    static let sourceUndeclaredForTranslated = Self("declare the source language first ('source: en' in the front matter)")
    static func notATranslation(_ tag: String, of slug: String) -> Self { Self("'\(tag)' is not a translation of lesson '\(slug)'") }
    static let translationWithoutFrontMatter = Self("the translation has no front matter to record into")
    static func noPagesInOtherScript(_ error: any Error) -> Self { Self("no pages in the other Chinese script: \(error)") }
    static func searchCannotFoldScripts(_ error: any Error) -> Self {
        Self("search cannot match Traditional with Simplified characters: \(error)")
    }
}
