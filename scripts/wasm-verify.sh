#!/usr/bin/env bash
# Verifies receipts through the WebAssembly module under WasmKit and compares each result with the native
# `receipt verify --json`: the whole JSON line (verdict, step, code, chain, every decoded field) must be equal.
#
#   scripts/wasm-verify.sh [--anchor CERT] FILE...
#
# Builds the module (scripts/build-wasm.sh), the WasmKit host (WasmHost/, a package of its own so that the
# library stays dependency-free) and the native tool as needed, in debug (quicker to build, as CI wants).
# WASM_REPEAT=N builds them in release and also times N extra validations per input under WasmKit.
# Ends with "N passed, N failed"; exits 1 if any input differs.
set -euo pipefail
cd "$(dirname "$0")/.."

anchor_args=()
if [[ ${1:-} == --anchor ]]; then
    anchor_args=(--anchor "$2")
    shift 2
fi
if [[ $# -eq 0 ]]; then
    echo "usage: scripts/wasm-verify.sh [--anchor CERT] FILE..." >&2
    exit 2
fi

module=.build-wasm/receipt.wasm
if [[ ! -f $module || -n ${WASM_REBUILD:-} ]]; then scripts/build-wasm.sh "$module" > /dev/null; fi
configuration=debug
if [[ -n ${WASM_REPEAT:-} ]]; then configuration=release; fi
swift build -c "$configuration" --package-path WasmHost --product WasmReceiptHost > /dev/null
swift build -c "$configuration" --product receipt > /dev/null
host=$(swift build -c "$configuration" --package-path WasmHost --show-bin-path)/WasmReceiptHost
native=$(swift build -c "$configuration" --show-bin-path)/receipt

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
repeat_args=()
if [[ -n ${WASM_REPEAT:-} ]]; then repeat_args=(--repeat "$WASM_REPEAT"); fi
# Both exit 1 when some receipt is invalid; only 2 (usage, I/O, a trap in the module) is an error here.
"$native" verify --json "${anchor_args[@]}" "$@" > "$work/native" || [[ $? -eq 1 ]]
"$host" "$module" "${anchor_args[@]}" "${repeat_args[@]}" "$@" > "$work/wasm" || [[ $? -eq 1 ]]

passed=0
failed=0
index=0
for file in "$@"; do
    index=$((index + 1))
    # The native line without its leading "file" member, which the module does not know.
    native_line=$(sed -n "${index}p" "$work/native" | sed -E 's/^\{"file":"([^"\\]|\\.)*",/{/')
    wasm_line=$(sed -n "${index}p" "$work/wasm")
    verdict=$(grep -oE '"valid":(true|false)' <<< "$native_line" | head -n 1 || true)
    if [[ -n $native_line && $native_line == "$wasm_line" ]]; then
        passed=$((passed + 1))
        echo "same   ${verdict#*:}  $file"
    else
        failed=$((failed + 1))
        echo "DIFFER $file"
        echo "  native: ${native_line:0:300}"
        echo "  wasm:   ${wasm_line:0:300}"
    fi
done
echo "$passed passed, $failed failed"
[[ $failed -eq 0 ]]
