#!/usr/bin/env bash
# Generates the synthetic PKI used by the X.509 path-validation tests.
#
#   bash TestVectors/x509/make-pki.sh
#
# Needs only OpenSSL 3.0 (or later) and coreutils. Wipes and rewrites TestVectors/x509/pki/:
# DER certificates (*.der) and manifest.json, which describes every certificate and every test
# scenario (leaf, candidate intermediates, trust anchors, validation instant, policy, expected
# result). The file layout and all names, serials and dates are fixed; the RSA keys are fresh on
# every run (they live in a temporary folder and are deleted), so the bytes of the certificates
# change on every run, and manifest.json with them. Tests read the generated files and never run
# openssl.
#
# At the end the script checks every scenario with `openssl verify -attime` and stops with an error
# if OpenSSL's verdict is not the one recorded in the scenario's "openssl" field (see README.md for
# where OpenSSL does not check a rule, or disagrees with RFC 5280).
set -euo pipefail
export LC_ALL=C TZ=UTC

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
OUT="$HERE/pki"
WORK="$(mktemp -d)"
trap 'rm -rf "$WORK"' EXIT

openssl version | grep -Eq '^OpenSSL [3-9]\.' || { echo "make-pki.sh: needs OpenSSL 3.x" >&2; exit 1; }

rm -rf "$OUT"
mkdir -p "$OUT" "$WORK/keys" "$WORK/pem" "$WORK/newcerts"
: > "$WORK/index.txt"

# The instant every scenario validates at unless it says otherwise: 2024-06-01T00:00:00Z.
AT=1717200000

cp "$HERE/../lib/openssl-ca.cnf" "$WORK/ca.cnf"
cat >> "$WORK/ca.cnf" <<'EOF'
# ---- certificate profiles (used with -extfile ca.cnf -extensions NAME) ----

[ root ]
basicConstraints     = critical, CA:TRUE
keyUsage             = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash

[ intermediate ]
basicConstraints       = critical, CA:TRUE, pathlen:0
keyUsage               = critical, keyCertSign, cRLSign
subjectKeyIdentifier   = hash
authorityKeyIdentifier = keyid:always

# A CA with no path length constraint (pathlen-exceeded's second intermediate, the loop CAs).
[ ca_no_pathlen ]
basicConstraints       = critical, CA:TRUE
keyUsage               = critical, keyCertSign, cRLSign
subjectKeyIdentifier   = hash
authorityKeyIdentifier = keyid:always

[ intermediate_not_ca ]
basicConstraints       = critical, CA:FALSE
keyUsage               = critical, keyCertSign, cRLSign
subjectKeyIdentifier   = hash
authorityKeyIdentifier = keyid:always

[ intermediate_no_basic_constraints ]
keyUsage               = critical, keyCertSign, cRLSign
subjectKeyIdentifier   = hash
authorityKeyIdentifier = keyid:always

[ intermediate_without_keycertsign ]
basicConstraints       = critical, CA:TRUE, pathlen:0
keyUsage               = critical, digitalSignature
subjectKeyIdentifier   = hash
authorityKeyIdentifier = keyid:always

[ leaf ]
basicConstraints       = critical, CA:FALSE
keyUsage               = critical, digitalSignature
extendedKeyUsage       = codeSigning
subjectKeyIdentifier   = hash
authorityKeyIdentifier = keyid:always

[ leaf_unknown_critical_extension ]
basicConstraints       = critical, CA:FALSE
keyUsage               = critical, digitalSignature
extendedKeyUsage       = codeSigning
subjectKeyIdentifier   = hash
authorityKeyIdentifier = keyid:always
1.3.6.1.4.1.55555.1    = critical, ASN1:NULL

[ leaf_keyusage_no_digitalsignature ]
basicConstraints       = critical, CA:FALSE
keyUsage               = critical, keyEncipherment
extendedKeyUsage       = codeSigning
subjectKeyIdentifier   = hash
authorityKeyIdentifier = keyid:always
EOF

DN="/C=US/O=Receipt Verifier Tests"

