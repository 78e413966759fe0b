#!/usr/bin/env python3
"""Writes CMS SignedData files whose signer signs with ECDSA (RFC 5753 §2.1.1, RFC 5754 §3.3): valid ones with a
P-256 and a P-384 signer of the project's elliptic test PKI, and variants that each change one thing.

    python3 TestVectors/pkcs7/ecdsa/make.py

Needs python3 `cryptography` (43 or later) and OpenSSL 3. The containers come from `openssl cms -sign -binary
-nodetach -outform DER`; then, so that a rerun writes the same bytes, the signingTime attribute is set to a fixed
instant and the signature is replaced by the deterministic one (RFC 6979) over what it covers — after checking
that OpenSSL's own signature verifies over that very message, which proves the replacement signs what a verifier
checks. Keys come from the labels TestVectors/jws/forgeries/make.py derives them from (checked against its
certificates in `../../jws/forgeries/pki/`), so nothing secret is stored. One file is the exception to
determinism: `ecdsa-algorithm-with-rsa-key.der` is made from `../out/no-attrs-sha256.der`, whose RSA key
`../make-cms.sh` makes afresh on every run.

Writes beside this script: `p384-signer.der` (a P-384 signing certificate under the test intermediate),
`payload.bin`, one `NAME.der` per case and `manifest.json`. Every file is finally checked with `openssl cms
-verify` against the test root at the validation instant; OpenSSL's verdict is recorded in the manifest, and the
script stops if it is not the one expected.
"""

import datetime
import hashlib
import json
import os
import pathlib
import subprocess
import sys
import tempfile

from cryptography import x509
from cryptography.exceptions import InvalidSignature
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

HERE = pathlib.Path(__file__).resolve().parent
VECTORS = HERE.parent.parent
PKI = VECTORS / "jws" / "forgeries" / "pki"
sys.path.insert(0, str(VECTORS / "lib"))
from cmstree import OID_OF, enc, econtent, oid, parse_bytes, si_parts, signed_data, signers, tlv  # noqa: E402

P256_ORDER = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551
AT = 1748736000  # 2025-06-01T00:00:00Z, inside every certificate's validity
SIGNING_TIME = b"250601000000Z"
PAYLOAD = b"pure-receipt ECDSA CMS test payload: a signer on P-256 or P-384.\n"

ECDSA_WITH = {"sha256": "1.2.840.10045.4.3.2", "sha384": "1.2.840.10045.4.3.3", "sha512": "1.2.840.10045.4.3.4"}
HASHES = {"sha1": hashes.SHA1(), "sha256": hashes.SHA256(), "sha384": hashes.SHA384(), "sha512": hashes.SHA512()}
SIGNING_TIME_OID = oid("1.2.840.113549.1.9.5")


def key(label, curve):
    """The private key TestVectors/jws/forgeries/make.py derives from `label`."""
    secret = int.from_bytes(hashlib.sha512(label.encode()).digest(), "big")
    order = P256_ORDER if isinstance(curve, ec.SECP256R1) else (1 << 383)
    return ec.derive_private_key(secret % (order - 1) + 1, curve)


def spki(public_key):
    return public_key.public_bytes(serialization.Encoding.DER, serialization.PublicFormat.SubjectPublicKeyInfo)


def load_certificate(path, private_key):
    certificate = x509.load_der_x509_certificate(path.read_bytes())
    assert spki(certificate.public_key()) == spki(private_key.public_key()), f"{path.name}: not the derived key"
    return certificate


def p384_signer(key_384, intermediate, intermediate_key):
    """A P-384 end-entity certificate for CMS signing, issued by the test intermediate (ecdsa-with-SHA384)."""
    subject = x509.Name([
        x509.NameAttribute(NameOID.COMMON_NAME, "Pure Receipt Test CMS P-384 Signer"),
        x509.NameAttribute(NameOID.ORGANIZATIONAL_UNIT_NAME, "Test Signing"),
        x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Pure Receipt Test PKI"),
        x509.NameAttribute(NameOID.COUNTRY_NAME, "US"),
    ])
    utc = datetime.timezone.utc
    return (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(intermediate.subject)
        .public_key(key_384.public_key())
        .serial_number(21)
        .not_valid_before(datetime.datetime(2025, 1, 1, tzinfo=utc))
        .not_valid_after(datetime.datetime(2027, 1, 1, tzinfo=utc))
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(key_384.public_key()), critical=False)
        .add_extension(
            x509.KeyUsage(
                digital_signature=True, content_commitment=False, key_encipherment=False, data_encipherment=False,
                key_agreement=False, key_cert_sign=False, crl_sign=False, encipher_only=False, decipher_only=False,
            ),
            critical=True,
        )
        .add_extension(
            x509.AuthorityKeyIdentifier.from_issuer_public_key(intermediate_key.public_key()), critical=False)
        .sign(intermediate_key, hashes.SHA384(), ecdsa_deterministic=True)
    )


