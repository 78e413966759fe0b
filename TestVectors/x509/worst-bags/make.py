#!/usr/bin/env python3
"""Hostile certificate bags and receipt-shaped containers for the bounds of path building (issue 25, defects
1, 6 and 7; issue 24's payload step).

    python3 TestVectors/x509/worst-bags/make.py

Needs python3 with `cryptography` (to build and sign certificates) and TestVectors/lib/cmstree.py (the DER
helpers the other generators use). Wipes and rewrites certs/, bags/, receipts/ and manifest.json beside this
file. Deterministic: every RSA key is derived from its label by a seeded generator below (not secret, never a
real key), names, serials and dates are fixed, and RSA PKCS#1 v1.5 signatures are deterministic, so a second
run writes the same bytes. See README.md for every file and case. Tests read the files and never run this.
"""
import datetime
import hashlib
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import padding, rsa
from cryptography.x509.oid import NameOID, ObjectIdentifier

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', '..', 'lib'))
from cmstree import integer, oid, tlv  # noqa: E402  (TestVectors/lib/cmstree.py)

# ---------------------------------------------------------------- keys
# Keys come from a seeded Mersenne Twister: the same label always gives the same key. They protect nothing.

SMALL_PRIMES = [p for p in range(3, 2000) if all(p % d for d in range(2, int(p ** 0.5) + 1))]
E = 65537


def probable_prime(n, rng):
    if any(n % p == 0 for p in SMALL_PRIMES):
        return n in SMALL_PRIMES
    d, s = n - 1, 0
    while d % 2 == 0:
        d, s = d // 2, s + 1
    for _ in range(40):
        x = pow(rng.randrange(2, n - 1), d, n)
        if x in (1, n - 1):
            continue
        for _ in range(s - 1):
            x = x * x % n
            if x == n - 1:
                break
        else:
            return False
    return True


def prime(rng, bits):
    """A prime of exactly `bits` bits with its top two bits set (so a product has the sum of the sizes) and
    p - 1 prime to the exponent."""
    while True:
        candidate = rng.getrandbits(bits) | (3 << (bits - 2)) | 1
        if (candidate - 1) % E != 0 and probable_prime(candidate, rng):
            return candidate


KEYS = {}


def key(label, bits=2048):
    """The RSA key named `label`, of exactly `bits` bits, exponent 65537."""
    if (label, bits) not in KEYS:
        rng = random.Random(int.from_bytes(hashlib.sha256(f'{label}/{bits}'.encode()).digest(), 'big'))
        p_bits = (bits + 1) // 2
        p, q = prime(rng, p_bits), prime(rng, bits - p_bits)
        assert p != q and (p * q).bit_length() == bits
        d = pow(E, -1, (p - 1) * (q - 1))
        numbers = rsa.RSAPrivateNumbers(p, q, d, rsa.rsa_crt_dmp1(d, p), rsa.rsa_crt_dmq1(d, q),
                                        rsa.rsa_crt_iqmp(p, q), rsa.RSAPublicNumbers(E, p * q))
        KEYS[(label, bits)] = numbers.private_key()
    return KEYS[(label, bits)]


def key_id(private_key):
    """RFC 5280 §4.2.1.2 method (1): SHA-1 of the subjectPublicKey bits."""
    der = private_key.public_key().public_bytes(serialization.Encoding.DER,
                                                serialization.PublicFormat.PKCS1)
    return hashlib.sha1(der).digest()

# ---------------------------------------------------------------- certificates

NOT_BEFORE = datetime.datetime(2020, 1, 1, tzinfo=datetime.timezone.utc)
NOT_AFTER = datetime.datetime(2040, 1, 1, tzinfo=datetime.timezone.utc)
AT = 1717200000  # 2024-06-01T00:00:00Z: every validation instant, and field 12 of the receipts
LEAF_MARKER = ObjectIdentifier('1.2.840.113635.100.6.11.1')  # Apple's receipt-signing marker
WWDR_MARKER = ObjectIdentifier('1.2.840.113635.100.6.2.1')  # Apple's WWDR intermediate marker


def name(common_name):
    return x509.Name([x509.NameAttribute(NameOID.COUNTRY_NAME, 'US'),
                      x509.NameAttribute(NameOID.ORGANIZATION_NAME, 'Receipt Verifier Tests'),
                      x509.NameAttribute(NameOID.COMMON_NAME, common_name)])


