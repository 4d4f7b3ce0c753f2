"""What a lesson page deliberately shows differently from a reference renderer's HTML, each with its reason.

`page_content` takes the page's own frame off a lesson's body (what the site adds around cmark's HTML without
changing what it says). `SITE_RULES` turn a reference renderer's HTML (cmark's, the oracle's) into what the page
shows. `KNOWN` lists the spec examples the page shows differently even so, by number, with why; any other
difference fails the test."""

import re

from normalize import normalize


def page_content(body):
    """A lesson page's body without the page's frame: heading anchors and ids, code blocks' attributes."""
    body = re.sub(r'<a class="anchor" href="#[^"]*" aria-label="[^"]*">#</a>', "", body)
    body = re.sub(r"<(h[1-6]) id=\"[^\"]*\">", r"<\1>", body)
    # Code blocks: the page's classes, and what makes a scrolling block reachable and named for the keyboard.
    body = re.sub(r"<pre [^>]*>", "<pre>", body)
    return body


def _h1_as_h2(html):
    return re.sub(r"<(/?)h1>", r"<\1h2>", html)


def is_han(c):
    v = ord(c)
    return v >= 0x3040 and (0x4E00 <= v <= 0x9FFF or 0x3400 <= v <= 0x4DBF or 0xF900 <= v <= 0xFAFF
                            or 0x20000 <= v <= 0x2FA1F or 0x3040 <= v <= 0x30FF)


def is_full_width_punctuation(c):
    v = ord(c)
    return 0x3000 <= v <= 0x303F or 0xFF00 <= v <= 0xFF0F or 0xFF1A <= v <= 0xFF20


def joins_lines(before, after):
    """CJKText.joinsLines: a line break between these two characters is no space."""
    return is_full_width_punctuation(before) or is_full_width_punctuation(after) or (is_han(before) and is_han(after))


def _join_cjk_lines(html):
    """Drops each newline outside <pre> whose nearest characters outside tags join (CJKLineBreaks)."""
    out = []
    pre = 0
    i = 0
    while i < len(html):
        c = html[i]
        if html.startswith("<pre", i):
            pre += 1
        elif html.startswith("</pre>", i):
            pre = max(0, pre - 1)
        if c == "\n" and pre == 0 and 0 < i < len(html) - 1:
            b = i - 1
            while b > 0 and html[b] == ">":
                open_ = html.rfind("<", 0, b)
                if open_ < 0:
                    break
                b = open_ - 1
            a = i + 1
            while a < len(html) - 1 and html[a] == "<":
                close = html.find(">", a)
                if close < 0:
                    break
                a = close + 1
            if b >= 0 and a < len(html) and html[b] != ">" and html[a] != "<" and joins_lines(html[b], html[a]):
                i += 1
                continue
        out.append(c)
        i += 1
    return "".join(out)


# (name, reason, rule): what the page shows instead of a reference renderer's HTML.
SITE_RULES = [
    ("h1 shown as h2", "a page's only h1 is the lesson's title, so a Markdown '#' heading is shown as h2 "
                       "(docs/lesson-format.md)", _h1_as_h2),
    ("Chinese lines joined", "a line break between Chinese characters, or beside full-width punctuation, is no "
                             "space: the CSS Text rule browsers do not implement (CJKLineBreaks)", _join_cjk_lines),
]


def as_page(reference_html):
    """A reference renderer's HTML as the page shows it, normalised."""
    for _, _, rule in SITE_RULES:
        reference_html = rule(reference_html)
    return normalize(reference_html)


_FENCE = ("lesson.markdown.unterminated-fence",
          "a fenced code block that is never closed is refused: cmark would run it to the end of the file, or of its "
          "quote or list item, and swallow what follows (docs/lesson-format.md)")
_IMAGE_MISSING = ("lesson.image.missing", "an image is a file beside the lesson; one that is not there is refused")
_IMAGE_OUTSIDE = ("lesson.image.outside", "an image is a file inside the content folder; a path from the site's root or "
                                          "outside the folder is refused")
_ANCHOR = ("lesson.link.broken-anchor", "a link to an anchor that no heading of the page has is refused")

# Spec examples (by number) the build refuses, each with the diagnostic it refuses them with and why. Any other
# difference from cmark fails.
KNOWN = {
    126: _FENCE, 127: _FENCE, 128: _FENCE, 137: _FENCE, 139: _FENCE, 237: _FENCE,
    501: _ANCHOR,
    517: _IMAGE_MISSING, 520: _IMAGE_MISSING, 531: _IMAGE_MISSING, 573: _IMAGE_MISSING, 576: _IMAGE_MISSING,
    577: _IMAGE_MISSING, 578: _IMAGE_MISSING, 580: _IMAGE_MISSING,
    572: _IMAGE_OUTSIDE, 574: _IMAGE_OUTSIDE, 575: _IMAGE_OUTSIDE, 579: _IMAGE_OUTSIDE, 581: _IMAGE_OUTSIDE,
    582: _IMAGE_OUTSIDE, 583: _IMAGE_OUTSIDE, 584: _IMAGE_OUTSIDE, 585: _IMAGE_OUTSIDE, 586: _IMAGE_OUTSIDE,
    587: _IMAGE_OUTSIDE, 588: _IMAGE_OUTSIDE, 589: _IMAGE_OUTSIDE, 591: _IMAGE_OUTSIDE,
}
