"""HTML normalisation as the CommonMark spec's own test harness does it (test/normalize.py of commonmark-spec):
whitespace collapsed outside <pre> and dropped around block tags, self-closing tags opened, attributes sorted,
character references turned into characters (but <, >, & and " stay references). Written again here with the
harness's documented behaviour, so the comparisons judge what a reader sees, not how the HTML is spelled. Two
additions: whitespace beside a comment (safe mode's `<!-- raw HTML omitted -->`) and at either end is dropped,
and `&quot;` in text is a quotation mark."""

import html
import re
from html.parser import HTMLParser

BLOCK_TAGS = {
    "article", "header", "aside", "hgroup", "blockquote", "hr", "iframe", "body", "li", "map", "button",
    "object", "canvas", "ol", "caption", "output", "col", "p", "colgroup", "pre", "dd", "progress", "div",
    "section", "dl", "table", "td", "dt", "tbody", "embed", "textarea", "fieldset", "tfoot", "figcaption",
    "th", "figure", "thead", "footer", "tr", "form", "ul", "h1", "h2", "h3", "h4", "h5", "h6", "video",
    "script", "style",
}
WHITESPACE = re.compile(r"\s+")
CHUNK = re.compile(r"(<!\[CDATA\[.*?\]\]>|<[^>]*>|[^<]+)", re.S)


class _Normalizer(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=False)
        self.out = []
        self.last = "starttag"
        self.last_tag = ""
        self.in_pre = False

    def _rstrip(self):
        text = "".join(self.out).rstrip()
        self.out = [text]

    def handle_data(self, data):
        after_tag = self.last in ("starttag", "endtag")
        if after_tag and self.last_tag == "br":
            data = data.lstrip("\n")
        if not self.in_pre:
            data = WHITESPACE.sub(" ", data)
        if after_tag and self.last_tag in BLOCK_TAGS and not self.in_pre:
            data = data.lstrip() if self.last == "starttag" else data.strip()
        self.out.append(data)
        self.last = "data"

    def handle_starttag(self, tag, attrs):
        if tag == "pre":
            self.in_pre = True
        if tag in BLOCK_TAGS:
            self._rstrip()
        text = "<" + tag
        for name, value in sorted(attrs, key=lambda a: (a[0], a[1] or "")):
            text += " " + name
            if value is not None:
                text += '="' + html.escape(value, quote=True) + '"'
        self.out.append(text + ">")
        self.last_tag = tag
        self.last = "starttag"

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        self.last = "endtag"

    def handle_endtag(self, tag):
        if tag == "pre":
            self.in_pre = False
        elif tag in BLOCK_TAGS:
            self._rstrip()
        self.out.append("</" + tag + ">")
        self.last_tag = tag
        self.last = "endtag"

    def handle_comment(self, data):
        self.out.append("<!--" + data + "-->")
        self.last = "comment"

    def handle_decl(self, data):
        self.out.append("<!" + data + ">")
        self.last = "decl"

    def unknown_decl(self, data):
        self.out.append("<!" + data + ">")
        self.last = "decl"

    def handle_pi(self, data):
        self.out.append("<?" + data + ">")
        self.last = "pi"

    def _char(self, char, fallback):
        # A quotation mark in text reads the same written as `"` or `&quot;` (the site escapes only <, > and &).
        escaped = {"<": "&lt;", ">": "&gt;", "&": "&amp;"}
        self.out.append(fallback if char is None else escaped.get(char, char))
        self.last = "ref"

    def handle_entityref(self, name):
        value = html.unescape("&" + name + ";")
        self._char(None if value.startswith("&") else value, "&" + name + ";")

    def handle_charref(self, name):
        try:
            char = chr(int(name[1:], 16)) if name[:1] in "xX" else chr(int(name))
        except (ValueError, OverflowError):
            char = None
        self._char(char, "&#" + name + ";")


def normalize(text):
    parser = _Normalizer()
    for chunk in CHUNK.finditer(text):
        piece = chunk.group(0)
        if piece.startswith("<![CDATA"):
            parser.out.append(piece)
        else:
            parser.feed(piece)
    parser.close()
    return re.sub(r"\s*(<!--.*?-->)\s*", r"\1", "".join(parser.out), flags=re.S).strip()
