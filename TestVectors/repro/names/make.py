#!/usr/bin/env python3
"""Writes self-signed P-256 certificates with hostile subjects, and for each a StoreKit 2 transaction in Xcode's
layout (x5c of that one certificate) signed with its key: `receipt verify --anchor NAME.der NAME.jws` is valid and
prints the certificate's name in its chain. Deterministic: keys from fixed labels, RFC 6979 signatures, fixed
dates. Reuses the helpers of ../../jws/forgeries/make.py.

    python3 TestVectors/repro/names/make.py
"""
import importlib.util
import pathlib

from cryptography import x509
from cryptography.hazmat.primitives import hashes
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import NameOID

HERE = pathlib.Path(__file__).resolve().parent
spec = importlib.util.spec_from_file_location("forgeries", HERE.parent.parent / "jws" / "forgeries" / "make.py")
forgeries = importlib.util.module_from_spec(spec)
spec.loader.exec_module(forgeries)

SUBJECTS = {
    # A common name that reads as three links of a chain.
    "arrow": x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, "Leaf ← Apple WWDR ← Apple Root CA - G3")]),
    # No common name; an organization whose value reads as another attribute.
    "comma": x509.Name([
        x509.NameAttribute(NameOID.ORGANIZATION_NAME, "Evil, CN=Apple Root CA - G3"),
        x509.NameAttribute(NameOID.COUNTRY_NAME, "US"),
    ]),
    # No attribute at all.
    "empty": x509.Name([]),
}


def certificate(label, subject):
    key = forgeries.key("repro-names-" + label, ec.SECP256R1())
    builder = (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(subject)
        .public_key(key.public_key())
        .serial_number(1)
        .not_valid_before(forgeries.utc(2025))
        .not_valid_after(forgeries.utc(2027))
        .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
        .add_extension(
            x509.KeyUsage(
                digital_signature=True, content_commitment=False, key_encipherment=False,
                data_encipherment=False, key_agreement=False, key_cert_sign=False, crl_sign=False,
                encipher_only=False, decipher_only=False,
            ),
            critical=True,
        )
    )
    return key, builder.sign(key, hashes.SHA256(), ecdsa_deterministic=True)


def main():
    for label, subject in SUBJECTS.items():
        key, cert = certificate(label, subject)
        (HERE / f"{label}.der").write_bytes(forgeries.der(cert))
        payload = forgeries.compact_json(forgeries.transaction())
        (HERE / f"{label}.jws").write_text(forgeries.jws(forgeries.header([cert]), payload, key))
    print(f"{len(SUBJECTS)} certificates and JWS written to {HERE}")


if __name__ == "__main__":
    main()
