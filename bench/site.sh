#!/bin/bash
# Site build benchmark (issue 5 §9): a generated course of N lessons x 2 languages (snippets `ignore`),
# built by `tutorbuild build --no-test`, against bare `cmark` over the same Markdown, in the same run.
#   bench/site.sh [N=1000] [runs=3]
# Every build writes into a new output folder, so no page is reused. Two kinds of build are timed:
#   cold: `--no-cache`, so OpenCC converts every zh-Hant page (a first build, or CI without .tutorbuild/);
#   warm: converted pages come from .tutorbuild/converted (every build after the first).
# Also printed, from the same run: how long the file system takes to create the site's files and folders
# (`cp -r` of the built site), the peak memory of each kind of build, an unchanged rebuild, index sizes.
# Targets: within 4x of bare cmark, under 150 MB.
# BENCH_DIR chooses where the corpus and sites go (default: a new folder under ${TMPDIR:-/tmp}); the
# file system there is part of what is measured.
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-1000}
RUNS=${2:-3}
work=${BENCH_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/tutorbuild-bench-site.XXXXXX")}
mkdir -p "$work"
corpus=$work/content

echo "== corpus: $N lessons x 2 languages, in $work"
rm -rf "$corpus" "$work/.tutorbuild"
/usr/bin/python3 bench/site_corpus.py "$corpus" "$N"
find "$corpus" -name '*.md' | sort > "$work/files.txt"
xargs cat < "$work/files.txt" > "$work/all.md"
echo "   $(wc -l < "$work/files.txt") files, $(du -k "$work/all.md" | cut -f1) KB of Markdown"

echo "== building tutorbuild (release, Swift libraries linked statically)"
# How a tutorbuild to install is built (README, "A release build"): with the Swift runtime and Foundation
# linked into the program, calls into them are direct and nothing is looked up at start-up; the same
# build linked against the shared libraries takes about 9% longer here. (The linker's warning about
# `mktemp` comes from inside the static Foundation library, not from tutorbuild.)
swift build -c release --product tutorbuild --static-swift-stdlib 2>&1 | grep -E "error|warning: " | grep -v "mktemp" || true
cli=$PWD/.build/release/tutorbuild

# Each timed build and copy gets an output folder of its own, and all are deleted at the end. Deleting
# a 3,000-folder site just before the next build would time the file system's bookkeeping for that
# deletion, not the build: ext4 without a journal (this machine's) steps over inodes freed in the last
# minutes one by one when it allocates new ones, which added 1-2.5 s of system time to each build.
outputs=$work/outputs
rm -rf "$outputs"; mkdir -p "$outputs"
fresh() {  # fresh NAME: a path under $outputs that no earlier build or copy used
    local n=0
    while [ -e "$outputs/$1-$n" ]; do n=$((n + 1)); done
    echo "$outputs/$1-$n"
}
build() {  # build [extra options]: a clean build of the corpus into a new folder, named by $site afterwards
    site=$(fresh site)
    "$cli" build --no-test --content "$corpus" --output "$site" "$@" > "$work/build.txt" 2>&1
}
now() { date +%s.%N; }
best() { sort -g | head -1; }
elapsed() { echo "$2 - $1" | bc; }

echo "== $RUNS runs of each, interleaved"
build   # fills .tutorbuild/converted for the warm builds
: > "$work/t-cmark"; : > "$work/t-cold"; : > "$work/t-warm"; : > "$work/t-fs"
for _ in $(seq "$RUNS"); do
    t0=$(now); cmark "$work/all.md" > /dev/null; t1=$(now); elapsed "$t0" "$t1" >> "$work/t-cmark"
    t0=$(now); build --no-cache; t1=$(now); elapsed "$t0" "$t1" >> "$work/t-cold"
    t0=$(now); build; t1=$(now); elapsed "$t0" "$t1" >> "$work/t-warm"
    copy=$(fresh copy)
    t0=$(now); cp -r "$site" "$copy"; t1=$(now); elapsed "$t0" "$t1" >> "$work/t-fs"
done
peak() {  # peak NAME [extra options]: a clean build under /usr/bin/time -v; prints its peak memory in KB
    local name=$1; shift
    /usr/bin/time -v "$cli" build --no-test --content "$corpus" --output "$(fresh "peak-$name")" "$@" 2> "$work/time-$name.txt" > /dev/null || true
    grep 'Maximum resident' "$work/time-$name.txt" | awk '{print $NF}'
}
cpu() {  # cpu NAME: "user U s + system S s" of that measured build
    printf 'user %s s + system %s s' "$(grep 'User time' "$work/time-$1.txt" | awk '{print $NF}')" "$(grep 'System time' "$work/time-$1.txt" | awk '{print $NF}')"
}
peak_cold=$(peak cold --no-cache)
peak_warm=$(peak warm)
# The unchanged rebuild replaces a finished site, as a user's next build does.
t0=$(now); "$cli" build --no-test --content "$corpus" --output "$site" > /dev/null 2>&1; t1=$(now)
rebuild=$(elapsed "$t0" "$t1")

cmark_time=$(best < "$work/t-cmark"); cold=$(best < "$work/t-cold"); warm=$(best < "$work/t-warm"); fs=$(best < "$work/t-fs")
ratio() { echo "scale=1; $1 / $cmark_time" | bc; }
files=$(find "$site" -type f | wc -l); folders=$(find "$site" -type d | wc -l)
printf '%-52s %7.3f s\n' "cmark, all Markdown in one process (baseline)" "$cmark_time"
printf '%-52s %7.3f s  %5sx cmark\n' "build, cold (--no-cache: OpenCC converts $N pages)" "$cold" "$(ratio "$cold")"
printf '%-52s %7.3f s  %5sx cmark\n' "build, warm (converted pages from .tutorbuild/)" "$warm" "$(ratio "$warm")"
printf '%-52s %7.3f s  %5sx cmark\n' "file system floor: cp -r of the built site" "$fs" "$(ratio "$fs")"
printf '%-52s %7.3f s  %5sx cmark\n' "unchanged rebuild (pages hard-linked from the old site)" "$rebuild" "$(ratio "$rebuild")"
printf '%-52s %7d MB   CPU: %s\n' "peak memory, cold build" "$((peak_cold / 1024))" "$(cpu cold)"
printf '%-52s %7d MB   CPU: %s\n' "peak memory, warm build" "$((peak_warm / 1024))" "$(cpu warm)"
echo "   site: $files files in $folders folders, $(du -sm "$site" | cut -f1) MB"
for f in "$site"/search/*.js; do [ -f "$f" ] && printf '   search index %-10s %6d KB\n' "$(basename "$f" .js)" "$(( $(stat -c %s "$f") / 1024 ))"; done
verdict() { if [ "$(echo "$1" | bc)" = 1 ]; then echo "met"; else echo "NOT met"; fi; }
echo "target within 4x of cmark: warm build $(verdict "$warm <= 4 * $cmark_time"), cold build $(verdict "$cold <= 4 * $cmark_time")"
echo "target under 150 MB: warm build $(verdict "$peak_warm < 150 * 1024"), cold build $(verdict "$peak_cold < 150 * 1024")"
rm -rf "$outputs"
[ -z "${BENCH_DIR:-}" ] && rm -rf "$work"
exit 0
