#!/usr/bin/env python3
"""Turns the raw results of run.sh into docs/performance.json, docs/PERFORMANCE.md and the performance
sentence of README.md (between its <!-- performance --> and <!-- /performance --> lines).

    python3 Benchmarks/report.py RESULTS DOCS    what run.sh runs: all three from the results of a run
    python3 Benchmarks/report.py --readme        only the README's sentence, from the committed performance.json
    python3 Benchmarks/report.py --goal-filter   the benchmark plugin's --filter for the receipt goals' paired rounds

Input: the JMH JSON that the benchmark plugin wrote, and the *.txt files of run.sh (openssl.txt, stream.txt:
lines of "benchmark implementation value unit"). Every value is higher-is-better — MB/s (10^6 bytes per second)
for hashes, ops/s for operations, receipts/s for the command line — except the one in MiB, the peak resident
memory of a million inputs streamed through `receipt verify`.
"""
import datetime
import glob
import json
import pathlib
import platform
import re
import subprocess
import sys
import textwrap

ROOT = pathlib.Path(__file__).resolve().parent.parent


def readme_sentence(rows):
    """The README's performance sentence, from receipt-validate in `rows`: this package's median time, and its
    ratios to the peers from the paired rounds where the run has them, else from the medians."""
    values = {implementation: value for benchmark, implementation, value, unit in rows
              if benchmark == "receipt-validate" and unit == "ops/s"}
    if not {"this", "libcrypto", "swift-certificates"} <= values.keys():
        sys.exit("report.py: receipt-validate lacks this, libcrypto or swift-certificates")
    microseconds = 1e6 / values["this"]
    # The paired rounds' ratios where the run has them (medians of the rounds' ratios of medians).
    paired = {implementation: value for benchmark, implementation, value, unit in rows
              if benchmark == "receipt-validate-paired"}
    if {"this-over-libcrypto", "this-over-swift-certificates"} <= paired.keys():
        libcrypto, certificates = paired["this-over-libcrypto"], paired["this-over-swift-certificates"]
        source = "the time is the median of the last `Benchmarks/run.sh`, the ratios the medians of its paired rounds"
    else:
        libcrypto = values["this"] / values["libcrypto"]
        certificates = values["this"] / values["swift-certificates"]
        source = "medians of the last `Benchmarks/run.sh`"
    return (f"A full validation of a 7 KB App Store receipt, payload decoded, takes {microseconds:.0f} µs here: "
            f"{libcrypto:.2f}× as fast as OpenSSL's `d2i_PKCS7` + `PKCS7_verify` "
            f"in-process and {certificates:.2f}× as fast as swift-certificates' "
            f"CMS verification ({source}; `docs/PERFORMANCE.md`).")


def rewrite_readme(rows, readme=ROOT / "README.md"):
    """Replaces the lines between the README's performance markers with the sentence, wrapped at 110 columns."""
    text = readme.read_text()
    pattern = re.compile(r"(<!-- performance[^\n]*-->\n)(.*?)(<!-- /performance -->)", re.S)
    if not pattern.search(text):
        sys.exit(f"report.py: no <!-- performance --> ... <!-- /performance --> lines in {readme}")
    sentence = "\n".join(textwrap.wrap(readme_sentence(rows), 110, break_on_hyphens=False)) + "\n"
    readme.write_text(pattern.sub(lambda match: match.group(1) + sentence + match.group(3), text, count=1))
    print(f"rewrote the performance sentence of {readme.name}: {readme_sentence(rows)}")


# The receipt goals (issues 5, 21, 23): benchmark, peer, this package's ratio to reach.
RECEIPT_GOALS = (("receipt-validate", "libcrypto", 5), ("receipt-validate", "swift-certificates", 5),
                 ("receipt-validate-warm", "libcrypto", 12), ("cert-parse", "swift-certificates", 3),
                 ("chain-validate", "swift-certificates", 3), ("chain-validate-ecdsa", "swift-certificates", 3),
                 ("jws-verify", "swift-certificates", 3))
# The ECDSA goals (issue 21), judged on the paired rounds too. OpenSSL's figure is `openssl speed`'s mean, which has
# no fastest iteration: against it, this package's mean is compared.
ECDSA_GOALS = (("p256-verify", "swift-crypto", 0.5), ("p384-verify", "swift-crypto", 1),
               ("p384-verify", "openssl-native", 2))
