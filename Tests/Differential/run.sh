#!/bin/sh
# Differential tests of the Markdown on lesson pages (docs/markdown.md): the CommonMark spec examples built by
# tutorbuild against Debian's cmark, and Chinese emphasis against mdit-py-cjk-friendly (an independent
# implementation of the CJK-friendly amendments). What they need from PyPI comes from scripts/python-tools.
#   Tests/Differential/run.sh              uses .build/debug/tutorbuild (build it first)
#   TUTORBUILD=path Tests/Differential/run.sh
# The last line is "N passed, N failed"; the exit status is non-zero when anything failed.
set -u
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)
tutorbuild="${TUTORBUILD:-$repo/.build/debug/tutorbuild}"
if [ ! -x "$tutorbuild" ]; then
    echo "error: $tutorbuild is missing; run 'swift build' first"; echo "0 passed, 1 failed"; exit 1
fi
if ! command -v cmark >/dev/null; then
    echo "error: cmark is missing; run scripts/install-deps"; echo "0 passed, 1 failed"; exit 1
fi
tools=$("$repo/scripts/python-tools") || { echo "error: scripts/python-tools failed"; echo "0 passed, 1 failed"; exit 1; }
exec "$tools/venv/bin/python" "$here/differential_test.py" "$tutorbuild" "$tools/data/commonmark.json" \
    "${DIFFERENTIAL_OUT:-$here/out}"
