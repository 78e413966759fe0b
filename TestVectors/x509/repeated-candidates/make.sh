#!/usr/bin/env bash
# A root, an impostor with the same name and another key, and a leaf the root issued without an authority key
# identifier, so that key identifiers cannot order the two roots: path building must try the impostor's copies
# and reach the root by name alone (SyntheticPKITests.repeatedCandidatesAreTriedOnce). Regenerate with
#   bash TestVectors/x509/repeated-candidates/make.sh
# (openssl 3; keys are made in a temporary folder and deleted; the bytes and validity dates change on every
# run, so the test validates at the leaf's notBefore).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
cd "$work"
name="/C=US/O=Receipt Verifier Tests/CN=Test Repeated Root"
for who in root impostor; do
    openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$who.key" 2> /dev/null
    openssl req -x509 -new -key "$who.key" -subj "$name" -days 7300 -sha256 -set_serial 1 \
        -addext "basicConstraints=critical,CA:TRUE" -addext "keyUsage=critical,keyCertSign" \
        -out "$who.pem"
done
openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out leaf.key 2> /dev/null
openssl req -new -key leaf.key -subj "/C=US/O=Receipt Verifier Tests/CN=Test Repeated Leaf" -out leaf.csr
printf 'basicConstraints=critical,CA:FALSE\nkeyUsage=critical,digitalSignature\nauthorityKeyIdentifier=none\nsubjectKeyIdentifier=none\n' > leaf.ext
openssl x509 -req -in leaf.csr -CA root.pem -CAkey root.key -set_serial 2 -sha256 \
    -days 3650 -extfile leaf.ext -out leaf.pem
for who in root impostor leaf; do openssl x509 -in "$who.pem" -outform DER -out "$here/$who.der"; done
# The test relies on the leaf naming no authority key identifier: nothing but the order given ranks the roots.
if openssl x509 -in leaf.pem -noout -text | grep -q "Authority Key Identifier"; then
    echo "make.sh: the leaf has an authority key identifier" >&2
    exit 1
fi
echo "wrote root.der, impostor.der and leaf.der in $here"
