#!/usr/bin/env bash
# One CMS SignedData whose signer's RSA key has a 41-bit public exponent (2^40 + 15): a valid signature that
# a verifier must refuse to check before the signer is trusted, because an exponent of thousands of bits would
# make the check cost thousands of ordinary ones (PKCS7Error.Code.unsupportedAlgorithm). The signer is a
# self-signed certificate, `signer.der`, so tests can also pass it as an anchor. Regenerate with
#   bash TestVectors/pkcs7/large-exponent/make.sh
# (openssl 3; the key is made in a temporary folder and deleted; the bytes change on every run).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"
openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -pkeyopt rsa_keygen_pubexp:1099511627791 \
    -out key.pem 2> /dev/null
openssl req -x509 -new -key key.pem -subj "/CN=Large Exponent Signer" -days 7300 -sha256 \
    -addext "keyUsage=critical,digitalSignature" -out signer.pem
printf 'large exponent payload' > payload.bin
openssl cms -sign -binary -nodetach -noattr -md sha256 -outform DER -signer signer.pem -inkey key.pem \
    -in payload.bin -out "$here/signed.der"
openssl x509 -in signer.pem -outform DER -out "$here/signer.der"
openssl x509 -in signer.pem -noout -text | grep -A1 "Exponent"
echo "wrote $here/signed.der and $here/signer.der"
