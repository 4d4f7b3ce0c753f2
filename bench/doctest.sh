#!/bin/sh
# Doc-test benchmark: cold run, warm rerun, one-lesson edit and the naive baseline (one compiler
# invocation per snippet) on the same generated lessons, in one process; prints the ratios.
#
#   bench/doctest.sh                      # 6 lessons x 10 snippets, en + zh-Hans
#   BENCH_LESSONS=12 BENCH_SNIPPETS=10 bench/doctest.sh
#   TUTORBUILD_BUILD_DIR=/path/.build/debug bench/doctest.sh   # another build of the UIKit model
#   BENCH_BASELINE=/other/.build/debug bench/doctest.sh        # then also the course, cold, with that model build
#                                                               # (A) and this one (B) taking turns, BENCH_RUNS times
#
# On a shared machine one cold run of the course varies by a third from minute to minute; a change of 15% shows only
# when the two builds take turns in the same minutes, compared by median CPU time (the compiler's included).
set -eu
cd "$(dirname "$0")/.."
swift build --product UIKit >/dev/null
swift build --product tutorbuild-launch >/dev/null
swift build --build-tests >/dev/null
TUTORBUILD_DOCTEST_BENCH=1 swift test --skip-build --filter DocTestBenchmark 2>&1 | sed -n 's/^BENCH //p'

[ -n "${BENCH_BASELINE:-}" ] || exit 0
A=$(realpath "$BENCH_BASELINE")
B=$(realpath "${TUTORBUILD_BUILD_DIR:-.build/debug}")
RUNS=${BENCH_RUNS:-5}
swift build --product tutorbuild >/dev/null
work=$(mktemp -d "${TMPDIR:-/tmp}/tutorbuild-bench-course.XXXXXX")
trap 'rm -rf "$work"' EXIT
# A copy of the course, so results and caches stay out of content/.
cp -r content "$work/content"
: > "$work/times-A"; : > "$work/times-B"
for r in $(seq "$RUNS"); do
    for x in A B; do
        build=$A; [ "$x" = B ] && build=$B
        # Outside the sandbox, so that the compiler's and the programs' CPU time is counted: bubblewrap's processes
        # are not the runner's children. The sandbox costs both builds the same.
        /usr/bin/time -f '%e %U %S' -o "$work/time" .build/debug/tutorbuild test --content "$work/content" --no-cache \
            --no-sandbox --model-build "$build" > "$work/out" 2>&1 || { tail -3 "$work/out"; echo "FAILED: cold run $r with $build"; exit 1; }
        read -r wall user system < "$work/time"
        echo "$wall $(echo "$user + $system" | bc)" >> "$work/times-$x"
    done
done
echo "the course, cold, with the baseline model build (A) and this one (B); target: B / A <= 1.15 CPU"
bench/ab-summary.sh "$work/times-A" "$work/times-B" "cold runs of the course" "$A" "$B"