# chain-validate-floor is chain-validate's two TBS hashes and two RSA-2048 verifications alone: the peer's
# chain-validate over it is the most chain-validate could reach, were parsing, path building and policy free.
FLOOR = ("chain-validate", "swift-certificates", "chain-validate-floor")
# Most of that floor is RSA-2048 verification, which swift-certificates does with swift-crypto (BoringSSL's
# assembly): the two, paired in the same rounds, say how far this package's arithmetic is from it.
FLOOR_ARITHMETIC = ("rsa2048-verify", "swift-crypto")

if sys.argv[1:] == ["--goal-filter"]:
    # The benchmark plugin's --filter for the paired rounds of run.sh: the goals' and the floor's benchmarks, every
    # implementation, and RSA-2048's for this package and its floor's peer alone (the filter must match a whole
    # name).
    names = [benchmark for benchmark, _, _ in RECEIPT_GOALS + ECDSA_GOALS] + [FLOOR[2]]
    print("(" + "|".join(dict.fromkeys(names)) + ") .*|" + f"{FLOOR_ARITHMETIC[0]} (this|{FLOOR_ARITHMETIC[1]})")
    sys.exit(0)
if sys.argv[1:] == ["--readme"]:
    committed = json.load(open(ROOT / "docs" / "performance.json"))
    rewrite_readme([(r["benchmark"], r["implementation"], r["value"], r["unit"]) for r in committed])
    sys.exit(0)
if len(sys.argv) != 3:
    sys.exit(__doc__)
results, docs = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])

# Bytes hashed per measured iteration, by the size in the benchmark's name (HashBenchmarks hashes 1000
# messages of 64 bytes), and operations per measured iteration for the others (RSABenchmarks and ECDSABenchmarks
# verify 64 different signatures; ReceiptBenchmarks validates or parses one receipt). Keep in step with the benchmark
# sources.
BYTES_PER_ITERATION = {"1MiB": 1 << 20, "64B": 64 * 1000}
OPERATIONS_PER_ITERATION = {"verify": 64}
# jws-verify's peer is the stack Apple's App Store Server Library stands on: swift-certificates' Verifier,
# swift-crypto's P-256 and Foundation's JSONDecoder (SignedDataBenchmarks); it is listed under swift-certificates.
RECEIPT_BENCHMARKS = [
    "receipt-validate", "receipt-validate-g5", "receipt-validate-warm", "receipt-validate-legacy-79k",
    "receipt-validate-worst", "der-parse-receipt", "cert-parse", "chain-validate", "chain-validate-floor",
    "chain-validate-ecdsa", "jws-verify",
]
# The time to refuse the worst receipt-shaped container within the certificate cap, over the time to validate a
# real receipt: what a hostile input can cost, at most this many times an honest one (issue 25).
WORST_GOAL = 5
RECEIPT_PEERS = ["libcrypto", "swift-certificates", "swift-asn1"]
STREAM_BENCHMARKS = ["receipt-verify-stream", "receipt-verify-stream-1M", "receipt-verify-stream-1M-peak-memory",
                     "receipt-digest-sha256-192MiB", "receipt-verify-stream-paired",
                     "receipt-digest-sha256-192MiB-paired"]

rows = []  # (benchmark, implementation, value, unit)
mallocs = {}  # (benchmark, implementation) -> allocations per measured iteration (median)
best = {}  # (benchmark, implementation) -> the fastest iteration (p0) in nanoseconds, for the receipt targets
UNIT_NANOSECONDS = {"ns": 1, "\u03bcs": 1e3, "us": 1e3, "ms": 1e6, "s": 1e9}

def verdict_of(first, second, goal, names=("the median", "p0")):
    """Whether both ratios meet the goal, and if not, which one misses it."""
    if min(first, second) >= goal:
        return "met"
    if max(first, second) < goal:
        return "not met"
    return f"not met at {names[0] if first < goal else names[1]}"

