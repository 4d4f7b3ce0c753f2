"""Accessibility of every page of the course, checked by axe-core in Chromium, in light and dark mode.

Builds content/ with the real CLI (or takes the site COURSE_SITE names, built the same way) and runs axe-core
(from PyPI, see scripts/python-tools) on each lesson page in every language, each language's index, the root
index and the 404 page. A serious or critical violation fails its page. The pages are shared among
BROWSER_JOBS browsers (default: one per core, at most 2). The closing line is "N passed, N failed".

Colour contrast, four fifths of axe's time on a lesson page (its code is a span per token), is checked in both
schemes on the en and zh-Hans pages; a zh-Hant page is its zh-Hans page converted character by character (the same
elements, classes and stylesheet, so the same colours and sizes), and gets every other rule. That is checked, not
assumed: a zh-Hant page with a kind of element its zh-Hans twin lacks (tag, styled classes and inline style, with its
ancestors') or other stylesheets (`same_styling`) gets contrast checked in both schemes too.

Usage: a11y_test.py TUTORBUILD_BINARY REPO_DIR WORK_DIR AXE_MIN_JS
"""
import concurrent.futures
import html.parser
import importlib.util
import os
import re
import subprocess
import sys

TUTORBUILD, REPO, WORK, AXE = (os.path.abspath(a) for a in sys.argv[1:5])

spec = importlib.util.spec_from_file_location("helpers", os.path.join(os.path.dirname(__file__), "site_helpers.py"))
helpers = importlib.util.module_from_spec(spec)
spec.loader.exec_module(helpers)
test, check = helpers.test, helpers.check

site = os.environ.get("COURSE_SITE") or os.path.join(WORK, "a11y-site")
if not os.environ.get("COURSE_SITE"):
    result = subprocess.run([TUTORBUILD, "build", "--no-test", "--content", os.path.join(REPO, "content"), "--output", site],
                            cwd=REPO, capture_output=True, text=True, timeout=600)
    if result.returncode != 0:
        raise SystemExit("build failed:\n" + result.stderr)
pages = sorted(os.path.relpath(os.path.join(d, f), site).replace(os.sep, "/")
               for d, _, files in os.walk(site) for f in files if f.endswith(".html"))
with open(AXE, encoding="utf-8") as f:
    axe_source = f.read()

server, BASE = helpers.serve(site)

# All of axe's rules in light mode; in dark mode only colour contrast, the one that depends on the scheme. The
# page is loaded once, in light mode; dark mode is then emulated on the loaded page, and axe waits until the
# page's transitions have finished, so it sees the dark colours as a reader would.
RUN_AXE = """
const done = arguments[arguments.length - 1];
const options = arguments[0] === 'dark' ? {resultTypes: ['violations'], runOnly: ['color-contrast']}
  : arguments[0] === 'light without contrast' ? {resultTypes: ['violations'], rules: {'color-contrast': {enabled: false}}}
  : {resultTypes: ['violations']};
Promise.all(document.getAnimations().map(a => a.finished.catch(() => null)))
  .then(() => axe.run(document, options))
  .then(results => done(results.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map(n => ({target: n.target.join(' '), summary: n.failureSummary}))
  })))).catch(error => done([{id: 'axe-error', impact: 'critical', help: String(error), nodes: []}]));
"""


def scheme(driver, name):
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": name}]})


VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


def stylesheet_text():
    text = ""
    for folder, _, files in os.walk(site):
        for name in files:
            if name.endswith(".css"):
                with open(os.path.join(folder, name), encoding="utf-8") as f:
                    text += f.read()
    return text


CSS = stylesheet_text()


class Styling(html.parser.HTMLParser):
    """What decides the colours and sizes of a page's elements besides their text: each element with its ancestors,
    as tags, inline styles and the classes a stylesheet names (a class no stylesheet names changes nothing), and the
    stylesheets the page links. A set, not a sequence: twins show the same kinds of element in another order (each
    page's own language is the current item of the language switcher, the others are links)."""

    def __init__(self):
        super().__init__()
        self.kinds = set()
        self.stylesheets = []
        self.stack = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "link" and "stylesheet" in (attrs.get("rel") or ""):
            self.stylesheets.append(attrs.get("href"))
        classes = tuple(sorted(c for c in (attrs.get("class") or "").split()
                               if re.search(r"\." + re.escape(c) + r"(?![\w-])", CSS)))
        element = (tag, classes, attrs.get("style"))
        self.kinds.add(tuple(self.stack) + (element,))
        if tag not in VOID:
            self.stack.append(element)

    def handle_endtag(self, tag):
        for k in range(len(self.stack) - 1, -1, -1):
            if self.stack[k][0] == tag:
                del self.stack[k:]
                break


