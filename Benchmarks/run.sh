#!/usr/bin/env bash
# Builds and runs every benchmark in release mode, measures the OpenSSL command line at its native and scalar
# tiers on the same sizes, times the `receipt verify` tool on a batch of real receipts with 1 and 2 jobs, and
# writes docs/performance.json and docs/PERFORMANCE.md. About 5 minutes here after the first build.
#   Benchmarks/run.sh
# The receipt benchmarks read the repository's TestVectors/receipts; the benchmark package needs libssl-dev's
# headers (scripts/install-build-dependencies.sh installs them). Writes README.md's performance sentence too.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/.." && pwd)"
results="$here/.build/results"
rm -rf "$results"
mkdir -p "$results"
cd "$here"

echo "== Swift benchmarks (release)"
swift package --allow-writing-to-package-directory benchmark --format jmh --path "$results" --no-progress \
    2>&1 | grep -vE '^\s*$' | tail -n 5

echo "== OpenSSL command line"
# Lines of "benchmark implementation value unit". The scalar tier masks SHA extensions, AVX/AVX2/SSSE3 and
# friends: OpenSSL's integer-only code paths. `openssl speed -evp` reports thousands of bytes per second.
scalar_mask='~0x10000A0000000000:~0xF02B0128'
hash_speed() {  # algorithm bytes tier
    # Set the mask only for the scalar tier: an empty OPENSSL_ia32cap would disable every extension.
    local run=(openssl)
    [[ $3 == scalar ]] && run=(env "OPENSSL_ia32cap=$scalar_mask" openssl)
    "${run[@]}" speed -bytes "$2" -seconds 3 -evp "$1" 2>/dev/null | awk -v a="$1" -v b="$2" -v t="$3" \
        '$1 == a { size = (b == 1048576 ? "1MiB" : b "B"); v = $NF; sub(/k$/, "", v); print a "-" size, "openssl-" t, v / 1000, "MB/s" }'
}
for algorithm in sha1 sha256 sha512; do
    for bytes in 1048576 64; do
        hash_speed "$algorithm" "$bytes" native >> "$results/openssl.txt"
        hash_speed "$algorithm" "$bytes" scalar >> "$results/openssl.txt"
    done
done
for bits in 2048 4096; do
    # The verify/s column, found by its header (OpenSSL 3.0 prints sign, verify, sign/s, verify/s; later
    # versions add columns); an rsa line has three leading fields ("rsa 2048 bits") before the header's.
    openssl speed -seconds 3 "rsa$bits" 2>/dev/null | awk -v b="$bits" '
        /verify\/s/ { for (i = 1; i <= NF; i++) if ($i == "verify/s") column = i + 3 }
        $1 == "rsa" && $2 == b && column { print "rsa" b "-verify", "openssl-native", $column, "ops/s" }' \
        >> "$results/openssl.txt"
done

# ECDSA verifications per second: OpenSSL's P-256 is hand-written assembly, its P-384 generic code. An ecdsa line
# has four leading fields ("256 bits ecdsa (nistp256)") before the header's.
openssl speed -seconds 3 ecdsap256 ecdsap384 2>/dev/null | awk '
    /verify\/s/ { for (i = 1; i <= NF; i++) if ($i == "verify/s") column = i + 4 }
    $3 == "ecdsa" && column { curve = $4; gsub(/[()nist]/, "", curve); print curve "-verify", "openssl-native", $column, "ops/s" }' \
    >> "$results/openssl.txt"

echo "== receipt verify, batch (release)"
# Every App Store receipt in TestVectors, 20 times over, on one command line: receipts per second of the whole
# process (reading, verifying, printing) with --jobs 1 and --jobs 2, the best of 5 runs each. Without
# --bundle-id only the signature, the chain at the receipt's creation date and the payload are checked.
vectors="$root/TestVectors/receipts/apple"
(cd "$root" && swift build -c release --product receipt 2>&1 | tail -n 1)
tool="$(cd "$root" && swift build -c release --show-bin-path)/receipt"
python3 - "$tool" "$vectors" >> "$results/batch.txt" <<'PY'
import glob, os, subprocess, sys, time
tool, vectors = sys.argv[1], sys.argv[2]
receipts = sorted(glob.glob(os.path.join(vectors, "*.der")))
if not receipts:
    sys.exit(f"run.sh: no receipts in {vectors}")
inputs = receipts * 20
for jobs, name in ((1, "this-1-job"), (2, "this-2-jobs")):
    best = None
    for _ in range(5):
        start = time.perf_counter()
        run = subprocess.run([tool, "verify", "--jobs", str(jobs), *inputs], capture_output=True, text=True)
        elapsed = time.perf_counter() - start
        # Exit status 0 only when every input is valid: a failure must not be timed as throughput.
        results = len(run.stdout.splitlines())
        if run.returncode != 0 or results != len(inputs):
            sys.exit(f"run.sh: receipt verify --jobs {jobs}: exit {run.returncode}, {results}/{len(inputs)} results\n{run.stderr}")
        best = elapsed if best is None else min(best, elapsed)
    print("receipt-verify-batch", name, f"{len(inputs) / best:.1f}", "receipts/s")
PY
cat "$results/batch.txt"

# --- WebAssembly (issue 23) ------------------------------------------------------------------------------------
echo "== WebAssembly: receipt-validate-g5 in Node.js and WasmKit"
# The G5 receipt validated through the module of scripts/build-wasm.sh, at its creation date with the bundled
# root, as `receipt-validate-g5 this` is; the module also writes its JSON result each time. Node.js (V8 compiles
# the module): Benchmarks/wasm-node.mjs, the best of 5 one-second runs. WasmKit (an interpreter): the release
# WasmHost, the mean of 20 validations after one.
g5="$root/TestVectors/receipts/apple/TPInAppReceipt_receipt-sandbox-g5.der"
module="$root/.build-wasm/receipt.wasm"
(cd "$root" && scripts/build-wasm.sh "$module" | tail -n 2)
echo "receipt-validate-g5 wasm-node $(node "$here/wasm-node.mjs" "$module" "$g5" 5) ops/s" >> "$results/wasm.txt"
(cd "$root" && swift build -c release --package-path WasmHost --product WasmReceiptHost 2>&1 | tail -n 1)
wasm_host="$(cd "$root" && swift build -c release --package-path WasmHost --show-bin-path)/WasmReceiptHost"
"$wasm_host" "$module" --repeat 20 "$g5" 2>&1 > /dev/null | awk '/µs per validation/ {
    print "receipt-validate-g5 wasm-wasmkit", 1e6 / $(NF - 3), "ops/s" }' >> "$results/wasm.txt"
cat "$results/wasm.txt"
# --- end of WebAssembly ------------------------------------------------------------------------------------------

echo "== Report"
python3 "$here/report.py" "$results" "$root/docs"
