#!/usr/bin/env bash
# Differential test against OpenSSL on mutated real receipts.
#   scripts/differential.sh N
# Builds N mutants of the App Store receipts in ../shared/vectors/receipts/apple (bit flips, byte insertions
# and deletions, length-field edits, certificate swaps between receipts, truncations, signer-info edits;
# seeded by $DIFFERENTIAL_SEED, default 1, so a run is repeatable), verifies each with our release `receipt`
# tool (bundled Apple root, the receipt's creation date) and with
#   openssl cms -verify -inform DER -binary -purpose any -CAfile AppleRoot.pem -attime T
# (T: the source receipt's creation date), prints a table per kind of mutation, and ends with
#   mutants: N, agree: N, false accepts: N, stricter: N
# A false accept (we accept, OpenSSL rejects) is a bug: such mutants are kept in
# $DIFFERENTIAL_OUT/false-accepts (default .build-differential/), with one example of each kind of stricter
# verdict in stricter/ and every verdict in results.tsv. docs/fuzzing.md explains the stricter verdicts.
# Needs python3 and openssl. $SHARED_VECTORS overrides ../shared/vectors; $DIFFERENTIAL_SCRATCH the build's
# scratch path (default .build).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
[[ $# -eq 1 && "$1" =~ ^[0-9]+$ && "$1" -gt 0 ]] || { echo "usage: scripts/differential.sh N" >&2; exit 2; }
shared="${SHARED_VECTORS:-$root/../shared/vectors}"
[[ -d "$shared/receipts/apple" ]] || { echo "no receipts in $shared/receipts/apple" >&2; exit 2; }
command -v openssl >/dev/null && command -v python3 >/dev/null || { echo "needs openssl and python3" >&2; exit 2; }

cd "$root"
scratch="${DIFFERENTIAL_SCRATCH:-$root/.build}"
swift build -c release --product receipt --scratch-path "$scratch" 2>&1 | tail -n 1
tool="$(swift build -c release --scratch-path "$scratch" --show-bin-path)/receipt"
exec python3 "$root/scripts/differential.py" "$1" --receipt "$tool" --shared "$shared" \
    --out "${DIFFERENTIAL_OUT:-$root/.build-differential}" --seed "${DIFFERENTIAL_SEED:-1}"