# key NAME BITS: a fresh RSA key in $WORK/keys/NAME.key (reused if it already exists).
key() {
    local f="$WORK/keys/$1.key"
    [[ -f $f ]] || openssl genpkey -algorithm RSA -pkeyopt "rsa_keygen_bits:$2" -out "$f" 2>/dev/null
}

# issue OUT CN KEY ISSUER SERIAL START END PROFILE [MD]
#   OUT     file name without .der; the PEM goes to $WORK/pem/OUT.pem (also usable as an issuer)
#   KEY     key name (see key()); ISSUER is "self" or the name of an issued certificate whose key
#           is $WORK/keys/<that certificate's KEY>, looked up in ISSUER_KEY
#   START/END  YYYYMMDDHHMMSSZ; PROFILE a section of ca.cnf; MD sha256 (default) or sha1
declare -A KEY_OF
issue() {
    local out=$1 cn=$2 k=$3 issuer=$4 serial=$5 start=$6 end=$7 profile=$8 md=${9:-sha256}
    KEY_OF[$out]=$k
    openssl req -new -key "$WORK/keys/$k.key" -subj "$DN/CN=$cn" -out "$WORK/req.csr"
    echo "$serial" > "$WORK/serial"
    local signer=()
    if [[ $issuer == self ]]; then
        signer=(-selfsign -keyfile "$WORK/keys/$k.key")
    else
        signer=(-cert "$WORK/pem/$issuer.pem" -keyfile "$WORK/keys/${KEY_OF[$issuer]}.key")
    fi
    (cd "$WORK" && openssl ca -batch -config ca.cnf -notext -preserveDN -md "$md" \
        "${signer[@]}" -in req.csr -startdate "$start" -enddate "$end" \
        -extfile ca.cnf -extensions "$profile" -out "pem/$out.pem" 2>/dev/null)
}

# der OUT: writes pki/OUT.der from the PEM.
der() { openssl x509 -in "$WORK/pem/$1.pem" -outform DER -out "$OUT/$1.der"; }

ROOT_NB=20200101000000Z;  ROOT_NA=20400101000000Z
INT_NB=20210101000000Z;   INT_NA=20350101000000Z
LEAF_NB=20240101000000Z;  LEAF_NA=20250101000000Z

# ---------------------------------------------------------------- baseline chain, RSA-2048, SHA-256
key root 2048; key intermediate 2048; key leaf 2048
issue root         "Test Root CA"         root         self         1001 $ROOT_NB $ROOT_NA root
issue intermediate "Test Intermediate CA" intermediate root         1002 $INT_NB  $INT_NA  intermediate
issue leaf         "Test Leaf"            leaf         intermediate 1003 $LEAF_NB $LEAF_NA leaf

# ---------------------------------------------------------------- one broken rule each
# Validity ends one second before the validation instant / starts one second after it.
issue expired-leaf       "Test Leaf Expired"       leaf intermediate 1010 20230601000000Z 20240531235959Z leaf
issue not-yet-valid-leaf "Test Leaf Not Yet Valid" leaf intermediate 1011 20240601000001Z 20250601000000Z leaf

key intermediate-not-ca 2048
issue intermediate-not-ca      "Test Intermediate Not CA"         intermediate-not-ca root                1020 $INT_NB $INT_NA intermediate_not_ca
issue intermediate-not-ca-leaf "Test Leaf Under Intermediate Not CA" leaf             intermediate-not-ca 1021 $LEAF_NB $LEAF_NA leaf

key intermediate-no-basic-constraints 2048
issue intermediate-no-basic-constraints      "Test Intermediate No Basic Constraints" intermediate-no-basic-constraints root 1030 $INT_NB $INT_NA intermediate_no_basic_constraints
issue intermediate-no-basic-constraints-leaf "Test Leaf Under Intermediate No Basic Constraints" leaf intermediate-no-basic-constraints 1031 $LEAF_NB $LEAF_NA leaf