def certificate(subject, issuer, subject_key, signing_key, serial, *, ca, ski=None, aki=None, markers=(),
                digest=hashes.SHA256):
    """DER of a v3 certificate as the issuance profile wants it: critical basicConstraints, critical keyUsage
    (keyCertSign and cRLSign on CAs, digitalSignature on leaves), key identifiers (`ski`/`aki` given, to copy
    another certificate's; the subject key's own by default), and Apple's markers as NULL-valued extensions."""
    builder = (x509.CertificateBuilder().subject_name(subject).issuer_name(issuer)
               .public_key(subject_key.public_key()).serial_number(serial)
               .not_valid_before(NOT_BEFORE).not_valid_after(NOT_AFTER)
               .add_extension(x509.BasicConstraints(ca=ca, path_length=None), critical=True)
               .add_extension(x509.KeyUsage(digital_signature=not ca, content_commitment=False,
                                            key_encipherment=False, data_encipherment=False, key_agreement=False,
                                            key_cert_sign=ca, crl_sign=ca, encipher_only=False,
                                            decipher_only=False), critical=True)
               .add_extension(x509.SubjectKeyIdentifier(ski or key_id(subject_key)), critical=False))
    if aki is not None:
        builder = builder.add_extension(
            x509.AuthorityKeyIdentifier(key_identifier=aki, authority_cert_issuer=None,
                                        authority_cert_serial_number=None), critical=False)
    for marker in markers:
        builder = builder.add_extension(x509.UnrecognizedExtension(marker, b'\x05\x00'), critical=False)
    return builder.sign(signing_key, digest()).public_bytes(serialization.Encoding.DER)


def root(common_name, root_key, serial=1, ski=None):
    """A self-signed root: subject and issuer `common_name`, signed by its own key."""
    n = name(common_name)
    return certificate(n, n, root_key, root_key, serial, ca=True, ski=ski, aki=ski or key_id(root_key))

# ---------------------------------------------------------------- output


def reset():
    for folder in ('certs', 'bags', 'receipts'):
        shutil.rmtree(os.path.join(HERE, folder), ignore_errors=True)
        os.makedirs(os.path.join(HERE, folder))


def write(relative, data):
    with open(os.path.join(HERE, relative), 'wb') as f:
        f.write(data)
    return relative


def write_bag(relative, certificates):
    """A bag: DER certificates back to back (not one DER element: tests read element after element)."""
    assert len(set(certificates)) == len(certificates), relative + ': a certificate twice'
    return write(relative, b''.join(certificates))


def sha256(relative):
    with open(os.path.join(HERE, relative), 'rb') as f:
        return hashlib.sha256(f.read()).hexdigest()

# ---------------------------------------------------------------- path validator bags


def verdict(code=None, index=None, rule=None):
    """The expected outcome: valid (no code), or the PathValidationError's code, certificate index and rule."""
    return {'valid': code is None, 'code': code, 'certificateIndex': index, 'rule': rule}


