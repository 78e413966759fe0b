#!/usr/bin/env python3
"""Turns the raw results of run.sh into docs/performance.json and docs/PERFORMANCE.md.

Input: the JMH JSON that the benchmark plugin wrote, and openssl.txt ("benchmark implementation value unit").
Every value is higher-is-better: MB/s (10^6 bytes per second) for hashes, ops/s for operations.
"""
import datetime
import glob
import json
import pathlib
import platform
import subprocess
import sys

results, docs = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])

# Bytes hashed per measured iteration, by the size in the benchmark's name (HashBenchmarks hashes 1000
# messages of 64 bytes), and operations per measured iteration for the others (RSABenchmarks verifies 64
# different signatures). Keep in step with the benchmark sources.
BYTES_PER_ITERATION = {"1MiB": 1 << 20, "64B": 64 * 1000}
OPERATIONS_PER_ITERATION = {"verify": 64}

rows = []  # (benchmark, implementation, value, unit)
mallocs = {}  # (benchmark, implementation) -> allocations per measured iteration (median)
UNIT_NANOSECONDS = {"ns": 1, "\u03bcs": 1e3, "us": 1e3, "ms": 1e6, "s": 1e9}

for path in glob.glob(str(results / "*.jmh.json")):
    for element in json.load(open(path)):
        # "package.benchmark.<Target>.<benchmark>_<implementation>" (the plugin turns spaces into "_").
        benchmark, implementation = element["benchmark"].split(".")[-1].split("_", 1)
        wall = element["secondaryMetrics"]["Time (wall clock)"]
        nanoseconds = wall["scorePercentiles"]["50.0"] * UNIT_NANOSECONDS[wall["scoreUnit"]]
        size = benchmark.split("-")[-1]
        if size in BYTES_PER_ITERATION:
            rows.append((benchmark, implementation, BYTES_PER_ITERATION[size] / nanoseconds * 1000, "MB/s"))
        elif size in OPERATIONS_PER_ITERATION:
            rows.append((benchmark, implementation, OPERATIONS_PER_ITERATION[size] * 1e9 / nanoseconds, "ops/s"))
        else:
            sys.exit(f"report.py: no bytes or operations per iteration known for {benchmark}")
        per = OPERATIONS_PER_ITERATION.get(size, 1)
        for name, metric in element["secondaryMetrics"].items():
            if name.lower().startswith("malloc"):
                mallocs[(benchmark, implementation)] = metric["scorePercentiles"]["50.0"] / per

for line in open(results / "openssl.txt"):
    benchmark, implementation, value, unit = line.split()
    rows.append((benchmark, implementation, float(value), unit))

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
for benchmark, values in by_benchmark.items():
    this = values.get("this")
    cells = [f"{this[0]:,.1f} {this[1]}" if this else "—"]
    ratios = []
    for peer in peers:
        value = values.get(peer)
        cells.append(f"{value[0]:,.1f}" if value else "—")
        ratios.append(f"{this[0] / value[0]:.2f}×" if this and value else "—")
    lines.append(f"| {benchmark} | " + " | ".join(cells + ratios) + " |")
lines += ["", "Allocations (median per measured iteration: a 64-byte hash iteration hashes 1,000 messages; for RSA, "
          "per verification):", "",
          "| benchmark | implementation | mallocs |", "|---|---|---|"]
lines += [f"| {b} | {i} | {m:,.2f} |".replace(".00 |", " |") for (b, i), m in sorted(mallocs.items())]
lines += ["", open(docs / "performance-notes.md").read().rstrip() if (docs / "performance-notes.md").exists() else ""]
open(docs / "PERFORMANCE.md", "w").write("\n".join(lines).rstrip() + "\n")
print(open(docs / "PERFORMANCE.md").read())