key pathlen-exceeded-int-a 2048; key pathlen-exceeded-int-b 2048
issue pathlen-exceeded-int-a "Test Intermediate A Pathlen 0" pathlen-exceeded-int-a root                   1040 $INT_NB $INT_NA intermediate
issue pathlen-exceeded-int-b "Test Intermediate B"           pathlen-exceeded-int-b pathlen-exceeded-int-a 1041 $INT_NB $INT_NA ca_no_pathlen
issue pathlen-exceeded-leaf  "Test Leaf Pathlen Exceeded"    leaf                   pathlen-exceeded-int-b 1042 $LEAF_NB $LEAF_NA leaf

key intermediate-without-keycertsign 2048
issue intermediate-without-keycertsign      "Test Intermediate Without keyCertSign" intermediate-without-keycertsign root 1050 $INT_NB $INT_NA intermediate_without_keycertsign
issue intermediate-without-keycertsign-leaf "Test Leaf Under Intermediate Without keyCertSign" leaf intermediate-without-keycertsign 1051 $LEAF_NB $LEAF_NA leaf

issue leaf-unknown-critical-extension   "Test Leaf Unknown Critical Extension" leaf intermediate 1060 $LEAF_NB $LEAF_NA leaf_unknown_critical_extension
issue leaf-keyusage-no-digitalsignature "Test Leaf keyUsage keyEncipherment"   leaf intermediate 1061 $LEAF_NB $LEAF_NA leaf_keyusage_no_digitalsignature

# A correct leaf, then one bit of its signature flipped. The signature BIT STRING is the last
# element of the Certificate SEQUENCE, so the file's last byte is the signature's last byte.
issue leaf-wrong-signature "Test Leaf Wrong Signature" leaf intermediate 1070 $LEAF_NB $LEAF_NA leaf

# Signed with the intermediate's key, but naming an issuer no certificate has. A throwaway
# certificate with that name and the intermediate's key does the signing; it is not kept. (So the
# leaf's authorityKeyIdentifier still equals the real intermediate's subjectKeyIdentifier: a
# builder that treats key identifiers as hints must still refuse the name mismatch.)
issue nonexistent-issuer "Test Nonexistent Intermediate CA" intermediate self 1080 $INT_NB $INT_NA ca_no_pathlen
issue leaf-issuer-mismatch "Test Leaf Issuer Mismatch" leaf nonexistent-issuer 1081 $LEAF_NB $LEAF_NA leaf

# Two CAs that certify each other, and a leaf under A; neither reaches the root. Throwaway
# self-signed certificates with the same names and keys do the signing.
key loop-ca-a 2048; key loop-ca-b 2048
issue loop-ca-a-self "Test Loop CA A" loop-ca-a self 1090 $INT_NB $INT_NA ca_no_pathlen
issue loop-ca-b-self "Test Loop CA B" loop-ca-b self 1091 $INT_NB $INT_NA ca_no_pathlen
issue loop-ca-a      "Test Loop CA A" loop-ca-a loop-ca-b-self 1092 $INT_NB $INT_NA ca_no_pathlen
issue loop-ca-b      "Test Loop CA B" loop-ca-b loop-ca-a-self 1093 $INT_NB $INT_NA ca_no_pathlen
issue loop-leaf      "Test Leaf Under Loop" leaf loop-ca-a   1094 $LEAF_NB $LEAF_NA leaf

# A look-alike root: the same subject name as the root, another key. Its notAfter (2050) is
# encoded as GeneralizedTime, every other date as UTCTime.
key other-root 2048
issue other-root      "Test Root CA"           other-root self       1100 $ROOT_NB 20500101000000Z root
issue other-root-leaf "Test Leaf Under Other Root" leaf    other-root 1101 $LEAF_NB $LEAF_NA leaf

# ---------------------------------------------------------------- algorithm and key-size chains
key sha1-root 2048; key sha1-intermediate 2048
issue sha1-root         "Test SHA-1 Root CA"         sha1-root         self              1200 $ROOT_NB $ROOT_NA root         sha1
issue sha1-intermediate "Test SHA-1 Intermediate CA" sha1-intermediate sha1-root         1201 $INT_NB  $INT_NA  intermediate sha1
issue sha1-leaf         "Test SHA-1 Leaf"            leaf              sha1-intermediate 1202 $LEAF_NB $LEAF_NA leaf         sha1