def bags():
    cases = []

    def case(name_, leaf, anchors, bag, expected, note, policy='issuanceProfile', count=None):
        cases.append({'name': name_, 'leaf': leaf, 'anchors': anchors, 'bag': bag, 'bagCount': count,
                      'at': AT, 'policy': policy, 'expected': expected, 'note': note})

    root_key = key('root')
    root_der = root('Worst Bag Root', root_key)
    write('certs/root.der', root_der)
    root_ski = key_id(root_key)
    # 64 distinct keys, shared by the shapes whose candidates have keys of their own.
    distinct = [key(f'distinct-{i}') for i in range(64)]

    # (a) and (b): 64 self-issued CAs named as the leaf's issuer. In (a) they share the key that signed the leaf
    # (each one verifies the leaf); in (b) each has its own key and none signed it. No name leads to the anchor.
    issuer_name, issuer_key = name('Worst Bag Issuer'), key('issuer')
    leaf_name = name('Worst Bag Leaf')
    write('certs/leaf-a.der', certificate(leaf_name, issuer_name, key('leaf'), issuer_key, 2, ca=False,
                                          aki=key_id(issuer_key)))
    shared = [certificate(issuer_name, issuer_name, issuer_key, issuer_key, 100 + i, ca=True,
                          aki=key_id(issuer_key)) for i in range(64)]
    write_bag('bags/a-shared-key.der', shared)
    case('a-shared-key', 'certs/leaf-a.der', ['certs/root.der'], 'bags/a-shared-key.der',
         verdict('noPath'),
         'every candidate names every other as issuer and verifies the leaf; none leads to the anchor by names: '
         'the search indexes the names once, finds no chain of names from any candidate to an anchor, and '
         'examines none of them, checking no signature', count=64)
    other_leaf_key = key('leaf-b-signer')
    write('certs/leaf-b.der', certificate(leaf_name, issuer_name, key('leaf'), other_leaf_key, 3, ca=False,
                                          aki=key_id(other_leaf_key)))
    own = [certificate(issuer_name, issuer_name, distinct[i], distinct[i], 200 + i, ca=True,
                       aki=key_id(distinct[i])) for i in range(64)]
    write_bag('bags/b-distinct-keys.der', own)
    case('b-distinct-keys', 'certs/leaf-b.der', ['certs/root.der'], 'bags/b-distinct-keys.der',
         verdict('noPath'),
         "as a-shared-key, but each candidate has its own key and none signed the leaf: the same work, since "
         "keys are not looked at before a path of names reaches an anchor", count=64)

    # (c) Name cycles: A issued by B, B issued by A, distinct keys. The A certificates copy the key identifier
    # of the one genuine intermediate (A issued by the anchor), so key identifiers cannot rank it first.
    a_name, b_name, cycle_key = name('Worst Bag Cycle A'), name('Worst Bag Cycle B'), key('cycle-issuer')
    write('certs/leaf-c.der', certificate(name('Worst Bag Cycle Leaf'), a_name, key('leaf'), cycle_key, 4,
                                          ca=False, aki=key_id(cycle_key)))
    genuine_a = certificate(a_name, name('Worst Bag Root'), cycle_key, root_key, 5, ca=True, aki=root_ski)
    write('certs/cycle-a-genuine.der', genuine_a)

    def cycle(i):
        subject, issuer = (a_name, b_name) if i % 2 == 0 else (b_name, a_name)
        ski = key_id(cycle_key) if i % 2 == 0 else None
        return certificate(subject, issuer, distinct[i], distinct[(i + 1) % 64], 300 + i, ca=True, ski=ski,
                           aki=key_id(distinct[(i + 1) % 64]))
    write_bag('bags/c-cycles-no-anchor.der', [cycle(i) for i in range(64)])
    case('c-cycles-no-anchor', 'certs/leaf-c.der', ['certs/root.der'], 'bags/c-cycles-no-anchor.der',
         verdict('noPath'),
         '32 A certificates issued by B and 32 B issued by A; no chain of names leads to the anchor: nothing '
         'examined, no signature', count=64)
    write_bag('bags/c-cycles-anchor-last.der', [cycle(i) for i in range(63)] + [genuine_a])
    case('c-cycles-anchor-last', 'certs/leaf-c.der', ['certs/root.der'], 'bags/c-cycles-anchor-last.der',
         verdict(),
         '32 A and 31 B certificates in a cycle, then the genuine A certificate the anchor issued, last: the '
         'search tries the candidates with the shortest chain of names to an anchor first, so the genuine A (one '
         'step from the anchor) before the cycle, and validates with two signature checks', count=64)

    # (d) 64 self-issued certificates with the anchor's name and key identifier and keys of their own.
    impostors = [certificate(name('Worst Bag Root'), name('Worst Bag Root'), distinct[i], distinct[i], 400 + i,
                             ca=True, ski=root_ski, aki=root_ski) for i in range(64)]
    write_bag('bags/d-anchor-name.der', impostors)
    d_leaf_name = name('Worst Bag Anchor-Named Leaf')
    write('certs/leaf-d.der', certificate(d_leaf_name, name('Worst Bag Root'), key('leaf'), root_key, 6,
                                          ca=False, aki=root_ski))
    case('d-anchor-name', 'certs/leaf-d.der', ['certs/root.der'], 'bags/d-anchor-name.der', verdict(),
         'the leaf is the anchor\'s; the anchor comes first among the candidates with its name: one signature',
         count=64)
    write('certs/leaf-d-forged.der', certificate(d_leaf_name, name('Worst Bag Root'), key('leaf'), distinct[0],
                                                 7, ca=False, aki=root_ski))
    case('d-anchor-name-forged', 'certs/leaf-d-forged.der', ['certs/root.der'], 'bags/d-anchor-name.der',
         verdict('badSignature', 0, 'signature'),
         "the leaf is signed by the first impostor's key: every certificate's edge to the anchor is checked "
         "once (the leaf's and the 64 impostors', 65 signatures); no impostor's key ever runs", count=64)

    # (e) one past maximumIntermediates: the 64 impostors and the anchor's leaf certificate's real issuer.
    write_bag('bags/e-65.der', impostors + [genuine_a])
    case('e-one-past-intermediates', 'certs/leaf-d.der', ['certs/root.der'], 'bags/e-65.der',
         verdict('searchLimitReached'),
         '65 candidates, one more than maximumIntermediates: refused before any work', count=65)

    # The signature-check budget, at the limit and one past: anchors (the caller's) that share the real anchor's
    # name and key identifier ahead of it, and a leaf without candidates of its own.
    fakes = [root('Worst Bag Root', distinct[i % 64], serial=500 + i, ski=root_ski) for i in range(100)]
    write_bag('bags/anchors-99-fakes-then-root.der', fakes[:99] + [root_der])
    case('signature-budget-at-limit', 'certs/leaf-d.der', ['bags/anchors-99-fakes-then-root.der'], None, verdict(),
         "99 anchors with the anchor's name and key identifier and other keys, then the anchor: the 100th "
         'signature check, the last one allowed, validates', count=0)
    write_bag('bags/anchors-100-fakes-then-root.der', fakes + [root_der])
    case('signature-budget-one-past', 'certs/leaf-d.der', ['bags/anchors-100-fakes-then-root.der'], None,
         verdict('badSignature', 0, 'signature'),
         'as above with 100 look-alike anchors: the anchor would need the 101st check; the first failure is '
         'reported', count=0)

    # (f) limbo's pathological chains, at 64: distinct subjects, distinct keys, none reaching a root. (limbo's
    # same-subject same-key chain is (a): a chain of certificates that share one name and one key is a bag of
    # self-issued certificates that each verify every other.)
    chain_names = [name(f'Worst Bag Chain {i}') for i in range(65)]
    linear = [certificate(chain_names[i], chain_names[max(i - 1, 0)], distinct[i],
                          distinct[max(i - 1, 0)], 600 + i, ca=True, aki=key_id(distinct[max(i - 1, 0)]))
              for i in range(64)]
    write_bag('bags/f-linear-chain.der', linear)
    write('certs/leaf-f.der', certificate(name('Worst Bag Chain Leaf'), chain_names[63], key('leaf'),
                                          distinct[63], 8, ca=False, aki=key_id(distinct[63])))
    case('f-linear-chain', 'certs/leaf-f.der', ['certs/root.der'], 'bags/f-linear-chain.der',
         verdict('noPath'),
         "limbo's pathological-chain-distinct-subject-distinct-key at 64: one chain of names, which reaches no "
         'anchor: nothing examined', count=64)

    # The longest path: a genuine chain root -> 1 -> ... -> 9 and leaves under 8 (10 certificates with the
    # anchor) and under 9 (11).
    long_names = [name('Worst Bag Root')] + [name(f'Worst Bag Long {i}') for i in range(1, 10)]
    long_keys = [root_key] + [distinct[i] for i in range(1, 10)]
    long_chain = [certificate(long_names[i], long_names[i - 1], long_keys[i], long_keys[i - 1], 700 + i, ca=True,
                              aki=key_id(long_keys[i - 1])) for i in range(1, 10)]
    write_bag('bags/long-chain.der', long_chain)
    write('certs/leaf-length-10.der', certificate(name('Worst Bag Long Leaf 10'), long_names[8], key('leaf'),
                                                  long_keys[8], 9, ca=False, aki=key_id(long_keys[8])))
    write('certs/leaf-length-11.der', certificate(name('Worst Bag Long Leaf 11'), long_names[9], key('leaf'),
                                                  long_keys[9], 10, ca=False, aki=key_id(long_keys[9])))
    case('path-length-at-limit', 'certs/leaf-length-10.der', ['certs/root.der'], 'bags/long-chain.der',
         verdict(), 'leaf, 8 intermediates, anchor: maximumPathLength (10) certificates', count=9)
    case('path-length-one-past', 'certs/leaf-length-11.der', ['certs/root.der'], 'bags/long-chain.der',
         verdict('searchLimitReached'),
         'leaf, 9 intermediates, anchor: 11 certificates, one past maximumPathLength; PathValidationError.Code.'
         'searchLimitReached documents "the longest path allowed" among the bounds', count=9)
    return cases

