#!/usr/bin/env bash
# Differential test against OpenSSL on mutated real receipts.
#   scripts/differential.sh [--seed S] COUNT [S]
#   scripts/differential.sh --seed S --mutant I [--write FILE]
# The first form builds COUNT mutants of the App Store receipts in TestVectors/receipts/apple (bit flips, byte
# insertions and deletions, length-field edits, certificate swaps between receipts, truncations, signer-info
# edits), verifies each with our release `receipt` tool (bundled Apple root, the receipt's creation date) and
# with
#   openssl cms -verify -inform DER -binary -purpose any -CAfile AppleRoot.pem -attime T
# (T: the source receipt's creation date), prints a table per kind of mutation, and ends with
#   mutants: N, agree: N, false accepts: N, stricter: N
# The seed is --seed S, else a second positional argument, else $DIFFERENTIAL_SEED, else drawn from
# /dev/urandom; it is printed first, and the same seed, receipts and COUNT give the same mutants (mutant I does
# not depend on COUNT). The second form re-creates mutant I of seed S without building or verifying anything:
# its bytes to FILE (hex on stdout without --write), how it was made on stderr.
# A false accept (we accept, OpenSSL rejects) is a bug and makes the run exit 1: such mutants are kept in
# $DIFFERENTIAL_OUT/false-accepts (default .build-differential/), with one example of each kind of stricter
# verdict in stricter/ and every verdict in results.tsv. docs/fuzzing.md explains the stricter verdicts.
# $SHARED_VECTORS (e.g. /work/shared/vectors) adds the receipts of its receipts/apple that TestVectors lacks.
# Needs python3 and openssl; $DIFFERENTIAL_SCRATCH is the build's scratch path (default .build). The release
# build is a Swift build: on a shared machine run the script under the build lock. $DIFFERENTIAL_RECEIPT names a
# release `receipt` already built (CI's, built in the benchmark package beside its other release products); then
# nothing is built.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
usage() {
    echo "usage: scripts/differential.sh [--seed S] COUNT [S]" >&2
    echo "       scripts/differential.sh --seed S --mutant I [--write FILE]" >&2
    exit 2
}
seed="" count="" mutant="" write=""
while [[ $# -gt 0 ]]; do
    case "$1" in
        --seed) [[ $# -ge 2 ]] || usage; seed="$2"; shift 2 ;;
        --mutant) [[ $# -ge 2 ]] || usage; mutant="$2"; shift 2 ;;
        --write) [[ $# -ge 2 ]] || usage; write="$2"; shift 2 ;;
        -*) usage ;;
        *) if [[ -z "$count" && -z "$mutant" ]]; then count="$1"; elif [[ -z "$seed" ]]; then seed="$1"; else usage; fi
           shift ;;
    esac
done
seed="${seed:-${DIFFERENTIAL_SEED:-}}"
if [[ -z "$seed" ]]; then
    seed=$(od -An -N4 -tu4 /dev/urandom | tr -d ' ')
fi
[[ "$seed" =~ ^[0-9]+$ ]] || usage
command -v openssl >/dev/null && command -v python3 >/dev/null || { echo "needs openssl and python3" >&2; exit 2; }
extra=()
[[ -n "${SHARED_VECTORS:-}" ]] && extra=(--shared "$SHARED_VECTORS")

if [[ -n "$mutant" ]]; then
    [[ "$mutant" =~ ^[0-9]+$ && -z "$count" ]] || usage
    exec python3 "$root/scripts/differential.py" --seed "$seed" --mutant "$mutant" ${write:+--write "$write"} \
        "${extra[@]}"
fi
[[ -z "$write" && "$count" =~ ^[0-9]+$ && "$count" -gt 0 ]] || usage

prebuilt=""  # an absolute path: the script changes directory below
if [[ -n "${DIFFERENTIAL_RECEIPT:-}" ]]; then
    [[ -f "$DIFFERENTIAL_RECEIPT" && -x "$DIFFERENTIAL_RECEIPT" ]] ||
        { echo "DIFFERENTIAL_RECEIPT: $DIFFERENTIAL_RECEIPT is not a program" >&2; exit 2; }
    prebuilt="$(cd "$(dirname "$DIFFERENTIAL_RECEIPT")" && pwd)/$(basename "$DIFFERENTIAL_RECEIPT")"
fi

replay="${SHARED_VECTORS:+SHARED_VECTORS=$SHARED_VECTORS }scripts/differential.sh --seed $seed $count"
echo "seed: $seed (replay: $replay)"
cd "$root"
if [[ -n "$prebuilt" ]]; then
    tool="$prebuilt"
else
    scratch="${DIFFERENTIAL_SCRATCH:-$root/.build}"
    swift build -c release --product receipt --scratch-path "$scratch" 2>&1 | tail -n 1
    tool="$(swift build -c release --scratch-path "$scratch" --show-bin-path)/receipt"
fi
exec python3 "$root/scripts/differential.py" "$count" --receipt "$tool" --seed "$seed" \
    --out "${DIFFERENTIAL_OUT:-$root/.build-differential}" "${extra[@]}"
