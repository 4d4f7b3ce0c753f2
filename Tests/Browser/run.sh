#!/bin/sh
# Browser tests of the built site with Debian's chromium, chromium-driver and python3-selenium, and of
# every page of content/ with axe-core.
#   Tests/Browser/run.sh                 build the fixture course (via a Swift test helper), then test it
#   TUTORBUILD_SITE=path Tests/Browser/run.sh   test an already built site of the fixture course
#   COURSE_SITE=path                     an already built site of content/ (tutorbuild build --no-test)
#   BROWSER_JOBS=n                       browsers axe-core runs in at once (default: one per core, at most 2)
#   BROWSER_PYTHON=cmd                   the Python that runs the suites (default /usr/bin/python3)
#   BROWSER_TUTORBUILD=path              the tutorbuild that builds and serves the sites (default .build/debug/tutorbuild;
#                                        scripts/test passes the release build, which builds content/ 20 times faster)
# Screenshots go to Tests/Browser/screenshots/ (git-ignored; CI keeps them as artifacts).
# The last line is "N passed, N failed"; the exit status is non-zero when anything failed,
# including a suite that could not start (e.g. selenium missing) or printed no summary.
set -u
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
out="${BROWSER_OUT:-$here/out}"
python="${BROWSER_PYTHON:-/usr/bin/python3}"
tutorbuild="${BROWSER_TUTORBUILD:-$repo/.build/debug/tutorbuild}"
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
# Shows the log of a suite that has run and adds its closing line to the totals.
suite() { # log, exit status
    log=$1; rc=$2
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
# The suites run in two lanes at once, each with its own browser (a11y_test with BROWSER_JOBS of them): axe-core
# on every page of the course in one, the other suites one after the other in the second. Their logs are shown
# and counted in a fixed order once both lanes have ended.
# The course of content/, built once by the CLI for the suites that test it (course_test and a11y_test), unless
# COURSE_SITE names one already built.
mkdir -p "$out/cli"
if [ -z "${COURSE_SITE:-}" ]; then
    COURSE_SITE="$out/cli/course-site"
    rm -rf "$COURSE_SITE"
    if ! "$tutorbuild" build --no-test --content "$repo/content" --output "$COURSE_SITE" >"$out/course-build.log" 2>&1; then
        cat "$out/course-build.log"; echo "error: tutorbuild build of content/ failed"; status=1; failed=$((failed + 1))
    fi
fi
export COURSE_SITE
# Accessibility: axe-core (AXE_JS, default: from PyPI through scripts/python-tools) on every page of content/.
axe="${AXE_JS:-}"
if [ -z "$axe" ]; then axe="$("$repo/scripts/python-tools")/data/axe.min.js" || axe=""; fi
"$python" "$here/a11y_test.py" "$tutorbuild" "$repo" "$out/cli" "$axe" >"$out/a11y_test.log" 2>&1 &
a11y=$!
"$python" "$here/site_test.py" "$TUTORBUILD_SITE" "$here/screenshots" >"$out/site_test.log" 2>&1
echo $? >"$out/site_test.rc"
# The real course and a hostile course, built by the CLI: both Chinese scripts, cross-script search, no injected script.
"$python" "$here/course_test.py" "$tutorbuild" "$repo" "$out/cli" "$here/screenshots" >"$out/course_test.log" 2>&1
echo $? >"$out/course_test.rc"
# The preview: a course with an error shows it in the page, and a fix reloads the page without it.
"$python" "$here/serve_test.py" "$tutorbuild" "$out/cli" "$here/screenshots" >"$out/serve_test.log" 2>&1
echo $? >"$out/serve_test.rc"
wait $a11y
echo $? >"$out/a11y_test.rc"
for name in site_test course_test serve_test a11y_test; do
    suite "$out/$name.log" "$(cat "$out/$name.rc")"
done
echo "$passed passed, $failed failed"
exit $status
