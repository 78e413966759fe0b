#!/usr/bin/env bash
# Builds and runs every benchmark in release mode, measures the OpenSSL command line at its native and scalar
# tiers on the same sizes, times the `receipt` tool streaming receipts (--jobs 1 and 2, --json, a million inputs'
# peak memory) and hashing a 192 MiB file, and writes docs/performance.json and docs/PERFORMANCE.md. About 17
# minutes here after the first build (5 of them the paired rounds of the goals, receipts and ECDSA, and of
# RSA-2048 verification).
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

# This machine's two vCPUs each slow down by up to half for minutes at a time (seen: RSA-2048 verification 23 µs
# on one CPU and 36 µs on the other, then both 23 µs): a benchmark and its peer measured minutes apart, or on
# different CPUs, can differ by that much. So the in-process benchmarks run on one CPU (BENCHMARK_CPU, default 0;
# taskset, where there is one), and the receipt goals are judged on paired rounds (below).
pin=()
if command -v taskset > /dev/null; then
    if ! taskset -c "${BENCHMARK_CPU:-0}" true; then
        echo "run.sh: this process cannot run on CPU ${BENCHMARK_CPU:-0} (BENCHMARK_CPU)" >&2
        exit 1
    fi
    pin=(taskset -c "${BENCHMARK_CPU:-0}")
fi

echo "== Build (release)"
# Built on every CPU first: under taskset, the plugin would compile on one.
swift build -c release 2>&1 | tail -n 1

echo "== Swift benchmarks (release)"
${pin[@]+"${pin[@]}"} swift package --allow-writing-to-package-directory benchmark --format jmh --path "$results" \
    --no-progress --skip-target AllocationBenchmarks 2>&1 | grep -vE '^\s*$' | tail -n 5

# ECDSA verifications per second by OpenSSL on the benchmarks' CPU, for `seconds` each: its P-256 is hand-written
# assembly, its P-384 generic code. An ecdsa line has four leading fields ("256 bits ecdsa (nistp256)") before the
# header's.
ecdsa_speed() {  # seconds
    ${pin[@]+"${pin[@]}"} openssl speed -seconds "$1" ecdsap256 ecdsap384 2>/dev/null | awk '
        /verify\/s/ { for (i = 1; i <= NF; i++) if ($i == "verify/s") column = i + 4 }
        $3 == "ecdsa" && column {
            curve = $4; gsub(/[()nist]/, "", curve); print curve "-verify", "openssl-native", $column, "ops/s"
        }'
}

# --- Paired rounds for the goals (report.py judges them on these) ---
# PAIRED_ROUNDS rounds (default 5), each running the goals' benchmarks for up to 1 s each, one implementation after
# the other on one CPU (and rsa2048-verify, this package's and swift-crypto's, the arithmetic of
# chain-validate-floor), then OpenSSL's ECDSA for 1 s per curve: a round's ratio compares figures measured seconds
# apart, and the median over the rounds is what a slow spell of the machine moves least.
echo "== Goals, paired rounds"
goals="$(python3 "$here/report.py" --goal-filter)"  # report.py's goals, FLOOR and FLOOR_ARITHMETIC
for round in $(seq 1 "${PAIRED_ROUNDS:-5}"); do
    mkdir -p "$results/paired/$round"
    RECEIPT_BENCHMARK_SECONDS=1 ${pin[@]+"${pin[@]}"} swift package --allow-writing-to-package-directory \
        benchmark --format jmh --path "$results/paired/$round" --no-progress --target ReceiptBenchmarks \
        --target SignedDataBenchmarks --target ECDSABenchmarks --target RSABenchmarks --filter "$goals" 2>&1 |
        grep -vE '^\s*$' | tail -n 1
    ecdsa_speed 1 > "$results/paired/$round/openssl.txt"
done

