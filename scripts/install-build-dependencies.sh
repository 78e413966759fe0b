#!/usr/bin/env bash
# Installs what building the benchmark package needs beyond the Swift toolchain: libssl-dev, whose headers
# Benchmarks' CLibcryptoReceipt target compiles against (it links the system's libcrypto). Idempotent: does
# nothing when the headers are already there. Uses sudo only when not running as root.
#   scripts/install-build-dependencies.sh
set -euo pipefail

if [[ -f /usr/include/openssl/pkcs7.h ]]; then
    echo "install-build-dependencies: libssl-dev headers present"
    exit 0
fi

run=()
if [[ $(id -u) -ne 0 ]]; then
    command -v sudo > /dev/null || { echo "install-build-dependencies: need root or sudo to install libssl-dev" >&2; exit 1; }
    run=(sudo)
fi
echo "install-build-dependencies: installing libssl-dev"
"${run[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update
"${run[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends libssl-dev
