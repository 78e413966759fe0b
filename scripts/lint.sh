#!/usr/bin/env bash
# The style checks of .ci/run (STYLE.md, .swift-format):
# - `swift format lint --strict` on every Swift file of Sources, Tests, Benchmarks and WasmHost, and the
#   manifests, each under the configuration nearest to it (.swift-format; Tests/.swift-format relaxes force
#   unwraps in tests);
# - no line over the configuration's 120 columns: the formatter breaks code, not comments or string literals.
#   scripts/lint.sh
set -euo pipefail
cd "$(dirname "$0")/.."

files=()
while IFS= read -r -d '' file; do files+=("$file"); done < <(
    find Sources Tests Benchmarks WasmHost Package.swift -name '*.swift' -not -path '*/.build*' -print0 | sort -z
)
swift format lint --strict "${files[@]}"

long=$(grep -n '.\{121,\}' "${files[@]}" || true)
if [[ -n $long ]]; then
    echo "lint: lines over 120 columns:" >&2
    echo "$long" | cut -c1-160 >&2
    exit 1
fi
echo "lint: ${#files[@]} Swift files clean"
