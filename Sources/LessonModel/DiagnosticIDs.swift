import Diagnostics

/// The lesson model's diagnostic ids (files, parser, front matter, snippet attributes, course and site settings, course checks),
/// each declared once; their explanations and wording follow.
extension Diagnostic.ID {
    public static let courseContentMissing = Self(rawValue: "course.content.missing")
    public static let courseFileIgnored = Self(rawValue: "course.file.ignored")
    public static let courseFileLink = Self(rawValue: "course.file.link")
    public static let courseFileNotRegular = Self(rawValue: "course.file.not-regular")
    public static let courseFileTooLarge = Self(rawValue: "course.file.too-large")
    public static let courseFileUnreadable = Self(rawValue: "course.file.unreadable")
    public static let coursePathOutside = Self(rawValue: "course.path.outside")
    public static let lessonEmphasisLiteral = Self(rawValue: "lesson.emphasis.literal")
    public static let lessonEmpty = Self(rawValue: "lesson.empty")
    public static let lessonEncodingBinary = Self(rawValue: "lesson.encoding.binary")
    public static let lessonEncodingInvalidUTF8 = Self(rawValue: "lesson.encoding.invalid-utf8")
    public static let lessonFileTooLarge = Self(rawValue: "lesson.file.too-large")
    public static let lessonFrontMatterDuplicateKey = Self(rawValue: "lesson.front-matter.duplicate-key")
    public static let lessonFrontMatterInvalidKey = Self(rawValue: "lesson.front-matter.invalid-key")
    public static let lessonFrontMatterInvalidValue = Self(rawValue: "lesson.front-matter.invalid-value")
    public static let lessonFrontMatterMissingTitle = Self(rawValue: "lesson.front-matter.missing-title")
    public static let lessonFrontMatterNotAMapping = Self(rawValue: "lesson.front-matter.not-a-mapping")
    public static let lessonFrontMatterSyntax = Self(rawValue: "lesson.front-matter.syntax")
    public static let lessonFrontMatterTooLarge = Self(rawValue: "lesson.front-matter.too-large")
    public static let lessonFrontMatterUnknownKey = Self(rawValue: "lesson.front-matter.unknown-key")
    public static let lessonFrontMatterUnterminated = Self(rawValue: "lesson.front-matter.unterminated")
    public static let lessonHeadingDuplicateId = Self(rawValue: "lesson.heading.duplicate-id")
    public static let lessonImageExternal = Self(rawValue: "lesson.image.external")
    public static let lessonImageLink = Self(rawValue: "lesson.image.link")
    public static let lessonImageMissing = Self(rawValue: "lesson.image.missing")
    public static let lessonImageOutside = Self(rawValue: "lesson.image.outside")
    public static let lessonImageTooLarge = Self(rawValue: "lesson.image.too-large")
    public static let lessonLanguageUnknown = Self(rawValue: "lesson.language.unknown")
    public static let lessonLinkBroken = Self(rawValue: "lesson.link.broken")
    public static let lessonLinkBrokenAnchor = Self(rawValue: "lesson.link.broken-anchor")
    public static let lessonMarkdownTooDeep = Self(rawValue: "lesson.markdown.too-deep")
    public static let lessonMarkdownUnterminatedFence = Self(rawValue: "lesson.markdown.unterminated-fence")
    public static let lessonSlugDuplicate = Self(rawValue: "lesson.slug.duplicate")
    public static let lessonSlugInvalid = Self(rawValue: "lesson.slug.invalid")
    public static let lessonSourceConflict = Self(rawValue: "lesson.source.conflict")
    public static let lessonSourceUndeclared = Self(rawValue: "lesson.source.undeclared")
    public static let lessonTranslationMissing = Self(rawValue: "lesson.translation.missing")
    public static let lessonTranslationStale = Self(rawValue: "lesson.translation.stale")
    public static let lessonTranslationUnrecorded = Self(rawValue: "lesson.translation.unrecorded")
    public static let siteConfigInvalidValue = Self(rawValue: "site.config.invalid-value")
    public static let siteConfigNotAMapping = Self(rawValue: "site.config.not-a-mapping")
    public static let siteConfigSyntax = Self(rawValue: "site.config.syntax")
    public static let siteConfigUnknownKey = Self(rawValue: "site.config.unknown-key")
    public static let snippetAttributeConflict = Self(rawValue: "snippet.attribute.conflict")
    public static let snippetAttributeInvalidValue = Self(rawValue: "snippet.attribute.invalid-value")
    public static let snippetAttributeUnclosedQuote = Self(rawValue: "snippet.attribute.unclosed-quote")
    public static let snippetAttributeUnexpectedValue = Self(rawValue: "snippet.attribute.unexpected-value")
    public static let snippetAttributeUnknown = Self(rawValue: "snippet.attribute.unknown")
    public static let snippetCompileFailMode = Self(rawValue: "snippet.compile-fail.mode")
    public static let snippetCompileFailTwice = Self(rawValue: "snippet.compile-fail.twice")
    public static let snippetHiddenProcessAPI = Self(rawValue: "snippet.hidden.process-api")
    public static let snippetOutputOrphan = Self(rawValue: "snippet.output.orphan")
    public static let snippetOutputUnchecked = Self(rawValue: "snippet.output.unchecked")
    public static let snippetTwinAttributesDiffer = Self(rawValue: "snippet.twin.attributes-differ")
    public static let snippetTwinCodeDiffers = Self(rawValue: "snippet.twin.code-differs")
    public static let snippetTwinExtra = Self(rawValue: "snippet.twin.extra")
    public static let snippetTwinMissing = Self(rawValue: "snippet.twin.missing")
    public static let snippetTwinOutputDiffers = Self(rawValue: "snippet.twin.output-differs")
}