for bits in 3072 4096; do
    key rsa$bits-root $bits; key rsa$bits-intermediate $bits; key rsa$bits-leaf $bits
    issue rsa$bits-root         "Test RSA-$bits Root CA"         rsa$bits-root         self                  ${bits}01 $ROOT_NB $ROOT_NA root
    issue rsa$bits-intermediate "Test RSA-$bits Intermediate CA" rsa$bits-intermediate rsa$bits-root         ${bits}02 $INT_NB  $INT_NA  intermediate
    issue rsa$bits-leaf         "Test RSA-$bits Leaf"            rsa$bits-leaf         rsa$bits-intermediate ${bits}03 $LEAF_NB $LEAF_NA leaf
done

# ---------------------------------------------------------------- DER files
KEPT=(root intermediate leaf expired-leaf not-yet-valid-leaf
      intermediate-not-ca intermediate-not-ca-leaf
      intermediate-no-basic-constraints intermediate-no-basic-constraints-leaf
      pathlen-exceeded-int-a pathlen-exceeded-int-b pathlen-exceeded-leaf
      intermediate-without-keycertsign intermediate-without-keycertsign-leaf
      leaf-unknown-critical-extension leaf-keyusage-no-digitalsignature
      leaf-wrong-signature leaf-issuer-mismatch
      loop-ca-a loop-ca-b loop-leaf other-root other-root-leaf
      sha1-root sha1-intermediate sha1-leaf
      rsa3072-root rsa3072-intermediate rsa3072-leaf
      rsa4096-root rsa4096-intermediate rsa4096-leaf)
for c in "${KEPT[@]}"; do der "$c"; done

f="$OUT/leaf-wrong-signature.der"
size=$(stat -c %s "$f")
last=$(od -An -tu1 -j $((size - 1)) -N1 "$f" | tr -d ' ')
printf "$(printf '\\%03o' $((last ^ 1)))" | dd of="$f" bs=1 seek=$((size - 1)) conv=notrunc status=none
openssl x509 -inform DER -in "$f" -out "$WORK/pem/leaf-wrong-signature.pem"

