#!/bin/bash
# Site build benchmark (issue 18 item 2): what an author runs, timed in one run against bare `cmark` and
# Hugo on the same generated course of N lessons x 2 languages.
#   bench/site.sh [N=1000] [runs=5]
# Every tutorbuild build is a plain `tutorbuild build` (doc-tests on, the default). The course's snippets
# run and are the same in every lesson (bench/site_corpus.py), so doc-tests compile one program and find
# every other lesson file's program in the cache: the doc-test step of a course whose snippets all passed.
#   cold:       no .tutorbuild/, no site/ (a first build, or CI without a cache);
#   unchanged:  the same command again, into the same site/, nothing changed;
#   one lesson: the same after editing one lesson's prose, in English and (another run) in Chinese, whose
#               edit makes two search indexes again (zh-Hans and the generated zh-Hant).
# Each kind is run `runs` times in a row, the rebuilds on the SAME output folder, so a rebuild that pays
# for the last one (slow deletion, a growing folder) shows as times growing from run to run.
# Hugo (Debian package `hugo`, installed when missing) builds the same Markdown with a minimal layout
# (`hugo --quiet` into a new folder each time); cmark renders all the Markdown in one process.
# Targets: unchanged and one-lesson rebuilds <= 3x cmark, cold build <= 0.5x Hugo, peak memory < 150 MB,
# no time growing from run to run.
# BENCH_DIR chooses where the corpus and sites go (default: a new folder under ${TMPDIR:-/tmp}); the
# file system there is part of what is measured.
set -euo pipefail
cd "$(dirname "$0")/.."
N=${1:-1000}
RUNS=${2:-5}
work=${BENCH_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/tutorbuild-bench-site.XXXXXX")}
mkdir -p "$work"
work=$(cd "$work" && pwd)
corpus=$work/content
hugo_site=$work/hugo
site=$work/site
state=$work/.tutorbuild   # where tutorbuild keeps its caches for $corpus
trash=$work/trash         # moved out of the way during the run, deleted at the end (see `set_aside`)

command -v hugo > /dev/null || scripts/install-deps --bench

echo "== corpus: $N lessons x 2 languages, in $work"
rm -rf "$corpus" "$hugo_site" "$state" "$site" "$trash" "$work/outputs" "$work/one" "$work/.tutorbuild"
mkdir -p "$trash" "$work/outputs"
/usr/bin/python3 bench/site_corpus.py "$corpus" "$N" --hugo "$hugo_site"
find "$corpus" -name '*.md' | sort > "$work/files.txt"
xargs cat < "$work/files.txt" > "$work/all.md"
echo "   $(wc -l < "$work/files.txt") files, $(du -k "$work/all.md" | cut -f1) KB of Markdown; $(hugo version | cut -d' ' -f1-2)"

echo "== building tutorbuild and the UIKit model (release, as README's \"A release build\" says)"
# (The linker's warning about `mktemp` comes from inside the static Foundation library, not from tutorbuild.)
swift build -c release --product tutorbuild --static-swift-stdlib 2>&1 | grep -E "error|warning: " | grep -v "mktemp" || true
swift build -c release --product UIKit 2>&1 | grep -E "error|warning: " || true
swift build -c release --product tutorbuild-launch 2>&1 | grep -E "error|warning: " || true
cli=$PWD/.build/release/tutorbuild

now() { date +%s.%N; }
elapsed() { echo "$2 - $1" | bc; }
# Deleting a 3,000-folder site just before the next build would time the file system's bookkeeping for
# that deletion (ext4 without a journal steps over recently freed inodes one by one), so whatever must go
# is renamed into $trash and deleted at the end.
set_aside() { [ -e "$1" ] && mv "$1" "$trash/$(basename "$1").$RANDOM$RANDOM" || true; }
fresh() {  # fresh NAME: a path under $work/outputs that no earlier build used
    local n=0
    while [ -e "$work/outputs/$1-$n" ]; do n=$((n + 1)); done
    echo "$work/outputs/$1-$n"
}
# timed KIND CMD...: runs CMD, appends its wall time to $work/t-KIND and its peak memory (KB) to $work/m-KIND.
timed() {
    local kind=$1; shift
    local t0 t1
    t0=$(now)
    /usr/bin/time -f '%M %U %S' -o "$work/time.txt" "$@" > "$work/out-$kind.txt" 2>&1 || { cat "$work/out-$kind.txt"; echo "FAILED: $*"; exit 1; }
    t1=$(now)
    elapsed "$t0" "$t1" >> "$work/t-$kind"
    read -r mem user sys < "$work/time.txt"
    echo "$mem" >> "$work/m-$kind"
    echo "$user + $sys" | bc | awk '{printf "%.2f\n", $1}' >> "$work/c-$kind"
}
build() { timed "$1" "$cli" build --content "$corpus" --output "$2"; }
for kind in cmark hugo cold unchanged edit edit-zh; do : > "$work/t-$kind"; : > "$work/m-$kind"; : > "$work/c-$kind"; done
: > "$work/files-per-run"

echo "== $RUNS runs of each"
for _ in $(seq "$RUNS"); do
    timed cmark cmark "$work/all.md"
    timed hugo hugo --quiet --source "$hugo_site" --destination "$(fresh hugo)"
done
for _ in $(seq "$RUNS"); do
    set_aside "$state"; set_aside "$site"
    build cold "$site"
done
for _ in $(seq "$RUNS"); do
    build unchanged "$site"
    find "$site" | wc -l >> "$work/files-per-run"
done
edited=$corpus/lesson-$(printf %04d $(( (N + 1) / 2 )))/en.md
for r in $(seq "$RUNS"); do
    # A new sentence in the first paragraph: the page changes, the snippets (and their program) do not.
    /usr/bin/python3 - "$edited" "$r" <<'PY'
import sys
path, run = sys.argv[1], sys.argv[2]
text = open(path).read()
head, sep, body = text.partition("\n---\n\n")
open(path, "w").write(head + sep + "Edited in run %s of the benchmark. " % run + body)
PY
    build edit "$site"
    find "$site" | wc -l >> "$work/files-per-run"
done
edited_zh=$corpus/lesson-$(printf %04d $(( (N + 1) / 2 )))/zh-Hans.md
for r in $(seq "$RUNS"); do
    /usr/bin/python3 - "$edited_zh" "$r" <<'PY'
import sys
path, run = sys.argv[1], sys.argv[2]
text = open(path, encoding="utf-8").read()
head, sep, body = text.partition("\n---\n\n")
open(path, "w", encoding="utf-8").write(head + sep + "基准测试第 %s 次修改。" % run + body)
PY
    build edit-zh "$site"
    find "$site" | wc -l >> "$work/files-per-run"
done
grep -q "Verified" "$site/en/lesson-0001/index.html" || { echo "FAILED: the site's snippets are not verified"; exit 1; }
# /usr/bin/time's peak is the largest process's, children included: in a cold build that is the Swift
# compiler. A cold `tutorbuild test` of one lesson shows the compiler's own peak.
mkdir -p "$work/one/content"; cp -r "$corpus/lesson-0001" "$corpus/site.yml" "$work/one/content/"
/usr/bin/time -f '%M' -o "$work/time-one.txt" "$cli" test --content "$work/one/content" > /dev/null 2>&1 || true
compiler_kb=$(tail -1 "$work/time-one.txt")
# tutorbuild's own peak in a whole build: every lesson read, converted, rendered and indexed, but no
# program compiled (the doc-test cache kept, everything else of .tutorbuild/ and the site set aside).
set_aside "$state/builds"; set_aside "$state/converted"; set_aside "$site"
/usr/bin/time -f '%M' -o "$work/time-whole.txt" "$cli" build --content "$corpus" --output "$site" > /dev/null 2>&1 \
    || { echo "FAILED: whole build with the doc-test cache"; exit 1; }
whole_kb=$(tail -1 "$work/time-whole.txt")

# The table. Ratios use the best run of each kind; "grows" means that, in wall time and in CPU time
# alike, every run took longer than the one before it and the last over 1.2x and 0.05 s more than the
# first. A noisy machine makes single wall times vary both ways, most of all for builds of a tenth of a
# second; a build that pays for the last one (deleting its files) pays in system time, which CPU counts.
best() { sort -g "$1" | head -1; }
runs() { paste -sd' ' "$1" | awk '{for (i = 1; i <= NF; i++) printf "%s%.2f", (i > 1 ? " " : ""), $i}'; }
grows_in() { awk 'NR == 1 {first = $1; prev = $1; up = 1; next} {if ($1 <= prev) up = 0; prev = $1} END {print (up && NR > 1 && prev > 1.2 * first && prev > first + 0.05) ? "yes" : "no"}' "$1"; }
grows() { [ "$(grows_in "$work/t-$1")" = yes ] && [ "$(grows_in "$work/c-$1")" = yes ] && echo yes || echo no; }
cmark_time=$(best "$work/t-cmark"); hugo_time=$(best "$work/t-hugo")
ratio() { echo "scale=2; $1 / $2" | bc | sed 's/^\./0./'; }
verdict() { if [ "$(echo "$1" | bc)" = 1 ]; then echo "met"; else echo "NOT met"; fi; }
peak_cold=$(sort -n "$work/m-cold" | tail -1); peak_unchanged=$(sort -n "$work/m-unchanged" | tail -1)
peak_edit=$(sort -n "$work/m-edit" "$work/m-edit-zh" | tail -1)
# tutorbuild's own peak: the rebuilds' and the whole build's without a compiler.
peak_own=$(printf '%s\n' "$peak_unchanged" "$peak_edit" "$whole_kb" | sort -n | tail -1)
row() {  # row LABEL KIND TARGET-TEXT VERDICT
    printf '| %-34s | %-32s | %6.3f s | %6s | %5s | %-22s | %-7s |\n' "$1" "$(runs "$work/t-$2")" "$(best "$work/t-$2")" \
        "$(ratio "$(best "$work/t-$2")" "$cmark_time")" "$(best "$work/c-$2")" "$3" "$4"
}
echo
echo "| build | runs in order (s) | best | × cmark | CPU s | target | |"
echo "| --- | --- | --- | --- | --- | --- | --- |"
row "cmark, all Markdown, one process" cmark "baseline" ""
row "Hugo, same Markdown, new folder" hugo "" ""
cold=$(best "$work/t-cold"); unchanged=$(best "$work/t-unchanged"); edit=$(best "$work/t-edit"); edit_zh=$(best "$work/t-edit-zh")
row "cold (no .tutorbuild/, no site/)" cold "≤ 0.5× Hugo: $(ratio "$cold" "$hugo_time")×" "$(verdict "$cold <= 0.5 * $hugo_time")"
row "unchanged rebuild, same folder" unchanged "≤ 3× cmark" "$(verdict "$unchanged <= 3 * $cmark_time")"
row "one lesson edited, same folder" edit "≤ 3× cmark" "$(verdict "$edit <= 3 * $cmark_time")"
row "one Chinese lesson edited" edit-zh "≤ 3× cmark" "$(verdict "$edit_zh <= 3 * $cmark_time")"
echo
printf 'peak memory: cold %d MB, unchanged %d MB, one lesson %d MB, whole build without compiling %d MB; the Swift compiler alone (a cold test of one lesson): %d MB\n' \
    "$((peak_cold / 1024))" "$((peak_unchanged / 1024))" "$((peak_edit / 1024))" "$((whole_kb / 1024))" "$((compiler_kb / 1024))"
printf 'target < 150 MB: tutorbuild %s (%d MB)' "$(verdict "$peak_own < 150 * 1024")" "$((peak_own / 1024))"
printf '; counting the compiler in a cold build %s\n' "$(verdict "$peak_cold < 150 * 1024")"
growing=""
for kind in cold unchanged edit edit-zh; do [ "$(grows "$kind")" = yes ] && growing="$growing $kind"; done
[ "$(sort -u "$work/files-per-run" | wc -l)" = 1 ] || growing="$growing site-files($(runs "$work/files-per-run"))"
echo "growing from run to run: ${growing:-none} (target: none: $([ -z "$growing" ] && echo met || echo "NOT met"))"
echo "site: $(find "$site" -type f | wc -l) files in $(find "$site" -type d | wc -l) folders, $(du -sm "$site" | cut -f1) MB;" \
    "doc-tests: $(grep -E 'passed|failed' "$work/out-unchanged.txt" | head -1 | sed 's/^ *//')"
for f in "$site"/search/*.js; do [ -f "$f" ] && printf '   search index %-10s %6d KB\n' "$(basename "$f" .js)" "$(( $(stat -c %s "$f") / 1024 ))"; done
rm -rf "$trash" "$work/outputs" "$work/one"
[ -z "${BENCH_DIR:-}" ] && rm -rf "$work"
exit 0
