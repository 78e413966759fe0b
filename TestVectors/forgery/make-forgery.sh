#!/usr/bin/env bash
# Generates the forgery suite for the receipt validator: receipts a forger could make without Apple's keys.
#
#   bash TestVectors/forgery/make-forgery.sh
#
# Needs OpenSSL 3.0 (or later), coreutils and python3. It reads Apple's certificates in TestVectors/certs to
# copy their names, serial numbers and key identifiers, and the Apple Inc. Root itself for the one file that
# embeds it. It never copies a real receipt or any other Apple certificate into out/.
#
# Wipes and rewrites TestVectors/forgery/out/: a synthetic "Apple look-alike" PKI (DER certificates with
# Apple's exact subject names, serials and key identifiers, but RSA-2048 keys of our own, made in a
# temporary folder and deleted), a synthetic receipt payload built here (payload.bin, never a real
# receipt's), SignedData files in the App Store receipt layout made by `openssl cms -sign`, variants made
# by byte surgery in the Python below (a TLV re-encoder; where a variant needs a valid signature it re-signs
# with the signer's key), and manifest.json, which lists every case with its expected verdict. The keys are
# fresh on every run, so the bytes of every file, and manifest.json with them, change on every run.
#
# At the end the script runs `openssl cms -verify -attime 1717200000 -purpose any` on every case (CAfile:
# the case's anchor; the genuine Apple Inc. Root for "apple") and once more against the genuine root for
# every file, records OpenSSL's verdicts in the manifest, and stops with status 2 if one is not the verdict
# expected of OpenSSL. Tests read the generated files and never run openssl.
set -euo pipefail
export LC_ALL=C TZ=UTC

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
OUT="$HERE/out"
VECTORS="$HERE/.."
WORK="$(mktemp -d)"
export CMSTREE_DIR="$HERE/../lib"
trap 'rm -rf "$WORK"' EXIT

openssl version | grep -Eq '^OpenSSL [3-9]\.' || { echo "make-forgery.sh: needs OpenSSL 3.x" >&2; exit 1; }
command -v python3 >/dev/null || { echo "make-forgery.sh: needs python3" >&2; exit 1; }

# The genuine certificates whose names, serials and key identifiers the look-alikes copy. Only the root
# ever goes into out/ (inside lookalike-with-genuine-root.der); the project bundles it anyway.
GENUINE_ROOT="$VECTORS/certs/apple-roots/AppleIncRootCertificate.cer"
GENUINE_WWDR="$VECTORS/certs/wwdr/AppleWWDRCAG5.cer"
GENUINE_LEAF="$VECTORS/certs/receipt-signing-leaves/MacAppStoreAndiTunesStoreReceiptSigning_2024-07-24_2026-08-23_under-WWDR-G5.cer"
for f in "$GENUINE_ROOT" "$GENUINE_WWDR" "$GENUINE_LEAF"; do
    [[ -f $f ]] || { echo "make-forgery.sh: $f not found" >&2; exit 1; }
done
openssl x509 -inform DER -in "$GENUINE_ROOT" -noout -fingerprint -sha256 | tr -d : |
    grep -q 'B0B1730ECBC7FF4505142C49F1295E6EDA6BCAED7E2C68C5BE91B5A11001F024' ||
    { echo "make-forgery.sh: $GENUINE_ROOT is not the Apple Inc. Root" >&2; exit 1; }

rm -rf "$OUT"
mkdir -p "$OUT" "$WORK/keys" "$WORK/pem" "$WORK/newcerts" "$WORK/signed"
: > "$WORK/index.txt"
openssl x509 -inform DER -in "$GENUINE_ROOT" -out "$WORK/pem/genuine-apple-root.pem"

# The receipt creation date written into the payload, the instant every chain is validated at:
# 2024-06-01T00:00:00Z.
AT=1717200000

# ============================================================================ Python: payload, surgery, manifest
# Subcommands: payload OUT_FILE | check-pki OUT_DIR GENUINE_ROOT GENUINE_WWDR GENUINE_LEAF
#            | normalize OUT_DIR WORK_DIR | surgery OUT_DIR WORK_DIR GENUINE_ROOT | manifest OUT_DIR WORK_DIR AT
cat > "$WORK/forge.py" <<'PY'
import hashlib, json, os, re, subprocess, sys

sys.path.insert(0, os.environ['CMSTREE_DIR'])
from cmstree import *  # noqa: E402,F401,F403  (TestVectors/lib/cmstree.py)

# ---------------------------------------------------------------- certificates
class Cert:
    def __init__(self, der):
        self.der = der
        c = parse_bytes(der, 'certificate')
        tbs = c.kids[0].kids
        i = 1 if tbs[0].tag == b'\xa0' else 0
        self.serial = tbs[i].val
        self.issuer = enc(tbs[i + 2])
        self.subject = enc(tbs[i + 4])
        self.extensions = {}
        ext = next((k for k in tbs if k.tag == b'\xa3'), None)
        for e in (ext.kids[0].kids if ext else []):
            self.extensions[dotted(e.kids[0].val)] = e.kids[-1].val
    def ski(self):
        v = self.extensions.get('2.5.29.14')
        return parse_bytes(v, 'SKI').val if v else None
    def aki(self):
        v = self.extensions.get('2.5.29.35')
        return next(k.val for k in parse_bytes(v, 'AKI').kids if k.tag == b'\x80') if v else None
    def has(self, name):
        return dotted(OID_OF[name]) in self.extensions

