#!/usr/bin/env bash
# Runs the libFuzzer targets (Sources/Fuzzers/*, invariants in Sources/FuzzHarness).
#   scripts/fuzz.sh --list             one target name per line
#   scripts/fuzz.sh TARGET SECONDS     build (release, instrumented) and fuzz TARGET for SECONDS
# Seeds: TestVectors/fuzz/TARGET (the project's own), the real receipts and certificates of TestVectors/,
# read in place, and seeds derived from them at run time by TestVectors/fuzz/make-seeds.py --real-seeds
# (payloads, embedded certificates, BER envelopes, the x509-limbo certificates, decoded
# StoreKit 2 headers and payloads) into
# .build-fuzz/seeds-for-TARGET/TARGET. The build, the derived seeds, the growing corpus (corpus/TARGET) and the findings
# (findings/TARGET; not artifacts/, which SwiftPM empties on every build) live in .build-fuzz/, which git
# ignores. Exits non-zero when libFuzzer finds a crash, a timeout or a memory blow-up; the input that caused it
# is named in the output.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"

# Targets, executables, -max_len and seed folders: scripts/fuzz-targets, the one list.
declare -A executables=() real_seeds=() max_len=()
while read -r name executable length folders; do
    [[ -z $name || $name == \#* ]] && continue
    executables[$name]=$executable
    max_len[$name]=$length
    real_seeds[$name]=$folders
done < "$root/scripts/fuzz-targets"

usage() {
    echo "usage: scripts/fuzz.sh --list | TARGET SECONDS" >&2
    exit 2
}

if [[ "${1:-}" == "--list" ]]; then
    printf '%s\n' "${!executables[@]}" | sort
    exit 0
fi
[[ $# -eq 2 ]] || usage
target=$1
seconds=$2
[[ -n "${executables[$target]:-}" ]] || { echo "unknown target '$target' (see --list)" >&2; exit 2; }
[[ "$seconds" =~ ^[0-9]+$ ]] || usage

cd "$root"
scratch="$root/.build-fuzz"
# A release build needs the coverage flags spelled out, or libFuzzer runs blind (see docs/fuzzing.md).
build=(swift build -c release --scratch-path "$scratch" --sanitize=fuzzer
    -Xswiftc -sanitize-coverage=edge,trace-cmp,inline-8bit-counters,pc-table)
"${build[@]}" --product "${executables[$target]}" 2>&1 | tail -n 1
binary="$("${build[@]}" --show-bin-path)/${executables[$target]}"

corpus="$scratch/corpus/$target"
artifacts="$scratch/findings/$target"
mkdir -p "$corpus" "$artifacts"
seeds=("$root/TestVectors/fuzz/$target")
for folder in ${real_seeds[$target]}; do
    seeds+=("$root/TestVectors/$folder")
done
# The ecdsa target's seeds are all in the project (Wycheproof's ECDSA vectors), the jws target's are the
# StoreKit 2 samples and TestVectors/fuzz/make-jws-seeds.py's variants, the jws-verify target's are edit
# programs over the StoreKit 2 samples it holds (make-jws-verify-seeds.py); none derive from receipts.
if [[ $target != ecdsa && $target != jws && $target != jws-verify ]] && command -v python3 >/dev/null; then
    # A folder per target, so that targets fuzzed side by side do not remove each other's seeds.
    derived="$scratch/seeds-for-$target"
    rm -rf "$derived"
    python3 "$root/TestVectors/fuzz/make-seeds.py" --real-seeds "$derived" "$target"
    [[ -d "$derived/$target" ]] && seeds+=("$derived/$target")
fi

dict="$root/TestVectors/fuzz/$target.dict"
dict_flag=()
[[ -f "$dict" ]] && dict_flag=("-dict=$dict")

echo "fuzzing $target for ${seconds}s (seeds: ${#seeds[@]} folders)"
# Swift's own crash backtracer would catch the trap first and libFuzzer would then save no crash input.
SWIFT_BACKTRACE=enable=no "$binary" "$corpus" "${seeds[@]}" "${dict_flag[@]}" \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len="${max_len[$target]}" \
    -artifact_prefix="$artifacts/" -print_final_stats=1 2>&1 \
    | grep -vE '^#[0-9]+\s+(NEW|REDUCE|pulse)' | sed '/^###### Recommended dictionary/,/^###### End of recommended/d' \
    || { echo "fuzz target $target FAILED" >&2; exit 1; }
