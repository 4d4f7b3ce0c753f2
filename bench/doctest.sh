#!/bin/sh
# Doc-test benchmark: cold run, warm rerun, one-lesson edit and the naive baseline (one compiler
# invocation per snippet) on the same generated lessons, in one process; prints the ratios.
#
#   bench/doctest.sh                      # 6 lessons x 10 snippets, en + zh-Hans
#   BENCH_LESSONS=12 BENCH_SNIPPETS=10 bench/doctest.sh
#   TUTORBUILD_BUILD_DIR=/path/.build/debug bench/doctest.sh   # another build of the UIKit model
#   BENCH_BASELINE=/other/.build/debug bench/doctest.sh        # then also the course, cold, with that model build
#                                                               # (A) and this one (B) taking turns, BENCH_RUNS times
#   BENCH_MERGE_RUNS=0 bench/doctest.sh   # skip the course cold, per-lesson programs (A) against merged ones (B),
#                                         # taking turns BENCH_MERGE_RUNS times (3 by default), results compared
#
# On a shared machine one cold run of the course varies by a third from minute to minute; a change of 15% shows only
# when the two builds take turns in the same minutes, compared by median CPU time (the compiler's included).
set -eu
cd "$(dirname "$0")/.."
swift build --product UIKit >/dev/null
swift build --product tutorbuild-launch >/dev/null
swift build --build-tests >/dev/null
TUTORBUILD_DOCTEST_BENCH=1 swift test --skip-build --filter DocTestBenchmark 2>&1 | sed -n 's/^BENCH //p'

# The course, cold, each lesson's program compiled alone (TUTORBUILD_DOCTEST_MERGE=0, A) and lessons merged into
# fewer compiles (B), in turns, outside the sandbox so the compiler's CPU time is counted; their results must match.
# With the build users run (README command 1: release tutorbuild, model and launcher); BENCH_MERGE_BUILD=debug for
# the debug build, whose model makes each lesson's own run several times slower.
MERGE_RUNS=${BENCH_MERGE_RUNS:-3}
MERGE_BUILD=${BENCH_MERGE_BUILD:-release}
if [ "$MERGE_RUNS" -gt 0 ]; then
    if [ "$MERGE_BUILD" = release ]; then
        swift build -c release --product tutorbuild --static-swift-stdlib >/dev/null
        swift build -c release --product UIKit >/dev/null
        swift build -c release --product tutorbuild-launch >/dev/null
    else
        swift build --product tutorbuild >/dev/null
    fi
    mwork=$(mktemp -d "${TMPDIR:-/tmp}/tutorbuild-bench-merge.XXXXXX")
    : > "$mwork/times-A"; : > "$mwork/times-B"
    for r in $(seq "$MERGE_RUNS"); do
        for x in A B; do
            merge=0; [ "$x" = B ] && merge=1
            # Each its own folder: results.json is written beside the content folder.
            rm -rf "${mwork:?}/$x"; mkdir "$mwork/$x"; cp -r content "$mwork/$x/content"
            TUTORBUILD_DOCTEST_MERGE=$merge /usr/bin/time -f '%e %U %S' -o "$mwork/time" ".build/$MERGE_BUILD/tutorbuild" test \
                --content "$mwork/$x/content" --no-cache --no-sandbox > "$mwork/out-$x" 2>&1 || true
            read -r wall user system < "$mwork/time"
            echo "$wall $(echo "$user + $system" | bc)" >> "$mwork/times-$x"
            tail -1 "$mwork/out-$x" > "$mwork/summary-$x"
        done
        # The same results, whatever their dates and the folder the content was in.
        bench/results-compare.py "$mwork/A/.tutorbuild/results.json" "$mwork/A/content" "$mwork/B/.tutorbuild/results.json" \
            "$mwork/B/content" > /dev/null || { echo "FAILED: run $r: merged results differ from per-lesson ones"; exit 1; }
        cmp -s "$mwork/summary-A" "$mwork/summary-B" || { echo "FAILED: run $r: summaries differ"; cat "$mwork/summary-A" "$mwork/summary-B"; exit 1; }
    done
    echo "the course, cold ($MERGE_BUILD build): each lesson's program alone (A) and merged programs (B); results identical; target A / B >= 1.5"
    cat "$mwork/summary-B"
    bench/ab-summary.sh "$mwork/times-A" "$mwork/times-B" "cold runs of content/" "per-lesson programs" "merged programs"
    rm -rf "$mwork"
fi

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
