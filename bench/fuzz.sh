#!/usr/bin/env bash
# Fuzzes the lesson parser (front matter, Markdown, snippet attributes, sections, checks) with libFuzzer
# for a bounded time, keeping interesting inputs in Tests/Fuzz/corpus and crashes in
# Tests/LessonModelTests/FuzzRegressions (which the test suite replays). Prints executions and crashes.
# Usage: bench/fuzz.sh [SECONDS]   (default 600)
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${1:-600}
corpus=Tests/Fuzz/corpus
crashes=Tests/LessonModelTests/FuzzRegressions
mkdir -p "$corpus" "$crashes" bench/out
swift build -c release --scratch-path .build/fuzz --product LessonParserFuzzer \
    -Xswiftc -DFUZZING -Xswiftc -sanitize=fuzzer -Xswiftc -parse-as-library 2>&1 | grep -E "error|warning: " || true
# Seed with real lessons and the bad-lesson corpus (first 64 KB of each, so runs stay fast).
seed=$(mktemp -d)
trap 'rm -rf "$seed"' EXIT
i=0
for f in content/*/*.md Tests/LessonModelTests/BadLessons/*/content/*/*.md; do
    [[ -f "$f" ]] || continue
    head -c 65536 "$f" > "$seed/seed-$i.md"; i=$((i + 1))
done
log=bench/out/fuzz.log
.build/fuzz/release/LessonParserFuzzer "$corpus" "$seed" -max_total_time="$seconds" -max_len=65536 -timeout=10 \
    -rss_limit_mb=2048 -artifact_prefix="$crashes/" -print_final_stats=1 >"$log" 2>&1 || true
runs=$(grep -E "^stat::number_of_executed_units" "$log" | awk '{print $2}')
found=$(find "$crashes" -type f \( -name 'crash-*' -o -name 'timeout-*' -o -name 'oom-*' \) | wc -l)
echo "fuzzed for ${seconds}s: ${runs:-0} executions, corpus $(ls "$corpus" | wc -l) inputs, crashes/timeouts/ooms found: $found"
tail -3 "$log"