extension Diagnostic.Explanation {
    /// The lesson model's ids explained, one each (`tutorbuild explain ID`).
    public static let lessonModel: [Self] = Array([course, lessonFiles, frontMatter, lessonContent, siteSettings, snippets, translations].joined())

    private static let course: [Self] = [
        Self(.courseContentMissing, "the content folder does not exist", """
            Every command reads the course from a content folder, `content/` in the current folder unless
            `--content DIR` names another. There is no folder at that path.
            """,
            example: .shell("""
                cd /tmp && tutorbuild check        # no /tmp/content
                """),
            fix: "Run from the project folder, pass `--content DIR`, or start a course with `tutorbuild new SLUG`."),
        Self(.courseFileIgnored, "a Markdown file directly in the content folder is ignored", """
            Lessons live in folders, one per lesson, as `<slug>/<lang>.md`. A `.md` file at the top of the
            content folder belongs to no lesson, so no page is made from it. A warning.
            """,
            example: .files("""
                content/notes.md
                content/keyboard/en.md
                """),
            fix: "Move the file into a lesson folder as `en.md` (or another language), or out of the content folder."),
        Self(.courseFileLink, "a file beside a lesson is a symbolic link", """
            Pictures and other files in a lesson folder are copied into the site. A link could copy anything
            the user running the build can read, so links are not copied and are reported where they are.
            """,
            example: .files("""
                content/keyboard/en.md
                content/keyboard/keyboard.png -> ../../screenshots/keyboard.png
                """),
            fix: "Copy the file into the lesson folder instead of linking to it."),
        Self(.courseFileNotRegular, "a content file is a FIFO, socket or device, not a regular file", """
            tutorbuild reads and copies only regular files: reading a FIFO or a device could wait forever, and
            copying one into the site makes no sense. The message names what the file is.
            """,
            example: .shell("""
                mkfifo content/keyboard/pipe
                tutorbuild check
                """),
            fix: "Remove the file from the content folder."),
        Self(.courseFileTooLarge, "a file beside a lesson is over the 16 MB limit", """
            Pictures and other files in a lesson folder are copied into the site; one over 16 MB is not, so a
            stray video or archive does not bloat every deployment.
            """,
            example: .files("""
                content/keyboard/en.md
                content/keyboard/recording.mov       (120 MB)
                """),
            fix: "Shrink the file (a compressed picture, a shorter clip), or keep it out of the content folder."),
        Self(.courseFileUnreadable, "a content file could not be read", """
            The file exists but opening or reading it failed; the message gives the system's reason (often
            permissions). Nothing in it is checked or published.
            """,
            example: .shell("""
                chmod a-r content/keyboard/en.md
                tutorbuild check
                """),
            fix: "Make the file readable by the user running tutorbuild (`chmod a+r FILE`)."),
        Self(.coursePathOutside, "a lesson folder or file is a link to a place outside the content folder", """
            The course is what lies inside the content folder. A link from there to elsewhere on the machine could
            publish files nobody meant to, so the lesson (or file) it leads to is not read.
            """,
            example: .files("""
                content/keyboard -> /home/me/drafts/keyboard
                """),
            fix: "Move the lesson into the content folder instead of linking to it."),
    ]

    private static let lessonFiles: [Self] = [
        Self(.lessonEmpty, "a lesson file has nothing in it", """
            A lesson file that is empty, or holds only spaces and line breaks, has no title and no text to
            publish.
            """,
            example: .files("""
                content/keyboard/en.md        (0 bytes)
                """),
            fix: "Write the lesson (front matter with a `title`, then the text), or delete the file."),
        Self(.lessonEncodingBinary, "a lesson file contains NUL bytes, so it is not text", """
            A Markdown file never contains a NUL byte; one that does is binary (a picture saved as `.md`, or a
            UTF-16 file). It is placed at the first NUL and the file is not read.
            """,
            example: .shell("""
                iconv -f UTF-8 -t UTF-16 en.md > content/keyboard/en.md
                """),
            fix: "Save the file as UTF-8 text, or give a picture its own extension."),
        Self(.lessonEncodingInvalidUTF8, "a content file is not valid UTF-8", """
            Lesson files, `site.yml` and `glossary.yml` must be UTF-8 (a byte order mark is allowed). The message
            names the first bad byte and its place; files saved as GBK, Big5 or Latin-1 usually fail here.
            """,
            example: .shell("""
                iconv -f UTF-8 -t GBK zh-Hans.md > content/keyboard/zh-Hans.md
                """),
            fix: "Convert the file to UTF-8 (`iconv -f GBK -t UTF-8 in.md > out.md`), or save it as UTF-8 in your editor."),
        Self(.lessonFileTooLarge, "a content file is over the 16 MB limit", """
            A lesson file (or `site.yml`, `glossary.yml`) larger than 16 MB is refused without being read: no
            hand-written lesson is that long, and parsing one would stall every build.
            """,
            example: .files("""
                content/keyboard/en.md        (20 MB)
                """),
            fix: "Split the lesson into several lessons, or move generated data out of the content folder."),
        Self(.lessonLanguageUnknown, "a Markdown file in a lesson folder is not named after a known language", """
            Each lesson file is named after its language: `en.md`, `zh-Hans.md` or `zh-Hant.md`. Any other `.md`
            file in a lesson folder is an error, since it would silently be left off the site.
            """,
            example: .files("""
                content/keyboard/en.md
                content/keyboard/zh-CN.md
                """),
            fix: "Rename the file to a known language (`zh-Hans.md`), or move notes out of the lesson folder."),
        Self(.lessonSlugDuplicate, "two lesson folders differ only by case", """
            A lesson's folder name is its URL. `Keyboard` and `keyboard` would be one folder on case-insensitive
            file systems (macOS, Windows) and clash on most web servers. The note points at the other lesson.
            """,
            example: .files("""
                content/keyboard/en.md
                content/Keyboard/en.md
                """),
            fix: "Rename or merge one of the folders; slugs are lower-case."),
        Self(.lessonSlugInvalid, "a lesson folder name is not a URL-safe slug", """
            A lesson's folder name is its URL (`site/en/<slug>/`). It must be lower-case ASCII letters and digits
            with single hyphens between them, at most 100 characters, so it needs no escaping anywhere.
            """,
            example: .files("""
                content/Keyboard Avoidance/en.md
                """),
            fix: "Rename the folder, as in `keyboard-avoidance`; links to it (`../keyboard-avoidance/`) change with it."),
    ]

