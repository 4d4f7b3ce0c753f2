"""Accessibility of every page of the course, checked by axe-core in Chromium, in light and dark mode.

Builds content/ with the real CLI and runs axe-core (from PyPI, see scripts/python-tools) on each lesson page in
every language, each language's index, the root index and the 404 page. A serious or critical violation fails
its page. The closing line is "N passed, N failed".

Usage: a11y_test.py TUTORBUILD_BINARY REPO_DIR WORK_DIR AXE_MIN_JS
"""
import importlib.util
import os
import subprocess
import sys

TUTORBUILD, REPO, WORK, AXE = (os.path.abspath(a) for a in sys.argv[1:5])

spec = importlib.util.spec_from_file_location("helpers", os.path.join(os.path.dirname(__file__), "site_helpers.py"))
helpers = importlib.util.module_from_spec(spec)
spec.loader.exec_module(helpers)
test, check = helpers.test, helpers.check

site = os.path.join(WORK, "a11y-site")
result = subprocess.run([TUTORBUILD, "build", "--no-test", "--content", os.path.join(REPO, "content"), "--output", site],
                        cwd=REPO, capture_output=True, text=True, timeout=600)
if result.returncode != 0:
    raise SystemExit("build failed:\n" + result.stderr)
pages = sorted(os.path.relpath(os.path.join(d, f), site).replace(os.sep, "/")
               for d, _, files in os.walk(site) for f in files if f.endswith(".html"))
with open(AXE, encoding="utf-8") as f:
    axe_source = f.read()

server, BASE = helpers.serve(site)
driver = helpers.make_driver()
driver.set_script_timeout(60)

# All of axe's rules in light mode; in dark mode only colour contrast, the one that depends on the scheme.
RUN_AXE = """
const done = arguments[arguments.length - 1];
const options = arguments[0] === 'dark' ? {resultTypes: ['violations'], runOnly: ['color-contrast']} : {resultTypes: ['violations']};
axe.run(document, options).then(results => done(results.violations.map(v => ({
    id: v.id, impact: v.impact, help: v.help,
    nodes: v.nodes.map(n => ({target: n.target.join(' '), summary: n.failureSummary}))
})))).catch(error => done([{id: 'axe-error', impact: 'critical', help: String(error), nodes: []}]));
"""


def violations(path, scheme):
    """axe-core's violations on one page in one colour scheme."""
    driver.execute_cdp_cmd("Emulation.setEmulatedMedia",
                           {"features": [{"name": "prefers-color-scheme", "value": scheme}]})
    driver.get(BASE + path)
    driver.execute_script(axe_source)
    return driver.execute_async_script(RUN_AXE, scheme)


counts = {}


def check_page(path):
    def run():
        found = []
        for scheme in ("light", "dark"):
            for v in violations(path, scheme):
                counts[(v["impact"], v["id"])] = counts.get((v["impact"], v["id"]), 0) + len(v["nodes"])
                if v["impact"] in ("serious", "critical"):
                    first = v["nodes"][0] if v["nodes"] else {"target": "", "summary": ""}
                    found.append("%s (%s, %s mode, %d elements): %s\n      first: %s\n      %s" % (
                        v["id"], v["impact"], scheme, len(v["nodes"]), v["help"], first["target"],
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
driver.quit()
server.shutdown()
sys.exit(helpers.summary())
