#!/usr/bin/env bash
# Tests of the test scripts: scripts/test and Tests/Browser/run.sh fed with suites that pass, fail,
# crash or print no summary. A failing suite must make them exit non-zero, and their closing line
# must count it. Ends with "N passed, N failed".
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
passed=0
failed=0

# A fake suite: prints its arguments' lines and exits with the status given first.
fake() { # name status line...
    local name=$1 rc=$2; shift 2
    { echo '#!/bin/sh'; for l in "$@"; do printf 'printf "%%s\\n" %q\n' "$l"; done; echo "exit $rc"; } >"$work/$name"
    chmod +x "$work/$name"
    echo "$work/$name"
}

# Runs scripts/test with the given suites (env assignments), checks its exit status and closing line.
check_test_script() { # description, expected status (0 or nonzero), expected closing line, env...
    local what=$1 want=$2 closing=$3; shift 3
    local out rc
    out=$(cd "$repo" && env TESTS_SKIP_BUILD=1 TESTS_SKIP_INSTALL=1 TESTS_LOG_DIR="$work/logs" \
        TESTS_SWIFT_CMD="$pass_swift" TESTS_RELEASE_CMD="$pass_swift" TESTS_DOCTEST_SWIFT6_CMD="$pass_suite" TESTS_DOCTEST_CMD="$pass_suite" TESTS_BROWSER_CMD="$pass_suite" \
        TESTS_DIFFERENTIAL_CMD="$pass_suite" TESTS_SCRIPTS_CMD="$pass_suite" "$@" scripts/test 2>&1)
    rc=$?
    verdict "$what" "$want" "$rc" "$closing" "$(tail -1 <<<"$out")" "$out"
}

verdict() { # description, want, rc, expected closing, actual closing, output
    local ok=0
    if [[ $2 == 0 ]]; then (( $3 == 0 )) && ok=1; else (( $3 != 0 )) && ok=1; fi
    if (( ok )) && [[ "$5" == "$4" ]]; then
        echo "PASS $1"; passed=$((passed + 1))
    else
        echo "FAIL $1: exit $3 (wanted ${2/nonzero/non-zero}), closing line '$5' (wanted '$4')"
        sed 's/^/    /' <<<"$6" | tail -20
        failed=$((failed + 1))
    fi
}

pass_swift=$(fake swift-pass 0 '✔ Test "a" passed after 0.1 seconds.' '✔ Test run with 3 tests in 1 suite passed after 0.2 seconds.')
pass_suite=$(fake suite-pass 0 'PASS x' '2 passed, 0 failed')

check_test_script "every suite passes: exit 0" 0 "tests: 16 passed, 0 failed"
check_test_script "a failing Swift test fails the run" nonzero "tests: 15 passed, 1 failed" \
    TESTS_SWIFT_CMD="$(fake swift-fail 1 '✘ Test "b" recorded an issue at B.swift:3:5: Expectation failed: 1 == 2' \
        '✘ Test "b" failed after 0.1 seconds with 1 issue.' '✘ Test run with 3 tests in 1 suite failed after 0.2 seconds with 1 issue.')"
check_test_script "a Swift test run that crashes without a summary fails the run" nonzero "tests: 13 passed, 1 failed" \
    TESTS_SWIFT_CMD="$(fake swift-crash 132 'Fatal error: boom')"
check_test_script "a failing process test against the release build fails the run" nonzero "tests: 15 passed, 1 failed" \
    TESTS_RELEASE_CMD="$(fake release-fail 1 '✘ Test "c" recorded an issue at C.swift:9:9: Expectation failed: run.ended' \
        '✘ Test "c" failed after 3.1 seconds with 1 issue.' '✘ Test run with 3 tests in 1 suite failed after 3.2 seconds with 1 issue.')"
check_test_script "a release process test run that crashes without a summary fails the run" nonzero "tests: 13 passed, 1 failed" \
    TESTS_RELEASE_CMD="$(fake release-crash 132 'Fatal error: boom')"
check_test_script "a failing doc-test fails the run" nonzero "tests: 15 passed, 1 failed" \
    TESTS_DOCTEST_CMD="$(fake doctest-fail 1 'content/a/en.md:3:1: error: snippet output differs' '1 passed, 1 failed')"
check_test_script "a doc-test failing only in Swift 6 mode fails the run" nonzero "tests: 15 passed, 1 failed" \
    TESTS_DOCTEST_SWIFT6_CMD="$(fake doctest6-fail 1 "content/a/en.md:5:9: error: sending 'note' risks causing data races" '1 passed, 1 failed')"
check_test_script "a doc-test run that exits 1 under a '0 failed' line still fails" nonzero "tests: 16 passed, 1 failed" \
    TESTS_DOCTEST_CMD="$(fake doctest-liar 1 'error: twin snippets differ' '2 passed, 0 failed')"
check_test_script "a failing browser test fails the run" nonzero "tests: 15 passed, 1 failed" \
    TESTS_BROWSER_CMD="$(fake browser-fail 1 'FAIL search' '1 passed, 1 failed')"
check_test_script "a browser suite that reports a failure but exits 0 still fails" nonzero "tests: 15 passed, 1 failed" \
    TESTS_BROWSER_CMD="$(fake browser-quiet-fail 0 '1 passed, 1 failed')"
check_test_script "a failing differential test fails the run" nonzero "tests: 15 passed, 1 failed" \
    TESTS_DIFFERENTIAL_CMD="$(fake differential-fail 1 'spec example 5: the page differs from cmark' '1 passed, 1 failed')"
check_test_script "a browser suite that cannot start fails the run" nonzero "tests: 14 passed, 1 failed" \
    TESTS_BROWSER_CMD="$(fake browser-broken 1 "ModuleNotFoundError: No module named 'selenium'")"

# Tests/Browser/run.sh against a fake Python, on a site that is never opened.
check_browser_script() { # description, want, closing, python
    local out rc
    out=$(env TUTORBUILD_SITE="$work/no-site" COURSE_SITE="$work/no-course-site" BROWSER_OUT="$work/browser" BROWSER_PYTHON="$4" AXE_JS="$work/axe.min.js" \
        "$repo/Tests/Browser/run.sh" 2>&1)
    rc=$?
    verdict "$1" "$2" "$rc" "$3" "$(tail -1 <<<"$out")" "$out"
}
check_browser_script "browser runner: every suite passes" 0 "8 passed, 0 failed" "$(fake py-pass 0 'PASS a' '2 passed, 0 failed')"
check_browser_script "browser runner: a failing test exits non-zero" nonzero "4 passed, 4 failed" "$(fake py-fail 1 'FAIL a' '1 passed, 1 failed')"
check_browser_script "browser runner: selenium missing exits non-zero" nonzero "0 passed, 4 failed" \
    "$(fake py-missing 1 'Traceback (most recent call last):' "ModuleNotFoundError: No module named 'selenium'")"

echo "$passed passed, $failed failed"
(( failed == 0 ))
