#!/bin/bash
# Two tutorbuild binaries compared on the one-lesson rebuild, run interleaved: A, B, A, B, …
#   bench/rebuild-ab.sh BINARY_A BINARY_B [N=1000] [runs=12]
# bench/site.sh compares tutorbuild with cmark and Hugo, and on a shared machine its ratios move by a
# third from one invocation to the next; a change of 5% shows only when two binaries take turns on the
# same machine in the same minutes. Each binary builds its own copy of the generated course (its caches
# are named after the running program, so sharing one copy would make every build a whole one), once
# cold, then once after an edit; then each run edits one lesson's prose in both copies and times a
# rebuild with each binary. Prints each binary's median wall and CPU time and B's as a ratio of A's.
# Both binaries find the UIKit model in TUTORBUILD_BUILD_DIR (default: .build/release).
set -euo pipefail
cd "$(dirname "$0")/.."
[ $# -ge 2 ] || { echo "usage: bench/rebuild-ab.sh BINARY_A BINARY_B [N] [runs]" >&2; exit 2; }
A=$(realpath "$1"); B=$(realpath "$2")
N=${3:-1000}
RUNS=${4:-12}
export TUTORBUILD_BUILD_DIR=${TUTORBUILD_BUILD_DIR:-$PWD/.build/release}
work=$(mktemp -d "${TMPDIR:-/tmp}/tutorbuild-bench-ab.XXXXXX")
trap 'rm -rf "$work"' EXIT
/usr/bin/python3 bench/site_corpus.py "$work/A/content" "$N" > /dev/null
cp -r "$work/A" "$work/B"
edit() {  # edit COPY RUN: a new sentence in the first paragraph of the middle lesson
    /usr/bin/python3 - "$work/$1/content/lesson-$(printf %04d $(( (N + 1) / 2 )))/en.md" "$2" <<'PY'
import sys
path, run = sys.argv[1], sys.argv[2]
text = open(path).read()
head, sep, body = text.partition("\n---\n\n")
open(path, "w").write(head + sep + "Edited in run %s. " % run + body)
PY
}
for x in A B; do
    binary=$A; [ "$x" = B ] && binary=$B
    (cd "$work/$x" && "$binary" build --content content --output site > /dev/null 2>&1) || { echo "FAILED: cold build with $binary"; exit 1; }
    edit "$x" warm
    (cd "$work/$x" && "$binary" build --content content --output site > /dev/null 2>&1) || { echo "FAILED: rebuild with $binary"; exit 1; }
done
: > "$work/times-A"; : > "$work/times-B"
for r in $(seq "$RUNS"); do
    for x in A B; do
        binary=$A; [ "$x" = B ] && binary=$B
        edit "$x" "$r"
        (cd "$work/$x" && /usr/bin/time -f '%e %U %S' -o "$work/time" "$binary" build --content content --output site > /dev/null 2>&1) \
            || { echo "FAILED: rebuild $r with $binary"; exit 1; }
        read -r wall user system < "$work/time"
        echo "$wall $(echo "$user + $system" | bc)" >> "$work/times-$x"
    done
done
bench/ab-summary.sh "$work/times-A" "$work/times-B" "one-lesson rebuilds" "$A" "$B"