# --- Allocation thresholds (AllocationBenchmarks against Thresholds/; see docs/performance-notes.md) ---
# Fails when a count rose (a regression) and when counts only fell (then update the thresholds, with the
# new counts in the commit message:
#   swift package --allow-writing-to-package-directory benchmark thresholds update --target AllocationBenchmarks \
#       --path Thresholds).
echo "== Allocation thresholds"
swift package benchmark thresholds check --target AllocationBenchmarks --path "$here/Thresholds" --no-progress \
    2>&1 | grep -vE '^\s*$' | tail -n 20
# --- end of allocation thresholds ---

echo "== OpenSSL command line"
# Lines of "benchmark implementation value unit", measured on the benchmarks' CPU. The scalar tier masks SHA
# extensions, AVX/AVX2/SSSE3 and friends: OpenSSL's integer-only code paths. `openssl speed -evp` reports thousands
# of bytes per second.
scalar_mask='~0x10000A0000000000:~0xF02B0128'
hash_speed() {  # algorithm bytes tier
    # Set the mask only for the scalar tier: an empty OPENSSL_ia32cap would disable every extension.
    local run=(openssl)
    [[ $3 == scalar ]] && run=(env "OPENSSL_ia32cap=$scalar_mask" openssl)
    ${pin[@]+"${pin[@]}"} "${run[@]}" speed -bytes "$2" -seconds 3 -evp "$1" 2>/dev/null \
        | awk -v a="$1" -v b="$2" -v t="$3" \
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
    ${pin[@]+"${pin[@]}"} openssl speed -seconds 3 "rsa$bits" 2>/dev/null | awk -v b="$bits" '
        /verify\/s/ { for (i = 1; i <= NF; i++) if ($i == "verify/s") column = i + 3 }
        $1 == "rsa" && $2 == b && column { print "rsa" b "-verify", "openssl-native", $column, "ops/s" }' \
        >> "$results/openssl.txt"
done

ecdsa_speed 3 >> "$results/openssl.txt"

echo "== receipt verify, streaming (release)"
# The tool as users run it on an export: --lines, one base64 receipt per line.
# - receipt-verify-stream: 20,000 lines of receipt-validate's receipt (so that the time per receipt compares with
#   the in-process figure of this run), receipts per second of the whole process with --jobs 1, --jobs 2,
#   --json --jobs 1 and --no-memo --jobs 1, and of two --jobs 1 processes at once on 10,000 lines each (the
#   ceiling for --jobs 2 while both CPUs run at one speed), taking turns, best of 7 runs each, and the
#   paired ratios (-paired: the median over the rounds of one round's ratio); output to a file, counted after the
#   clock stops;
# - receipt-verify-stream-1M: a --lines file of a million lines of four receipts in turn, in /tmp, --jobs 2:
#   receipts per second, and the peak resident memory (wait4's ru_maxrss, as /usr/bin/time -v) in MiB;
# - receipt-digest-sha256-192MiB: `receipt digest` of a 192 MiB file in the page cache, whole process (`cli`), and
#   InProcessDigest's SHA-256 of the same file already in memory, the hashing alone (`in-process`): taking turns,
#   both on the benchmarks' CPU, best of 14 each after an untimed pair, in MB/s, and their paired ratio.
# Every run must exit 0 (every receipt valid) with one result per input: a failure is never timed as throughput.
(cd "$root" && swift build -c release --product receipt 2>&1 | tail -n 1)
tool="$(cd "$root" && swift build -c release --show-bin-path)/receipt"
swift build -c release --product InProcessDigest 2>&1 | tail -n 1
in_process_digest="$(swift build -c release --show-bin-path)/InProcessDigest"
scratch="$results/stream"
mkdir -p "$scratch"
python3 - "$tool" "$root/TestVectors/receipts/apple" "$scratch" "$in_process_digest" ${pin[@]+"${pin[@]}"} \
    >> "$results/stream.txt" <<'PY'
import base64, os, statistics, subprocess, sys, threading, time
tool, receipts, scratch, in_process_digest = sys.argv[1:5]
pin = sys.argv[5:]  # taskset and its arguments, or nothing
rounds = 7
def line(name):
    return base64.b64encode(open(os.path.join(receipts, name + ".der"), "rb").read()) + b"\n"
validate = line("AppReceiptValidator_grandUnifiedExpiredAppleCert_receipt")
lines_path, output_path = os.path.join(scratch, "lines.txt"), os.path.join(scratch, "out.txt")
count = 20_000
# Written in blocks: this process stays small, and its children's memory figures are their own.
with open(lines_path, "wb") as lines:
    for _ in range(count // 100):
        lines.write(validate * 100)
half_path = os.path.join(scratch, "half.txt")
with open(half_path, "wb") as lines:
    for _ in range(count // 200):
        lines.write(validate * 100)

def run_once(arguments, expected):
    with open(output_path, "wb") as output:
        start = time.perf_counter()
        run = subprocess.run([tool, *arguments], stdout=output, stderr=subprocess.PIPE)
        elapsed = time.perf_counter() - start
    results = sum(1 for _ in open(output_path, "rb"))
    if run.returncode != 0 or results != expected:
        sys.exit(f"run.sh: receipt {' '.join(arguments)}: exit {run.returncode}, {results}/{expected} results\n"
                 + run.stderr.decode(errors="replace"))
    return elapsed

def run_two_processes():
    """Two `--jobs 1` processes at once, each on half the lines: what two cores of this machine give two workers
    that share nothing, the ceiling of `--jobs 2` while both CPUs run at one speed."""
    start = time.perf_counter()
    outputs = [open(f"{output_path}.{index}", "wb") for index in range(2)]
    runs = [subprocess.Popen([tool, "verify", "--jobs", "1", "--lines", half_path], stdout=output,
                             stderr=subprocess.DEVNULL) for output in outputs]
    statuses = [run.wait() for run in runs]
    elapsed = time.perf_counter() - start
    for output in outputs:
        output.close()
    results = sum(sum(1 for _ in open(f"{output_path}.{index}", "rb")) for index in range(2))
    for index in range(2):
        os.remove(f"{output_path}.{index}")
    if statuses != [0, 0] or results != count:
        sys.exit(f"run.sh: two receipt verify --jobs 1 processes: exit {statuses}, {results}/{count} results")
    return elapsed

# The configurations take turns, seven rounds, and each keeps its best: this machine's speed changes by up to 2x
# within minutes, and runs in turn share its slow and fast spells. The ratios the goals are judged on are paired:
# each round's ratio of two configurations run back to back, and the median of the rounds' ratios, which a slow
# spell over one run of a pair moves far less than it moves a ratio of two bests from different rounds.
configurations = (("cli-jobs-1", ["--jobs", "1"]), ("cli-jobs-2", ["--jobs", "2"]),
                  ("cli-jobs-1-json", ["--json", "--jobs", "1"]),
                  ("cli-jobs-1-no-memo", ["--no-memo", "--jobs", "1"]),
                  ("cli-2-processes", None))
times = {name: [] for name, _ in configurations}
for _ in range(rounds):
    for name, arguments in configurations:
        if arguments is None:
            seconds = run_two_processes()
        else:
            seconds = run_once(["verify", *arguments, "--lines", lines_path], count)
        times[name].append(seconds)
for name, _ in configurations:
    print("receipt-verify-stream", name, f"{count / min(times[name]):.1f}", "receipts/s")
def paired(numerator, denominator):
    """The median over the rounds of numerator's time ÷ denominator's: how many times as fast denominator was."""
    return statistics.median(n / d for n, d in zip(times[numerator], times[denominator]))
print("receipt-verify-stream-paired", "jobs-2-over-jobs-1", f"{paired('cli-jobs-1', 'cli-jobs-2'):.3f}", "x")
print("receipt-verify-stream-paired", "2-processes-over-jobs-1",
      f"{paired('cli-jobs-1', 'cli-2-processes'):.3f}", "x")
print("receipt-verify-stream-paired", "json-over-plain", f"{paired('cli-jobs-1-json', 'cli-jobs-1'):.3f}", "x")
os.remove(half_path)

million = 1_000_000
mix = [line(name) for name in ("AppReceiptValidator_grandUnifiedExpiredAppleCert_receipt",
                               "TPInAppReceipt_receipt-sandbox-g5", "Kvitto_receipt",
                               "AppReceiptValidator_mindnode_mac_sha256_receipt")]
os.remove(lines_path)
# A database export's shape: a million lines in one file in /tmp, written in blocks (about 9 GB), removed after.
export_path = os.path.join(os.environ.get("TMPDIR", "/tmp"), f"receipt-verify-stream-1M-{os.getpid()}.txt")
try:
    with open(export_path, "wb") as export:
        block = b"".join(mix) * 50
        for _ in range(million // (len(mix) * 50)):
            export.write(block)
    with open(output_path, "wb") as output:
        start = time.perf_counter()
        process = subprocess.Popen([tool, "verify", "--jobs", "2", "--lines", export_path], stdout=output)
        # wait4 gives this child's own peak resident memory (what /usr/bin/time -v reports).
        _, status, usage = os.wait4(process.pid, 0)
        elapsed = time.perf_counter() - start
finally:
    os.remove(export_path)
results = sum(1 for _ in open(output_path, "rb"))
if os.waitstatus_to_exitcode(status) != 0 or results != million:
    sys.exit(f"run.sh: receipt verify --lines of a million lines: status {status}, {results}/{million} results")
print("receipt-verify-stream-1M", "cli-jobs-2", f"{million / elapsed:.1f}", "receipts/s")
print("receipt-verify-stream-1M-peak-memory", "cli-jobs-2", f"{usage.ru_maxrss / 1024:.1f}", "MiB")

digest_path = os.path.join(scratch, "192MiB.bin")
with open(digest_path, "wb") as data:
    for _ in range(192):
        data.write(os.urandom(1 << 20))
    # Written back before the first round, so that no round shares its CPU with the kernel writing the file out.
    data.flush()
    os.fsync(data.fileno())
# In turn, as the stream configurations above: the tool's whole process, and the hashing alone in memory. Both
# must print the same digest, so that neither is timed doing less. Twice the rounds of the stream figures, after
# one untimed pair: a round's ratio here has ranged from 0.6 to 2.0 while the best of each stayed within 1%.
tool_times, in_process_times = [], []
for turn in range(2 * rounds + 1):
    start = time.perf_counter()
    run = subprocess.run([*pin, tool, "digest", "-a", "sha256", digest_path], capture_output=True)
    elapsed = time.perf_counter() - start
    if run.returncode != 0:
        sys.exit(f"run.sh: receipt digest: exit {run.returncode}\n" + run.stderr.decode(errors="replace"))
    alone = subprocess.run([*pin, in_process_digest, digest_path], capture_output=True)
    if alone.returncode != 0:
        sys.exit(f"run.sh: InProcessDigest: exit {alone.returncode}\n" + alone.stderr.decode(errors="replace"))
    seconds, hex_digest = alone.stdout.decode().split()
    if run.stdout.decode().split()[0] != hex_digest:
        sys.exit("run.sh: receipt digest and InProcessDigest disagree on the digest")
    if turn == 0:
        continue
    tool_times.append(elapsed)
    in_process_times.append(float(seconds))
print("receipt-digest-sha256-192MiB", "cli", f"{(192 << 20) / min(tool_times) / 1e6:.1f}", "MB/s")
print("receipt-digest-sha256-192MiB", "in-process", f"{(192 << 20) / min(in_process_times) / 1e6:.1f}", "MB/s")
print("receipt-digest-sha256-192MiB-paired", "cli-over-in-process",
      f"{statistics.median(a / t for a, t in zip(in_process_times, tool_times)):.3f}", "x")
os.remove(digest_path)
os.remove(output_path)
PY
cat "$results/stream.txt"

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