# ---------------------------------------------------------------- receipts

DIGEST_OIDS = {'sha1': '1.3.14.3.2.26', 'sha256': '2.16.840.1.101.3.4.2.1'}
NULL = b'\x05\x00'


def receipt_attribute(field, value):
    return tlv(0x30, integer(field) + integer(1) + tlv(0x04, value))


def payload(creation_date=True):
    """A receipt payload (DER SET OF in DER order): types 0, 2, 3, 4, 5, 19, and 12 unless told."""
    utf8 = lambda s: tlv(0x0C, s.encode())  # noqa: E731
    bundle, opaque, device = utf8('com.example.worstbag'), bytes(range(0x40, 0x50)), bytes(range(0xD0, 0xE0))
    fields = [receipt_attribute(0, utf8('ProductionSandbox')), receipt_attribute(2, bundle),
              receipt_attribute(3, utf8('1.0')), receipt_attribute(4, opaque),
              receipt_attribute(5, hashlib.sha1(device + opaque + bundle).digest()),
              receipt_attribute(19, utf8('1.0'))]
    if creation_date:
        fields.append(receipt_attribute(12, tlv(0x16, b'2024-06-01T00:00:00Z')))
    return tlv(0x31, b''.join(sorted(fields)))


def signed_data(content, certificates, signer_der, signer_key, digest='sha256', corrupt=False):
    """A ContentInfo holding SignedData in the App Store layout: version 1, the content embedded as id-data,
    the certificates in the order given, one SignerInfo by issuer and serial number, no signed attributes,
    signatureAlgorithm rsaEncryption over the content itself (RFC 5652 §5.4)."""
    signer = x509.load_der_x509_certificate(signer_der)
    algorithm = tlv(0x30, tlv(0x06, oid(DIGEST_OIDS[digest])) + NULL)
    hash_ = {'sha1': hashes.SHA1, 'sha256': hashes.SHA256}[digest]()
    signature = signer_key.sign(content, padding.PKCS1v15(), hash_)
    if corrupt:
        signature = signature[:-1] + bytes([signature[-1] ^ 1])
    sid = tlv(0x30, signer.issuer.public_bytes() + integer(signer.serial_number))
    signer_info = tlv(0x30, integer(1) + sid + algorithm + tlv(0x30, tlv(0x06, oid('1.2.840.113549.1.1.1')) + NULL)
                      + tlv(0x04, signature))
    encapsulated = tlv(0x30, tlv(0x06, oid('1.2.840.113549.1.7.1')) + tlv(0xA0, tlv(0x04, content)))
    body = (integer(1) + tlv(0x31, algorithm) + encapsulated + tlv(0xA0, b''.join(certificates))
            + tlv(0x31, signer_info))
    return tlv(0x30, tlv(0x06, oid('1.2.840.113549.1.7.2')) + tlv(0xA0, tlv(0x30, body)))


