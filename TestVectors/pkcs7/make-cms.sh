#!/usr/bin/env bash
# Generates the CMS / PKCS#7 SignedData vectors used by the PurePKCS7 tests.
#
#   bash TestVectors/pkcs7/make-cms.sh
#
# Needs OpenSSL 3.0 (or later), coreutils and python3. Wipes and rewrites TestVectors/pkcs7/out/:
# a small PKI of its own (DER certificates), the signed payload (payload.bin), SignedData files
# (*.der) — valid ones made by `openssl cms -sign`, and variants that each change one thing, made by
# byte surgery in the Python below (it parses the TLVs and re-encodes every enclosing length; where a
# variant needs a valid signature over changed signed attributes it re-signs them with the signer's
# key) — and manifest.json, which describes every file and its expected verdict. Names, serials and
# dates are fixed; the RSA keys are fresh on every run (made in a temporary folder and deleted) and
# openssl writes the current time into each signingTime attribute, so the bytes change on every run,
# and manifest.json with them. Tests read the generated files and never run openssl.
#
# At the end the script runs `openssl cms -verify -attime 1717200000` on every SignedData file,
# records OpenSSL's verdict in the manifest, and stops with status 2 if it is not the one expected
# (see README.md for where OpenSSL is more lenient than the expected verdict).
set -euo pipefail
export LC_ALL=C TZ=UTC

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
OUT="$HERE/out"
WORK="$(mktemp -d)"
export CMSTREE_DIR="$HERE/../lib"
trap 'rm -rf "$WORK"' EXIT

openssl version | grep -Eq '^OpenSSL [3-9]\.' || { echo "make-cms.sh: needs OpenSSL 3.x" >&2; exit 1; }
command -v python3 >/dev/null || { echo "make-cms.sh: needs python3" >&2; exit 1; }

rm -rf "$OUT"
mkdir -p "$OUT" "$WORK/keys" "$WORK/pem" "$WORK/newcerts"
: > "$WORK/index.txt"

# The instant every file is verified at: 2024-06-01T00:00:00Z.
AT=1717200000

# ============================================================================ Python: DER surgery
# Subcommands: payload OUT_FILE | surgery OUT_DIR WORK_DIR | manifest OUT_DIR WORK_DIR AT
cat > "$WORK/cms.py" <<'PY'
import hashlib, json, os, re, subprocess, sys

sys.path.insert(0, os.environ['CMSTREE_DIR'])
from cmstree import *  # noqa: E402,F401,F403  (TestVectors/lib/cmstree.py)

# ---------------------------------------------------------------- payload
def make_payload(path):
    """A receipt-like DER SET OF SEQUENCE { INTEGER type, INTEGER version, OCTET STRING value }."""
    def tlv(t, v): return bytes([t]) + length(len(v)) + v
    def attr(t, s):
        return tlv(0x30, tlv(0x02, bytes([t])) + tlv(0x02, b'\x01') + tlv(0x04, tlv(0x0C, s.encode())))
    items = sorted([attr(2, 'com.example.receipt-tests'), attr(3, '1.0')])  # DER SET OF order
    open(path, 'wb').write(tlv(0x31, b''.join(items)))