def pem(path, data):
    path.write_bytes(data)
    return str(path)


def main():
    root_key = key("pure-receipt test root", ec.SECP384R1())
    intermediate_key = key("pure-receipt test intermediate", ec.SECP384R1())
    leaf_key = key("pure-receipt test leaf", ec.SECP256R1())
    signer_384_key = key("pure-receipt test cms p384 signer", ec.SECP384R1())
    root = load_certificate(PKI / "test-root.der", root_key)
    intermediate = load_certificate(PKI / "test-intermediate.der", intermediate_key)
    leaf = load_certificate(PKI / "test-leaf.der", leaf_key)
    signer_384 = p384_signer(signer_384_key, intermediate, intermediate_key)
    (HERE / "p384-signer.der").write_bytes(signer_384.public_bytes(serialization.Encoding.DER))
    (HERE / "payload.bin").write_bytes(PAYLOAD)

    work = pathlib.Path(tempfile.mkdtemp())
    files = {}

    def write_pem(name, certificate):
        return pem(work / name, certificate.public_bytes(serialization.Encoding.PEM))

    def write_key(name, private_key):
        return pem(work / name, private_key.private_bytes(
            serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8, serialization.NoEncryption()))

    root_pem = write_pem("root.pem", root)
    rsa_root = x509.load_der_x509_certificate((HERE.parent / "out" / "root.der").read_bytes())
    rsa_root_pem = write_pem("rsa-root.pem", rsa_root)
    intermediate_pem = write_pem("intermediate.pem", intermediate)
    signers_by_name = {
        "p256": (write_pem("leaf.pem", leaf), write_key("leaf.key", leaf_key), leaf_key),
        "p384": (write_pem("p384.pem", signer_384), write_key("p384.key", signer_384_key), signer_384_key),
    }
    payload_path = pem(work / "payload.bin", PAYLOAD)

    def cms_sign(signer, md, attributes):
        certificate, key_file, private_key = signers_by_name[signer]
        command = ["openssl", "cms", "-sign", "-binary", "-nodetach", "-outform", "DER", "-md", md, "-signer",
                   certificate, "-inkey", key_file, "-certfile", intermediate_pem, "-in", payload_path]
        if not attributes:
            command.append("-noattr")
        raw = subprocess.run(command, stdout=subprocess.PIPE, check=True).stdout
        tree = parse_bytes(raw, f"{signer}-{md}")
        parts = si_parts(signers(signed_data(tree))[0])
        algorithm = parts["signatureAlgorithm"]
        if md in ECDSA_WITH:
            assert algorithm.kids[0].val == oid(ECDSA_WITH[md]) and len(algorithm.kids) == 1, "not ecdsa-with-SHA*"
        message = covered(tree)
        private_key.public_key().verify(parts["signature"].val, message, ec.ECDSA(HASHES[md]))
        if attributes:
            time = next(a for a in parts["signedAttrs"].kids if a.kids[0].val == SIGNING_TIME_OID).kids[1].kids[0]
            assert time.tag == b"\x17" and len(time.val) == len(SIGNING_TIME)
            time.val = SIGNING_TIME
        resign(tree, private_key, md)
        return tree

    def covered(tree):
        """What the signature covers: the signed attributes re-tagged as a SET (RFC 5652 §5.4), or the content."""
        sd = signed_data(tree)
        attributes = si_parts(signers(sd)[0])["signedAttrs"]
        return enc(attributes, b"\x31") if attributes is not None else econtent(sd).val

    def resign(tree, private_key, md):
        parts = si_parts(signers(signed_data(tree))[0])
        parts["signature"].val = private_key.sign(covered(tree), ec.ECDSA(HASHES[md], deterministic_signing=True))

    def save(name, tree):
        files[name] = enc(tree)
        (HERE / name).write_bytes(files[name])

    def derived(name):
        return parse_bytes(files[name], name)

    def parts_of(tree):
        return si_parts(signers(signed_data(tree))[0])

    # The valid files.
    save("p256-sha256-attrs.der", cms_sign("p256", "sha256", True))
    save("p256-sha256-noattr.der", cms_sign("p256", "sha256", False))
    save("p384-sha384-attrs.der", cms_sign("p384", "sha384", True))
    save("p384-sha384-noattr.der", cms_sign("p384", "sha384", False))
    save("p256-sha512-noattr.der", cms_sign("p256", "sha512", False))
    save("p384-sha256-attrs.der", cms_sign("p384", "sha256", True))

    # A SHA-1 signer: OpenSSL writes ecdsa-with-SHA1, which this library does not verify.
    save("p256-sha1-noattr.der", cms_sign("p256", "sha1", False))

    # The last content byte changed, without and with signed attributes.
    for source, name in [("p256-sha256-noattr.der", "content-changed-noattr.der"),
                         ("p256-sha256-attrs.der", "content-changed-attrs.der")]:
        tree = derived(source)
        content = econtent(signed_data(tree))
        content.val = content.val[:-1] + bytes([content.val[-1] ^ 0x01])
        save(name, tree)

    # A byte of the signature changed: the last byte of s, which stays a valid DER INTEGER.
    for source, name in [("p256-sha256-noattr.der", "signature-byte-changed.der"),
                         ("p384-sha384-attrs.der", "signature-byte-changed-attrs.der")]:
        tree = derived(source)
        signature = parts_of(tree)["signature"]
        signature.val = signature.val[:-1] + bytes([signature.val[-1] ^ 0x01])
        save(name, tree)

    # The signature's r with a superfluous leading zero byte: the same numbers, not DER (X.690 §8.3.2).
    tree = derived("p256-sha256-noattr.der")
    signature = parts_of(tree)["signature"]
    sig = parse_bytes(signature.val, "signature")
    r = sig.kids[0]
    r.val = b"\x00" + r.val
    signature.val = enc(sig)
    save("signature-not-der.der", tree)

    # digestAlgorithm sha256, signatureAlgorithm ecdsa-with-SHA384: the signature is the valid SHA-256 one.
    tree = derived("p256-sha256-noattr.der")
    parts_of(tree)["signatureAlgorithm"].kids[0].val = oid(ECDSA_WITH["sha384"])
    save("digest-signature-mismatch.der", tree)

    # ecdsa-with-SHA256 with NULL parameters, which RFC 5758 §3.2 forbids.
    tree = derived("p256-sha256-noattr.der")
    algorithm = parts_of(tree)["signatureAlgorithm"]
    algorithm.kids = algorithm.kids + [parse_bytes(b"\x05\x00", "NULL")]
    save("ecdsa-null-parameters.der", tree)

    # An RSA signature algorithm with the P-256 key: sha256WithRSAEncryption, and rsaEncryption (both NULL).
    for algorithm_name, name in [("sha256WithRSAEncryption", "rsa-algorithm-with-ec-key.der"),
                                 ("rsaEncryption", "rsaencryption-with-ec-key.der")]:
        tree = derived("p256-sha256-noattr.der")
        algorithm = parts_of(tree)["signatureAlgorithm"]
        algorithm.kids = [parse_bytes(tlv(0x06, OID_OF[algorithm_name]), "OID"), parse_bytes(b"\x05\x00", "NULL")]
        save(name, tree)

    # The RSA signer of ../out with signatureAlgorithm ecdsa-with-SHA256 (no parameters).
    rsa = parse_bytes((HERE.parent / "out" / "no-attrs-sha256.der").read_bytes(), "no-attrs-sha256.der")
    algorithm = parts_of(rsa)["signatureAlgorithm"]
    assert algorithm.kids[0].val == OID_OF["rsaEncryption"]
    algorithm.kids = [parse_bytes(tlv(0x06, oid(ECDSA_WITH["sha256"])), "OID")]
    save("ecdsa-algorithm-with-rsa-key.der", rsa)

    # file, what, expected PKCS7Error code (or valid), OpenSSL's expected verdict ("ok" or a substring of its error)
    spec = [
        ("p256-sha256-attrs.der", "P-256 leaf, -md sha256, signed attributes", "valid", "ok"),
        ("p256-sha256-noattr.der", "P-256 leaf, -md sha256 -noattr: the signature covers the content", "valid", "ok"),
        ("p384-sha384-attrs.der", "P-384 signer, -md sha384, signed attributes", "valid", "ok"),
        ("p384-sha384-noattr.der", "P-384 signer, -md sha384 -noattr", "valid", "ok"),
        ("p256-sha512-noattr.der", "P-256 leaf, -md sha512 -noattr: the digest is longer than the group order",
         "valid", "ok"),
        ("p384-sha256-attrs.der", "P-384 signer, -md sha256, signed attributes", "valid", "ok"),
        ("p256-sha1-noattr.der", "P-256 leaf, -md sha1 -noattr: ecdsa-with-SHA1", "unsupportedAlgorithm", "ok"),
        ("content-changed-noattr.der", "p256-sha256-noattr.der with the last content byte XOR 0x01",
         "badSignature", "verification failure"),
        ("content-changed-attrs.der", "p256-sha256-attrs.der with the last content byte XOR 0x01",
         "messageDigestMismatch", "verification failure"),
        ("signature-byte-changed.der", "p256-sha256-noattr.der with the signature's last byte XOR 0x01",
         "badSignature", "verification failure"),
        ("signature-byte-changed-attrs.der", "p384-sha384-attrs.der with the signature's last byte XOR 0x01",
         "badSignature", "verification failure"),
        ("signature-not-der.der", "p256-sha256-noattr.der with a superfluous leading zero byte in r",
         "badSignature", "verification failure"),
        ("digest-signature-mismatch.der",
         "p256-sha256-noattr.der with signatureAlgorithm ecdsa-with-SHA384 (digestAlgorithm stays sha256)",
         "algorithmMismatch", "ok"),
        ("ecdsa-null-parameters.der", "p256-sha256-noattr.der with NULL parameters on ecdsa-with-SHA256",
         "malformed", "ok"),
        ("rsa-algorithm-with-ec-key.der", "p256-sha256-noattr.der with signatureAlgorithm sha256WithRSAEncryption",
         "badSignature", "ok"),
        ("rsaencryption-with-ec-key.der", "p256-sha256-noattr.der with signatureAlgorithm rsaEncryption",
         "badSignature", "ok"),
        ("ecdsa-algorithm-with-rsa-key.der",
         "../out/no-attrs-sha256.der (an RSA signer) with signatureAlgorithm ecdsa-with-SHA256",
         "badSignature", "content verify error"),
    ]
    assert sorted(name for name, *_ in spec) == sorted(files), "a file without its manifest entry"

    entries = []
    failures = []
    for name, what, expected, openssl_expected in spec:
        # The RSA signer's chain ends at ../out/root.der, not at the elliptic test root.
        anchor = rsa_root_pem if name == "ecdsa-algorithm-with-rsa-key.der" else root_pem
        result = subprocess.run(
            ["openssl", "cms", "-verify", "-inform", "DER", "-binary", "-in", str(HERE / name), "-CAfile", anchor,
             "-attime", str(AT), "-purpose", "any", "-out", os.devnull],
            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        errors = [line for line in result.stderr.splitlines() if ":error:" in line]
        # library:function:reason, without the error code and OpenSSL's source position.
        verdict = "ok" if result.returncode == 0 else "; ".join(
            ":".join(line.split(":")[3:6]) for line in errors)
        if (openssl_expected == "ok") != (result.returncode == 0) or openssl_expected not in verdict:
            failures.append(f"{name}: OpenSSL says {verdict!r}, expected {openssl_expected!r}")
        tree = parse_bytes(files[name], name)
        parts = parts_of(tree)
        entries.append({
            "file": name, "what": what, "expected": expected,
            "hasSignedAttributes": parts["signedAttrs"] is not None,
            "openssl": verdict, "sha256": hashlib.sha256(files[name]).hexdigest(),
        })
    manifest = {
        "validationInstant": AT,
        "anchor": "jws/forgeries/pki/test-root.der",
        "certificates": {"p256": "jws/forgeries/pki/test-leaf.der", "p384": "pkcs7/ecdsa/p384-signer.der",
                         "intermediate": "jws/forgeries/pki/test-intermediate.der"},
        "payload": "payload.bin",
        "files": entries,
    }
    (HERE / "manifest.json").write_text(json.dumps(manifest, indent=1) + "\n")
    for path in work.iterdir():
        path.unlink()
    work.rmdir()
    if failures:
        print("\n".join(failures), file=sys.stderr)
        sys.exit(2)
    print(f"wrote {len(files)} files and manifest.json in {HERE}")


if __name__ == "__main__":
    main()