def wall_clock(element):
    """(benchmark, implementation, median ns, p0 ns, mean ns) of one JMH element of the benchmark plugin."""
    # "package.benchmark.<Target>.<benchmark>_<implementation>" (the plugin turns spaces into "_").
    benchmark, implementation = element["benchmark"].split(".")[-1].split("_", 1)
    wall = element["secondaryMetrics"]["Time (wall clock)"]
    unit = UNIT_NANOSECONDS[wall["scoreUnit"]]
    percentiles = wall["scorePercentiles"]
    return benchmark, implementation, percentiles["50.0"] * unit, percentiles["0.0"] * unit, wall["score"] * unit

for path in glob.glob(str(results / "*.jmh.json")):
    for element in json.load(open(path)):
        benchmark, implementation, nanoseconds, fastest, _ = wall_clock(element)
        size = benchmark.split("-")[-1]
        per = 1
        if benchmark in RECEIPT_BENCHMARKS:
            rows.append((benchmark, implementation, 1e9 / nanoseconds, "ops/s"))
            best[(benchmark, implementation)] = fastest
        elif size in BYTES_PER_ITERATION:
            rows.append((benchmark, implementation, BYTES_PER_ITERATION[size] / nanoseconds * 1000, "MB/s"))
        elif size in OPERATIONS_PER_ITERATION:
            per = OPERATIONS_PER_ITERATION[size]
            rows.append((benchmark, implementation, per * 1e9 / nanoseconds, "ops/s"))
        else:
            sys.exit(f"report.py: no bytes or operations per iteration known for {benchmark}")
        for name, metric in element["secondaryMetrics"].items():
            if name.lower().startswith("malloc"):
                mallocs[(benchmark, implementation)] = metric["scorePercentiles"]["50.0"] / per

for path in sorted(results.glob("*.txt")):
    for line in open(path):
        if line.strip():
            benchmark, implementation, value, unit = line.split()
            rows.append((benchmark, implementation, float(value), unit))

# Paired rounds (run.sh): the goals' benchmarks again, one short round after another, each round on one CPU, and
# OpenSSL's ECDSA after them. A round's ratio compares implementations measured seconds apart; the median over the
# rounds is what the goals are judged on, of the ratios of medians and of the ratios of the fastest iterations (p0).
rounds = []  # per round: (benchmark, implementation) -> (median, p0 or None, mean) ns per operation
MEAN = 2  # the index of the mean, what `openssl speed` reports
for directory in sorted((results / "paired").glob("*")):
    times = {}
    for path in directory.glob("*.jmh.json"):
        for element in json.load(open(path)):
            benchmark, implementation, median, fastest, mean = wall_clock(element)
            per = 1 if benchmark in RECEIPT_BENCHMARKS else OPERATIONS_PER_ITERATION.get(benchmark.split("-")[-1], 1)
            times[(benchmark, implementation)] = (median / per, fastest / per, mean / per)
    for path in directory.glob("*.txt"):
        for line in open(path):
            if line.strip():
                benchmark, implementation, value, unit = line.split()
                assert unit == "ops/s", f"report.py: {path} gives {unit}, not ops/s"
                times[(benchmark, implementation)] = (None, None, 1e9 / float(value))
    rounds.append(times)

def paired_ratio(benchmark, peer, index, this=None):
    """The median over the rounds of the peer's time over this package's (index 0: medians, 1: p0, 2: means), or
    None; this package's time is that of benchmark `this` when given."""
    theirs, ours = (benchmark, peer), (this or benchmark, "this")
    ratios = sorted(times[theirs][index] / times[ours][index] for times in rounds
                    if theirs in times and ours in times and times[theirs][index] is not None)
    if not ratios:
        return None
    middle = len(ratios) // 2
    return ratios[middle] if len(ratios) % 2 else (ratios[middle - 1] + ratios[middle]) / 2

for benchmark, peer, _ in RECEIPT_GOALS + ECDSA_GOALS:
    # OpenSSL's `speed` gives a mean alone, compared with this package's mean.
    for suffix, index in (("", 0), ("-p0", 1)) if peer != "openssl-native" else (("-mean", MEAN),):
        r = paired_ratio(benchmark, peer, index)
        if r is not None:
            rows.append((f"{benchmark}-paired", f"this-over-{peer}{suffix}", r, "x"))