# ---------------------------------------------------------------- surgery
def surgery(out, work):
    key = os.path.join(work, 'keys', 'signer.key')
    leaf = open(os.path.join(out, 'signer.der'), 'rb').read()
    payload = open(os.path.join(out, 'payload.bin'), 'rb').read()

    def load(name):
        raw = open(os.path.join(out, name), 'rb').read(); root = parse_bytes(raw, name, der=False)
        assert enc(root) == raw, name + ': not DER, or not minimal'
        sd = signed_data(root)
        assert econtent(sd).val == payload, name + ': unexpected payload'
        assert len(signers(sd)) == 1
        return root, sd, si_parts(signers(sd)[0])

    def sign(tbs, md):
        return subprocess.run(['openssl', 'dgst', '-' + md, '-sign', key], input=tbs,
                              stdout=subprocess.PIPE, check=True).stdout

    def resign(parts, md, tag=b'\x31'):
        """RSA PKCS#1 v1.5 over the signed attributes encoded with `tag` (RFC 5652 5.4: the SET)."""
        parts['signature'].val = sign(enc(parts['signedAttrs'], tag), md)

    # Re-signing the untouched attributes must give the very bytes openssl cms wrote
    # (PKCS#1 v1.5 is deterministic): proves resign() signs what a verifier checks.
    root, sd, p = load('signed-attrs-sha256.der')
    before = p['signature'].val
    resign(p, 'sha256')
    assert p['signature'].val == before, 'resign() does not reproduce openssl cms'

    # tampered-payload: the last payload byte (inside a UTF8String) XOR 0x01, no signed attributes.
    root, sd, p = load('no-attrs-sha256.der')
    c = econtent(sd); c.val = c.val[:-1] + bytes([c.val[-1] ^ 1])
    write(os.path.join(out, 'tampered-payload.der'), root)

    # tampered-payload-with-attrs: the same byte, in the file with signed attributes.
    root, sd, p = load('signed-attrs-sha256.der')
    c = econtent(sd); c.val = c.val[:-1] + bytes([c.val[-1] ^ 1])
    write(os.path.join(out, 'tampered-payload-with-attrs.der'), root)

    # tampered-signed-attrs: signingTime's seconds units digit + 1 (mod 10): still a valid UTCTime.
    root, sd, p = load('signed-attrs-sha256.der')
    t = attribute(p['signedAttrs'], 'signingTime').kids[1].kids[0]
    assert t.tag == b'\x17' and t.val.endswith(b'Z'), 'signingTime is not a UTCTime'
    d = t.val[-2] - 0x30
    t.val = t.val[:-2] + bytes([0x30 + (d + 1) % 10]) + b'Z'
    write(os.path.join(out, 'tampered-signed-attrs.der'), root)

    # wrong-content-type-attr: contentType attribute = id-signedData while eContentType stays
    # id-data; the attributes are re-signed, so the signature and messageDigest are valid.
    root, sd, p = load('signed-attrs-sha256.der')
    v = attribute(p['signedAttrs'], 'contentType').kids[1].kids[0]
    assert v.val == OID_OF['id-data']
    v.val = OID_OF['id-signedData']   # same length: the SET OF order is unchanged
    resign(p, 'sha256')
    write(os.path.join(out, 'wrong-content-type-attr.der'), root)

    # missing-message-digest-attr: the messageDigest attribute removed, the rest re-signed.
    root, sd, p = load('signed-attrs-sha256.der')
    a = p['signedAttrs']
    a.kids = [x for x in a.kids if x.kids[0].val != OID_OF['messageDigest']]
    resign(p, 'sha256')
    write(os.path.join(out, 'missing-message-digest-attr.der'), root)

    # signed-attrs-over-implicit-tag: the signature is over the attributes as they appear in the
    # SignerInfo, tagged [0] IMPLICIT (0xA0), instead of re-tagged as a SET (0x31).
    root, sd, p = load('signed-attrs-sha256.der')
    resign(p, 'sha256', tag=b'\xa0')
    write(os.path.join(out, 'signed-attrs-over-implicit-tag.der'), root)

    # digest-mismatch-alg: signed with SHA-1 (no attributes), declared SHA-256: the SignerInfo's
    # digestAlgorithm and the SignedData digestAlgorithms entry both say sha256; the RSA signature's
    # DigestInfo still says sha1 over SHA-1(content).
    root, sd, p = load('no-attrs-sha1.der')
    for alg in [p['digestAlgorithm']] + sd.kids[1].kids:
        assert alg.kids[0].val == OID_OF['sha1']
        alg.kids[0].val = OID_OF['sha256']
    write(os.path.join(out, 'digest-mismatch-alg.der'), root)

    # signature-alg-sha256WithRSA: signatureAlgorithm rsaEncryption -> sha256WithRSAEncryption
    # (as some real receipts have it); not signed, so the file stays valid.
    root, sd, p = load('no-attrs-sha256.der')
    assert p['signatureAlgorithm'].kids[0].val == OID_OF['rsaEncryption']
    p['signatureAlgorithm'].kids[0].val = OID_OF['sha256WithRSAEncryption']
    write(os.path.join(out, 'signature-alg-sha256WithRSA.der'), root)

    # signature-alg-mismatch: signatureAlgorithm sha1WithRSAEncryption, digestAlgorithm sha256;
    # the signature itself is the valid SHA-256 one.
    root, sd, p = load('no-attrs-sha256.der')
    p['signatureAlgorithm'].kids[0].val = OID_OF['sha1WithRSAEncryption']
    write(os.path.join(out, 'signature-alg-mismatch.der'), root)

    # missing-signer-cert: the signer's certificate removed from certificates.
    root, sd, p = load('no-attrs-sha256.der')
    cs = certset(sd)
    n = len(cs.kids)
    cs.kids = [x for x in cs.kids if enc(x) != leaf]
    assert len(cs.kids) == n - 1 and cs.kids
    write(os.path.join(out, 'missing-signer-cert.der'), root)

    # ber-two-segments: the BER file's eContent, one primitive segment inside a constructed OCTET
    # STRING, split into two segments (16 bytes, then the rest). The content they join into, and so
    # everything signed, is unchanged.
    raw = open(os.path.join(out, 'ber-indefinite-sha256.der'), 'rb').read(); root = parse_bytes(raw, 'ber-indefinite-sha256.der', der=False)
    assert enc(root) == raw, 'ber-indefinite-sha256.der does not re-encode'
    sd = signed_data(root)
    outer = encap(sd).kids[1].kids[0]
    assert outer.indef and len(outer.kids) == 1 and outer.kids[0].val == payload
    outer.kids = [Node(b'\x04', val=payload[:16]), Node(b'\x04', val=payload[16:])]
    write(os.path.join(out, 'ber-two-segments.der'), root)

    # bad-signature: the lowest bit of the signature's last byte flipped.
    root, sd, p = load('no-attrs-sha256.der')
    s = p['signature']; s.val = s.val[:-1] + bytes([s.val[-1] ^ 1])
    write(os.path.join(out, 'bad-signature.der'), root)

