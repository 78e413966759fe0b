#!/bin/sh
# The tool as the map step of a batch too large for one process (docs/cli.md, "Beyond one machine"), with only
# what a clean machine has: the export (one base64 receipt per line) is split into parts, xargs runs
# `receipt verify --json --lines PART` on two parts at a time, and the parts' JSON Lines are merged back in input
# order, each `line` made the line's number in the whole export again. A cluster does the same with its own
# splitting and merging (GNU parallel --pipe, Spark's RDD.pipe).
#   map-step.sh RECEIPT EXPORT RESULTS [LINES_PER_PART]
# Exit status: the highest of the parts' (0 all valid, 1 some invalid, 2 some unreadable).
set -eu
receipt=$1 export=$2 results=$3 size=${4:-100000}
parts=$(mktemp -d)
trap 'rm -rf "$parts"' EXIT
split -l "$size" -a 6 "$export" "$parts/part."
printf '%s\n' "$parts"/part.?????? |
    xargs -P 2 -I PART sh -c '"$1" verify --json --lines "$2" > "$2.json"; echo $? > "$2.status"' sh "$receipt" PART
status=0
offset=0
for part in "$parts"/part.??????; do
    awk -v offset="$offset" '{
        match($0, /^\{"line":[0-9]+/)
        print "{\"line\":" (substr($0, 9, RLENGTH - 8) + offset) substr($0, RLENGTH + 1)
    }' "$part.json"
    offset=$((offset + $(wc -l < "$part")))
    if [ "$(cat "$part.status")" -gt "$status" ]; then status=$(cat "$part.status"); fi
done > "$results"
exit "$status"
