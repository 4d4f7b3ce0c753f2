#!/bin/bash
# Two tutorbuild binaries on what bench/site.sh and bench/doctest.sh time, in one invocation, each in its own
# copy of the course (caches are named after the running program):
#   1. content/ and the generated course of N lessons x 2 languages (bench/site_corpus.py) built by each
#      into its own site: the sites must be byte-identical. content/'s programs are compiled once, by A:
#      B starts from a copy of A's doc-test result cache (and so also shows that it reads A's entries);
#      the generated course is built cold by each.
#   2. taking turns, A, B, A, B, …: an unchanged rebuild of the course into the same site, then a fully
#      cached `tutorbuild test` of it; each one's median wall and CPU time and B's as a ratio of A's.
#   bench/site-ab.sh BINARY_A BINARY_B [N=1000] [runs=7]
# Both find the UIKit model in TUTORBUILD_BUILD_DIR (default: .build/release), so the model hash that
# verified pages print is the same. BENCH_CACHE, a doc-test cache folder made with that model, seeds A's
# (content/'s programs then need not compile); BENCH_CONTENT=0 leaves content/ out. bench/rebuild-ab.sh
# times one-lesson rebuilds the same way.
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 2 ] || { echo "usage: bench/site-ab.sh BINARY_A BINARY_B [N] [runs]" >&2; exit 2; }
A=$(realpath "$1"); B=$(realpath "$2")
N=${3:-1000}
RUNS=${4:-7}
export TUTORBUILD_BUILD_DIR=${TUTORBUILD_BUILD_DIR:-$PWD/.build/release}
work=$(mktemp -d "${TMPDIR:-/tmp}/tutorbuild-bench-site-ab.XXXXXX")
trap 'rm -rf "$work"' EXIT
binary() { if [ "$1" = A ]; then echo "$A"; else echo "$B"; fi; }

courses=course
if [ "${BENCH_CONTENT:-1}" = 1 ]; then
    courses="lessons course"
    mkdir -p "$work/A/lessons" "$work/B/lessons"
    cp -r content "$work/A/lessons/content"
    if [ -n "${BENCH_CACHE:-}" ]; then mkdir -p "$work/A/lessons/.tutorbuild" && cp -r "$BENCH_CACHE" "$work/A/lessons/.tutorbuild/cache"; fi
    (cd "$work/A/lessons" && "$A" build --content content --output site > "$work/out" 2>&1) || { tail -5 "$work/out"; echo "FAILED: content/ with $A"; exit 1; }
    cp -r content "$work/B/lessons/content"
    mkdir -p "$work/B/lessons/.tutorbuild" && cp -r "$work/A/lessons/.tutorbuild/cache" "$work/B/lessons/.tutorbuild/cache"
    (cd "$work/B/lessons" && "$B" build --content content --output site > "$work/out" 2>&1) || { tail -5 "$work/out"; echo "FAILED: content/ with $B"; exit 1; }
fi
/usr/bin/python3 bench/site_corpus.py "$work/A/course/content" "$N" > /dev/null
mkdir -p "$work/B" && cp -r "$work/A/course" "$work/B/course"
for x in A B; do
    (cd "$work/$x/course" && "$(binary $x)" build --content content --output site > "$work/out" 2>&1) \
        || { tail -5 "$work/out"; echo "FAILED: the course with $(binary $x)"; exit 1; }
done
# The manifest inside the site names the program that built the search indexes (a new tutorbuild makes them
# again), so it differs between any two binaries; every file it lists must not.
for what in $courses; do
    if diff -r -x .tutorbuild-manifest.json "$work/A/$what/site" "$work/B/$what/site" > "$work/diff"; then
        echo "$what: the sites are byte-identical ($(find "$work/A/$what/site" -type f | wc -l) files)"
    else
        head -20 "$work/diff"; echo "FAILED: the sites of $what differ"; exit 1
    fi
done

for kind in unchanged test; do : > "$work/$kind-A"; : > "$work/$kind-B"; done
for _ in $(seq "$RUNS"); do
    for x in A B; do
        for kind in unchanged test; do
            if [ "$kind" = unchanged ]; then args=(build --content content --output site); else args=(test --content content); fi
            (cd "$work/$x/course" && /usr/bin/time -f '%e %U %S' -o "$work/time" "$(binary $x)" "${args[@]}" > /dev/null 2>&1) \
                || { echo "FAILED: $kind with $(binary $x)"; exit 1; }
            read -r wall user system < "$work/time"
            echo "$wall $(echo "$user + $system" | bc)" >> "$work/$kind-$x"
        done
    done
done
bench/ab-summary.sh "$work/unchanged-A" "$work/unchanged-B" "unchanged rebuilds" "$A" "$B"
bench/ab-summary.sh "$work/test-A" "$work/test-B" "fully cached test runs" "$A" "$B"
