#!/bin/bash
# Preview benchmark (issue 29 item 5): a snippet edit in a running `tutorbuild serve`, timed until the served
# page shows the edited snippet's new output as verified.
#   bench/serve.sh [edits=10] [lesson=text-views]
# Starts a release `tutorbuild serve` (doc-tests on, the default) on a copy of content/, waits for its first
# build, then edits one snippet of the lesson `edits` times, in both twins (en and zh-Hans) alike: each edit
# appends `print("bench-edit-K")` to the lesson's first snippet that has an expected output block, and the
# line `bench-edit-K` to that block, so the edited snippet passes. After each edit the English page is
# fetched every 20 ms until its snippet holds `bench-edit-K` with the "passed" badge; the time from the edit
# to that fetch is one sample. Prints every sample, then p50 and p90.
# Targets: p50 <= 1.0 s, p90 <= 2.0 s.
# BENCH_BUILD=debug times README's command 1 build (.build/debug) instead, without building.
# BENCH_DIR chooses where the content copy and site go (default: a new folder under ${TMPDIR:-/tmp}).
set -euo pipefail
cd "$(dirname "$0")/.."
EDITS=${1:-10}
LESSON=${2:-text-views}
work=${BENCH_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/tutorbuild-bench-serve.XXXXXX")}
mkdir -p "$work"
work=$(cd "$work" && pwd)
rm -rf "$work/content" "$work/site" "$work/.tutorbuild"
cp -r content "$work/content"

build=${BENCH_BUILD:-release}
if [ "$build" = release ]; then
    echo "== building tutorbuild and the UIKit model (release, as README's \"A release build\" says)"
    swift build -c release --product tutorbuild --static-swift-stdlib 2>&1 | grep -E "error|warning: " | grep -v "mktemp" || true
    swift build -c release --product UIKit 2>&1 | grep -E "error|warning: " || true
    swift build -c release --product tutorbuild-launch 2>&1 | grep -E "error|warning: " || true
fi

echo "== $build serve on a copy of content/ in $work; $EDITS edits of a snippet of $LESSON"
/usr/bin/python3 - "$PWD/.build/$build/tutorbuild" "$work" "$EDITS" "$LESSON" <<'EOF'
import os, re, subprocess, sys, time, urllib.request

cli, work, edits, lesson = sys.argv[1], sys.argv[2], int(sys.argv[3]), sys.argv[4]
content, site = os.path.join(work, "content"), os.path.join(work, "site")
log = open(os.path.join(work, "serve.log"), "w")
server = subprocess.Popen([cli, "serve", "--port", "0", "--content", content, "--output", site],
                          stderr=subprocess.PIPE, stdout=log, text=True)


def fail(message):
    server.kill()
    sys.exit("FAILED: " + message + " (log: " + log.name + ")")


# The address is printed once the first build is done.
base, start = None, time.monotonic()
while base is None:
    line = server.stderr.readline()
    if not line:
        fail("serve ended before serving")
    log.write(line)
    found = re.search(r"http://127\.0\.0\.1:[0-9]+/", line)
    base = found.group(0) if found else None
print("   first build and serve: %.1f s" % (time.monotonic() - start))
# The rest of the log goes to the file, read on a thread so that serve never blocks on a full pipe.
import threading
threading.Thread(target=lambda: [log.write(l) for l in server.stderr], daemon=True).start()

FENCE = re.compile(r"^```(\w*)\s*$")


def edit(path, k):
    """Appends to the first swift snippet followed by an output block: a print, and its line in the output."""
    lines = open(path, encoding="utf-8").read().split("\n")
    blocks, open_at = [], None
    for i, line in enumerate(lines):
        m = FENCE.match(line)
        if m and open_at is None:
            open_at = (i, m.group(1))
        elif line.strip() == "```" and open_at is not None:
            blocks.append((open_at[1], open_at[0], i))
            open_at = None
    for (kind, _, code_end), (next_kind, _, output_end) in zip(blocks, blocks[1:]):
        if kind == "swift" and next_kind == "output":
            lines[output_end:output_end] = ["bench-edit-%d" % k]
            lines[code_end:code_end] = ['print("bench-edit-%d")' % k]
            break
    else:
        fail("no swift snippet with an output block in " + path)
    # Undo the previous edit first, so the lesson grows by one line each and the edit is one snippet's.
    text = "\n".join(lines)
    text = re.sub(r'print\("bench-edit-%d"\)\n' % (k - 1), "", text)
    text = re.sub(r"bench-edit-%d\n" % (k - 1), "", text)
    open(path, "w", encoding="utf-8").write(text)


def verified(k):
    try:
        page = urllib.request.urlopen(base + "en/" + lesson + "/", timeout=5).read().decode("utf-8")
    except Exception:
        return False
    for chunk in page.split('<div class="snippet" id=')[1:]:
        if "bench-edit-%d" % k in chunk:
            return "badge-passed" in chunk.split("</pre>")[0] and ("bench-edit-%d</" % k in chunk or "bench-edit-%d\n" % k in chunk)
    return False


samples = []
for k in range(1, edits + 1):
    time.sleep(0.6)  # past the watcher's poll and the modification-time granularity, before the edit
    began = time.monotonic()
    for language in ("en", "zh-Hans"):
        edit(os.path.join(content, lesson, language + ".md"), k)
    deadline = began + 120
    while not verified(k):
        if time.monotonic() > deadline:
            fail("edit %d never showed as verified" % k)
        time.sleep(0.02)
    samples.append(time.monotonic() - began)
    print("   edit %2d: %.2f s" % (k, samples[-1]))
server.terminate()
server.wait()
ordered = sorted(samples)
def percentile(p):
    return ordered[min(len(ordered) - 1, int(round(p * (len(ordered) - 1))))]
print("snippet edit until the served page shows it verified: p50 %.2f s, p90 %.2f s (target: p50 <= 1.0 s, p90 <= 2.0 s)"
      % (percentile(0.5), percentile(0.9)))
EOF