    private static let frontMatter: [Self] = [
        Self(.lessonFrontMatterDuplicateKey, "a front matter key is given twice", """
            YAML allows only one value per key, and which one wins would be a guess. The second is reported, with
            a note at the first.
            """,
            example: .markdown("""
                ---
                title: Keeping a field above the keyboard
                title: The keyboard and text fields
                ---
                """),
            fix: "Keep one of the two lines."),
        Self(.lessonFrontMatterInvalidKey, "a front matter key is not a plain name", """
            Front matter keys are names such as `title` or `order`; a list, a mapping or an empty key in a key's
            place is not one.
            """,
            example: .markdown("""
                ---
                title: Keeping a field above the keyboard
                [order]: 1
                ---
                """),
            fix: "Write the key as a plain name (`order: 1`)."),
        Self(.lessonFrontMatterInvalidValue, "a front matter value has the wrong type", """
            Each known key takes one kind of value: `title` a non-empty string, `summary` a string, `order` an
            integer, `source` a language (`en`, `zh-Hans`, `zh-Hant`), `swift-version` 5 or 6, `translated-from` the
            list `tutorbuild translated` writes. The message says what was expected.
            """,
            example: .markdown("""
                ---
                title: Keeping a field above the keyboard
                order: first
                ---
                """),
            fix: "Give the value the type the message names (`order: 1`)."),
        Self(.lessonFrontMatterMissingTitle, "a lesson has no front matter, or its front matter has no 'title'", """
            Every lesson file starts with YAML front matter between `---` lines, and `title` is required: it is the
            page's heading, its `<title>` and its name in the course listing. (`tutorbuild translated` reports it
            too, for a translation that has no front matter to record into.)
            """,
            example: .markdown("""
                ---
                summary: Scroll the active field into view.
                ---

                # Keeping a field above the keyboard
                """),
            fix: "Add `title: …` to the front matter, or start the file with front matter if it has none."),
        Self(.lessonFrontMatterNotAMapping, "the front matter is not a mapping of keys to values", """
            Front matter is a YAML mapping (`key: value` lines). A list or a lone string between the `---` lines
            parses as YAML but says nothing tutorbuild can use.
            """,
            example: .markdown("""
                ---
                - Keeping a field above the keyboard
                ---
                """),
            fix: "Write each setting as `key: value` (`title: Keeping a field above the keyboard`)."),
        Self(.lessonFrontMatterSyntax, "the front matter is not valid YAML", """
            libyaml could not parse the front matter; the location is where it gave up, counted in the lesson
            file's lines. A colon followed by a space inside an unquoted value is the usual cause.
            """,
            example: .markdown("""
                ---
                title: Fix: the field hides behind the keyboard
                ---
                """),
            fix: "Quote the value (`title: \"Fix: the field hides behind the keyboard\"`), or fix the indentation at the reported line."),
        Self(.lessonFrontMatterTooLarge, "the front matter is over 64 KB", """
            Front matter holds a few settings; more than 64 KB of it is refused without being handed to the YAML
            parser (which would otherwise spend its time on a pasted document).
            """,
            example: .markdown("""
                ---
                title: Keeping a field above the keyboard
                notes: |
                  (70,000 characters of pasted text)
                ---
                """),
            fix: "Move the text into the body of the lesson, below the closing `---`."),
        Self(.lessonFrontMatterUnknownKey, "the front matter has a key tutorbuild does not know", """
            Known keys are `title`, `summary`, `order`, `source`, `swift-version` and `translated-from`. Another key
            is ignored, usually a misspelling of one of them. A warning.
            """,
            example: .markdown("""
                ---
                title: Keeping a field above the keyboard
                sumary: Scroll the active field into view.
                ---
                """),
            fix: "Correct the key's spelling, or remove it."),
        Self(.lessonFrontMatterUnterminated, "the front matter has no closing '---' line", """
            A file that starts with a `---` line opens front matter, which ends at the next line that is `---` (or
            `...`). Without one, the whole file would be YAML, so nothing of it is read.
            """,
            example: .markdown("""
                ---
                title: Keeping a field above the keyboard

                # Keeping a field above the keyboard
                """),
            fix: "Add a `---` line after the last front matter key."),
    ]

