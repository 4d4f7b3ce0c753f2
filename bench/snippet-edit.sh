#!/bin/bash
# A one-snippet edit built with `tutorbuild build` (issue 29 item 3): the debug build (README's command 1
# before it built release) against the release build, taking turns in one invocation.
#   bench/snippet-edit.sh [runs=5] [lesson=text-views]
# Each build, with the UIKit model and launcher beside it, builds its own copy of content/ once; then each run
# edits the lesson's first snippet that has an expected output, in both twins (en and zh-Hans): it appends
# `print("bench-edit-K")` to the snippet and `bench-edit-K` to its output block, so the snippet still passes, and
# times `tutorbuild build` with the release build, then with the debug one; then it undoes the edit and times
# that too. Prints each build's medians and debug / release.
# Target (issue 29): a debug build's edit within 2x of a release build's, or README's command 1 builds release.
# RELEASE and DEBUG name the two tutorbuild binaries (default .build/release/tutorbuild, .build/debug/tutorbuild);
# neither is built here. BENCH_CACHE names a `.tutorbuild` folder both copies start with (a warm doc-test cache:
# the first builds then compile only what that cache lacks for each build's model).
set -euo pipefail
cd "$(dirname "$0")/.."
RUNS=${1:-5}
LESSON=${2:-text-views}
release=$(realpath "${RELEASE:-.build/release/tutorbuild}")
debug=$(realpath "${DEBUG:-.build/debug/tutorbuild}")
work=$(mktemp -d "${TMPDIR:-/tmp}/tutorbuild-bench-snippet-edit.XXXXXX")
trap 'rm -rf "$work"' EXIT

edit() {  # edit COPY K: the K-th edit of the snippet (K=0: as in content/)
    /usr/bin/python3 - "$work/$1/content/$LESSON" "$2" <<'PY'
import os, re, sys
folder, k = sys.argv[1], int(sys.argv[2])
FENCE = re.compile(r"^```(\w*)\s*$")
for language in ("en", "zh-Hans"):
    path = os.path.join(folder, language + ".md")
    text = re.sub(r'print\("bench-edit-[0-9]+"\)\n|bench-edit-[0-9]+\n', "", open(path, encoding="utf-8").read())
    lines = text.split("\n")
    blocks, open_at = [], None
    for i, line in enumerate(lines):
        m = FENCE.match(line)
        if m and open_at is None:
            open_at = (i, m.group(1))
        elif line.strip() == "```" and open_at is not None:
            blocks.append((open_at[1], i))
            open_at = None
    if k > 0:
        for (kind, code_end), (next_kind, output_end) in zip(blocks, blocks[1:]):
            if kind == "swift" and next_kind == "output":
                lines[output_end:output_end] = ["bench-edit-%d" % k]
                lines[code_end:code_end] = ['print("bench-edit-%d")' % k]
                break
        else:
            sys.exit("no swift snippet with an output block in " + path)
    open(path, "w", encoding="utf-8").write("\n".join(lines))
PY
}

build() {  # build COPY KIND: times one build into the copy's site
    local binary=$release
    [ "$1" = debug ] && binary=$debug
    (cd "$work/$1" && /usr/bin/time -f '%e %U %S' -o "$work/time" "$binary" build --content content --output site > "$work/out" 2>&1) \
        || { tail -5 "$work/out"; echo "FAILED: $2 build with $binary"; exit 1; }
    grep -q "1 of [0-9]* lessons changed" "$work/out" || [ "$2" = first ] || { cat "$work/out"; echo "FAILED: not a one-lesson rebuild"; exit 1; }
    read -r wall user system < "$work/time"
    echo "$wall $(echo "$user + $system" | bc)" >> "$work/times-$1-$2"
}

for x in release debug; do
    mkdir -p "$work/$x"
    cp -r content "$work/$x/content"
    [ -z "${BENCH_CACHE:-}" ] || cp -r "$BENCH_CACHE" "$work/$x/.tutorbuild"
    : > "$work/times-$x-edit"; : > "$work/times-$x-undo"; : > "$work/times-$x-first"
    build "$x" first
done
for r in $(seq "$RUNS"); do
    for x in release debug; do edit "$x" "$r"; build "$x" edit; done
    for x in release debug; do edit "$x" 0; build "$x" undo; done
done
for kind in edit undo; do
    bench/ab-summary.sh "$work/times-release-$kind" "$work/times-debug-$kind" "one-snippet ${kind}s, then tutorbuild build" "$release" "$debug" \
        | sed 's/^A:/release:/; s/^B:/debug:/; s|^B / A:|debug / release:|'
done
echo "target: debug / release <= 2 for the edit (issue 29), or README's command 1 builds release"
