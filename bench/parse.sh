#!/usr/bin/env bash
# Parse benchmark: `tutorbuild check` (read, front matter, cmark, copy, checks) over 1,000 lessons x 2
# languages, against bare `cmark` rendering the same Markdown, in the same invocation; then pathological
# inline input (bench/gen_pathological.py: 140 KB paragraphs of delimiter runs in CJK and Latin text), each
# lesson alone, against cmark on the same Markdown.
# Prints the best of several runs of each and the ratios. Targets: ratio <= 2; pathological < 10 each.
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${RUNS:-5}
out=bench/out/parse
rm -rf "$out" && mkdir -p "$out"
python3 bench/gen_corpus.py "$out/content" "${LESSONS:-1000}" ignore
# Built as README's "A release build" says (static Swift libraries; the `mktemp` warning is static Foundation's).
swift build -c release --product tutorbuild --static-swift-stdlib 2>&1 | grep -E "error|warning: " | grep -v "mktemp" || true
bin=.build/release/tutorbuild
files=$(find "$out/content" -name '*.md' | sort)
bytes=$(cat $files | wc -c)

best() {  # best wall time in seconds of running "$@" $runs times
    python3 - "$runs" "$@" <<'PY'
import subprocess, sys, time
runs = int(sys.argv[1]); cmd = sys.argv[2:]
best = min((lambda t0: (subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL), time.perf_counter() - t0)[1])(time.perf_counter()) for _ in range(runs))
print(f"{best:.4f}")
PY
}
cmark_time=$(best sh -c "cat $out/content/*/*.md | cmark > /dev/null")
ours_time=$(best "$bin" check --content "$out/content")
echo "corpus: $(wc -l <<<"$files") files, $((bytes / 1024)) KiB"
echo "cmark (one process, same Markdown): ${cmark_time}s"
echo "tutorbuild check:                   ${ours_time}s"
python3 -c "print(f'ratio: {$ours_time / $cmark_time:.2f}x bare cmark (target <= 2x)')"

# Pathological inline input: one lesson at a time, so each ratio is its own.
python3 bench/gen_pathological.py "$out/pathological" "${PATHOLOGICAL_KB:-140}"
echo "pathological paragraphs ($((${PATHOLOGICAL_KB:-140})) KB each; best of $runs):"
for lesson in "$out"/pathological/*/; do
    name=$(basename "$lesson")
    single="$out/pathological-one/$name"
    rm -rf "$out/pathological-one" && mkdir -p "$single" && cp "$lesson"/*.md "$single/"
    cmark_one=$(best sh -c "cmark $single/*.md > /dev/null")
    ours_one=$(best "$bin" check --content "$out/pathological-one")
    python3 -c "print(f'  {\"$name\":16} cmark {$cmark_one:.3f}s  tutorbuild check {$ours_one:.3f}s  ratio {$ours_one / $cmark_one:.1f}x (target < 10x)')"
done