    private static let lessonContent: [Self] = [
        Self(.lessonEmphasisLiteral, "a '*' or '_' run neither opens nor closes emphasis, so the page shows it as is", """
            CommonMark decides from the characters on either side whether `**` or `*` opens or closes emphasis.
            tutorbuild accepts the CJK-friendly amendment (`**修正：**监听` is bold), but a run that still cannot
            open or close is shown with its asterisks, which is rarely what the author meant. A warning.
            """,
            example: .markdown("""
                按下** 完成 **按钮。
                """, in: "content/keyboard/zh-Hans.md"),
            fix: "Put the emphasis around whole words without inner spaces (`按下**完成**按钮`), or escape it (`\\*`) to show an asterisk."),
        Self(.lessonHeadingDuplicateId, "an explicit heading id is used more than once in a page", """
            `{#id}` at the end of a heading sets its anchor. When two headings of one page ask for the same id, the
            later one gets `-2` appended, so a link to `#id` lands on the first. A warning.
            """,
            example: .markdown("""
                ## Observing the keyboard {#observe}

                ## Observing rotation {#observe}
                """),
            fix: "Give each heading its own id."),
        Self(.lessonImageExternal, "an image comes from another site", """
            Pages make no requests outside the site (no tracking, and they work offline), so an image must be a
            file next to the lesson or an inline `data:image/…`. A URL with a scheme or a host is refused.
            """,
            example: .markdown("""
                ![The keyboard covers the field](https://example.com/keyboard.png)
                """),
            fix: "Download the picture into the lesson's folder and link to it by name (`![…](keyboard.png)`)."),
        Self(.lessonImageLink, "an image is a symbolic link, which is not copied into the site", """
            Files beside a lesson that are links are not copied (see `course.file.link`), so this image would be
            missing from the page.
            """,
            example: .markdown("""
                ![The keyboard covers the field](keyboard.png)
                """),
            fix: "Replace the link `content/<slug>/keyboard.png` with a copy of the file."),
        Self(.lessonImageMissing, "an image's file is not next to the lesson", """
            A local image is looked up relative to the lesson file's folder; there is no file by that name, so the
            page would show a broken picture.
            """,
            example: .markdown("""
                ![The keyboard covers the field](keybaord.png)
                """),
            fix: "Correct the name, or add the file to the lesson's folder."),
        Self(.lessonImageOutside, "an image lies outside the lesson's folder", """
            Only the files of a lesson's own folder are copied next to its pages. An absolute path or one that
            climbs out with `..` would be a broken picture on the site (or publish a file from elsewhere).
            """,
            example: .markdown("""
                ![The keyboard covers the field](../shared/keyboard.png)
                """),
            fix: "Copy the picture into the lesson's folder and link to it by name."),
        Self(.lessonImageTooLarge, "an image is over the 16 MB limit, so it is not copied into the site", """
            Files beside a lesson over 16 MB are not copied (see `course.file.too-large`), so this image would be
            missing from the page.
            """,
            example: .markdown("""
                ![The keyboard covers the field](keyboard.png)
                """),
            fix: "Shrink the picture (a compressed PNG or JPEG of screen size is far below the limit)."),
        Self(.lessonLinkBroken, "a link to another lesson names no lesson", """
            Lessons link to each other as `../slug/` (optionally `#section`); no lesson folder has that slug.
            """,
            example: .markdown("""
                See [dismissing the keyboard](../dismis-keyboard/).
                """),
            fix: "Correct the slug (the other lesson's folder name)."),
        Self(.lessonLinkBrokenAnchor, "a link's '#section' names no heading of the page it leads to", """
            A `#fragment` must be the id of a heading of the target page (its own page for `#id` alone): the id
            derived from the heading's text, or its explicit `{#id}`. The message names the file looked in.
            """,
            example: .markdown("""
                ## Observing the keyboard

                As shown [above](#observe-the-keyboard).
                """),
            fix: "Use the heading's id (`#observing-the-keyboard` here), or give the heading an explicit `{#id}` and link to that."),
        Self(.lessonMarkdownTooDeep, "Markdown is nested more than 200 levels deep", """
            Block quotes and lists inside each other more than 200 levels deep are cut off there: the rest of the
            block is left out of the page, so a pathological file cannot exhaust the stack.
            """,
            example: .markdown("""
                > > > > > > > > > > > > > … (201 '>' markers)
                """),
            fix: "Flatten the nesting; no page needs more than a few levels."),
        Self(.lessonMarkdownUnterminatedFence, "a code block is never closed, so it runs to the end of the file", """
            A fence of backticks or tildes opens a code block that lasts until a fence at least as long. Without
            one, the rest of the file (prose, headings, other snippets) becomes code. In a block quote or a list
            item the block ends with the quote or item instead, and the error points there.
            """,
            example: .markdown("""
                ```swift
                let field = UITextField()

                ## Next steps
                """),
            fix: "Add the closing fence after the code (the same number of backticks)."),
        Self(.snippetOutputOrphan, "an output block does not follow a Swift snippet, so it is never checked", """
            A block fenced `output` is the expected output of the snippet right before it. Here something else (a
            paragraph, another output block) comes between, so the block is only shown. A warning.
            """,
            example: .markdown("""
                ```swift
                print("done")
                ```

                It prints:

                ```output
                done
                ```
                """),
            fix: "Move the output block directly after its snippet, or fence it as `text` if it is not output."),
    ]

