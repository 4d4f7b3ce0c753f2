#!/bin/sh
# Browser tests of the built site with Debian's chromium, chromium-driver and python3-selenium.
#   Tests/Browser/run.sh                 build the fixture course (via a Swift test helper), then test it
#   TUTORBUILD_SITE=path Tests/Browser/run.sh   test an already built site of the fixture course
# Screenshots go to Tests/Browser/screenshots/ (git-ignored; CI keeps them as artifacts).
# The last line is "N passed, N failed"; the exit status is non-zero when anything failed.
set -eu
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
exec /usr/bin/python3 "$here/site_test.py" "$TUTORBUILD_SITE" "$here/screenshots"
