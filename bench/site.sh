#!/bin/bash
# Site build benchmark (issue 5 §9): a generated course of N lessons x 2 languages (snippets `ignore`),
# built by tutorbuild's site builder, against bare `cmark` over the same Markdown, in the same run.
#   bench/site.sh [N=1000] [runs=3]
# Prints the best wall time of each, the ratio, peak memory (/usr/bin/time -v) and the search index sizes.
# Targets: within 4x of bare cmark, under 150 MB.
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-1000}
RUNS=${2:-3}
out=bench/out/site
corpus=$out/content
mkdir -p "$out"
rm -f "$out/harness.txt"

echo "== corpus: $N lessons x 2 languages"
rm -rf "$corpus"
/usr/bin/python3 bench/site_corpus.py "$corpus" "$N"
find "$corpus" -name '*.md' | sort > "$out/files.txt"
xargs cat < "$out/files.txt" > "$out/all.md"
echo "   $(wc -l < "$out/files.txt") files, $(du -k "$out/all.md" | cut -f1) KB of Markdown"

echo "== building tutorbuild (release)"
swift build -c release --product tutorbuild 2>&1 | grep -E "error|warning: " || true
cli=.build/release/tutorbuild
mode=cli
run_build() {
    if [ "$mode" = cli ]; then
        "$cli" build --no-test --content "$corpus" --output "$out/site" > "$out/build.txt" 2>&1
    else
        TUTORBUILD_BENCH_CONTENT="$corpus" TUTORBUILD_BENCH_OUTPUT="$out/site" TUTORBUILD_BENCH_REPORT="$out/harness.txt" \
            .build/release/tutorbuildPackageTests.xctest --testing-library swift-testing --filter BenchmarkHarness > "$out/build.txt" 2>&1
    fi
}
now() { date +%s.%N; }
best() { sort -g | head -1; }

echo "== $RUNS runs each (clean site each time, so no page is reused)"
: > "$out/t-build"; : > "$out/t-cmark"; : > "$out/t-cmark-files"
for _ in $(seq "$RUNS"); do
    t0=$(now); cmark "$out/all.md" > /dev/null; t1=$(now)
    echo "$t1 - $t0" | bc >> "$out/t-cmark"
    t0=$(now); xargs -n 1 cmark < "$out/files.txt" > /dev/null; t1=$(now)
    echo "$t1 - $t0" | bc >> "$out/t-cmark-files"
    rm -rf "$out/site"
    t0=$(now); run_build; t1=$(now)
    echo "$t1 - $t0" | bc >> "$out/t-build"
done
rm -rf "$out/site"
/usr/bin/time -v bash -c "$(declare -f run_build); mode=$mode cli=$cli corpus=$corpus out=$out; run_build" 2> "$out/time-v.txt"
rm -rf "$out/site"; run_build   # a clean build, then an unchanged rebuild (pages reused)
t0=$(now); run_build; t1=$(now); rebuild=$(echo "$t1 - $t0" | bc)

build=$(best < "$out/t-build"); cmark_one=$(best < "$out/t-cmark"); cmark_files=$(best < "$out/t-cmark-files")
peak_kb=$(grep 'Maximum resident' "$out/time-v.txt" | awk '{print $NF}')
ratio=$(echo "scale=2; $build / $cmark_one" | bc)
ratio_files=$(echo "scale=2; $build / $cmark_files" | bc)
printf '%-44s %8.3f s\n' "cmark, all Markdown in one process" "$cmark_one"
printf '%-44s %8.3f s\n' "cmark, one process per file" "$cmark_files"
printf '%-44s %8.3f s   (%sx cmark one process, %sx per file)\n' "tutorbuild site build ($mode, load + render)" "$build" "$ratio" "$ratio_files"
printf '%-44s %8.3f s\n' "unchanged rebuild (pages reused)" "$rebuild"
printf '%-44s %8d MB\n' "peak memory of the build" "$((peak_kb / 1024))"
[ -f "$out/harness.txt" ] && sed 's/^/   /' "$out/harness.txt"
for f in "$out"/site/search/*.js; do [ -f "$f" ] && printf '   search index %-10s %6d KB\n' "$(basename "$f" .js)" "$(( $(stat -c %s "$f") / 1024 ))"; done
verdict() { if [ "$1" = 1 ]; then echo "met"; else echo "NOT met"; fi; }
echo "target within 4x of cmark (one process): $(verdict "$(echo "$ratio <= 4" | bc)")"
echo "target under 150 MB: $(verdict "$(( peak_kb < 150 * 1024 ))")"
