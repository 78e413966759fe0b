#!/usr/bin/env bash
# Builds and runs every benchmark in release mode, measures the OpenSSL command line at its native and scalar
# tiers on the same sizes, and writes docs/performance.json and docs/PERFORMANCE.md. About 5 minutes here.
#   Benchmarks/run.sh
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
# The scalar tier masks SHA extensions, AVX/AVX2/SSSE3 and friends: OpenSSL's integer-only code paths.
scalar_mask='~0x10000A0000000000:~0xF02B0128'
for algorithm in sha1 sha256 sha512; do
    for bytes in 1048576 64; do
        openssl speed -bytes "$bytes" -seconds 3 -evp "$algorithm" 2>/dev/null \
            | awk -v a="$algorithm" -v b="$bytes" -v t=native '$1 == a { print a, b, t, $NF }' >> "$results/openssl.txt"
        OPENSSL_ia32cap="$scalar_mask" openssl speed -bytes "$bytes" -seconds 3 -evp "$algorithm" 2>/dev/null \
            | awk -v a="$algorithm" -v b="$bytes" -v t=scalar '$1 == a { print a, b, t, $NF }' >> "$results/openssl.txt"
    done
done

echo "== Report"
python3 "$here/report.py" "$results" "$root/docs"
