#!/bin/sh
# Browser tests of the built site with Debian's chromium, chromium-driver and python3-selenium, and of
# every page of content/ with axe-core.
#   Tests/Browser/run.sh                 build the fixture course (via a Swift test helper), then test it
#   TUTORBUILD_SITE=path Tests/Browser/run.sh   test an already built site of the fixture course
#   BROWSER_PYTHON=cmd                   the Python that runs the suites (default /usr/bin/python3)
# Screenshots go to Tests/Browser/screenshots/ (git-ignored; CI keeps them as artifacts).
# The last line is "N passed, N failed"; the exit status is non-zero when anything failed,
# including a suite that could not start (e.g. selenium missing) or printed no summary.
set -u
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
out="${BROWSER_OUT:-$here/out}"
python="${BROWSER_PYTHON:-/usr/bin/python3}"
mkdir -p "$out" "$here/screenshots"
if [ -z "${TUTORBUILD_SITE:-}" ]; then
    rm -rf "$out/site"
    echo "building the fixture site…"
    (cd "$repo" && TUTORBUILD_BROWSER_SITE="$out/site" swift test --filter 'SiteBuilderTests.BrowserFixture' >"$out/build.log" 2>&1) || {
        cat "$out/build.log"; echo "0 passed, 1 failed"; exit 1; }
    TUTORBUILD_SITE="$out/site"
fi
status=0
passed=0; failed=0
# Runs one suite with its output in a log (its own exit status is kept, not a pipe's), then adds its
# closing line to the totals.
suite() { # log, then the command
    log=$1; shift
    "$@" >"$log" 2>&1
    rc=$?
    cat "$log"
    line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -1)
    if [ -z "$line" ]; then
        echo "error: $(basename "$log" .log) exited with status $rc and printed no summary"
        failed=$((failed + 1)); status=1; return
    fi
    p=$(echo "$line" | sed -E 's/^([0-9]+) passed.*/\1/')
    f=$(echo "$line" | sed -E 's/^[0-9]+ passed, ([0-9]+) failed.*/\1/')
    passed=$((passed + p)); failed=$((failed + f))
    if [ "$rc" -ne 0 ] || [ "$f" -ne 0 ]; then
        status=1
        if [ "$f" -eq 0 ]; then failed=$((failed + 1)); echo "error: $(basename "$log" .log) exited with status $rc"; fi
    fi
}
suite "$out/site_test.log" "$python" "$here/site_test.py" "$TUTORBUILD_SITE" "$here/screenshots"
# The real course and a hostile course, built by the CLI: both Chinese scripts, cross-script search, no injected script.
suite "$out/course_test.log" "$python" "$here/course_test.py" "$repo/.build/debug/tutorbuild" "$repo" "$out/cli" "$here/screenshots"
# The preview: a course with an error shows it in the page, and a fix reloads the page without it.
suite "$out/serve_test.log" "$python" "$here/serve_test.py" "$repo/.build/debug/tutorbuild" "$out/cli" "$here/screenshots"
# Accessibility: axe-core (AXE_JS, default: from PyPI through scripts/python-tools) on every page of content/.
axe="${AXE_JS:-}"
if [ -z "$axe" ]; then axe="$("$repo/scripts/python-tools")/data/axe.min.js" || axe=""; fi
suite "$out/a11y_test.log" "$python" "$here/a11y_test.py" "$repo/.build/debug/tutorbuild" "$repo" "$out/cli" "$axe"
echo "$passed passed, $failed failed"
exit $status
