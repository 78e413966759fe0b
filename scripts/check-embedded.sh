#!/usr/bin/env bash
# Compiles every library module as Embedded Swift for wasm32-unknown-none-wasm, in dependency order,
# each with -I to the modules built before it. Exits non-zero if any module fails.
set -euo pipefail
cd "$(dirname "$0")/.."

# Library modules, lowest layer first. Add each new module here when it lands.
modules=(PureDER PureCrypto PureX509 PurePKCS7 PureReceipt)

out=${EMBEDDED_BUILD_DIR:-.build-embedded}
rm -rf "$out"
mkdir -p "$out"
status=0
for module in "${modules[@]}"; do
    sources=()
    while IFS= read -r -d '' file; do sources+=("$file"); done \
        < <(find "Sources/$module" -name '*.swift' -print0 | sort -z)
    if swiftc -target wasm32-unknown-none-wasm -enable-experimental-feature Embedded -wmo -parse-as-library \
        -Osize -module-name "$module" -emit-module -emit-module-path "$out/$module.swiftmodule" \
        -I "$out" -c "${sources[@]}" -o "$out/$module.o"; then
        echo "embedded: $module ok ($(wc -c < "$out/$module.o") bytes of object code)"
    else
        echo "embedded: $module FAILED" >&2
        status=1
    fi
done
exit $status