# ---------------------------------------------------------------- manifest
# cert FILE ROLE ISSUER_FILE NOTE   (ISSUER_FILE: a .der name, "self", or "" for none)
CERTS=()
cert() {
    local f="$OUT/$1.der" text subject issuer nb na bits alg serial sha issuer_json
    text=$(openssl x509 -inform DER -in "$f" -noout -text)
    subject=$(openssl x509 -inform DER -in "$f" -noout -subject -nameopt RFC2253 | sed 's/^subject=//')
    issuer=$(openssl x509 -inform DER -in "$f" -noout -issuer -nameopt RFC2253 | sed 's/^issuer=//')
    serial=$(openssl x509 -inform DER -in "$f" -noout -serial | sed 's/^serial=//')
    nb=$(date -u -d "$(openssl x509 -inform DER -in "$f" -noout -startdate | sed 's/^notBefore=//')" +%s)
    na=$(date -u -d "$(openssl x509 -inform DER -in "$f" -noout -enddate | sed 's/^notAfter=//')" +%s)
    bits=$(grep -m1 -o 'Public-Key: ([0-9]* bit)' <<<"$text" | grep -o '[0-9]*')
    alg=$(grep -m1 'Signature Algorithm:' <<<"$text" | sed 's/.*: //')
    sha=$(sha256sum "$f" | cut -c1-64)
    case $3 in
        "") issuer_json=null ;;
        self) issuer_json="\"$1.der\"" ;;
        *) issuer_json="\"$3.der\"" ;;
    esac
    CERTS+=("    {\"file\": \"$1.der\", \"role\": \"$2\", \"subject\": \"$subject\", \"issuer\": \"$issuer\", \"issuerFile\": $issuer_json, \"serial\": \"$serial\", \"notBefore\": $nb, \"notAfter\": $na, \"keyBits\": $bits, \"signatureAlgorithm\": \"$alg\", \"sha256\": \"$sha\", \"note\": \"$4\"}")
}
cert root root self "baseline trust anchor"
cert intermediate intermediate root "baseline intermediate, pathlen 0"
cert leaf leaf intermediate "baseline leaf"
cert expired-leaf leaf intermediate "notAfter 2024-05-31T23:59:59Z, one second before the validation instant"
cert not-yet-valid-leaf leaf intermediate "notBefore 2024-06-01T00:00:01Z, one second after the validation instant"
cert intermediate-not-ca intermediate root "basicConstraints critical CA:FALSE (keyUsage still keyCertSign)"
cert intermediate-not-ca-leaf leaf intermediate-not-ca "correct leaf under intermediate-not-ca"
cert intermediate-no-basic-constraints intermediate root "no basicConstraints extension (keyUsage still keyCertSign)"
cert intermediate-no-basic-constraints-leaf leaf intermediate-no-basic-constraints "correct leaf under intermediate-no-basic-constraints"
cert pathlen-exceeded-int-a intermediate root "CA, pathlen 0"
cert pathlen-exceeded-int-b intermediate pathlen-exceeded-int-a "CA without pathlen, under int-a whose pathlen 0 forbids it"
cert pathlen-exceeded-leaf leaf pathlen-exceeded-int-b "correct leaf under pathlen-exceeded-int-b"
cert intermediate-without-keycertsign intermediate root "CA:TRUE but keyUsage critical digitalSignature only"
cert intermediate-without-keycertsign-leaf leaf intermediate-without-keycertsign "correct leaf under intermediate-without-keycertsign"
cert leaf-unknown-critical-extension leaf intermediate "extra extension 1.3.6.1.4.1.55555.1 (NULL), critical"
cert leaf-keyusage-no-digitalsignature leaf intermediate "keyUsage critical keyEncipherment only"
cert leaf-wrong-signature leaf intermediate "lowest bit of the signature's last byte flipped"
cert leaf-issuer-mismatch leaf "" "signed by the intermediate's key under issuer CN=Test Nonexistent Intermediate CA; its authorityKeyIdentifier equals intermediate.der's subjectKeyIdentifier"
cert loop-ca-a intermediate loop-ca-b "issued by loop-ca-b"
cert loop-ca-b intermediate loop-ca-a "issued by loop-ca-a"
cert loop-leaf leaf loop-ca-a "correct leaf under loop-ca-a"
cert other-root root self "look-alike: same subject as root.der, another key; notAfter is a GeneralizedTime"
cert other-root-leaf leaf other-root "correct leaf under other-root; its issuer name equals root.der's subject"
cert sha1-root root self "sha1WithRSAEncryption"
cert sha1-intermediate intermediate sha1-root "sha1WithRSAEncryption"
cert sha1-leaf leaf sha1-intermediate "sha1WithRSAEncryption"
for bits in 3072 4096; do
    cert rsa$bits-root root self "RSA-$bits key"
    cert rsa$bits-intermediate intermediate rsa$bits-root "RSA-$bits key"
    cert rsa$bits-leaf leaf rsa$bits-intermediate "RSA-$bits key"
done