def receipts():
    cases = []
    anchor_name, wwdr_name = name('Hostile Receipt Root'), name('Hostile Receipt WWDR')
    signer_name = name('Hostile Receipt Signer')
    anchor_key, forger_key = key('receipt-root'), key('receipt-forger')
    anchor_ski = key_id(anchor_key)
    anchor_der = root('Hostile Receipt Root', anchor_key)
    anchor = write('certs/receipt-root.der', anchor_der)

    def wwdr(wwdr_key, serial):
        return certificate(wwdr_name, anchor_name, wwdr_key, anchor_key, serial, ca=True, aki=anchor_ski,
                           markers=[WWDR_MARKER])

    def signer(signer_key, issuer_key, serial, issuer=wwdr_name, aki=None):
        return certificate(signer_name, issuer, signer_key, issuer_key, serial, ca=False,
                           aki=aki or key_id(issuer_key), markers=[LEAF_MARKER])

    def decoys(wwdr_key, first_serial, count=9):
        """`count` CAs named as the WWDR intermediate, with its key, key identifier and marker, claiming the
        anchor as issuer (and its key identifier) but signed by the forger's key."""
        return [certificate(wwdr_name, anchor_name, wwdr_key, forger_key, first_serial + i, ca=True,
                            aki=anchor_ski, markers=[WWDR_MARKER]) for i in range(count)]

    def anchor_named_decoys(wwdr_key, first_serial, count=9):
        """`count` self-issued CAs with the anchor's name and key identifier and the WWDR marker, whose key
        signed the leaf, signed by their own key."""
        return [certificate(anchor_name, anchor_name, wwdr_key, wwdr_key, first_serial + i, ca=True,
                            ski=anchor_ski, aki=anchor_ski, markers=[WWDR_MARKER]) for i in range(count)]

    def case(name_, certificates, signer_der, signer_key, expected, note, content=None, **options):
        file = write(f'receipts/{name_}.der', signed_data(content or payload(), certificates, signer_der,
                                                          signer_key, **options))
        cases.append({'name': name_, 'file': file, 'anchor': anchor, 'certificates': len(certificates),
                      'expected': expected, 'note': note})

    def refused(step, pkcs7=None, path=None, index=None, rule=None, receipt=None):
        return {'valid': False, 'step': step, 'pkcs7Code': pkcs7, 'pathCode': path, 'pathCertificateIndex': index,
                'rule': rule, 'receiptCode': receipt}
    valid = {'valid': True, 'step': None, 'pkcs7Code': None, 'pathCode': None, 'pathCertificateIndex': None,
             'rule': None, 'receiptCode': None}

    w_key, s_key = key('receipt-wwdr'), key('receipt-signer')
    w_der = wwdr(w_key, 2)
    write('certs/receipt-wwdr.der', w_der)
    s_der = signer(s_key, w_key, 3)
    write('certs/receipt-signer.der', s_der)
    case('valid-apple-shape', [s_der, w_der, anchor_der], s_der, s_key, valid,
         "positive control: signer, WWDR, anchor (Apple's order and shape)")
    case('valid-10-certificates', [s_der] + decoys(w_key, 100, 8) + [w_der], s_der, s_key, valid,
         'signer, 8 decoys, the genuine WWDR last: maximumCertificates (10); each decoy costs one signature '
         '(its edge to the anchor), then the WWDR and the signer verify')
    case('eleven-certificates', [s_der] + decoys(w_key, 100, 9) + [w_der], s_der, s_key,
         refused('container', 'tooManyCertificates'), 'one past maximumCertificates')
    case('worst-issuer-named', [s_der] + decoys(w_key, 100, 9), s_der, s_key,
         refused('chain', 'untrustedSigner', 'badSignature', 1, 'signature'),
         "the brief's worst shape: 9 decoys named as the signer's issuer, with its key (each would verify the "
         "signer), the markers and CA flags, each claiming the anchor as issuer; 9 signature checks under the "
         'anchor, none with a decoy key')
    sa_der = signer(s_key, w_key, 4, issuer=anchor_name, aki=anchor_ski)
    case('worst-anchor-named', [sa_der] + anchor_named_decoys(w_key, 200), sa_der, s_key,
         refused('chain', 'untrustedSigner', 'badSignature', 0, 'signature'),
         "the signer names the anchor as issuer; 9 self-issued decoys carry the anchor's name and key "
         "identifier and the key that signed the signer: the signer's edge to the anchor, then each decoy's, "
         '10 signature checks under the anchor')

    # The same with 4096-bit keys, the largest Apple's algorithm policy allows, for the signer and the decoys.
    w4_key, s4_key = key('receipt-wwdr', 4096), key('receipt-signer', 4096)
    w4_der = wwdr(w4_key, 12)
    s4_der = signer(s4_key, w4_key, 13)
    write('certs/receipt-signer-4096.der', s4_der)
    case('valid-4096', [s4_der, w4_der, anchor_der], s4_der, s4_key, valid,
         'positive control: a 4096-bit signer under a 4096-bit WWDR, the most AlgorithmPolicy.appleReceipts '
         'allows')
    case('worst-issuer-named-4096', [s4_der] + decoys(w4_key, 300, 9), s4_der, s4_key,
         refused('chain', 'untrustedSigner', 'badSignature', 1, 'signature'), 'worst-issuer-named, 4096-bit keys')
    s4a_der = signer(s4_key, w4_key, 14, issuer=anchor_name, aki=anchor_ski)
    case('worst-anchor-named-4096', [s4a_der] + anchor_named_decoys(w4_key, 400), s4a_der, s4_key,
         refused('chain', 'untrustedSigner', 'badSignature', 0, 'signature'), 'worst-anchor-named, 4096-bit keys')

    # Signer keys at and past Apple's bounds (2048-4096 bits): refused at the signature step, before use.
    for bits, serial in ((1024, 20), (2047, 21), (4097, 22)):
        k = key('receipt-signer', bits)
        der = signer(k, w_key, serial)
        reason = 'below the policy\'s 2048' if bits < 2048 else 'above the policy\'s 4096'
        case(f'signer-{bits}', [der, w_der, anchor_der], der, k, refused('signature', 'unsupportedAlgorithm'),
             f'a {bits}-bit signer key, validly signed: {reason}')
        if bits == 1024:
            case('signer-1024-bad-signature', [der, w_der, anchor_der], der, k,
                 refused('signature', 'unsupportedAlgorithm'),
                 'a 1024-bit signer key and a signature that does not verify: the key is refused before it is '
                 'used, so the error is the key, not the signature', corrupt=True)

    # The payload step.
    case('payload-not-a-set', [s_der, w_der, anchor_der], s_der, s_key,
         refused('payload', receipt='malformedPayload'),
         'validly signed content that is a SEQUENCE, not a receipt SET', content=tlv(0x30, integer(12)))
    case('payload-without-creation-date', [s_der, w_der, anchor_der], s_der, s_key, refused('payload'),
         'a valid payload without field 12, validated at the receipt creation date',
         content=payload(creation_date=False))
    return cases

