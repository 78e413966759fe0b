#!/usr/bin/env bash
# Builds the verifier as one WebAssembly module (docs/webassembly.md): every library module, then the C-ABI
# entry module ReceiptWasm, compiled as Embedded Swift for wasm32-unknown-none-wasm with -Osize and linked by
# the toolchain's wasm-ld, with no WASI and no libc (ReceiptWasm supplies the few runtime functions itself).
#
#   scripts/build-wasm.sh [OUTPUT.wasm]      default .build-wasm/receipt.wasm
#
# Also the Embedded Swift check of .ci/run: it fails if any library module stops compiling as Embedded Swift.
set -euo pipefail
cd "$(dirname "$0")/.."

# The library modules from scripts/library-modules (lowest layer first; each is compiled against the ones before
# it), then the wasm entry module, which is not a library module.
modules=()
while IFS= read -r line; do
    line=${line%%#*}
    line=${line//[[:space:]]/}
    if [[ -n $line ]]; then modules+=("$line"); fi
done < scripts/library-modules
modules+=(ReceiptWasm)
exports=(
    receipt_allocate receipt_free receipt_validate signed_data_verify receipt_result_status receipt_result_step
    receipt_result_code_pointer receipt_result_code_length receipt_result_json_pointer receipt_result_json_length
)

out_dir=${WASM_BUILD_DIR:-.build-wasm}
output=${1:-$out_dir/receipt.wasm}
swift_bin=$(dirname "$(command -v swiftc)")
unicode_tables=$swift_bin/../lib/swift/embedded/wasm32-unknown-none-wasm/libswiftUnicodeDataTables.a
rm -rf "$out_dir"
mkdir -p "$out_dir" "$(dirname "$output")"

runtime_calls=()
for name in swift_retain swift_retain_n swift_release swift_release_n swift_bridgeObjectRetain \
    swift_bridgeObjectRetain_n swift_bridgeObjectRelease swift_bridgeObjectRelease_n swift_allocObject \
    swift_initStackObject swift_initStaticObject swift_deallocObject swift_deallocClassInstance swift_setDeallocating \
    swift_isUniquelyReferenced_native swift_isUniquelyReferenced_nonNull_native swift_beginAccess swift_endAccess \
    swift_willThrow swift_once swift_slowAlloc swift_slowDealloc; do
    runtime_calls+=(-Xllvm "-force-attribute=$name:noinline")
done

objects=()
for module in "${modules[@]}"; do
    sources=()
    while IFS= read -r -d '' file; do sources+=("$file"); done \
        < <(find "Sources/$module" -name '*.swift' -print0 | sort -z)
    # No stack protector: its guard and failure handler are libc's. BuiltinModule: memory.grow, for
    # ReceiptWasm's allocator. One -package-name for every module, so that `package` declarations are visible across
    # them, as under SwiftPM. LLVM bitcode objects, so that wasm-ld optimises across modules (-10% size).
    # The upcoming features of Package.swift's strictSettings, so that imports have the same access levels.
    # Less SIL inlining than -Osize's own (docs/webassembly.md, "What takes the bytes"): a caller-benefit factor of
    # 16 instead of 2, no closure specialization, and PureDER's functions (every name with PureDER in its mangling)
    # never inlined, so that the DER reader is called rather than copied into every reader. -52 KB; Node.js runs
    # the G5 validation with 8% fewer validations per second, well within the budget of 5x native.
    # The Embedded runtime's reference counting and allocation entry points, and a few others (`runtime_calls`),
    # are never inlined by LLVM: inlined, a retain is some 40 bytes of code at each of hundreds of sites; called,
    # it is a few. -26 KB, with no change in Node.js's speed that its noise shows.
    if ! swiftc -target wasm32-unknown-none-wasm -enable-experimental-feature Embedded -wmo -parse-as-library \
        -enable-upcoming-feature ExistentialAny -enable-upcoming-feature InternalImportsByDefault \
        -enable-experimental-feature BuiltinModule -disable-stack-protector -lto=llvm-full \
        -Osize -Xfrontend -sil-inline-caller-benefit-reduction-factor -Xfrontend 16 \
        -Xllvm -sil-disable-pass=closure-specialize -Xllvm -sil-inline-never-functions=7PureDER \
        "${runtime_calls[@]}" -module-name "$module" -package-name pure_receipt \
        -emit-module -emit-module-path "$out_dir/$module.swiftmodule" \
        -I "$out_dir" -c "${sources[@]}" -o "$out_dir/$module.o"; then
        echo "wasm: $module does not compile as Embedded Swift" >&2
        exit 1
    fi
    echo "wasm: $module ok ($(wc -c < "$out_dir/$module.o") bytes of bitcode)"
    objects+=("$out_dir/$module.o")
done

export_flags=()
for name in "${exports[@]}"; do export_flags+=("--export=$name"); done
# --no-entry: a library module, no _start. --gc-sections keeps what the exports reach. The maximum memory,
# 64 MiB, bounds what any input can make the module allocate; the heap grows from where the linker's memory ends.
# --compress-relocations writes each function index and address in the code at its shortest LEB128 length
# rather than padded to five bytes (-36 KB); the LTO's function merging folds identical bodies (-2 KB).
wasm-ld --no-entry --gc-sections --strip-all --compress-relocations --mllvm=-enable-merge-functions --wrap=free \
    "${export_flags[@]}" --export-memory --max-memory=67108864 "${objects[@]}" "$unicode_tables" -o "$output"
size=$(wc -c < "$output")
echo "wasm: $output, $size bytes"

# The size may only go down: scripts/wasm-size-ceiling holds the largest size accepted, the module's size when it
# was last lowered, with a little room for toolchain noise. The goal is the budget of docs/webassembly.md (480 KiB).
ceiling=$(grep -v '^#' scripts/wasm-size-ceiling | tr -d '[:space:]')
if (( size > ceiling )); then
    echo "wasm: $size bytes is over the ceiling of $ceiling bytes (scripts/wasm-size-ceiling); see docs/webassembly.md" >&2
    exit 1
fi

# The contract says no imports: a new libc or runtime dependency shows up here as an import section (id 2).
python3 - "$output" <<'PY'
import sys
data = open(sys.argv[1], "rb").read()
position = 8
while position < len(data):
    section = data[position]
    position += 1
    size = shift = 0
    while True:
        byte = data[position]
        position += 1
        size |= (byte & 0x7F) << shift
        shift += 7
        if byte < 0x80:
            break
    if section == 2:
        sys.exit("wasm: the module imports something; it must be self-contained (docs/webassembly.md)")
    position += size
PY
echo "wasm: no imports"