# scenario NAME LEAF "INTERMEDIATES" "ANCHORS" AT POLICY EXPECTED CULPRIT OPENSSL NOTE [ALSO]
#   INTERMEDIATES and ANCHORS: space-separated names without .der, in the order given to the
#   validator. CULPRIT: the certificate the failing check is about, or "" (null) when there is none
#   or it depends on the order of checks. ALSO: other failure kinds a validator may defensibly
#   report. OPENSSL: the X509_V_ERR number `openssl verify -attime AT` must report first (0 = OK);
#   the policy "strict" adds -auth_level 2 (112-bit security, which refuses SHA-1 signatures). The
#   scenario is checked at once; a different verdict stops the script with status 2.
SCENARIOS=()
list() { local s="" x; for x in $1; do s+="${s:+, }\"$x.der\""; done; echo "[$s]"; }
pem() { local x; for x in $1; do cat "$WORK/pem/$x.pem"; done; }
scenario() {
    local name=$1 leaf=$2 ints=$3 anchors=$4 at=$5 policy=$6 expected=$7 want=$9 note=${10}
    local culprit=null also got=0 first outp args
    [[ -n $8 ]] && culprit="\"$8.der\""
    also=$(list "${11:-}" | sed 's/\.der//g')
    pem "$anchors" > "$WORK/anchors.pem"
    args=(-attime "$at" -CAfile "$WORK/anchors.pem")
    if [[ -n $ints ]]; then pem "$ints" > "$WORK/untrusted.pem"; args+=(-untrusted "$WORK/untrusted.pem"); fi
    [[ $policy == strict ]] && args+=(-auth_level 2)
    outp=$(openssl verify "${args[@]}" "$WORK/pem/$leaf.pem" 2>&1) || true
    if grep -q ': OK$' <<<"$outp"; then
        first=OK
    else
        first=$(grep -m1 '^error [0-9]* at [0-9]* depth lookup: ' <<<"$outp" | sed 's/ at \([0-9]*\) depth lookup:/ at depth \1:/' || echo '?')
        got=$(grep -o '^error [0-9]*' <<<"$first" | grep -o '[0-9]*' || echo '?')
    fi
    if [[ $got != "$want" ]]; then
        echo "make-pki.sh: scenario $name: openssl verify gave $got, expected $want:" >&2
        echo "$outp" >&2
        exit 2
    fi
    SCENARIOS+=("    {\"name\": \"$name\", \"leaf\": \"$leaf.der\", \"intermediates\": $(list "$ints"), \"anchors\": $(list "$anchors"), \"at\": $at, \"policy\": \"$policy\", \"expected\": \"$expected\", \"alsoAccepted\": $also, \"culprit\": $culprit, \"openssl\": \"$first\", \"note\": \"$note\"}")
}
LNB=$(date -u -d 2024-01-01T00:00:00Z +%s); LNA=$(date -u -d 2025-01-01T00:00:00Z +%s)

