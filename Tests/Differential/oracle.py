"""The oracle: mdit-py-cjk-friendly on markdown-it-py, an independent implementation of the CJK-friendly amendments;
and, to say why the oracle is wrong where it is, the published rule's parts it departs from.

mdit-py-cjk-friendly describes itself as a simplified implementation. Where it disagrees with the site, the test
applies the published rule (tats-u/markdown-cjk-friendly, specification.md) to the oracle one part at a time; a
disagreement that one of these parts explains is the oracle's, and the test names the part."""

import unicodedata

from markdown_it import MarkdownIt
from markdown_it.common.utils import isMdAsciiPunct, isPunctChar, isWhiteSpace
from markdown_it.rules_inline.state_inline import StateInline
from mdit_py_cjk_friendly import cjk_friendly, is_cjk as oracle_is_cjk

# The CJK characters of the amendment (its ranges.md, Unicode 16).
_CJK_RANGES = [
    (0x1100, 0x11FF), (0x20A9, 0x20A9), (0x2329, 0x232A), (0x2630, 0x2637), (0x268A, 0x268F), (0x2E80, 0x2E99),
    (0x2E9B, 0x2EF3), (0x2F00, 0x2FD5), (0x2FF0, 0x303E), (0x3041, 0x3096), (0x3099, 0x30FF), (0x3105, 0x312F),
    (0x3131, 0x318E), (0x3190, 0x31E5), (0x31EF, 0x321E), (0x3220, 0x3247), (0x3250, 0xA48C), (0xA490, 0xA4C6),
    (0xA960, 0xA97C), (0xAC00, 0xD7A3), (0xD7B0, 0xD7C6), (0xD7CB, 0xD7FB), (0xF900, 0xFAFF), (0xFE10, 0xFE19),
    (0xFE30, 0xFE52), (0xFE54, 0xFE66), (0xFE68, 0xFE6B), (0xFF01, 0xFFBE), (0xFFC2, 0xFFC7), (0xFFCA, 0xFFCF),
    (0xFFD2, 0xFFD7), (0xFFDA, 0xFFDC), (0xFFE0, 0xFFE6), (0xFFE8, 0xFFEE), (0x16FE0, 0x16FE4), (0x16FF0, 0x16FF6),
    (0x17000, 0x18CD5), (0x18CFF, 0x18D1E), (0x18D80, 0x18DF2), (0x1AFF0, 0x1AFF3), (0x1AFF5, 0x1AFFB),
    (0x1AFFD, 0x1AFFE), (0x1B000, 0x1B122), (0x1B132, 0x1B132), (0x1B150, 0x1B152), (0x1B155, 0x1B155),
    (0x1B164, 0x1B167), (0x1B170, 0x1B2FB), (0x1D300, 0x1D356), (0x1D360, 0x1D376), (0x1F200, 0x1F200),
    (0x1F202, 0x1F202), (0x1F210, 0x1F219), (0x1F21B, 0x1F22E), (0x1F230, 0x1F231), (0x1F237, 0x1F237),
    (0x1F23B, 0x1F23B), (0x1F240, 0x1F248), (0x1F260, 0x1F265), (0x20000, 0x3FFFD),
]


def published_is_cjk(char):
    v = ord(char)
    return any(low <= v <= high for low, high in _CJK_RANGES)


# The parts of the published rule the oracle departs from, each with what it says.
DEPARTURES = {
    "underscore": "the oracle lets '_' open or close between two CJK letters; under the published rule '_' keeps "
                  "CommonMark's rule (no emphasis inside a word)",
    "cjk set": "the oracle's CJK characters are fewer than the amendment's (Hangul, CJK strokes and enclosed "
               "forms, half-width forms, kana supplements)",
    "variation selector": "the oracle reads a variation selector before a run as the character before it; the "
                          "amendment reads the character the selector belongs to",
}

_original = StateInline.scanDelims  # the oracle's (it patches markdown-it-py's when imported)


def _punct(ch):
    return isMdAsciiPunct(ord(ch)) or isPunctChar(ch)


def _scan_delims(self, start, canSplitWord):
    fixes = getattr(self.md, "_published_parts", None)
    if fixes is None:
        return _original(self, start, canSplitWord)
    scanned = _original(self, start, canSplitWord)
    is_cjk = published_is_cjk if "cjk set" in fixes else oracle_is_cjk
    pos, maximum, marker = start, self.posMax, self.src[start]
    while pos < maximum and self.src[pos] == marker:
        pos += 1
    last = self.src[start - 1] if start > 0 else " "
    nxt = self.src[pos] if pos < maximum else " "
    two_before = None
    if "variation selector" in fixes and 0xFE00 <= ord(last) <= 0xFE0E:
        two_before = self.src[start - 2] if start > 1 else " "
        if unicodedata.category(two_before) != "Zs":
            last = two_before
    last_ws, next_ws = isWhiteSpace(ord(last)), isWhiteSpace(ord(nxt))
    if last_ws or next_ws:
        return type(scanned)(not next_ws, not last_ws, scanned.length)
    last_punct, next_punct = _punct(last), _punct(nxt)
    if not canSplitWord and "underscore" in fixes:
        return type(scanned)(last_punct, next_punct, scanned.length)
    beside_cjk = is_cjk(last) or is_cjk(nxt)
    if not canSplitWord:
        # The oracle's own `_` rule, with the other parts fixed.
        left = not (not is_cjk(nxt) and next_punct) or beside_cjk or last_punct
        right = not (not is_cjk(last) and last_punct) or beside_cjk or next_punct
        return type(scanned)(left and (not right or is_cjk(last) or last_punct),
                             right and (not left or is_cjk(nxt) or next_punct), scanned.length)
    return type(scanned)(last_punct or beside_cjk or not next_punct, next_punct or beside_cjk or not last_punct,
                         scanned.length)


StateInline.scanDelims = _scan_delims


def _safe(md):
    """Raw HTML rendered as cmark's safe mode renders it (the site's default), so that it is not a difference."""
    md.add_render_rule("html_block", lambda *_: "<!-- raw HTML omitted -->\n")
    md.add_render_rule("html_inline", lambda *_: "<!-- raw HTML omitted -->")
    return md


ORACLE = _safe(MarkdownIt("commonmark").use(cjk_friendly))
PLAIN = _safe(MarkdownIt("commonmark"))


def oracle_with(parts):
    """The oracle with the given parts of the published rule applied."""
    md = _safe(MarkdownIt("commonmark").use(cjk_friendly))
    md._published_parts = frozenset(parts)
    return md


FIXED = {part: oracle_with([part]) for part in DEPARTURES}
ALL_FIXED = oracle_with(DEPARTURES)