    private static let siteSettings: [Self] = [
        Self(.siteConfigInvalidValue, "a site setting has the wrong type", """
            `content/site.yml` takes `title` (a string, or a mapping of languages to strings), `base-url` (an
            http(s) URL or an absolute path), `default-language` (`en`, `zh-Hans` or `zh-Hant`) and
            `allow-raw-html` (true or false). The message says what was expected.
            """,
            example: .yaml("""
                base-url: example.com/tutorials
                """, in: "content/site.yml"),
            fix: "Give the value the type the message names (`base-url: https://example.com/tutorials/`)."),
        Self(.siteConfigNotAMapping, "the site settings are not a mapping of keys to values", """
            `content/site.yml` is a YAML mapping (`key: value` lines); a list or a lone string says nothing
            tutorbuild can use.
            """,
            example: .yaml("""
                - title: Text editing on iOS
                """, in: "content/site.yml"),
            fix: "Write each setting as `key: value` at the start of a line."),
        Self(.siteConfigSyntax, "the site settings are not valid YAML", """
            libyaml could not parse `content/site.yml`; the location is where it gave up. No setting of the file is
            used until it parses.
            """,
            example: .yaml("""
                title:
                  en: Text editing on iOS
                 zh-Hans: iOS 文本编辑
                """, in: "content/site.yml"),
            fix: "Fix the YAML at the reported line: usually indentation or an unquoted `: ` inside a value."),
        Self(.siteConfigUnknownKey, "the site settings have a key tutorbuild does not know", """
            Known keys are `title`, `base-url`, `default-language` and `allow-raw-html`. Another key is ignored,
            usually a misspelling. A warning.
            """,
            example: .yaml("""
                baseurl: https://example.com/tutorials/
                """, in: "content/site.yml"),
            fix: "Correct the key's spelling (`base-url`), or remove it."),
    ]