# At the median and at p0: the floor's speed over the peer's chain (the peer's time over the floor's), and the RSA
# arithmetic's over the peer's.
floor_ratios = [paired_ratio(FLOOR[0], FLOOR[1], index, this=FLOOR[2]) for index in (0, 1)]
arithmetic_ratios = [paired_ratio(*FLOOR_ARITHMETIC, index) for index in (0, 1)]
for suffix, floor_ratio, arithmetic_ratio in zip(("", "-p0"), floor_ratios, arithmetic_ratios):
    if floor_ratio is not None:
        rows.append((f"{FLOOR[2]}-paired", f"floor-over-{FLOOR[1]}{suffix}", floor_ratio, "x"))
    if arithmetic_ratio is not None:
        rows.append((f"{FLOOR_ARITHMETIC[0]}-paired", f"this-over-{FLOOR_ARITHMETIC[1]}{suffix}", arithmetic_ratio,
                     "x"))

rows.sort()
json.dump([{"benchmark": b, "implementation": i, "value": round(v, 2), "unit": u} for b, i, v, u in rows],
          open(docs / "performance.json", "w"), indent=2)
open(docs / "performance.json", "a").write("\n")

def command(*argv):
    try:
        return subprocess.run(argv, capture_output=True, text=True).stdout.strip().splitlines()[0]
    except Exception:
        return "unknown"

cpu = next((l.split(":", 1)[1].strip() for l in open("/proc/cpuinfo") if l.startswith("model name")), platform.processor())
by_benchmark = {}
for b, i, v, u in rows:
    by_benchmark.setdefault(b, {})[i] = (v, u)
primitives = {b: values for b, values in by_benchmark.items()
              if b not in RECEIPT_BENCHMARKS + STREAM_BENCHMARKS and not b.endswith("-paired")}
peers = ["swift-crypto", "openssl-scalar", "openssl-native", "attaswift-bigint"]

lines = [
    "# Performance",
    "",
    "Produced by `Benchmarks/run.sh`; do not edit by hand. Higher is better everywhere. Ratios are this",
    "package's figure divided by the peer's, measured in the same run on the same machine (absolute figures",
    "drift between runs on shared machines; ratios are what to compare).",
    "",
    f"- Date: {datetime.date.today().isoformat()}",
    f"- Machine: {cpu}, {command('nproc')} cores, {platform.system()} {platform.machine()}",
    f"- Toolchain: {command('swift', '--version')}",
    f"- OpenSSL: {command('openssl', 'version')}",
    "",
    "| benchmark | this | swift-crypto | OpenSSL scalar | OpenSSL native | attaswift/BigInt | × swift-crypto "
    "| × OpenSSL scalar | × OpenSSL native | × attaswift/BigInt |",
    "|---|---|---|---|---|---|---|---|---|---|",
]
for benchmark, values in primitives.items():
    this = values.get("this")
    cells = [f"{this[0]:,.1f} {this[1]}" if this else "—"]
    ratios = []
    for peer in peers:
        value = values.get(peer)
        cells.append(f"{value[0]:,.1f}" if value else "—")
        ratios.append(f"{this[0] / value[0]:.2f}×" if this and value else "—")
    lines.append(f"| {benchmark} | " + " | ".join(cells + ratios) + " |")

def ratio(benchmark, peer):
    """This package's figure over the peer's in the same run, or None."""
    values = by_benchmark.get(benchmark, {})
    return values["this"][0] / values[peer][0] if "this" in values and peer in values else None

def operation(value):
    """ops/s with the time per operation."""
    microseconds = 1e6 / value
    return f"{value:,.0f} ({microseconds:,.0f} µs)" if microseconds >= 10 else f"{value:,.0f} ({microseconds:.1f} µs)"