def load_certs(out):
    """Every certificate in out/ (a SEQUENCE whose first element is a SEQUENCE, where a ContentInfo has
    an OID), by DER bytes -> file name."""
    certs = {}
    for f in sorted(os.listdir(out)):
        if f.endswith('.der'):
            b = open(os.path.join(out, f), 'rb').read()
            if parse_bytes(b, f).kids[0].tag == b'\x30':
                certs[b] = f
    return certs

def check_pki(out, genuine_root, genuine_wwdr, genuine_leaf):
    """The look-alikes carry Apple's exact names, serials and key identifiers (and markers), not its keys."""
    g_root, g_wwdr, g_leaf = (Cert(open(p, 'rb').read()) for p in (genuine_root, genuine_wwdr, genuine_leaf))
    cert = lambda f: Cert(open(os.path.join(out, f), 'rb').read())
    root, wwdr, leaf = cert('apple-lookalike-root.der'), cert('apple-lookalike-wwdr.der'), cert('apple-lookalike-receipt-signer.der')
    assert root.subject == root.issuer == g_root.subject == g_root.issuer, 'root name differs from Apple Root CA'
    assert root.serial == g_root.serial and root.ski() == g_root.ski() and root.aki() == g_root.aki()
    assert wwdr.subject == g_wwdr.subject and wwdr.issuer == g_wwdr.issuer, 'WWDR name differs from G5'
    assert wwdr.serial == g_wwdr.serial and wwdr.ski() == g_wwdr.ski() and wwdr.aki() == g_wwdr.aki()
    assert leaf.subject == g_leaf.subject and leaf.issuer == g_leaf.issuer, 'leaf name differs from Apple'
    assert leaf.serial == g_leaf.serial and leaf.ski() == g_leaf.ski() and leaf.aki() == g_leaf.aki()
    assert wwdr.extensions[dotted(OID_OF['appleWWDRIntermediate'])] == g_wwdr.extensions[dotted(OID_OF['appleWWDRIntermediate'])] == b'\x05\x00'
    assert leaf.extensions[dotted(OID_OF['appleReceiptSigning'])] == g_leaf.extensions[dotted(OID_OF['appleReceiptSigning'])] == b'\x05\x00'
    assert list(wwdr.extensions) == list(g_wwdr.extensions), 'WWDR extensions differ in kind or order'
    assert list(leaf.extensions) == list(g_leaf.extensions), 'leaf extensions differ in kind or order'
    assert list(root.extensions) == list(g_root.extensions), 'root extensions differ in kind or order'
    assert root.der != g_root.der and wwdr.der != g_wwdr.der and leaf.der != g_leaf.der
    # The variants: markers removed where they must be, kept where they must be.
    assert not cert('signer-without-receipt-oid.der').has('appleReceiptSigning')
    assert not cert('wwdr-without-marker.der').has('appleWWDRIntermediate')
    for f in ('signer-under-unmarked-wwdr.der', 'signer-under-end-entity.der', 'signer-under-root.der',
              'apple-lookalike-receipt-signer-2.der'):
        assert cert(f).has('appleReceiptSigning'), f

# ---------------------------------------------------------------- payload
DEVICE = bytes(range(0xD0, 0xE0))           # the device identifier (16 bytes, identifierForVendor-like)
OPAQUE = bytes(range(0x40, 0x50))           # field 4
BUNDLE = 'com.example.forgery'
CREATED = '2024-06-01T00:00:00Z'
PRODUCT = 'com.example.forgery.unlock'
TRANSACTION = '1000000000000001'
PURCHASED = '2024-05-31T12:00:00Z'

def set_of(items):
    """A DER SET OF: the encodings sorted (X.690 11.6)."""
    return tlv(0x31, b''.join(sorted(items)))

def attr(t, value):
    return tlv(0x30, integer(t) + integer(1) + tlv(0x04, value))

def utf8(s): return tlv(0x0C, s.encode())
def ia5(s): return tlv(0x16, s.encode())

def payload_fields():
    bundle = utf8(BUNDLE)
    device_hash = hashlib.sha1(DEVICE + OPAQUE + bundle).digest()
    purchase = set_of([attr(1701, integer(1)), attr(1702, utf8(PRODUCT)), attr(1703, utf8(TRANSACTION)),
                       attr(1704, ia5(PURCHASED))])
    return [attr(0, utf8('ProductionSandbox')), attr(2, bundle), attr(3, utf8('1.0')), attr(4, OPAQUE),
            attr(5, device_hash), attr(12, ia5(CREATED)), attr(19, utf8('1.0')), attr(17, purchase)]