    private static let snippets: [Self] = [
        Self(.snippetCompileFailMode, "a 'compile-fail' snippet names a language mode tutorbuild does not know", """
            An unquoted value of `compile-fail` names the language modes the snippet fails to compile in:
            `swift5`, `swift6`, `MainActor` or `nonisolated`, or a Swift version and an isolation joined by `+`
            (`swift6+MainActor`). In every other mode the snippet must compile (its warnings are reported). The
            text an error must contain is quoted (`compile-fail="risks causing data races"`), so an unquoted word
            that is no mode is refused rather than read as text.
            """,
            example: .markdown("""
                ```swift compile-fail=swift7
                NotificationCenter.default.addObserver(forName: nil, object: nil, queue: nil) { _ in label.text = "" }
                ```
                """),
            fix: "Name a mode (`compile-fail=swift6`), or quote the expected error's text (`compile-fail=\"swift7\"`)."),
        Self(.snippetCompileFailTwice, "a 'compile-fail' snippet gives its language mode, or its expected error, twice", """
            A `compile-fail` snippet may say once in which language modes it fails (`compile-fail=swift6`) and once
            which text an error must contain (`compile-fail="risks causing data races"`). Two modes, or two texts,
            leave it unclear which one holds.
            """,
            example: .markdown("""
                ```swift compile-fail=swift6 compile-fail=nonisolated
                NotificationCenter.default.addObserver(forName: nil, object: nil, queue: nil) { _ in label.text = "" }
                ```
                """),
            fix: "Keep one of each; join a Swift version and an isolation with `+` (`compile-fail=swift6+nonisolated`)."),
        Self(.snippetAttributeConflict, "two snippet attributes contradict each other", """
            A snippet has one mode: run (the default), `no-run`, `ignore`, `compile-fail` or `should-trap`; two of
            them cannot both hold. `in=Type` (spliced into a type of the lesson's program) and `isolated` (a program
            of its own) exclude each other too.
            """,
            example: .markdown("""
                ```swift ignore should-trap
                let values = [1]; print(values[3])
                ```
                """),
            fix: "Keep the attribute that says what the snippet is for."),
        Self(.snippetAttributeInvalidValue, "a snippet attribute's value is not what it takes", """
            `in=TypeName` needs the name of a type declared in an earlier snippet, as in `in=FormViewController`;
            an empty value or one that is not a Swift identifier is refused.
            """,
            example: .markdown("""
                ```swift in="Form View Controller"
                override func viewDidLoad() { super.viewDidLoad() }
                ```
                """),
            fix: "Write the type's name as in the code (`in=FormViewController`)."),
        Self(.snippetAttributeUnclosedQuote, "a quoted snippet attribute value has no closing quote", """
            An attribute value with spaces is double-quoted (`compile-fail="cannot assign"`). The info string ends
            before the closing quote, so none of the snippet's attributes are read.
            """,
            example: .markdown("""
                ```swift compile-fail="cannot assign
                field.text = 42
                ```
                """),
            fix: "Close the quote."),
        Self(.snippetAttributeUnexpectedValue, "a snippet attribute that takes no value was given one", """
            Only `compile-fail` and `in` take values; `no-run`, `ignore`, `should-trap`, `hidden` and `isolated` are
            bare words.
            """,
            example: .markdown("""
                ```swift hidden=true
                let app = Simulator()
                ```
                """),
            fix: "Write the attribute alone (`hidden`)."),
        Self(.snippetAttributeUnknown, "a snippet attribute is not one tutorbuild knows", """
            The words after `swift` in a fence are attributes: `no-run`, `ignore`, `compile-fail`, `should-trap`,
            `hidden`, `isolated` and `in`. An unknown word is an error rather than ignored, since a misspelt
            `no-run` would otherwise run.
            """,
            example: .markdown("""
                ```swift norun
                let field = UITextField()
                ```
                """),
            fix: "Correct the spelling (`no-run`); the message lists the known attributes."),
        Self(.snippetHiddenProcessAPI, "hidden code uses API that reaches past its snippet into the process", """
            Code the page does not show (a `hidden` snippet, or lines between `// snippet.hide` and
            `// snippet.show`) runs with the rest, so it stands behind the badges of the snippets around it. Using
            descriptors, signals, `exit`, symbols, `#if` or a `print` of its own there can change what the other
            snippets appear to do. A heuristic for reviewers, and a warning.
            """,
            example: .markdown("""
                ```swift hidden
                import Glibc
                _ = dup2(1, 2)
                ```
                """),
            fix: "Move the code into a visible snippet, or leave it out: lessons about UIKit do not need it."),
        Self(.snippetOutputUnchecked, "an output block follows a snippet that never runs, so it is never compared", """
            A `no-run` snippet is only compiled, a `compile-fail` one never compiles and an `ignore` one is neither
            compiled nor run: an output block after them would be shown under the snippet's badge as if checked.
            The page labels it "Output (not checked)". A warning.
            """,
            example: .markdown("""
                ```swift no-run
                print(UITextField().isFirstResponder)
                ```

                ```output
                false
                ```
                """),
            fix: "Remove the output block, or drop `no-run`/`ignore` so the output is checked."),
        Self(.snippetTwinAttributesDiffer, "a translation's snippet has other attributes than its twin in the source", """
            The versions of a lesson have the same snippets: same order, same code (comments aside), same
            attributes, same expected output. A twin with other attributes would be checked differently in one
            language. The note points at the source's snippet.
            """,
            example: .markdown("""
                ```swift no-run
                let field = UITextField()
                ```
                """, in: "content/keyboard/zh-Hans.md", where: "en.md's fence is plain 'swift'"),
            fix: "Copy the source snippet's fence line into the translation."),
        Self(.snippetTwinCodeDiffers, "a translation's snippet differs from its twin in the source (comments aside)", """
            The versions of a lesson have the same snippets, in the same order, with the same code; only comments
            may be translated. The note points at the source's snippet.
            """,
            example: .markdown("""
                ```swift
                let 文本框 = UITextField()      // en.md: let field = UITextField()
                ```
                """, in: "content/keyboard/zh-Hans.md"),
            fix: "Copy the source's code into the translation and translate only the comments."),
        Self(.snippetTwinExtra, "a translation has a snippet that its source does not", """
            The versions of a lesson have the same snippets in the same order. The translation has more snippets
            than the source; the note says how many the source has.
            """,
            example: .markdown("""
                ```swift
                print("only in the translation")
                ```
                """, in: "content/keyboard/zh-Hans.md"),
            fix: "Remove the extra snippet from the translation, or add it to the source (and every other version)."),
        Self(.snippetTwinMissing, "a translation has fewer snippets than its source", """
            The versions of a lesson have the same snippets in the same order. The translation stops short; the
            note points at the source's first snippet without a twin.
            """,
            example: .files("""
                content/keyboard/en.md          (4 snippets)
                content/keyboard/zh-Hans.md     (3 snippets)
                """),
            fix: "Add the missing snippets to the translation, in the source's order."),
        Self(.snippetTwinOutputDiffers, "a translation's expected output differs from its twin in the source", """
            A snippet prints the same in every language (the code is the same), so the output blocks of twins must
            match; one version having a block and the other not counts as different.
            """,
            example: .markdown("""
                ```output
                完成
                ```
                """, in: "content/keyboard/zh-Hans.md", where: "en.md expects 'done'"),
            fix: "Copy the source's output block into the translation."),
    ]