def target(benchmark, peer, goal):
    """How `benchmark` fares against `peer` for `goal`: on the paired rounds where the run has them (at the median
    and at p0, or, against `openssl speed`, which gives a mean alone, the means), else on the main run (at p0 too
    where the fastest iterations are known: a busy machine slows the peers' medians more than ours, their spread
    being wider); `None` without figures."""
    r = ratio(benchmark, peer)
    ours, theirs = best.get((benchmark, "this")), best.get((benchmark, peer))
    r0 = theirs / ours if ours and theirs else None
    main = "" if r is None else f"{r:.2f}×" if r0 is None else f"{r:.2f}× at the median, {r0:.2f}× at p0"
    head = f"`{benchmark}` ≥ {goal}× {peer}: "
    pr, pr0 = paired_ratio(benchmark, peer, 0), paired_ratio(benchmark, peer, 1)
    if pr is not None and pr0 is not None:
        return (head + f"paired {pr:.2f}× at the median, {pr0:.2f}× at p0" + (f"; main run {main}" if main else "")
                + f"; {verdict_of(pr, pr0, goal)}")
    mean = paired_ratio(benchmark, peer, MEAN)
    if mean is not None:
        return (head + f"paired {mean:.2f}× (means: `openssl speed` gives its mean alone)"
                + (f"; main run {main}" if main else "") + f"; {'met' if mean >= goal else 'not met'}")
    if r is None:
        return None
    return head + main + ", " + (verdict_of(r, r0, goal) if r0 is not None else "met" if r >= goal else "not met")

ecdsa_targets = [t for goal in ECDSA_GOALS if (t := target(*goal))]
if ecdsa_targets:
    ecdsa_rounds = sum(1 for times in rounds if any(key[0] == ECDSA_GOALS[0][0] for key in times))
    how = (f"judged on {ecdsa_rounds} paired rounds (each round runs both curves' benchmarks for up to 1 s per "
           "implementation, then `openssl speed -seconds 1` per curve, all on one CPU; a round's ratio is the "
           "peer's time per verification over this package's, and the figure is the median over the rounds)"
           if ecdsa_rounds else "this run's figures")
    lines += ["", f"ECDSA targets, {how}: " + "; ".join(ecdsa_targets) + "."]

lines += ["", "Receipts: operations per second (time per operation), and this package's ratio to each peer:", "",
          "| benchmark | this | libcrypto | swift-certificates | swift-asn1 | × libcrypto | × swift-certificates "
          "| × swift-asn1 |", "|---|---|---|---|---|---|---|---|"]
for benchmark in RECEIPT_BENCHMARKS:
    values = by_benchmark.get(benchmark)
    if not values:
        continue
    cells = [operation(values[i][0]) if i in values else "—" for i in ["this"] + RECEIPT_PEERS]
    ratios = [f"{r:.2f}×" if (r := ratio(benchmark, peer)) is not None else "—" for peer in RECEIPT_PEERS]
    lines.append(f"| {benchmark} | " + " | ".join(cells + ratios) + " |")
targets = [t for goal in RECEIPT_GOALS if (t := target(*goal))]
if targets:
    if rounds:
        lines += ["", f"Targets, judged on {len(rounds)} paired rounds (`Benchmarks/run.sh`: each round runs the "
                  "goals' benchmarks for up to 1 s each, one implementation after the other, on one CPU; a round's "
                  "ratio is the peer's time over this package's, at the median and at p0, and the figure is the "
                  "median over the rounds): " + "; ".join(targets) + "."]
    else:
        lines += ["", "Targets: " + "; ".join(targets) + "."]
floor_median, floor_p0 = floor_ratios
if floor_median is not None and floor_p0 is not None and FLOOR[2] in by_benchmark:
    lines += ["", f"`{FLOOR[2]}`, the two TBS hashes and the two RSA-2048 verifications of `{FLOOR[0]}` alone "
              f"(keys parsed once; no parsing, path building or policy), takes "
              f"{operation(by_benchmark[FLOOR[2]]['this'][0])}: {FLOOR[1]}' `{FLOOR[0]}` over it, paired, is "
              f"{floor_median:.2f}× at the median and {floor_p0:.2f}× at p0, the most `{FLOOR[0]}` could reach "
              f"against {FLOOR[1]} were everything but that arithmetic free."]
    if None not in arithmetic_ratios:
        lines[-1] += (f" Most of it is RSA-2048 verification: `{FLOOR_ARITHMETIC[0]}` in the same rounds is "
                      f"{arithmetic_ratios[0]:.2f}× {FLOOR_ARITHMETIC[1]} (BoringSSL's assembly, which {FLOOR[1]} "
                      f"uses) at the median and {arithmetic_ratios[1]:.2f}× at p0.")