def make_payload(path):
    open(path, 'wb').write(set_of(payload_fields()))

# Chain order, as App Store receipts have it: signers, then issuers down to the root, then the genuine root.
RANK = ['apple-lookalike-receipt-signer.der', 'apple-lookalike-receipt-signer-2.der', 'signer-without-receipt-oid.der',
        'signer-under-unmarked-wwdr.der', 'signer-under-end-entity.der', 'signer-under-root.der',
        'end-entity-under-wwdr.der', 'apple-lookalike-wwdr.der', 'wwdr-without-marker.der',
        'apple-lookalike-root.der']

def normalize(out, work):
    """Copies every file openssl cms wrote (work/signed) to out/ with its certificates in chain order, as
    App Store receipts have them (leaf, intermediate, root); the certificates are not signed."""
    certs = load_certs(out)
    payload = open(os.path.join(out, 'payload.bin'), 'rb').read()
    for f in sorted(os.listdir(os.path.join(work, 'signed'))):
        root = parse_file(os.path.join(work, 'signed', f))
        sd = signed_data(root)
        assert econtent(sd).tag == b'\x04' and econtent(sd).val == payload, f + ': unexpected eContent'
        assert sd.kids[0].val == b'\x01', f + ': SignedData version'
        cs = certset(sd)
        cs.kids.sort(key=lambda c: RANK.index(certs[enc(c)]))
        write(os.path.join(out, f), root)

# ---------------------------------------------------------------- surgery
def surgery(out, work, genuine_root):
    payload = open(os.path.join(out, 'payload.bin'), 'rb').read()
    leaf = open(os.path.join(out, 'apple-lookalike-receipt-signer.der'), 'rb').read()
    key = os.path.join(work, 'keys', 'apple-lookalike-receipt-signer.key')

    def load(name):
        root = parse_file(os.path.join(out, name))
        sd = signed_data(root)
        assert econtent(sd).val == payload and len(signers(sd)) == 1
        return root, sd, si_parts(signers(sd)[0])

    def sign(tbs, md):
        return subprocess.run(['openssl', 'dgst', '-' + md, '-sign', key], input=tbs,
                              stdout=subprocess.PIPE, check=True).stdout

    def resign(parts, tag=b'\x31'):
        """RSA PKCS#1 v1.5 SHA-256 over the signed attributes encoded with `tag` (RFC 5652 5.4: the SET)."""
        parts['signature'].val = sign(enc(parts['signedAttrs'], tag), 'sha256')

    # Re-signing must reproduce openssl cms byte for byte (PKCS#1 v1.5 is deterministic): proves that
    # sign() and resign() produce what a verifier checks.
    root, sd, p = load('lookalike-apple.der')
    assert sign(payload, 'sha256') == p['signature'].val, 'sign() does not reproduce openssl cms'
    root, sd, p = load('lookalike-signed-attrs.der')
    before = p['signature'].val
    resign(p)
    assert p['signature'].val == before, 'resign() does not reproduce openssl cms'

    # lookalike-with-genuine-root: the genuine Apple Inc. Root appended to the certificates.
    root, sd, p = load('lookalike-apple.der')
    certset(sd).kids.append(parse_bytes(open(genuine_root, 'rb').read(), 'genuine root'))
    write(os.path.join(out, 'lookalike-with-genuine-root.der'), root)

    # sha1-declared-sha256: the signature replaced by PKCS#1 v1.5 over SHA-1(payload) (DigestInfo sha1);
    # digestAlgorithm (SignerInfo and SignedData) still sha256. Same length: no enclosing length changes.
    root, sd, p = load('lookalike-apple.der')
    assert p['digestAlgorithm'].kids[0].val == OID_OF['sha256']
    s = sign(payload, 'sha1')
    assert len(s) == len(p['signature'].val) and s != p['signature'].val
    p['signature'].val = s
    write(os.path.join(out, 'sha1-declared-sha256.der'), root)

    # wrong-message-digest: messageDigest's last byte XOR 0x01, the attributes re-signed (valid signature).
    root, sd, p = load('lookalike-signed-attrs.der')
    v = attribute(p['signedAttrs'], 'messageDigest').kids[1].kids[0]
    assert v.val == hashlib.sha256(payload).digest()
    v.val = v.val[:-1] + bytes([v.val[-1] ^ 1])
    resign(p)
    write(os.path.join(out, 'wrong-message-digest.der'), root)

    # signature-over-implicit-tag: the signature over the attributes as stored, tagged [0] (0xA0).
    root, sd, p = load('lookalike-signed-attrs.der')
    resign(p, tag=b'\xa0')
    write(os.path.join(out, 'signature-over-implicit-tag.der'), root)

    # signer-not-embedded: the signer's certificate removed; the intermediate and the root stay.
    root, sd, p = load('lookalike-apple.der')
    cs = certset(sd)
    n = len(cs.kids)
    cs.kids = [c for c in cs.kids if enc(c) != leaf]
    assert len(cs.kids) == n - 1
    write(os.path.join(out, 'signer-not-embedded.der'), root)