# ---------------------------------------------------------------- manifest
V = 'valid'
# file, derivedFrom, what it is, expected, alsoAccepted, openssl expectation ("ok" or a substring
# of its error), note
SPEC = [
    ('signed-attrs-sha256.der', None, 'openssl cms -sign -md sha256 with signed attributes (contentType, signingTime, messageDigest, smimeCapabilities)', V, [], 'ok', ''),
    ('no-attrs-sha256.der', None, 'openssl cms -sign -md sha256 -noattr: the signature covers the content itself, as in real App Store receipts', V, [], 'ok', ''),
    ('signed-attrs-sha1.der', None, 'as signed-attrs-sha256.der with -md sha1', V, [], 'ok', ''),
    ('no-attrs-sha1.der', None, 'as no-attrs-sha256.der with -md sha1', V, [], 'ok', ''),
    ('signed-attrs-sha384.der', None, 'as signed-attrs-sha256.der with -md sha384', V, [], 'ok', ''),
    ('signed-attrs-sha512.der', None, 'as signed-attrs-sha256.der with -md sha512', V, [], 'ok', ''),
    ('signer-by-ski.der', None, 'as signed-attrs-sha256.der with -keyid: the SignerIdentifier is the [0] subjectKeyIdentifier (SignedData and SignerInfo version 3)', V, [], 'ok', ''),
    ('ber-indefinite-sha256.der', None, 'as no-attrs-sha256.der with -stream: a BER envelope (indefinite lengths on ContentInfo, SignedData, EncapsulatedContentInfo and eContent; the eContent a constructed OCTET STRING of one segment); certificates and SignerInfo are DER', V, [], 'ok', 'the only BER file; every other file is DER'),
    ('ber-two-segments.der', 'ber-indefinite-sha256.der', 'the BER eContent split into two primitive OCTET STRING segments of 16 and 38 bytes inside the constructed one', V, [], 'ok', 'the verifier must hash the joined segments, not the first one nor the BER bytes'),
    ('signature-alg-sha256WithRSA.der', 'no-attrs-sha256.der', 'signatureAlgorithm rsaEncryption replaced by sha256WithRSAEncryption (it agrees with digestAlgorithm sha256)', V, [], 'ok', 'signatureAlgorithm is not signed, so the signature still verifies'),
    ('tampered-payload.der', 'no-attrs-sha256.der', 'the last payload byte XOR 0x01 (no signed attributes)', 'badSignature', [], 'verification failure', 'without signed attributes the signature covers the content'),
    ('tampered-payload-with-attrs.der', 'signed-attrs-sha256.der', 'the last payload byte XOR 0x01 (with signed attributes)', 'messageDigestMismatch', [], 'CMS_SignerInfo_verify_content:verification failure', 'the signature over the attributes still verifies; only messageDigest disagrees with the content'),
    ('tampered-signed-attrs.der', 'signed-attrs-sha256.der', "signingTime's seconds digit changed (still a valid UTCTime)", 'badSignature', [], 'verification failure', 'messageDigest and contentType still match; the signature over the attributes does not'),
    ('wrong-content-type-attr.der', 'signed-attrs-sha256.der', 'contentType attribute changed from id-data to id-signedData (1.2.840.113549.1.7.2), the attributes re-signed with the signer key; eContentType is still id-data', 'contentTypeMismatch', [], 'ok', 'signature and messageDigest are valid; only contentType != eContentType is wrong. OpenSSL 3.0 does not compare the contentType attribute with eContentType and accepts the file'),
    ('missing-message-digest-attr.der', 'signed-attrs-sha256.der', 'messageDigest attribute removed, the remaining attributes (contentType, signingTime, smimeCapabilities) re-signed', 'missingAttribute', [], 'attribute error', 'RFC 5652 5.3: with signed attributes, contentType and messageDigest are required'),
    ('signed-attrs-over-implicit-tag.der', 'signed-attrs-sha256.der', 'the signature re-made over the signed attributes tagged [0] IMPLICIT (0xA0), as they appear in the SignerInfo, instead of re-tagged as a SET (0x31)', 'badSignature', [], 'verification failure', 'RFC 5652 5.4: the signature covers the DER encoding of the SET OF Attribute with the EXPLICIT SET OF tag'),
    ('digest-mismatch-alg.der', 'no-attrs-sha1.der', 'signed with SHA-1 and no signed attributes, then declared SHA-256: the digestAlgorithm OID (in the SignerInfo and in SignedData.digestAlgorithms) changed from sha1 to sha256', 'badSignature', ['algorithmMismatch'], 'verification failure', "the RSA signature's DigestInfo names sha1 and holds SHA-1(content); a verifier computing SHA-256 and comparing the whole DigestInfo sees a bad signature; one that decodes the DigestInfo first may report the algorithm disagreement"),
    ('signature-alg-mismatch.der', 'no-attrs-sha256.der', 'signatureAlgorithm rsaEncryption replaced by sha1WithRSAEncryption while digestAlgorithm is sha256; the signature is the valid SHA-256 one', 'algorithmMismatch', [], 'ok', 'a signatureAlgorithm that names a digest must agree with digestAlgorithm; OpenSSL 3.0 ignores the digest named by signatureAlgorithm and accepts the file'),
    ('missing-signer-cert.der', 'no-attrs-sha256.der', "the signer's certificate removed from certificates (the intermediate stays)", 'signerNotFound', [], 'signer certificate not found', 'signer.der is not embedded; the verifier must not look for the signer among the anchors or elsewhere'),
    ('bad-signature.der', 'no-attrs-sha256.der', "the lowest bit of the signature OCTET STRING's last byte flipped", 'badSignature', [], 'verification failure', ''),
    ('two-signers.der', None, 'openssl cms -sign -noattr with two signers: signer.der and signer2.der, both valid', 'unsupportedSignerCount', [], 'ok', 'the project verifies exactly one SignerInfo, as receipts have (PKCS7Error.unsupportedSignerCount); OpenSSL verifies both signers and accepts the file'),
    ('detached.der', None, 'openssl cms -sign -noattr without -nodetach: the eContent is absent (a detached signature)', 'missingContent', [], 'no content', 'with -content payload.bin OpenSSL verifies it'),
    ('untrusted-signer.der', None, 'as no-attrs-sha256.der, signed by other-signer.der, issued by other-root.der, which is not the anchor', 'untrustedSigner', [], 'unable to get local issuer certificate', 'the CMS layer passes (signer found, signature valid); the chain to root.der does not exist'),
]