    private static let translations: [Self] = [
        Self(.lessonSourceConflict, "the versions of a lesson name different source languages", """
            `source:` says which version is the original that the others translate; it decides which snippets,
            anchors and fingerprints the others follow. Two versions disagreeing is not settled silently; the
            note points at the other declaration.
            """,
            example: .markdown("""
                ---
                title: 键盘与文本框
                source: zh-Hans
                ---
                """, in: "content/keyboard/zh-Hans.md", where: "en.md says 'source: en'"),
            fix: "Give every version of the lesson the same `source:`."),
        Self(.lessonSourceUndeclared, "a lesson in several languages does not declare its source language", """
            With more than one version, tutorbuild needs to know which is the original to tell whether the
            translations are up to date (`tutorbuild translated` refuses to record until it knows). A warning
            from `check`.
            """,
            example: .markdown("""
                ---
                title: Keeping a field above the keyboard
                ---
                """, in: "content/keyboard/en.md", where: "zh-Hans.md does not declare it either"),
            fix: "Add `source: en` (or the language it was written in) to every version's front matter."),
        Self(.lessonTranslationMissing, "a lesson has no English or Simplified Chinese version yet", """
            Every lesson is meant to exist in English and Simplified Chinese. Until the translation is written, the
            other language's course page links to the existing version. A warning.
            """,
            example: .files("""
                content/keyboard/en.md          (no zh-Hans.md)
                """),
            fix: "Write the translation (`tutorbuild new` shows the layout), keeping the snippets identical."),
        Self(.lessonTranslationStale, "the source changed since this translation was recorded as matching it", """
            `translated-from:` holds one fingerprint per section of the source, written by `tutorbuild translated`.
            Sections whose text changed since are named in the message (and in notes at their headings); the
            translated page tells readers it may be behind. A warning.
            """,
            example: .markdown("""
                ---
                title: 键盘与文本框
                source: en
                translated-from: [3f2a9c1e, 9b1c0d2e]     # en.md's second section was edited since
                ---
                """, in: "content/keyboard/zh-Hans.md"),
            fix: "Update the translation, then run `tutorbuild translated SLUG --lang LANG` to record it."),
        Self(.lessonTranslationUnrecorded, "a translation does not record which source version it matches", """
            Without `translated-from:`, tutorbuild cannot tell whether the translation keeps up with its source. A
            warning.
            """,
            example: .markdown("""
                ---
                title: 键盘与文本框
                source: en
                ---
                """, in: "content/keyboard/zh-Hans.md"),
            fix: "Once the translation matches the source, run `tutorbuild translated SLUG --lang LANG`."),
    ]
}

// The wording of the lesson model's diagnostics; call sites name one of these rather than compose text.
extension Diagnostic.Message {
    // MARK: The course folder
    static let contentFolderMissing = Self("content folder not found; run from the project folder, pass --content DIR, or start one with 'tutorbuild new SLUG'")
    static let markdownOutsideLesson = Self("Markdown file outside a lesson folder is ignored; lessons live in '<slug>/<lang>.md'")
    static let lessonFolderOutside = Self("lesson folder is a link to a place outside the content folder")
    static let lessonFileOutside = Self("lesson file is a link to a place outside the content folder")
    static func folderDiffersByCase(_ entry: String, from other: String) -> Self {
        Self("lesson folder '\(entry)' differs from '\(other)' only by case; URLs would clash on case-insensitive file systems")
    }
    static func lessonDiffersByCase(_ entry: String, from other: String) -> Self {
        Self("lesson '\(entry)' differs from '\(other)' only by case")
    }
    static func invalidSlug(_ entry: String) -> Self {
        Self("lesson folder name '\(entry)' is not a URL-safe slug; use lowercase letters, digits and single hyphens")
    }
    static func unknownLanguage(_ tag: String) -> Self {
        Self("unknown language '\(tag)' in file name; use " + Language.allCases.map { "'\($0.rawValue).md'" }.joined(separator: ", "))
    }

    // MARK: Reading a file
    static func fileTooLarge(limit: Int) -> Self {
        Self("file is over the \(limit / 1_048_576) MB limit for a lesson file; split it into several lessons")
    }
    static let fileIsBinary = Self("file contains NUL bytes; it looks binary, not a Markdown text file")
    static func invalidUTF8(badByte: UInt8) -> Self {
        Self("file is not valid UTF-8 (bad byte 0x\(String(badByte, radix: 16, uppercase: true)))")
    }
    /// A content file that is `kind` (see `RegularFile.specialKind(atPath:)`) instead of a regular file.
    static func notARegularFile(_ kind: String) -> Self {
        Self("file is \(kind), not a regular file; tutorbuild reads only regular files (reading it could wait forever)")
    }
    static func unreadable(_ reason: String) -> Self {
        Self("cannot read file (\(reason)); check that it exists and is readable")
    }

    // MARK: Site settings
    static func siteSettingsSyntax(_ yamlError: String) -> Self { Self("site settings: \(yamlError)") }
    static let siteSettingsNotAMapping = Self("site settings: expected a mapping")
    static let siteTitleKeys = Self("site settings: 'title' keys must be languages with string values")
    static func siteSetting(_ key: String, mustBe expected: String) -> Self { Self("site settings: '\(key)' must be \(expected)") }
    static func unknownSiteSetting(_ key: String) -> Self { Self("site settings: unknown key '\(key)'") }

    // MARK: Front matter
    static let frontMatterUnterminated = Self("front matter: no closing '---' line")
    static let frontMatterWithoutTitle = Self("front matter: missing required key 'title'")
    static func frontMatterTooLarge(limit: Int) -> Self {
        Self("front matter is over the \(limit / 1024) KB limit; keep it to a few keys")
    }
    static func frontMatterSyntax(_ yamlError: String) -> Self { Self("front matter: \(yamlError)") }
    static func frontMatterNotAMapping(found kind: String) -> Self {
        Self("front matter: expected a mapping of keys to values, found \(kind)")
    }
    static let frontMatterKeyNotAName = Self("front matter: keys must be plain names")
    static func frontMatterDuplicateKey(_ key: String) -> Self { Self("front matter: key '\(key)' appears twice") }
    static func frontMatterValue(_ key: String, mustBe expected: String) -> Self { Self("front matter: '\(key)' must be \(expected)") }
    static func frontMatterUnknownKey(_ key: String) -> Self { Self("front matter: unknown key '\(key)'") }

