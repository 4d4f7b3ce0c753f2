#!/bin/bash
# What each piece of code shaped by a measurement buys (docs/site.md, "Why the code is shaped as it is"):
# the same release binary with the piece on (A) and off (B: TUTORBUILD_BENCH_WITHOUT=piece), taking turns
# on the work the piece is for, on the generated course of N lessons x 2 languages (bench/site_corpus.py):
#   arena          `tutorbuild check` of the whole course: every lesson parsed by cmark;
#   teardown       `tutorbuild check` of the whole course: the course kept to the end of the process, or freed;
#   manifest-json  one-lesson rebuilds (bench/rebuild-ab.sh), which read and write the site's manifest by
#                  hand, or with JSONDecoder and JSONEncoder;
#   line-formats   one-lesson rebuilds, which read the lesson records, plans and generated pages' facts as
#                  lines, or as JSON with JSONDecoder (and write them with JSONEncoder).
#   bench/shapes.sh [N=1000] [runs=9]
# BENCH_BINARY names a tutorbuild binary to time instead of building this checkout's.
# Prints each side's median wall and CPU time and B / A per piece: a piece earns its place while B / A > 1.
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-1000}
RUNS=${2:-9}
if [ -z "${BENCH_BINARY:-}" ]; then
    # Built as README's "A release build" says (the `mktemp` warning comes from static Foundation).
    swift build -c release --product tutorbuild --static-swift-stdlib 2>&1 | grep -E "error|warning: " | grep -v "mktemp" || true
    swift build -c release --product UIKit 2>&1 | grep -E "error|warning: " || true
    swift build -c release --product tutorbuild-launch 2>&1 | grep -E "error|warning: " || true
fi
bin=$(realpath "${BENCH_BINARY:-.build/release/tutorbuild}")
export TUTORBUILD_BUILD_DIR=${TUTORBUILD_BUILD_DIR:-$PWD/.build/release}
work=$(mktemp -d "${TMPDIR:-/tmp}/tutorbuild-bench-shapes.XXXXXX")
trap 'rm -rf "$work"' EXIT
/usr/bin/python3 bench/site_corpus.py "$work/content" "$N" > /dev/null
wrap() {  # wrap NAME PIECES: a program that runs tutorbuild without PIECES
    printf '#!/bin/sh\nTUTORBUILD_BENCH_WITHOUT=%s exec %s "$@"\n' "$2" "$bin" > "$work/$1"
    chmod +x "$work/$1"
}
wrap on ""
for piece in arena teardown; do
    wrap "without-$piece" "$piece"
    : > "$work/times-A"; : > "$work/times-B"
    for r in $(seq "$RUNS"); do
        for x in A B; do
            program=$work/on; [ "$x" = B ] && program=$work/without-$piece
            /usr/bin/time -f '%e %U %S' -o "$work/time" "$program" check --content "$work/content" > /dev/null 2>&1 \
                || { echo "FAILED: check with $program"; exit 1; }
            read -r wall user system < "$work/time"
            echo "$wall $(echo "$user + $system" | bc)" >> "$work/times-$x"
        done
    done
    echo "== $piece (A: on, B: off)"
    bench/ab-summary.sh "$work/times-A" "$work/times-B" "checks of the course" on "without $piece"
done
for piece in manifest-json line-formats; do
    wrap "without-$piece" "$piece"
    echo "== $piece (A: on, B: off)"
    bench/rebuild-ab.sh "$work/on" "$work/without-$piece" "$N" "$RUNS" | sed "s|$work/||g"
done