# ---------------------------------------------------------------- manifest
LOOK = 'apple-lookalike-root.der'
# name, file, what, anchors, requiresAppleMarkers, expected (valid, or step, PKCS7Error.Code, path code,
# policy reason), openssl expectation ("ok" or a substring of its errors), note
V = ('valid', None, None, None, None)
POLICY_LEAF = "the leaf lacks Apple's receipt-signing marker"
POLICY_WWDR = "the intermediate lacks Apple's WWDR marker"
SPEC = [
    ('lookalike-apple-default-trust', 'lookalike-apple.der',
     'the App Store layout signed by the look-alike chain (receipt signer < WWDR G5 look-alike < Apple Root CA look-alike, all three embedded); validated with the bundled genuine Apple Inc. Root',
     ['apple'], True, ('chain', 'untrustedSigner', 'badSignature', None, 1), 'certificate signature failure',
     "names, serials and key identifiers all match Apple's, so the path reaches the genuine root by name and key identifier; its key does not verify the look-alike WWDR's signature"),
    ('lookalike-with-genuine-root', 'lookalike-with-genuine-root.der',
     'as lookalike-apple.der with the genuine Apple Inc. Root appended to the certificates (4 embedded)',
     ['apple'], True, ('chain', 'untrustedSigner', 'badSignature', None, 1), 'certificate signature failure',
     'embedding the real root changes nothing: a name match is not a signature'),
    ('lookalike-apple-own-anchor', 'lookalike-apple.der',
     'positive control: lookalike-apple.der with the look-alike root as the anchor and Apple markers required',
     [LOOK], True, V, 'ok', 'proves that the file is well formed and only the trust anchor makes the default-trust case fail'),
    ('lookalike-sha1-own-anchor', 'lookalike-apple-sha1.der',
     'positive control: as lookalike-apple.der signed with -md sha1 (as App Store receipts were until 2025), look-alike anchor',
     [LOOK], True, V, 'ok', 'control for sha1-declared-sha256.der'),
    ('lookalike-signed-attrs-own-anchor', 'lookalike-signed-attrs.der',
     'positive control: as lookalike-apple.der but with signed attributes (contentType, signingTime, messageDigest, smimeCapabilities), look-alike anchor',
     [LOOK], True, V, 'ok', 'control for wrong-message-digest.der and signature-over-implicit-tag.der'),
    ('leaf-without-receipt-oid', 'leaf-without-receipt-oid.der',
     'signed by a receipt-signer look-alike without 1.2.840.113635.100.6.11.1, under the look-alike WWDR',
     [LOOK], True, ('chain', 'untrustedSigner', 'policy', POLICY_LEAF, 0), 'ok',
     'OpenSSL knows nothing of Apple markers'),
    ('intermediate-without-wwdr-oid', 'intermediate-without-wwdr-oid.der',
     'signed by a receipt signer (with its marker) under a WWDR look-alike without 1.2.840.113635.100.6.2.1',
     [LOOK], True, ('chain', 'untrustedSigner', 'policy', POLICY_WWDR, 1), 'ok',
     'OpenSSL knows nothing of Apple markers'),
    ('sha1-declared-sha256', 'sha1-declared-sha256.der',
     "lookalike-apple.der with the signature replaced by RSA PKCS#1 v1.5 over the SHA-1 DigestInfo of the payload; digestAlgorithm still sha256",
     [LOOK], True, ('signature', 'badSignature', None, None, None), 'verification failure',
     'the whole expected encoded message (DigestInfo sha256) is compared, so a SHA-1 signature never passes for SHA-256'),
    ('wrong-message-digest', 'wrong-message-digest.der',
     "lookalike-signed-attrs.der with messageDigest's last byte XOR 0x01 and the attributes validly re-signed by the leaf key",
     [LOOK], True, ('signature', 'messageDigestMismatch', None, None, None), 'verification failure',
     'the signature over the attributes verifies; only the digest of the content disagrees'),
    ('signature-over-implicit-tag', 'signature-over-implicit-tag.der',
     'lookalike-signed-attrs.der re-signed over the attributes tagged [0] IMPLICIT (0xA0), as stored, instead of as a SET (0x31)',
     [LOOK], True, ('signature', 'badSignature', None, None, None), 'verification failure',
     'RFC 5652 5.4'),
    ('signer-not-embedded', 'signer-not-embedded.der',
     "lookalike-apple.der with the receipt signer's certificate removed (WWDR look-alike and root stay)",
     [LOOK], True, ('signature', 'signerNotFound', None, None, None), 'signer certificate not found',
     'the signer is looked for among the embedded certificates only'),
    ('two-signers', 'two-signers.der',
     'two SignerInfos, both valid: the look-alike receipt signer and a second receipt signer (with its marker) under the same WWDR look-alike',
     [LOOK], True, ('container', 'unsupportedSignerCount', None, None, None), 'ok',
     'exactly one SignerInfo, as in receipts; OpenSSL verifies both and accepts'),
    ('issued-by-end-entity', 'issued-by-end-entity.der',
     'a receipt signer (with its marker) issued by an end-entity certificate (CA:FALSE, like a developer certificate) under the WWDR look-alike: the classic basicConstraints forgery',
     [LOOK], True, ('chain', 'untrustedSigner', 'notCertificateAuthority', None, 1), 'invalid CA certificate',
     'path leaf < end entity < WWDR < root; the end entity is not a CA'),
    ('leaf-directly-under-root', 'leaf-directly-under-root.der',
     'a receipt signer (with its marker) issued directly by the look-alike root: no WWDR intermediate',
     [LOOK], True, ('chain', 'untrustedSigner', 'policy', 'a chain of 2 certificates; Apple issues leaf, WWDR intermediate, root', 0), 'ok',
     "Apple's shape is three certificates"),
    ('signed-by-intermediate', 'signed-by-intermediate.der',
     'signed by the WWDR look-alike itself (a CA key), with the root embedded',
     [LOOK], True, ('chain', 'untrustedSigner', 'keyUsage', None, 0), 'ok',
     'the signer\'s keyUsage is keyCertSign, cRLSign: no digitalSignature. OpenSSL with -purpose any does not check it'),
    ('signed-by-root', 'signed-by-root.der',
     'signed by the look-alike root itself (the only certificate embedded), the anchor',
     [LOOK], True, ('chain', 'untrustedSigner', 'keyUsage', None, 0), 'ok',
     'a signer that is itself the anchor is exempt from the Apple shape (ReceiptChainPolicy), but the root\'s keyUsage, like Apple\'s, lacks digitalSignature'),
]