g5 = by_benchmark.get("receipt-validate-g5", {})
if "this" in g5 and ("wasm-node" in g5 or "wasm-wasmkit" in g5):
    # Issue 23: the G5 receipt validated through the WebAssembly module, in Node.js and in WasmKit, against native.
    parts = [f"{implementation} {operation(g5[implementation][0])}, native ÷ {implementation} "
             f"{g5['this'][0] / g5[implementation][0]:.1f}" for implementation in ("wasm-node", "wasm-wasmkit")
             if implementation in g5]
    node = g5.get("wasm-node")
    verdict = "" if not node else (f"; goal native ÷ wasm-node ≤ 5, "
                                   f"{'met' if g5['this'][0] / node[0] <= 5 else 'not met'}")
    lines += ["", "`receipt-validate-g5` through the WebAssembly module (ops/s, time per validation): "
              + "; ".join(parts) + verdict + "."]
honest = by_benchmark.get("receipt-validate", {}).get("this")
hostile = by_benchmark.get("receipt-validate-worst", {}).get("this")
if honest and hostile:
    r = honest[0] / hostile[0]
    ours, worst = best.get(("receipt-validate", "this")), best.get(("receipt-validate-worst", "this"))
    at_p0 = f", {worst / ours:.2f}× at p0" if ours and worst else ""
    verdict = "met" if r <= WORST_GOAL else "not met"
    lines += ["", "`receipt-validate-worst` ÷ `receipt-validate` (time to refuse the worst container within the cap "
              f"÷ time to validate a real receipt): {r:.2f}× at the median{at_p0}; goal ≤ {WORST_GOAL}×, "
              f"{verdict}."]
stream = by_benchmark.get("receipt-verify-stream", {})
one, two = stream.get("cli-jobs-1"), stream.get("cli-jobs-2")
json_one, cold_one = stream.get("cli-jobs-1-json"), stream.get("cli-jobs-1-no-memo")
two_processes = stream.get("cli-2-processes")
# Paired ratios (run.sh): the median over the rounds of one round's ratio of two configurations run back to back;
# the goals are judged on them where the run has them, else on the ratio of the bests.
paired = {implementation: value for implementation, (value, _) in
          by_benchmark.get("receipt-verify-stream-paired", {}).items()}
digest_paired = by_benchmark.get("receipt-digest-sha256-192MiB-paired", {}).get("cli-over-in-process")
validate = by_benchmark.get("receipt-validate", {}).get("this")
million = by_benchmark.get("receipt-verify-stream-1M", {}).get("cli-jobs-2")
memory = by_benchmark.get("receipt-verify-stream-1M-peak-memory", {}).get("cli-jobs-2")
# Issue 23's goals for the tool: two jobs at least 1.8x one on two cores; per receipt at most 1.25x the
# in-process receipt-validate of the same run; --json adds at most 15%; a million inputs in under 64 MiB; receipt
# digest within 5% of in-process hashing.
stream_goals = []
def goal(name, value, met, text):
    stream_goals.append(f"{name} {text.format(value)}, {'met' if met else 'not met'}")