def styling(path, text=None):
    parser = Styling()
    if text is None:
        with open(os.path.join(site, path), encoding="utf-8") as f:
            text = f.read()
    parser.feed(text)
    return parser


def same_styling(path):
    """Whether every kind of element of a zh-Hant page, in its place, is on its zh-Hans twin too (whose contrast is
    checked), with the same stylesheets."""
    twin = "zh-Hans/" + path[len("zh-Hant/"):]
    if not os.path.exists(os.path.join(site, twin)):
        return False
    page, source = styling(path), styling(twin)
    return page.stylesheets == source.stylesheets and page.kinds <= source.kinds


def violations(driver, path):
    """axe-core's violations on one page, in light then dark mode: [(scheme, violation)]."""
    scheme(driver, "light")
    driver.get(BASE + path)
    driver.execute_script(axe_source)
    if path.startswith("zh-Hant/") and same_styling(path):
        return [("light", v) for v in driver.execute_async_script(RUN_AXE, "light without contrast")]
    found = [("light", v) for v in driver.execute_async_script(RUN_AXE, "light")]
    scheme(driver, "dark")
    check(driver.execute_script("return matchMedia('(prefers-color-scheme: dark)').matches"), "dark mode emulated on " + path)
    return found + [("dark", v) for v in driver.execute_async_script(RUN_AXE, "dark")]


def audit(share):
    """Runs axe on each page of `share` in a browser of its own: {path: [(scheme, violation)] or the exception}."""
    driver = helpers.make_driver()
    driver.set_script_timeout(180)
    outcomes = {}
    try:
        for path in share:
            try:
                outcomes[path] = violations(driver, path)
            except Exception as error:  # noqa: BLE001 - reported as that page's failure
                outcomes[path] = error
    finally:
        driver.quit()
    return outcomes


jobs = max(1, int(os.environ.get("BROWSER_JOBS") or min(2, os.cpu_count() or 1)))
outcomes = {}
with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
    for part in pool.map(audit, [pages[i::jobs] for i in range(jobs)]):
        outcomes.update(part)

counts = {}


def check_page(path):
    def run():
        outcome = outcomes.get(path, AssertionError("not audited"))
        if isinstance(outcome, Exception):
            raise outcome
        found = []
        for mode, v in outcome:
            counts[(v["impact"], v["id"])] = counts.get((v["impact"], v["id"]), 0) + len(v["nodes"])
            if v["impact"] in ("serious", "critical"):
                first = v["nodes"][0] if v["nodes"] else {"target": "", "summary": ""}
                found.append("%s (%s, %s mode, %d elements): %s\n      first: %s\n      %s" % (
                    v["id"], v["impact"], mode, len(v["nodes"]), v["help"], first["target"],
                    (first["summary"] or "").replace("\n", "\n      ")))
        check(not found, "%s:\n    %s" % (path, "\n    ".join(found)))
    run.__name__ = "axe finds nothing serious on " + path
    test(run)


def styling_compared():
    """The comparison that lets a zh-Hant page skip contrast notices a styled class, an inline style or another
    stylesheet its twin lacks, and ignores a class no stylesheet names."""
    hans = '<html><head><link rel="stylesheet" href="a.css"></head><body><p class="translation-note">x</p></body></html>'
    page = styling("zh-Hans/x.html", hans)
    for changed, same in [('<p class="translation-note not-a-styled-class">', True), ('<p class="translation-note current">', False),
                          ('<p class="translation-note" style="color:#ccc">', False), ('<p class="current">', False)]:
        hant = styling("zh-Hant/x.html", hans.replace('<p class="translation-note">', changed))
        check((hant.kinds <= page.kinds and hant.stylesheets == page.stylesheets) == same, changed)
    other = styling("zh-Hant/x.html", hans.replace("a.css", "b.css"))
    check(other.stylesheets != page.stylesheets, "another stylesheet")


test(styling_compared)
check(len(pages) > 40, "expected every page of the course, found %d" % len(pages))
for page in pages:
    check_page(page)

# What axe reported at every level, for the log (minor and moderate findings do not fail).
for (impact, rule), n in sorted(counts.items()):
    print("  axe %s %s: %d elements" % (impact, rule, n))
server.shutdown()
sys.exit(helpers.summary())