    // MARK: Markdown
    static let lessonFileEmpty = Self("lesson file is empty")
    static func markdownTooDeep(limit: Int) -> Self {
        Self("Markdown nested more than \(limit) levels deep; the rest of this block is left out")
    }
    static let emphasisLiteral = Self(
        "this '*' or '_' run neither opens nor closes emphasis, so the page shows it as is; put the emphasis around whole words or phrases, or escape it ('\\*')")
    static let outputWithoutSnippet = Self("output block does not follow a Swift snippet; it will not be checked")
    static let fenceNeverClosed = Self("code block is never closed; it runs to the end of the file")
    static let fenceEndsWithContainer = Self("code block is never closed; it ends here, where its block quote or list item ends")
    static func headingIDUsedTwice(_ base: String, becomes id: String) -> Self {
        Self("heading id '\(base)' is used more than once; this one becomes '\(id)'")
    }

    // MARK: Links and images
    static func imageOutsideSite(_ source: String) -> Self {
        Self("image '\(source)' is outside the site; pages make no external requests, so put the picture next to the lesson")
    }
    static func imageOutsideLesson(_ source: String) -> Self {
        Self("image '\(source)' is not in the lesson's folder; only files next to the lesson are copied into the site")
    }
    static func imageNotCopied(_ source: String, _ reason: String) -> Self { Self("image '\(source)' \(reason)") }
    static func imageMissing(_ source: String) -> Self { Self("image '\(source)' not found next to the lesson") }
    static func linkToNoLesson(_ destination: String) -> Self { Self("link '\(destination)' points at no lesson") }
    static func linkToNoSection(_ destination: String, fragment: String, in targetPath: String) -> Self {
        Self("link '\(destination)' points at no section; '\(fragment)' is not a heading id in \(targetPath)")
    }

    // MARK: Snippet attributes
    static let attributeQuoteUnclosed = Self("snippet attribute value has no closing quote")
    static func attributesConflict(_ first: String, _ second: String) -> Self {
        Self("snippet attributes '\(first)' and '\(second)' cannot be combined")
    }
    static func compileFailModeInvalid(_ value: String) -> Self {
        Self("'\(value)' is not a language mode: 'compile-fail=' takes \(SnippetAttributes.FailCondition.words.joined(separator: ", ")) or a version and an isolation joined by '+'; quote an expected error's text (compile-fail=\"…\")")
    }
    static func compileFailGivenTwice(_ what: String) -> Self {
        Self("'compile-fail' is given \(what) twice")
    }
    static func attributeTakesNoValue(_ name: String) -> Self { Self("snippet attribute '\(name)' takes no value") }
    static let spliceNeedsTypeName = Self("snippet attribute 'in' needs a type name, as in 'in=FormViewController'")
    static func unknownAttribute(_ name: String) -> Self {
        Self("unknown snippet attribute '\(name)'; known attributes: \(SnippetAttributes.names.joined(separator: ", "))")
    }

    // MARK: Twins and translations
    static func twinExtra(_ number: Int, source: Language) -> Self {
        Self("snippet \(number) has no twin in the \(source.rawValue) version")
    }
    static func twinCodeDiffers(_ number: Int, source: Language) -> Self {
        Self("snippet \(number) differs from its \(source.rawValue) twin (comments aside)")
    }
    static func twinAttributesDiffer(_ number: Int, source: Language) -> Self {
        Self("snippet \(number) has other attributes than its \(source.rawValue) twin")
    }
    static func twinOutputDiffers(_ number: Int, source: Language) -> Self {
        Self("expected output of snippet \(number) differs from its \(source.rawValue) twin")
    }
    static func twinsMissing(_ translation: Language, has count: Int, _ source: Language, has sourceCount: Int) -> Self {
        Self("the \(translation.rawValue) version has \(count) snippets, the \(source.rawValue) version \(sourceCount)")
    }
    static func sourceConflict(_ declared: Language, _ earlier: Language, slug: String) -> Self {
        Self("'source: \(declared.rawValue)' disagrees with 'source: \(earlier.rawValue)' in a twin of lesson '\(slug)'; give every version the same source")
    }
    static func sourceUndeclared(_ slug: String) -> Self {
        Self("lesson '\(slug)' does not declare its source language; add 'source: en' (or the language it was written in) to every version's front matter")
    }
    static func translationUnrecorded(_ slug: String, _ language: Language, source: Language) -> Self {
        Self("translation does not record which \(source.rawValue) version it matches; run 'tutorbuild translated \(slug) --lang \(language.rawValue)' once it does")
    }
    static func translationStale(_ slug: String, _ language: Language, source: Language, changed names: [String]) -> Self {
        Self("the \(source.rawValue) version changed since this translation was made (\(names.joined(separator: ", "))); update it, then run 'tutorbuild translated \(slug) --lang \(language.rawValue)'")
    }
    static func translationMissing(_ slug: String, _ language: Language) -> Self {
        Self("lesson '\(slug)' has no \(language.rawValue) version yet; readers of that language are sent here")
    }
}