scenario baseline leaf intermediate root $AT default valid "" 0 "root -> intermediate -> leaf"
scenario baseline-strict leaf intermediate root $AT strict valid "" 0 "SHA-256 is allowed by the strict policy"
scenario baseline-at-notBefore leaf intermediate root $LNB default valid "" 0 "notBefore is inclusive (RFC 5280 4.1.2.5)"
scenario baseline-at-notAfter leaf intermediate root $LNA default valid "" 10 "notAfter is inclusive (RFC 5280 4.1.2.5); OpenSSL disagrees and calls the leaf expired"
scenario baseline-before-notBefore leaf intermediate root $((LNB - 1)) default notYetValid leaf 9 "one second before the leaf's notBefore"
scenario baseline-after-notAfter leaf intermediate root $((LNA + 1)) default expired leaf 10 "one second after the leaf's notAfter"
scenario baseline-unordered-candidates leaf "loop-ca-a sha1-intermediate other-root intermediate-not-ca rsa3072-intermediate intermediate" root $AT default valid "" 0 "the right intermediate is last in a bag of other certificates; other-root in the bag has the intermediate's issuer name but the wrong key, so a builder that tries it must go on to the anchor"
scenario baseline-lookalike-anchor-first leaf intermediate "other-root root" $AT default valid "" 0 "two anchors with the same name; the first has the wrong key"
scenario missing-intermediate leaf "" root $AT default noPath "" 20 "no candidate issuer for the leaf"
scenario wrong-root leaf intermediate other-root $AT default badSignature intermediate 20 "the only anchor has the intermediate's issuer name but another key (and a subjectKeyIdentifier that differs from the intermediate's authorityKeyIdentifier): a name-matching issuer exists but its key does not verify; OpenSSL, which also matches key identifiers, reports no issuer" noPath
scenario expired-leaf expired-leaf intermediate root $AT default expired expired-leaf 10 ""
scenario not-yet-valid-leaf not-yet-valid-leaf intermediate root $AT default notYetValid not-yet-valid-leaf 9 ""
scenario intermediate-not-ca intermediate-not-ca-leaf intermediate-not-ca root $AT default notCA intermediate-not-ca 79 ""
scenario intermediate-no-basic-constraints intermediate-no-basic-constraints-leaf intermediate-no-basic-constraints root $AT default notCA intermediate-no-basic-constraints 79 ""
scenario pathlen-exceeded pathlen-exceeded-leaf "pathlen-exceeded-int-b pathlen-exceeded-int-a" root $AT default pathLengthExceeded pathlen-exceeded-int-b 25 "int-a has pathlen 0, so no CA may follow it: RFC 5280 6.1.4 (l) fails while processing int-b; OpenSSL reports it at depth 2, int-a, whose constraint it is"
scenario intermediate-without-keycertsign intermediate-without-keycertsign-leaf intermediate-without-keycertsign root $AT default keyUsage intermediate-without-keycertsign 79 "OpenSSL reports invalid CA (79) first, then key usage does not include certificate signing (32)"
scenario leaf-keyusage-no-digitalsignature leaf-keyusage-no-digitalsignature intermediate root $AT default keyUsage leaf-keyusage-no-digitalsignature 0 "OpenSSL 3.0 has no code-signing purpose and does not check the leaf's keyUsage here"
scenario leaf-unknown-critical-extension leaf-unknown-critical-extension intermediate root $AT default unknownCriticalExtension leaf-unknown-critical-extension 34 ""
scenario leaf-wrong-signature leaf-wrong-signature intermediate root $AT default badSignature leaf-wrong-signature 7 ""
scenario leaf-issuer-mismatch leaf-issuer-mismatch intermediate root $AT default noPath "" 20 "no candidate has the leaf's issuer name, although the intermediate's key would verify it"
scenario loop loop-leaf "loop-ca-a loop-ca-b" root $AT default noPath "" 20 "loop-ca-a and loop-ca-b certify each other; the builder must stop"
scenario lookalike-root other-root-leaf "" root $AT default badSignature other-root-leaf 20 "the anchor has the leaf's issuer name but another key (and a subjectKeyIdentifier that differs from the leaf's authorityKeyIdentifier); OpenSSL reports no issuer" noPath
scenario other-root-chain other-root-leaf "" other-root $AT default valid "" 0 "other-root -> other-root-leaf; other-root's notAfter is a GeneralizedTime"
scenario sha1-chain sha1-leaf sha1-intermediate sha1-root $AT default valid "" 0 "the default policy allows sha1WithRSAEncryption"
scenario sha1-chain-strict sha1-leaf sha1-intermediate sha1-root $AT strict algorithmNotAllowed "" 68 "the strict policy refuses sha1WithRSAEncryption; both the intermediate and the leaf are SHA-1 signed (the anchor's own signature is not checked)"
scenario rsa3072-chain rsa3072-leaf rsa3072-intermediate rsa3072-root $AT default valid "" 0 ""
scenario rsa4096-chain rsa4096-leaf rsa4096-intermediate rsa4096-root $AT default valid "" 0 ""

join() { local IFS=$'\n'; local a=("$@"); local n=${#a[@]} i; for ((i = 0; i < n; i++)); do printf '%s%s\n' "${a[i]}" "$([[ $i -lt $((n - 1)) ]] && echo ,)"; done; }
{
    echo "{"
    echo "  \"generator\": \"TestVectors/x509/make-pki.sh\","
    echo "  \"validationInstant\": $AT,"
    echo "  \"policies\": {\"default\": \"sha1WithRSAEncryption and sha256/384/512WithRSAEncryption allowed\", \"strict\": \"sha256/384/512WithRSAEncryption allowed, sha1WithRSAEncryption refused\"},"
    echo "  \"certificates\": ["
    join "${CERTS[@]}"
    echo "  ],"
    echo "  \"scenarios\": ["
    join "${SCENARIOS[@]}"
    echo "  ]"
    echo "}"
} > "$OUT/manifest.json"

echo "make-pki.sh: wrote $(ls "$OUT" | wc -l) files to $OUT; openssl verify agreed with every scenario"
