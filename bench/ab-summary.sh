#!/bin/sh
# Two timing series taken in turns (A, B, A, B, …): each one's median wall and CPU time, and B's as a ratio of A's.
#   bench/ab-summary.sh TIMES_A TIMES_B WHAT LABEL_A LABEL_B
# Each TIMES file holds one line a run, "wall-seconds cpu-seconds"; WHAT names the runs ("one-lesson rebuilds").
# Used by bench/rebuild-ab.sh and bench/doctest.sh.
set -eu
median() { sort -g | awk '{v[NR] = $1} END {print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
for x in A B; do
    if [ "$x" = A ]; then times=$1 label=$4; else times=$2 label=$5; fi
    wall=$(cut -d' ' -f1 "$times" | median); cpu=$(cut -d' ' -f2 "$times" | median)
    printf '%s: median %.3f s wall, %.3f s CPU over %d %s (%s)\n' "$x" "$wall" "$cpu" "$(wc -l < "$times")" "$3" "$label"
    eval "wall_$x=$wall cpu_$x=$cpu"
done
printf 'B / A: %.2f wall, %.2f CPU\n' "$(echo "$wall_B / $wall_A" | bc -l)" "$(echo "$cpu_B / $cpu_A" | bc -l)"