def manifest(out, work, at):
    certs = {}
    for f in sorted(os.listdir(out)):
        if f.endswith('.der') and f.replace('.der', '') in ('root', 'intermediate', 'signer', 'signer2', 'other-root', 'other-signer'):
            certs[open(os.path.join(out, f), 'rb').read()] = f
    payload = open(os.path.join(out, 'payload.bin'), 'rb').read()

    def flatten(n):  # BER: join a segmented OCTET STRING
        return n.val if not n.constructed else b''.join(flatten(k) for k in n.kids)

    def openssl_verdict(f):
        r = subprocess.run(['openssl', 'cms', '-verify', '-inform', 'DER', '-binary', '-in', os.path.join(out, f),
                            '-CAfile', os.path.join(work, 'pem', 'root.pem'), '-attime', str(at),
                            '-purpose', 'any', '-out', os.devnull],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if r.returncode == 0 and 'Verification successful' in r.stderr:
            return 'ok'
        msgs = []
        for line in r.stderr.splitlines():
            # <thread>:error:<code>:<library>:<function>:<reason>:<file>:<line>:<data>
            m = re.match(r'^[0-9A-F]+:error:[0-9A-F]+:([^:]*):([^:]*):([^:]*):[^:]*:[0-9]+:(.*)$', line)
            if m: msgs.append(':'.join(g.strip() for g in m.groups() if g.strip()))
        return '; '.join(msgs) or r.stderr.strip() or 'exit %d' % r.returncode

    files, bad = [], []
    for name, src, what, expected, also, want, note in SPEC:
        raw = open(os.path.join(out, name), 'rb').read()
        root, end = parse(raw)
        assert end == len(raw)
        sd = signed_data(root)
        ec = encap(sd)
        content = flatten(ec.kids[1].kids[0]) if len(ec.kids) > 1 else None
        cs = certset(sd)
        sis = []
        for si in signers(sd):
            p = si_parts(si)
            sa = p['signedAttrs']
            sis.append({
                'signerIdentifier': 'issuerAndSerialNumber' if p['sid'].tag == b'\x30' else 'subjectKeyIdentifier',
                'digestAlgorithm': NAMES.get(dotted(p['digestAlgorithm'].kids[0].val)),
                'signatureAlgorithm': NAMES.get(dotted(p['signatureAlgorithm'].kids[0].val)),
                'signedAttributes': [NAMES.get(dotted(a.kids[0].val), dotted(a.kids[0].val)) for a in sa.kids] if sa else None,
            })
        verdict = openssl_verdict(name)
        if (want == 'ok') != (verdict == 'ok') or (want != 'ok' and want not in verdict):
            bad.append('%s: openssl said %r, expected %r' % (name, verdict, want))
        files.append({
            'file': name,
            'what': what,
            'derivedFrom': src,
            'encoding': 'BER' if root.indef else 'DER',
            'contentEmbedded': content is not None,
            'contentIsPayload': content == payload,
            'eContentType': NAMES.get(dotted(ec.kids[0].val)),
            'signedDataVersion': sd.kids[0].val[0],
            'signerIdentifier': sis[0]['signerIdentifier'],
            'digestAlgorithm': sis[0]['digestAlgorithm'],
            'signatureAlgorithm': sis[0]['signatureAlgorithm'],
            'hasSignedAttributes': sis[0]['signedAttributes'] is not None,
            'signedAttributes': sis[0]['signedAttributes'],
            'signerCount': len(sis),
            'signers': sis if len(sis) > 1 else None,
            'certificates': [certs.get(enc(c), '?') for c in cs.kids] if cs else [],
            'expected': expected,
            'alsoAccepted': also,
            'openssl': verdict,
            'note': note,
            'sha256': hashlib.sha256(raw).hexdigest(),
            'bytes': len(raw),
        })
    if bad:
        print('make-cms.sh: ' + '\n  '.join(bad), file=sys.stderr)
        sys.exit(2)
    doc = {
        'generator': 'TestVectors/pkcs7/make-cms.sh',
        'validationInstant': at,
        'anchors': ['root.der'],
        'payload': {'file': 'payload.bin', 'bytes': len(payload), 'sha256': hashlib.sha256(payload).hexdigest()},
        'certificates': [{'file': f, 'sha256': hashlib.sha256(b).hexdigest()} for b, f in sorted(certs.items(), key=lambda x: x[1])],
        'opensslCommand': 'openssl cms -verify -inform DER -binary -in FILE -CAfile root.pem -attime %d -purpose any' % at,
        'expectedKinds': ['valid', 'badSignature', 'messageDigestMismatch', 'contentTypeMismatch', 'missingAttribute',
                          'algorithmMismatch', 'signerNotFound', 'unsupportedSignerCount', 'missingContent', 'untrustedSigner'],
        'files': files,
    }
    # Indented, but one line per file, per certificate
    text = json.dumps(doc, indent=2)
    for items, pad in ((doc['files'] + doc['certificates'], '\n    '), ([doc['payload'], doc['anchors'], doc['expectedKinds']], '\n  ')):
        for item in items:
            text = text.replace(json.dumps(item, indent=2).replace('\n', pad), json.dumps(item))
    with open(os.path.join(out, 'manifest.json'), 'w') as fh:
        fh.write(text + '\n')
    assert json.loads(text) == doc

cmd = sys.argv[1]
if cmd == 'payload': make_payload(sys.argv[2])
elif cmd == 'surgery': surgery(sys.argv[2], sys.argv[3])
elif cmd == 'manifest': manifest(sys.argv[2], sys.argv[3], int(sys.argv[4]))
else: sys.exit('unknown subcommand ' + cmd)
PY

# ============================================================================ the PKI
cp "$HERE/../lib/openssl-ca.cnf" "$WORK/ca.cnf"
cat >> "$WORK/ca.cnf" <<'EOF'
[ root ]
basicConstraints     = critical, CA:TRUE
keyUsage             = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash

[ intermediate ]
basicConstraints       = critical, CA:TRUE, pathlen:0
keyUsage               = critical, keyCertSign, cRLSign
subjectKeyIdentifier   = hash
authorityKeyIdentifier = keyid:always

[ signer ]
basicConstraints       = critical, CA:FALSE
keyUsage               = critical, digitalSignature
subjectKeyIdentifier   = hash
authorityKeyIdentifier = keyid:always
EOF

DN="/C=US/O=Receipt Verifier Tests"
NB=20200101000000Z; NA=20400101000000Z

# issue NAME CN ISSUER SERIAL PROFILE: key $WORK/keys/NAME.key (RSA-2048), certificate
# $WORK/pem/NAME.pem and out/NAME.der; ISSUER is "self" or an issued NAME.
issue() {
    local name=$1 cn=$2 issuer=$3 serial=$4 profile=$5 signer
    openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$WORK/keys/$name.key" 2>/dev/null
    openssl req -new -key "$WORK/keys/$name.key" -subj "$DN/CN=$cn" -out "$WORK/req.csr"
    echo "$serial" > "$WORK/serial"
    if [[ $issuer == self ]]; then
        signer=(-selfsign -keyfile "$WORK/keys/$name.key")
    else
        signer=(-cert "$WORK/pem/$issuer.pem" -keyfile "$WORK/keys/$issuer.key")
    fi
    (cd "$WORK" && openssl ca -batch -config ca.cnf -notext -preserveDN -md sha256 \
        "${signer[@]}" -in req.csr -startdate $NB -enddate $NA \
        -extfile ca.cnf -extensions "$profile" -out "pem/$name.pem" 2>/dev/null)
    openssl x509 -in "$WORK/pem/$name.pem" -outform DER -out "$OUT/$name.der"
}

issue root         "Test CMS Root CA"         self         2001 root
issue intermediate "Test CMS Intermediate CA" root         2002 intermediate
issue signer       "Test CMS Signer"          intermediate 2003 signer
issue signer2      "Test CMS Second Signer"   intermediate 2004 signer
issue other-root   "Test CMS Other Root CA"   self         2101 root
issue other-signer "Test CMS Other Signer"    other-root   2102 signer

# ============================================================================ signed files
python3 "$WORK/cms.py" payload "$OUT/payload.bin"

# sign OUT [openssl cms options...]: signer.der with the intermediate embedded, payload attached.
sign() {
    local out=$1; shift
    openssl cms -sign -binary -outform DER -in "$OUT/payload.bin" -out "$OUT/$out" "$@"
}
BASE=(-nodetach -signer "$WORK/pem/signer.pem" -inkey "$WORK/keys/signer.key" -certfile "$WORK/pem/intermediate.pem")

sign signed-attrs-sha256.der "${BASE[@]}" -md sha256
sign no-attrs-sha256.der     "${BASE[@]}" -md sha256 -noattr
sign signed-attrs-sha1.der   "${BASE[@]}" -md sha1
sign no-attrs-sha1.der       "${BASE[@]}" -md sha1 -noattr
sign signed-attrs-sha384.der "${BASE[@]}" -md sha384
sign signed-attrs-sha512.der "${BASE[@]}" -md sha512
sign signer-by-ski.der       "${BASE[@]}" -md sha256 -keyid
sign ber-indefinite-sha256.der "${BASE[@]}" -md sha256 -noattr -stream
sign two-signers.der -nodetach -md sha256 -noattr -certfile "$WORK/pem/intermediate.pem" \
    -signer "$WORK/pem/signer.pem" -inkey "$WORK/keys/signer.key" \
    -signer "$WORK/pem/signer2.pem" -inkey "$WORK/keys/signer2.key"
sign detached.der -signer "$WORK/pem/signer.pem" -inkey "$WORK/keys/signer.key" \
    -certfile "$WORK/pem/intermediate.pem" -md sha256 -noattr
sign untrusted-signer.der -nodetach -md sha256 -noattr \
    -signer "$WORK/pem/other-signer.pem" -inkey "$WORK/keys/other-signer.key"

python3 "$WORK/cms.py" surgery "$OUT" "$WORK"

# ============================================================================ manifest + openssl check
python3 "$WORK/cms.py" manifest "$OUT" "$WORK" "$AT"

echo "make-cms.sh: wrote $(ls "$OUT" | wc -l) files ($(cat "$OUT"/* | wc -c) bytes) to $OUT; openssl cms -verify agreed with every expectation"