def manifest(out, work, at):
    certs = load_certs(out)
    certs[open(os.path.join(work, 'genuine-apple-root.der'), 'rb').read()] = 'genuine Apple Inc. Root'
    payload = open(os.path.join(out, 'payload.bin'), 'rb').read()

    def openssl_verdict(f, anchor_pem):
        r = subprocess.run(['openssl', 'cms', '-verify', '-inform', 'DER', '-binary', '-purpose', 'any',
                            '-CAfile', anchor_pem, '-attime', str(at), '-in', os.path.join(out, f), '-out', os.devnull],
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        if r.returncode == 0 and 'Verification successful' in r.stderr:
            return 'ok'
        msgs = []
        for line in r.stderr.splitlines():
            m = re.match(r'^[0-9A-F]+:error:[0-9A-F]+:([^:]*):([^:]*):([^:]*):[^:]*:[0-9]+:(.*)$', line)
            if m: msgs.append(':'.join(g.strip() for g in m.groups() if g.strip()))
        return '; '.join(msgs) or r.stderr.strip() or 'exit %d' % r.returncode

    def pem(anchor):
        return os.path.join(work, 'pem', 'genuine-apple-root.pem' if anchor == 'apple' else anchor.replace('.der', '.pem'))

    def describe(f):
        raw = open(os.path.join(out, f), 'rb').read()
        sd = signed_data(parse_bytes(raw, f))
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
        cs = certset(sd)
        return {
            'file': f,
            'contentIsPayload': econtent(sd).val == payload,
            'signedDataVersion': sd.kids[0].val[0],
            'certificates': [certs.get(enc(c), '?') for c in cs.kids] if cs else [],
            'signers': sis,
            'opensslAppleRoot': openssl_verdict(f, pem('apple')),
            'sha256': hashlib.sha256(raw).hexdigest(),
            'bytes': len(raw),
        }

    cases, bad = [], []
    for name, f, what, anchors, markers, (step, code, path, reason, index), want, note in SPEC:
        verdict = openssl_verdict(f, pem(anchors[0]))
        if (want == 'ok') != (verdict == 'ok') or (want != 'ok' and want not in verdict):
            bad.append('%s: openssl said %r, expected %r' % (name, verdict, want))
        cases.append({
            'name': name, 'file': f, 'what': what, 'anchors': anchors, 'requiresAppleMarkers': markers,
            'validationTime': 'receiptCreationDate', 'expectedValid': step == 'valid',
            'expectedStep': None if step == 'valid' else step, 'expectedPKCS7Code': code,
            'expectedPathCode': path, 'expectedPolicyReason': reason, 'expectedPathCertificateIndex': index,
            'openssl': verdict, 'note': note,
        })
    files = [describe(f) for f in dict.fromkeys(c['file'] for c in cases)]
    for d in files:
        if d['opensslAppleRoot'] == 'ok':
            bad.append('%s: openssl accepted it under the genuine Apple root' % d['file'])
    if bad:
        print('make-forgery.sh: ' + '\n  '.join(bad), file=sys.stderr)
        sys.exit(2)
    doc = {
        'generator': 'TestVectors/forgery/make-forgery.sh',
        'validationInstant': at,
        'payload': {
            'file': 'payload.bin', 'bytes': len(payload), 'sha256': hashlib.sha256(payload).hexdigest(),
            'receiptType': 'ProductionSandbox', 'bundleIdentifier': BUNDLE, 'applicationVersion': '1.0',
            'originalApplicationVersion': '1.0', 'creationDate': CREATED, 'opaqueValueHex': OPAQUE.hex(),
            'deviceIdentifierHex': DEVICE.hex(), 'sha1HashHex': hashlib.sha1(DEVICE + OPAQUE + utf8(BUNDLE)).hexdigest(),
            'inAppPurchase': {'quantity': 1, 'productIdentifier': PRODUCT, 'transactionIdentifier': TRANSACTION,
                              'purchaseDate': PURCHASED},
        },
        'anchorsKey': {'apple': 'ReceiptTrust.apple (the bundled genuine Apple Inc. Root)',
                       LOOK: 'ReceiptTrust(anchors: [that certificate], requiresAppleMarkers: true, algorithms: .allowingSHA1)'},
        'certificates': [{'file': fn, 'sha256': hashlib.sha256(b).hexdigest()}
                         for b, fn in sorted(certs.items(), key=lambda x: x[1]) if fn.endswith('.der')],
        'opensslCommand': 'openssl cms -verify -inform DER -binary -purpose any -CAfile ANCHOR.pem -attime %d -in FILE -out /dev/null' % at,
        'cases': cases,
        'files': files,
    }
    text = json.dumps(doc, indent=2)
    for items, pad in ((doc['cases'] + doc['files'] + doc['certificates'], '\n    '),):
        for item in items:
            text = text.replace(json.dumps(item, indent=2).replace('\n', pad), json.dumps(item))
    with open(os.path.join(out, 'manifest.json'), 'w') as fh:
        fh.write(text + '\n')
    assert json.loads(text) == doc

cmd = sys.argv[1]
if cmd == 'payload': make_payload(sys.argv[2])
elif cmd == 'check-pki': check_pki(*sys.argv[2:6])
elif cmd == 'normalize': normalize(sys.argv[2], sys.argv[3])
elif cmd == 'surgery': surgery(sys.argv[2], sys.argv[3], sys.argv[4])
elif cmd == 'manifest': manifest(sys.argv[2], sys.argv[3], int(sys.argv[4]))
else: sys.exit('unknown subcommand ' + cmd)
PY

# ============================================================================ the look-alike PKI
# Extension kinds and order as in Apple's certificates (Apple Inc. Root; WWDR G5; the 2024 receipt
# signer); URLs point to forgery.invalid; key identifiers copied where a look-alike copies Apple's.
cp "$HERE/../lib/openssl-ca.cnf" "$WORK/ca.cnf"
cat >> "$WORK/ca.cnf" <<'EOF'
[ req ]
distinguished_name = empty_dn
[ empty_dn ]

# Apple Inc. Root: keyUsage, basicConstraints, SKI, AKI (= SKI), certificatePolicies.
[ root ]
keyUsage               = critical, keyCertSign, cRLSign
basicConstraints       = critical, CA:TRUE
subjectKeyIdentifier   = 2B:D0:69:47:94:76:09:FE:F4:6B:8D:2E:40:A6:F7:47:4D:7F:08:5E
authorityKeyIdentifier = keyid:always
certificatePolicies    = @root_policy
[ root_policy ]
policyIdentifier = 1.2.840.113635.100.5.1
CPS.1            = "https://ca.forgery.invalid/appleca/"
userNotice.1     = @notice
[ notice ]
explicitText = "Reliance on this certificate by any party assumes acceptance of the then applicable standard terms and conditions of use, certificate policy and certification practice statements."

# WWDR G5: basicConstraints pathlen 0, AKI, AIA (OCSP), CRL DP, SKI, keyUsage, the WWDR marker (NULL).
[ wwdr ]
basicConstraints       = critical, CA:TRUE, pathlen:0
authorityKeyIdentifier = keyid:always
authorityInfoAccess    = OCSP;URI:http://ocsp.forgery.invalid/ocsp03-applerootca
crlDistributionPoints  = URI:http://crl.forgery.invalid/root.crl
subjectKeyIdentifier   = 19:8B:97:8D:4A:5B:61:78:57:F4:A5:5C:35:12:8A:39:08:E3:B0:75
keyUsage               = critical, keyCertSign, cRLSign
1.2.840.113635.100.6.2.1 = DER:05:00
[ wwdr_unmarked ]
basicConstraints       = critical, CA:TRUE, pathlen:0
authorityKeyIdentifier = keyid:always
authorityInfoAccess    = OCSP;URI:http://ocsp.forgery.invalid/ocsp03-applerootca
crlDistributionPoints  = URI:http://crl.forgery.invalid/root.crl
subjectKeyIdentifier   = hash
keyUsage               = critical, keyCertSign, cRLSign

# The receipt signer: basicConstraints, AKI, AIA, certificatePolicies, CRL DP, SKI, keyUsage, the marker.
[ signer ]
basicConstraints       = critical, CA:FALSE
authorityKeyIdentifier = keyid:always
authorityInfoAccess    = caIssuers;URI:http://certs.forgery.invalid/wwdrg5.der, OCSP;URI:http://ocsp.forgery.invalid/ocsp03-wwdrg505
certificatePolicies    = @signer_policy
crlDistributionPoints  = URI:http://crl.forgery.invalid/wwdrg5.crl
subjectKeyIdentifier   = EF:28:57:B4:60:88:49:55:31:F0:FD:58:0E:F1:FD:1A:93:C4:24:FC
keyUsage               = critical, digitalSignature
1.2.840.113635.100.6.11.1 = DER:05:00
[ signer_policy ]
policyIdentifier = 1.2.840.113635.100.5.6.1
CPS.1            = "https://ca.forgery.invalid/certificateauthority/"
userNotice.1     = @notice
# The same with a fresh key identifier (other signers, so no two certificates share one).
[ signer_other ]
basicConstraints       = critical, CA:FALSE
authorityKeyIdentifier = keyid:always
authorityInfoAccess    = caIssuers;URI:http://certs.forgery.invalid/wwdrg5.der, OCSP;URI:http://ocsp.forgery.invalid/ocsp03-wwdrg505
certificatePolicies    = @signer_policy
crlDistributionPoints  = URI:http://crl.forgery.invalid/wwdrg5.crl
subjectKeyIdentifier   = hash
keyUsage               = critical, digitalSignature
1.2.840.113635.100.6.11.1 = DER:05:00
[ signer_unmarked ]
basicConstraints       = critical, CA:FALSE
authorityKeyIdentifier = keyid:always
authorityInfoAccess    = caIssuers;URI:http://certs.forgery.invalid/wwdrg5.der, OCSP;URI:http://ocsp.forgery.invalid/ocsp03-wwdrg505
certificatePolicies    = @signer_policy
crlDistributionPoints  = URI:http://crl.forgery.invalid/wwdrg5.crl
subjectKeyIdentifier   = hash
keyUsage               = critical, digitalSignature

# An end-entity certificate under the WWDR (a developer's, say): not a CA, no markers.
[ end_entity ]
basicConstraints       = critical, CA:FALSE
authorityKeyIdentifier = keyid:always
subjectKeyIdentifier   = hash
keyUsage               = critical, digitalSignature
extendedKeyUsage       = codeSigning
EOF

ROOT_DN="/C=US/O=Apple Inc./OU=Apple Certification Authority/CN=Apple Root CA"
WWDR_DN="/CN=Apple Worldwide Developer Relations Certification Authority/OU=G5/O=Apple Inc./C=US"
SIGNER_DN="/CN=Mac App Store and iTunes Store Receipt Signing/OU=Apple Worldwide Developer Relations/O=Apple Inc./C=US"
NB=20150101000000Z; NA=20450101000000Z

# issue NAME DN ISSUER SERIAL PROFILE MASK MD: key $WORK/keys/NAME.key (RSA-2048), certificate
# $WORK/pem/NAME.pem and out/NAME.der. ISSUER is "self" or an issued NAME; MASK the string mask for the
# subject (nombstr: PrintableString where possible, as the Apple root's name; utf8only: UTF8String but
# for countryName, as the WWDR G5 and receipt signer names); MD the certificate's signature digest.
issue() {
    local name=$1 dn=$2 issuer=$3 serial=$4 profile=$5 mask=$6 md=$7 signer
    openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048 -out "$WORK/keys/$name.key" 2>/dev/null
    sed "s/^distinguished_name = empty_dn$/&\nstring_mask = $mask/" "$WORK/ca.cnf" > "$WORK/req.cnf"
    openssl req -new -config "$WORK/req.cnf" -key "$WORK/keys/$name.key" -subj "$dn" -out "$WORK/req.csr"
    echo "$serial" > "$WORK/serial"
    if [[ $issuer == self ]]; then
        signer=(-selfsign -keyfile "$WORK/keys/$name.key")
    else
        signer=(-cert "$WORK/pem/$issuer.pem" -keyfile "$WORK/keys/$issuer.key")
    fi
    (cd "$WORK" && openssl ca -batch -config ca.cnf -notext -preserveDN -md "$md" \
        "${signer[@]}" -in req.csr -startdate $NB -enddate $NA \
        -extfile ca.cnf -extensions "$profile" -out "pem/$name.pem" 2>/dev/null)
    openssl x509 -in "$WORK/pem/$name.pem" -outform DER -out "$OUT/$name.der"
}

# name                                 subject     issuer                 serial (Apple's where copied)              profile         mask     md
issue apple-lookalike-root             "$ROOT_DN"  self                   02                                         root            nombstr  sha1
issue apple-lookalike-wwdr             "$WWDR_DN"  apple-lookalike-root   3B7E800AEED302A1E6ECDB97D9CAAC289CF16994   wwdr            utf8only sha256
issue apple-lookalike-receipt-signer   "$SIGNER_DN" apple-lookalike-wwdr  7D3920094EBEF3F8EFCA6C10EA8E4303           signer          utf8only sha256
issue apple-lookalike-receipt-signer-2 "$SIGNER_DN" apple-lookalike-wwdr  0F0F6E0E0E0E0E0E0E0E0E0E0E0E0002           signer_other    utf8only sha256
issue signer-without-receipt-oid       "$SIGNER_DN" apple-lookalike-wwdr  0F0F6E0E0E0E0E0E0E0E0E0E0E0E0003           signer_unmarked utf8only sha256
issue wwdr-without-marker              "$WWDR_DN"  apple-lookalike-root   0F0F6E0E0E0E0E0E0E0E0E0E0E0E0004           wwdr_unmarked   utf8only sha256
issue signer-under-unmarked-wwdr       "$SIGNER_DN" wwdr-without-marker   0F0F6E0E0E0E0E0E0E0E0E0E0E0E0005           signer_other    utf8only sha256
issue end-entity-under-wwdr            "/CN=Apple Development: Forger (FORGERY001)/OU=FORGERY001/O=Forger/C=US" \
                                                   apple-lookalike-wwdr   0F0F6E0E0E0E0E0E0E0E0E0E0E0E0006           end_entity      utf8only sha256
issue signer-under-end-entity          "$SIGNER_DN" end-entity-under-wwdr 0F0F6E0E0E0E0E0E0E0E0E0E0E0E0007           signer_other    utf8only sha256
issue signer-under-root                "$SIGNER_DN" apple-lookalike-root  0F0F6E0E0E0E0E0E0E0E0E0E0E0E0008           signer_other    utf8only sha256

python3 "$WORK/forge.py" check-pki "$OUT" "$GENUINE_ROOT" "$GENUINE_WWDR" "$GENUINE_LEAF"
openssl x509 -inform DER -in "$GENUINE_ROOT" -outform DER -out "$WORK/genuine-apple-root.der"

# ============================================================================ signed files
python3 "$WORK/forge.py" payload "$OUT/payload.bin"

# sign OUT SIGNER "CERTFILE NAMES" [openssl cms options...]: payload.bin attached, signed by SIGNER, with
# SIGNER and the CERTFILE NAMES embedded; the options add -md and, for the App Store layout, -noattr.
sign() {
    local out=$1 signer=$2 extra=$3; shift 3
    local certfile=()
    if [[ -n $extra ]]; then
        : > "$WORK/certfile.pem"
        for c in $extra; do cat "$WORK/pem/$c.pem" >> "$WORK/certfile.pem"; done
        certfile=(-certfile "$WORK/certfile.pem")
    fi
    openssl cms -sign -binary -nodetach -outform DER -in "$OUT/payload.bin" -out "$WORK/signed/$out" \
        -signer "$WORK/pem/$signer.pem" -inkey "$WORK/keys/$signer.key" "${certfile[@]}" "$@"
}
CHAIN="apple-lookalike-wwdr apple-lookalike-root"

sign lookalike-apple.der          apple-lookalike-receipt-signer "$CHAIN" -md sha256 -noattr
sign lookalike-apple-sha1.der     apple-lookalike-receipt-signer "$CHAIN" -md sha1 -noattr
sign lookalike-signed-attrs.der   apple-lookalike-receipt-signer "$CHAIN" -md sha256
sign leaf-without-receipt-oid.der signer-without-receipt-oid     "$CHAIN" -md sha256 -noattr
sign intermediate-without-wwdr-oid.der signer-under-unmarked-wwdr "wwdr-without-marker apple-lookalike-root" -md sha256 -noattr
sign two-signers.der              apple-lookalike-receipt-signer "$CHAIN" -md sha256 -noattr \
    -signer "$WORK/pem/apple-lookalike-receipt-signer-2.pem" -inkey "$WORK/keys/apple-lookalike-receipt-signer-2.key"
sign issued-by-end-entity.der     signer-under-end-entity "end-entity-under-wwdr $CHAIN" -md sha256 -noattr
sign leaf-directly-under-root.der signer-under-root       "apple-lookalike-root" -md sha256 -noattr
sign signed-by-intermediate.der   apple-lookalike-wwdr    "apple-lookalike-root" -md sha256 -noattr
sign signed-by-root.der           apple-lookalike-root    "" -md sha256 -noattr

python3 "$WORK/forge.py" normalize "$OUT" "$WORK"
python3 "$WORK/forge.py" surgery "$OUT" "$WORK" "$GENUINE_ROOT"

# ============================================================================ manifest + openssl check
python3 "$WORK/forge.py" manifest "$OUT" "$WORK" "$AT"

echo "make-forgery.sh: wrote $(ls "$OUT" | wc -l) files ($(cat "$OUT"/* | wc -c) bytes) to $OUT; openssl cms -verify agreed with every expectation"