# ---------------------------------------------------------------- checks with OpenSSL


def openssl_checks(receipt_cases):
    """OpenSSL must verify the signature and chain of the positive controls of Apple's shape and refuse the
    chains of the worst shapes (it knows nothing of Apple's markers or key sizes, so nothing else is asked of
    it); its verdict on valid-10-certificates is recorded, not required: it takes the first candidate issuer by
    name and key identifier (a decoy) and does not try the others."""
    with tempfile.TemporaryDirectory() as work:
        anchor_pem = os.path.join(work, 'anchor.pem')
        with open(anchor_pem, 'wb') as f:
            der = open(os.path.join(HERE, 'certs/receipt-root.der'), 'rb').read()
            f.write(x509.load_der_x509_certificate(der).public_bytes(serialization.Encoding.PEM))
        for item in receipt_cases:
            required = item['name'] in ('valid-apple-shape', 'valid-4096') or item['name'].startswith('worst')
            if not required and item['name'] != 'valid-10-certificates':
                continue
            run = subprocess.run(['openssl', 'cms', '-verify', '-inform', 'DER', '-binary', '-purpose', 'any',
                                  '-CAfile', anchor_pem, '-attime', str(AT), '-in', os.path.join(HERE, item['file']),
                                  '-out', os.devnull], capture_output=True, text=True)
            ok = run.returncode == 0
            if required and ok != item['expected']['valid']:
                sys.exit(f"make.py: openssl says {'ok' if ok else run.stderr.strip()} for {item['name']}")
            reason = next((line.split('Verify error:')[1].strip() for line in run.stderr.splitlines()
                           if 'Verify error:' in line), 'refused')
            item['openssl'] = 'ok' if ok else reason


def main():
    reset()
    bag_cases = bags()
    receipt_cases = receipts()
    openssl_checks(receipt_cases)
    files = sorted(os.path.join(folder, f) for folder in ('certs', 'bags', 'receipts')
                   for f in os.listdir(os.path.join(HERE, folder)))
    manifest = {
        'generator': 'TestVectors/x509/worst-bags/make.py',
        'validationInstant': AT,
        'bags': bag_cases,
        'receipts': receipt_cases,
        'files': [{'file': f, 'sha256': sha256(f)} for f in files],
    }
    with open(os.path.join(HERE, 'manifest.json'), 'w') as f:
        json.dump(manifest, f, indent=2)
        f.write('\n')
    print(f'make.py: wrote {len(files)} files, {len(bag_cases)} bag cases and {len(receipt_cases)} receipt cases')


if __name__ == '__main__':
    main()
