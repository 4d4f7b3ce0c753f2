"""Accessibility of every page of the course, checked by axe-core in Chromium, in light and dark mode.

Builds content/ with the real CLI (or takes the site COURSE_SITE names, built the same way) and runs axe-core
(from PyPI, see scripts/python-tools) on each lesson page in every language, each language's index, the root
index and the 404 page. A serious or critical violation fails its page. The pages are shared among
BROWSER_JOBS browsers (default: one per core, at most 2). The closing line is "N passed, N failed".

Colour contrast, four fifths of axe's time on a lesson page (its code is a span per token), is checked in both
schemes on the en and zh-Hans pages; a zh-Hant page is its zh-Hans page converted character by character (the same
elements, classes and stylesheet, so the same colours and sizes), and gets every other rule.

Usage: a11y_test.py TUTORBUILD_BINARY REPO_DIR WORK_DIR AXE_MIN_JS
"""
import concurrent.futures
import importlib.util
import os
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


def violations(driver, path):
    """axe-core's violations on one page, in light then dark mode: [(scheme, violation)]."""
    scheme(driver, "light")
    driver.get(BASE + path)
    driver.execute_script(axe_source)
    if path.startswith("zh-Hant/"):
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


check(len(pages) > 40, "expected every page of the course, found %d" % len(pages))
for page in pages:
    check_page(page)

# What axe reported at every level, for the log (minor and moderate findings do not fail).
for (impact, rule), n in sorted(counts.items()):
    print("  axe %s %s: %d elements" % (impact, rule, n))
server.shutdown()
sys.exit(helpers.summary())
