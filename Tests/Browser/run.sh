#!/bin/sh
# Browser tests of the built site with Debian's chromium, chromium-driver and python3-selenium.
#   Tests/Browser/run.sh                 build the fixture course (via a Swift test helper), then test it
#   TUTORBUILD_SITE=path Tests/Browser/run.sh   test an already built site of the fixture course
# Screenshots go to Tests/Browser/screenshots/ (git-ignored; CI keeps them as artifacts).
# The last line is "N passed, N failed"; the exit status is non-zero when anything failed.
set -u
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
out="$here/out"
mkdir -p "$out" "$here/screenshots"
if [ -z "${TUTORBUILD_SITE:-}" ]; then
    rm -rf "$out/site"
    echo "building the fixture site…"
    (cd "$repo" && TUTORBUILD_BROWSER_SITE="$out/site" swift test --filter 'SiteBuilderTests.BrowserFixture' >"$out/build.log" 2>&1) || {
        cat "$out/build.log"; echo "0 passed, 1 failed"; exit 1; }
    TUTORBUILD_SITE="$out/site"
fi
status=0
/usr/bin/python3 "$here/site_test.py" "$TUTORBUILD_SITE" "$here/screenshots" | tee "$out/site_test.log" || status=1
# The real course and a hostile course, built by the CLI: both Chinese scripts, cross-script search, no injected script.
/usr/bin/python3 "$here/course_test.py" "$repo/.build/debug/tutorbuild" "$repo" "$out/cli" "$here/screenshots" | tee "$out/course_test.log" || status=1
passed=0; failed=0
for log in "$out/site_test.log" "$out/course_test.log"; do
    line=$(grep -E '^[0-9]+ passed, [0-9]+ failed' "$log" | tail -1)
    if [ -z "$line" ]; then failed=$((failed + 1)); continue; fi
    passed=$((passed + $(echo "$line" | sed -E 's/^([0-9]+) passed.*/\1/')))
    failed=$((failed + $(echo "$line" | sed -E 's/^[0-9]+ passed, ([0-9]+) failed.*/\1/')))
done
echo "$passed passed, $failed failed"
exit $status
