#!/bin/sh
# Doc-test benchmark: cold run, warm rerun, one-lesson edit and the naive baseline (one compiler
# invocation per snippet) on the same generated lessons, in one process; prints the ratios.
#
#   bench/doctest.sh                      # 6 lessons x 10 snippets, en + zh-Hans
#   BENCH_LESSONS=12 BENCH_SNIPPETS=10 bench/doctest.sh
#   TUTORBUILD_BUILD_DIR=/path/.build/debug bench/doctest.sh   # another build of the UIKit model
set -eu
cd "$(dirname "$0")/.."
swift build --product UIKit >/dev/null
swift build --product tutorbuild-launch >/dev/null
swift build --build-tests >/dev/null
TUTORBUILD_DOCTEST_BENCH=1 swift test --skip-build --filter DocTestBenchmark 2>&1 | sed -n 's/^BENCH //p'