if one and two:
    def per_receipt(value):
        return f"{1e6 / value[0]:,.0f} µs"
    lines += ["", "`receipt verify --lines` (release build, whole process, the configurations taking turns, "
              "best of 7 runs each): 20,000 lines of "
              "receipt-validate's receipt in base64, each worker with its memo unless `--no-memo`; the time per "
              "receipt with one job against this run's in-process (cold) receipt-validate, and what `--json` adds:",
              "",
              "| benchmark | --jobs 1 | --jobs 2 | 2 jobs ÷ 1 job | per receipt, 1 job | ÷ in-process "
              "| --no-memo, 1 job | ÷ in-process | --json, 1 job | --json adds |", "|---|---|---|---|---|---|---|---|---|---|",
              f"| receipt-verify-stream | {one[0]:,.0f} {one[1]} | {two[0]:,.0f} {two[1]} | {two[0] / one[0]:.2f}× "
              f"| {per_receipt(one)} | " + (f"{validate[0] / one[0]:.2f}×" if validate else "—") + " | "
              + (f"{cold_one[0]:,.0f} {cold_one[1]} | " + (f"{validate[0] / cold_one[0]:.2f}×" if validate else "—")
                 if cold_one else "— | —") + " | "
              + (f"{json_one[0]:,.0f} {json_one[1]} | {one[0] / json_one[0] - 1:+.0%}" if json_one else "— | —")
              + " |"]
    if two_processes:
        lines += ["", f"Two `--jobs 1` processes at once, on 10,000 lines each (two workers that share nothing; "
                  "the ceiling of `--jobs 2` while both CPUs run at one speed, but when one is slower its half of the "
                  f"lines sets the time, where `--jobs 2` gives the faster worker more): "
                  f"{two_processes[0]:,.0f} {two_processes[1]}, "
                  f"{two_processes[0] / one[0]:.2f}× one process; `--jobs 2` reaches "
                  f"{two[0] / two_processes[0]:.2f}× of that."]
    if paired:
        lines += ["", "Paired ratios, the median over the 7 rounds of each round's ratio (the goals are judged on "
                  "these): " + "; ".join(f"{name} {value:.2f}×" for name, value in sorted(paired.items())) + "."]
    r = paired.get("jobs-2-over-jobs-1", two[0] / one[0])
    ceiling = paired.get("2-processes-over-jobs-1", two_processes[0] / one[0] if two_processes else None)
    goal("`--jobs 2` ÷ `--jobs 1`", r, r >= 1.8, "{:.2f}× (goal ≥ 1.8×" + (
        f"; two processes sharing nothing: {ceiling:.2f}×)" if ceiling else ")"))
    if validate:
        r = validate[0] / one[0]
        goal("per receipt ÷ in-process receipt-validate", r, r <= 1.25, "{:.2f}× (goal ≤ 1.25×)")
    if json_one:
        r = paired["json-over-plain"] - 1 if "json-over-plain" in paired else one[0] / json_one[0] - 1
        goal("`--json` adds", r, r <= 0.15, "{:+.0%} (goal ≤ 15%)")
if million and memory:
    lines += ["", f"A million lines (four receipts in turn, a `--lines` file), --jobs 2: {million[0]:,.0f} "
              f"{million[1]}, peak resident memory {memory[0]:,.1f} MiB."]
    goal("peak resident memory for a million inputs", memory[0], memory[0] < 64, "{:,.1f} MiB (goal < 64 MiB)")
digest = by_benchmark.get("receipt-digest-sha256-192MiB", {}).get("cli")
in_process = by_benchmark.get("receipt-digest-sha256-192MiB", {}).get("in-process")
if digest:
    lines += ["", "`receipt digest -a sha256` of a 192 MiB file (whole process, best of 14 after an untimed pair): "
              f"{digest[0]:,.1f} {digest[1]}"
              + (f", {digest[0] / in_process[0]:.2f}× SHA-256 of the same file in memory, in-process, timed in turn "
                 f"with it ({in_process[0]:,.1f} {in_process[1]}; InProcessDigest)." if in_process else ".")]
    if digest_paired:
        lines += ["", f"Paired, the median over the rounds of each round's ratio: {digest_paired[0]:.2f}×."]
    if in_process:
        r = digest_paired[0] if digest_paired else digest[0] / in_process[0]
        goal("`receipt digest` ÷ in-process sha256", r, r >= 0.95, "{:.2f}× (goal ≥ 0.95×)")
if stream_goals:
    lines += ["", "Targets for the tool: " + "; ".join(stream_goals) + "."]
lines += ["", "Allocations (median per measured iteration: a 64-byte hash iteration hashes 1,000 messages; for RSA and ECDSA, "
          "per verification; for receipts, per validation or parse):", "",
          "| benchmark | implementation | mallocs |", "|---|---|---|"]
lines += [f"| {b} | {i} | {m:,.2f} |".replace(".00 |", " |") for (b, i), m in sorted(mallocs.items())]
lines += ["", open(docs / "performance-notes.md").read().rstrip() if (docs / "performance-notes.md").exists() else ""]
open(docs / "PERFORMANCE.md", "w").write("\n".join(lines).rstrip() + "\n")
print(open(docs / "PERFORMANCE.md").read())
rewrite_readme(rows)
