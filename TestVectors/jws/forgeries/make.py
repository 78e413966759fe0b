#!/usr/bin/env python3
"""Writes the StoreKit 2 forgeries and their positive controls: signed data made with the project's own elliptic
test PKI, each meant to be refused at one step of verification (docs/storekit2.md), and the controls that verify
with that PKI's root as the anchor.

    python3 TestVectors/jws/forgeries/make.py

Deterministic: keys come from fixed labels, ECDSA signatures are deterministic (RFC 6979), dates are fixed, so a
rerun rewrites the same bytes. Needs python3 `cryptography` (43 or later). Writes beside this script:
`pki/*.der` (the test PKI and its look-alike of Apple's), one `NAME.jws` per case (one line, no newline) and
`manifest.json`: for each case the anchor to verify with (`test-root`, `apple-g3` for the bundled Apple Root CA -
G3, `lookalike-root`), the validation time (`time`: `signedDate`, the verifier's default, or `instant`) and the
instant in milliseconds (`at`: the caller's for `instant`, else the payload's own date, the one a valid case must be
validated at), the caller's expectations, and the expected outcome: `valid`, or the step and code of the refusal
(with `nestedIn`, and the `field` the error names where the case pins it).
"""

import base64
import datetime
import hashlib
import json
import pathlib

from cryptography import x509
from cryptography.hazmat.primitives import hashes, hmac, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.hazmat.primitives.asymmetric.utils import decode_dss_signature, encode_dss_signature
from cryptography.x509.oid import NameOID

HERE = pathlib.Path(__file__).resolve().parent
G3 = HERE.parent.parent / "certs" / "apple-roots" / "AppleRootCA-G3.cer"
P256_ORDER = 0xFFFFFFFF00000000FFFFFFFFFFFFFFFFBCE6FAADA7179E84F3B9CAC2FC632551
LEAF_MARKER = x509.ObjectIdentifier("1.2.840.113635.100.6.11.1")
INTERMEDIATE_MARKER = x509.ObjectIdentifier("1.2.840.113635.100.6.2.1")
DER_NULL = b"\x05\x00"

BUNDLE_ID = "com.example.pure-receipt"
APP_APPLE_ID = 1234567890
SIGNED_DATE = 1748736000000  # 2025-06-01T00:00:00Z


def utc(year, month=1, day=1):
    return datetime.datetime(year, month, day, tzinfo=datetime.timezone.utc)


def key(label, curve):
    """A private key derived from a label: the same key on every run."""
    secret = int.from_bytes(hashlib.sha512(label.encode()).digest(), "big")
    order = P256_ORDER if isinstance(curve, ec.SECP256R1) else (1 << 383)
    return ec.derive_private_key(secret % (order - 1) + 1, curve)


def name(common, unit, organization="Pure Receipt Test PKI"):
    return x509.Name([
        x509.NameAttribute(NameOID.COMMON_NAME, common),
        x509.NameAttribute(NameOID.ORGANIZATIONAL_UNIT_NAME, unit),
        x509.NameAttribute(NameOID.ORGANIZATION_NAME, organization),
        x509.NameAttribute(NameOID.COUNTRY_NAME, "US"),
    ])


def certificate(subject, subject_key, issuer, issuer_key, serial, not_before, not_after, ca, path_length=None,
                marker=None):
    builder = (
        x509.CertificateBuilder()
        .subject_name(subject)
        .issuer_name(issuer)
        .public_key(subject_key.public_key())
        .serial_number(serial)
        .not_valid_before(not_before)
        .not_valid_after(not_after)
        .add_extension(x509.BasicConstraints(ca=ca, path_length=path_length), critical=True)
        .add_extension(x509.SubjectKeyIdentifier.from_public_key(subject_key.public_key()), critical=False)
        .add_extension(
            x509.KeyUsage(
                digital_signature=not ca, content_commitment=False, key_encipherment=False,
                data_encipherment=False, key_agreement=False, key_cert_sign=ca, crl_sign=ca,
                encipher_only=False, decipher_only=False,
            ),
            critical=True,
        )
    )
    if issuer_key is not subject_key:
        builder = builder.add_extension(
            x509.AuthorityKeyIdentifier.from_issuer_public_key(issuer_key.public_key()), critical=False)
    if marker is not None:
        builder = builder.add_extension(x509.UnrecognizedExtension(marker, DER_NULL), critical=False)
    return builder.sign(issuer_key, hashes.SHA384(), ecdsa_deterministic=True)


def b64url(data):
    return base64.urlsafe_b64encode(data).rstrip(b"=").decode()


def der(cert):
    return cert.public_bytes(serialization.Encoding.DER)


def compact_json(value):
    return json.dumps(value, separators=(",", ":")).encode()


def es256(private_key, signing_input):
    r, s = decode_dss_signature(
        private_key.sign(signing_input, ec.ECDSA(hashes.SHA256(), deterministic_signing=True)))
    return r.to_bytes(32, "big") + s.to_bytes(32, "big")


def jws(header_bytes, payload_bytes, signer, signature=None):
    signing_input = (b64url(header_bytes) + "." + b64url(payload_bytes)).encode()
    if signature is None:
        signature = es256(signer, signing_input)
    return signing_input.decode() + "." + b64url(signature)


def header(chain, alg="ES256"):
    return compact_json({"alg": alg, "x5c": [base64.b64encode(der(c)).decode() for c in chain]})


def transaction(bundle_id=BUNDLE_ID, environment="Sandbox", signed_date=SIGNED_DATE):
    return {
        "transactionId": "2000000900000001", "originalTransactionId": "2000000900000001",
        "webOrderLineItemId": "2000000090000001", "bundleId": bundle_id,
        "productId": "com.example.pure-receipt.monthly", "subscriptionGroupIdentifier": "21000001",
        "purchaseDate": signed_date - 60000, "originalPurchaseDate": signed_date - 60000,
        "expiresDate": signed_date + 2592000000, "quantity": 1, "type": "Auto-Renewable Subscription",
        "inAppOwnershipType": "PURCHASED", "signedDate": signed_date, "environment": environment,
        "transactionReason": "PURCHASE", "storefront": "USA", "storefrontId": "143441", "price": 4990,
        "currency": "USD",
    }


def renewal_info(environment="Sandbox", signed_date=SIGNED_DATE):
    return {
        "originalTransactionId": "2000000900000001", "autoRenewProductId": "com.example.pure-receipt.monthly",
        "productId": "com.example.pure-receipt.monthly", "autoRenewStatus": 1, "signedDate": signed_date,
        "environment": environment, "recentSubscriptionStartDate": signed_date - 60000,
        "renewalDate": signed_date + 2592000000,
    }


def app_transaction(environment="Sandbox", signed_date=SIGNED_DATE):
    return {
        "receiptType": environment, "appAppleId": APP_APPLE_ID, "bundleId": BUNDLE_ID, "applicationVersion": "3",
        "versionExternalIdentifier": 0, "receiptCreationDate": signed_date, "requestDate": signed_date,
        "originalApplicationVersion": "1", "originalPurchaseDate": signed_date - 86400000,
        "deviceVerification": "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
        "deviceVerificationNonce": "00000000-0000-4000-8000-000000000000", "signedDate": signed_date,
        "environment": environment,
    }


def notification(signed_transaction, signed_renewal, bundle_id=BUNDLE_ID, environment="Sandbox"):
    return {
        "notificationType": "DID_RENEW", "notificationUUID": "6f0e4f45-5b5c-4c1e-9d0e-8f7a2b3c4d5e",
        "data": {
            "appAppleId": APP_APPLE_ID, "bundleId": bundle_id, "bundleVersion": "3", "environment": environment,
            "signedTransactionInfo": signed_transaction, "signedRenewalInfo": signed_renewal, "status": 1,
        },
        "version": "2.0", "signedDate": SIGNED_DATE,
    }


def main():
    root_key = key("pure-receipt test root", ec.SECP384R1())
    intermediate_key = key("pure-receipt test intermediate", ec.SECP384R1())
    leaf_key = key("pure-receipt test leaf", ec.SECP256R1())
    other_leaf_key = key("pure-receipt other leaf", ec.SECP256R1())

    root_name = name("Pure Receipt Test Root CA - G3", "Test Certification Authority")
    intermediate_name = name("Pure Receipt Test Intermediate G6", "G6")
    leaf_name = name("Pure Receipt Test Signed Data Leaf", "Test Signing")
    root = certificate(root_name, root_key, root_name, root_key, 1, utc(2020), utc(2045), ca=True)
    intermediate = certificate(intermediate_name, intermediate_key, root_name, root_key, 2, utc(2020), utc(2040),
                               ca=True, path_length=0, marker=INTERMEDIATE_MARKER)
    leaf = certificate(leaf_name, leaf_key, intermediate_name, intermediate_key, 3, utc(2025), utc(2027), ca=False,
                       marker=LEAF_MARKER)
    leaf_unmarked = certificate(leaf_name, leaf_key, intermediate_name, intermediate_key, 4, utc(2025), utc(2027),
                                ca=False)
    intermediate_unmarked = certificate(intermediate_name, intermediate_key, root_name, root_key, 5, utc(2020),
                                        utc(2040), ca=True, path_length=0)
    leaf_expired = certificate(leaf_name, leaf_key, intermediate_name, intermediate_key, 6, utc(2023), utc(2024),
                               ca=False, marker=LEAF_MARKER)
    other_leaf = certificate(name("Pure Receipt Other Leaf", "Test Signing"), other_leaf_key, intermediate_name,
                             intermediate_key, 7, utc(2025), utc(2027), ca=False, marker=LEAF_MARKER)

    # A look-alike of Apple's chain: the names of Apple Root CA - G3 and WWDR G6, keys of this project's.
    apple = "Apple Inc."
    g3_name = name("Apple Root CA - G3", "Apple Certification Authority", apple)
    g6_name = name("Apple Worldwide Developer Relations Certification Authority", "G6", apple)
    look_root_key = key("look-alike root", ec.SECP384R1())
    look_intermediate_key = key("look-alike intermediate", ec.SECP384R1())
    look_root = certificate(g3_name, look_root_key, g3_name, look_root_key, 11, utc(2014), utc(2039), ca=True)
    look_intermediate = certificate(g6_name, look_intermediate_key, g3_name, look_root_key, 12, utc(2020),
                                    utc(2036), ca=True, path_length=0, marker=INTERMEDIATE_MARKER)
    look_leaf = certificate(
        name("Prod ECC Mac App Store and iTunes Store Receipt Signing", "Apple Worldwide Developer Relations", apple),
        leaf_key, g6_name, look_intermediate_key, 13, utc(2025), utc(2027), ca=False, marker=LEAF_MARKER)
    genuine_g3 = x509.load_der_x509_certificate(G3.read_bytes())

    pki = HERE / "pki"
    pki.mkdir(exist_ok=True)
    for file, cert in (("test-root.der", root), ("test-intermediate.der", intermediate), ("test-leaf.der", leaf),
                       ("lookalike-root.der", look_root), ("lookalike-intermediate.der", look_intermediate),
                       ("lookalike-leaf.der", look_leaf)):
        (pki / file).write_bytes(der(cert))

    chain = [leaf, intermediate, root]
    good_transaction = compact_json(transaction())
    cases = []

    def add(case_name, text, expect, anchor="test-root", at=SIGNED_DATE, expectations=None, note="",
            time="signedDate"):
        (HERE / f"{case_name}.jws").write_text(text)
        entry = {"name": case_name, "anchor": anchor, "time": time, "at": at, "expect": expect, "note": note}
        if expectations:
            entry["expectations"] = expectations
        cases.append(entry)

    def refused(step, code, field=None, nested_in=None):
        outcome = {"step": step, "code": code}
        if field is not None:
            outcome["field"] = field
        if nested_in is not None:
            outcome["nestedIn"] = nested_in
        return outcome

    # Positive controls: each kind, signed by the test PKI, verifies with its root as the anchor.
    signed_transaction = jws(header(chain), good_transaction, leaf_key)
    signed_renewal = jws(header(chain), compact_json(renewal_info()), leaf_key)
    add("control-transaction", signed_transaction, "valid", expectations={"bundleId": BUNDLE_ID,
                                                                           "environment": "Sandbox"},
        note="a transaction signed by the test PKI")
    add("control-renewal-info", signed_renewal, "valid", note="renewal info signed by the test PKI")
    add("control-app-transaction", jws(header(chain), compact_json(app_transaction()), leaf_key), "valid",
        note="an AppTransaction signed by the test PKI")
    add("control-notification",
        jws(header(chain), compact_json(notification(signed_transaction, signed_renewal)), leaf_key), "valid",
        expectations={"bundleId": BUNDLE_ID, "environment": "Sandbox"},
        note="a DID_RENEW notification whose nested transaction and renewal info are signed by the test PKI")
    add("control-production",
        jws(header(chain), compact_json(transaction(environment="Production")), leaf_key), "valid",
        expectations={"bundleId": BUNDLE_ID, "environment": "Production", "appAppleId": APP_APPLE_ID},
        note="Production data with the app Apple ID the caller expects")
    production_transaction = jws(header(chain), compact_json(transaction(environment="Production")), leaf_key)
    production_renewal = jws(header(chain), compact_json(renewal_info(environment="Production")), leaf_key)
    add("control-production-notification",
        jws(header(chain), compact_json(notification(production_transaction, production_renewal,
                                                     environment="Production")), leaf_key), "valid",
        expectations={"bundleId": BUNDLE_ID, "environment": "Production", "appAppleId": APP_APPLE_ID},
        note="a Production notification whose nested Production transaction and renewal info verify with it: the "
             "caller's app Apple ID is the caller's requirement, not the nested data's")

    # Trust: the bundled Apple root, never a copy in x5c.
    add("trust-test-pki-under-apple-g3", signed_transaction, refused("chain", "noPath"), anchor="apple-g3",
        note="the test PKI's valid data is not Apple's: with the bundled G3 as the only anchor there is no path")
    look_chain = [look_leaf, look_intermediate, look_root]
    add("trust-lookalike-chain", jws(header(look_chain), good_transaction, leaf_key),
        refused("chain", "badSignature"), anchor="apple-g3",
        note="a chain under a root with Apple Root CA - G3's name and another key: the look-alike G6 names the "
             "genuine G3 as its issuer, whose key did not sign it")
    add("trust-lookalike-chain-own-anchor", jws(header(look_chain), good_transaction, leaf_key), "valid",
        anchor="lookalike-root", note="control: the look-alike chain verifies when its own root is the anchor")
    add("trust-lookalike-chain-genuine-root", jws(header([look_leaf, look_intermediate, genuine_g3]),
                                                  good_transaction, leaf_key),
        refused("chain", "badSignature"), anchor="apple-g3",
        note="the look-alike chain with the genuine G3 in x5c[2]: G3's key did not sign the look-alike G6")
    add("trust-lookalike-chain-genuine-root-appended",
        jws(header(look_chain + [genuine_g3]), good_transaction, leaf_key), refused("header", "certificateCount"),
        anchor="apple-g3", note="the look-alike chain with the genuine G3 appended as a fourth certificate")

    # Apple's shape: the marker extensions and the count of certificates.
    add("shape-leaf-without-marker", jws(header([leaf_unmarked, intermediate, root]), good_transaction, leaf_key),
        refused("chain", "policy"), note="the leaf lacks 1.2.840.113635.100.6.11.1")
    add("shape-intermediate-without-marker",
        jws(header([leaf, intermediate_unmarked, root]), good_transaction, leaf_key),
        refused("chain", "policy"), note="the intermediate lacks 1.2.840.113635.100.6.2.1")
    add("shape-x5c-two", jws(header([leaf, intermediate]), good_transaction, leaf_key),
        refused("header", "certificateCount"), note="x5c holds leaf and intermediate only")
    add("shape-x5c-leaf-alone", jws(header([leaf]), good_transaction, leaf_key),
        refused("header", "certificateCount"),
        note="x5c holds the leaf alone, in Xcode's layout; with the test root trusted, a verifier that tries that "
        "layout must still refuse it: a path of one certificate is trusted only when it is an anchor itself")
    add("shape-x5c-four", jws(header([leaf, intermediate, root, root]), good_transaction, leaf_key),
        refused("header", "certificateCount"), note="x5c holds four certificates")
    add("shape-leaf-expired-at-signed-date",
        jws(header([leaf_expired, intermediate, root]), good_transaction, leaf_key), refused("chain", "expired"),
        note="the leaf's validity ended in 2024, before the signedDate")

    # Algorithms: refused from the header, before any key is used.
    signing_input = (b64url(header(chain, "none")) + "." + b64url(good_transaction)).encode()
    add("alg-none", signing_input.decode() + ".", refused("compactSerialization", "emptyPart"),
        note="alg none with an empty signature: an empty part is refused before the header is read")
    add("alg-none-with-signature", jws(header(chain, "none"), good_transaction, leaf_key),
        refused("header", "unsupportedAlgorithm"), note="alg none with an ES256 signature attached")
    root_spki = root.public_key().public_bytes(serialization.Encoding.DER,
                                               serialization.PublicFormat.SubjectPublicKeyInfo)
    hs_input = (b64url(header(chain, "HS256")) + "." + b64url(good_transaction)).encode()
    mac = hmac.HMAC(root_spki, hashes.SHA256())
    mac.update(hs_input)
    add("alg-hs256-root-key-as-secret", hs_input.decode() + "." + b64url(mac.finalize()),
        refused("header", "unsupportedAlgorithm"), note="HS256 keyed with the root's SubjectPublicKeyInfo bytes")
    rs_input = (b64url(header(chain, "RS256")) + "." + b64url(good_transaction)).encode()
    rs_signature = b"".join(hashlib.sha512(rs_input + bytes([i])).digest() for i in range(4))
    add("alg-rs256", rs_input.decode() + "." + b64url(rs_signature), refused("header", "unsupportedAlgorithm"),
        note="RS256 with 256 bytes in the signature's place: the header alone refuses it")
    es384_input = (b64url(header(chain, "ES384")) + "." + b64url(good_transaction)).encode()
    r, s = decode_dss_signature(intermediate_key.sign(es384_input, ec.ECDSA(hashes.SHA384(),
                                                                          deterministic_signing=True)))
    add("alg-es384", es384_input.decode() + "." + b64url(r.to_bytes(48, "big") + s.to_bytes(48, "big")),
        refused("header", "unsupportedAlgorithm"), note="ES384 signed by the intermediate's P-384 key")

    # Signatures.
    parts = signed_transaction.split(".")
    changed = good_transaction.replace(b'"quantity":1', b'"quantity":9')
    add("signature-payload-byte-changed", parts[0] + "." + b64url(changed) + "." + parts[2],
        refused("signature", "invalidSignature"), note="one byte of the payload changed after signing")
    raw = base64.urlsafe_b64decode(parts[2] + "==")
    r, s = int.from_bytes(raw[:32], "big"), int.from_bytes(raw[32:], "big")
    add("signature-der-encoded", parts[0] + "." + parts[1] + "." + b64url(encode_dss_signature(r, s)),
        refused("signature", "malformedSignature"), note="the same signature as a DER Ecdsa-Sig-Value instead of r‖s")
    for label, r_value, s_value in (("r-zero", 0, s), ("s-zero", r, 0), ("r-order", P256_ORDER, s),
                                    ("s-order", r, P256_ORDER), ("s-all-ones", r, (1 << 256) - 1)):
        forged = r_value.to_bytes(32, "big") + s_value.to_bytes(32, "big")
        add(f"signature-{label}", parts[0] + "." + parts[1] + "." + b64url(forged),
            refused("signature", "malformedSignature"),
            note="r and s must lie in [1, n-1]")
    add("signature-other-key", jws(header(chain), good_transaction, other_leaf_key), refused("signature", "invalidSignature"),
        note="signed by a key other than the leaf's")

    # Strict JSON and base64url, signed properly so that only the rule can refuse them.
    duplicate_header = b'{"alg":"ES256","alg":"ES256","x5c":' + json.dumps(
        [base64.b64encode(der(c)).decode() for c in chain], separators=(",", ":")).encode() + b"}"
    add("json-header-duplicate-key", jws(duplicate_header, good_transaction, leaf_key),
        refused("header", "invalidJSON"), note="the header names alg twice")
    duplicate_payload = good_transaction[:-1] + b',"bundleId":"com.example.other"}'
    add("json-payload-duplicate-key", jws(header(chain), duplicate_payload, leaf_key),
        refused("payload", "invalidJSON"), note="the payload names bundleId twice, the second another app's")
    # 64 bytes take 86 base64url characters, whose last carries 4 unused bits: setting one gives a text that a
    # lenient decoder reads as the same signature.
    last = parts[2][-1]
    alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
    noncanonical = alphabet[alphabet.index(last) | 1] if alphabet.index(last) % 16 == 0 else None
    if noncanonical is None:
        raise SystemExit("the deterministic signature's last character has unused bits set; adjust the case")
    add("base64url-noncanonical-signature", parts[0] + "." + parts[1] + "." + parts[2][:-1] + noncanonical,
        refused("compactSerialization", "invalidBase64URL"), note="unused bits set in the last character")
    add("base64url-padded-signature", signed_transaction + "=",
        refused("compactSerialization", "invalidBase64URL"), note="base64url with padding")
    add("base64url-standard-alphabet", parts[0] + "." + parts[1] + ".+" + parts[2][1:],
        refused("compactSerialization", "invalidBase64URL"), note="a character of the standard alphabet")

    # Expectations the caller sets.
    add("expect-other-bundle", signed_transaction, refused("expectations", "bundleIdMismatch"),
        expectations={"bundleId": "com.example.other"}, note="the data names another app")
    add("expect-other-environment", signed_transaction, refused("expectations", "environmentMismatch"),
        expectations={"environment": "Production", "appAppleId": APP_APPLE_ID},
        note="Sandbox data where Production is expected")
    kelvin_bundle = "com.example.Kelvin"
    add("expect-canonically-equivalent-bundle",
        jws(header(chain), compact_json(transaction(bundle_id=kelvin_bundle)), leaf_key),
        refused("expectations", "bundleIdMismatch"), expectations={"bundleId": "com.example.\u212Aelvin"},
        note="the expected bundle identifier spells K as U+212A KELVIN SIGN, canonically equivalent to the signed "
             "one but not the same bytes")
    add("expect-production-without-app-apple-id",
        jws(header(chain), compact_json(transaction(environment="Production")), leaf_key),
        refused("expectations", "appAppleIdRequired"), expectations={"bundleId": BUNDLE_ID,
                                                                     "environment": "Production"},
        note="Production requires the caller's app Apple ID, as Apple's library does")
    add("expect-xcode-environment",
        jws(header(chain), compact_json(transaction(environment="Xcode")), leaf_key),
        refused("expectations", "environmentMismatch"), expectations={"environment": "Sandbox"},
        note="data that says it comes from Xcode is not accepted because it says so")

    # Notifications: their nested data is verified with the same trust and must agree with them.
    other_signed = jws(header([other_leaf, intermediate, root]), good_transaction, leaf_key)
    add("notification-nested-signed-by-other-key",
        jws(header(chain), compact_json(notification(other_signed, signed_renewal)), leaf_key),
        {"step": "signature", "code": "invalidSignature", "nestedIn": "data.signedTransactionInfo"},
        note="the nested transaction's signature does not match the other leaf's key in its own x5c")
    other_bundle = jws(header(chain), compact_json(transaction(bundle_id="com.example.other")), leaf_key)
    add("notification-nested-other-bundle",
        jws(header(chain), compact_json(notification(other_bundle, signed_renewal)), leaf_key),
        {"step": "expectations", "code": "bundleIdMismatch", "nestedIn": "data.signedTransactionInfo"},
        note="the nested transaction names another bundle than the notification")
    look_nested = jws(header(look_chain), good_transaction, leaf_key)
    add("notification-nested-lookalike-chain",
        jws(header(chain), compact_json(notification(look_nested, signed_renewal)), leaf_key),
        {"step": "chain", "code": "noPath", "nestedIn": "data.signedTransactionInfo"},
        note="the nested transaction is signed under the look-alike root")
    other_environment = jws(header(chain), compact_json(renewal_info(environment="Production")), leaf_key)
    add("notification-nested-other-environment",
        jws(header(chain), compact_json(notification(signed_transaction, other_environment)), leaf_key),
        {"step": "expectations", "code": "environmentMismatch", "nestedIn": "data.signedRenewalInfo"},
        note="the nested renewal info names another environment than the notification")

    # The validation time: the payload's own signedDate unless the caller gives an instant; a notification's nested
    # data at its own signedDate; a notification without one at its nested data's.
    add("time-instant-after-leaf-expiry", signed_transaction, refused("chain", "expired"), time="instant",
        at=int(utc(2027, 6).timestamp() * 1000),
        note="the caller's instant, after the leaf's validity ended, and not the payload's signedDate")
    early_date = int(utc(2024, 6).timestamp() * 1000)
    early_transaction = jws(header(chain), compact_json(transaction(signed_date=early_date)), leaf_key)
    add("time-nested-signed-before-its-leaf",
        jws(header(chain), compact_json(notification(early_transaction, signed_renewal)), leaf_key),
        refused("chain", "notYetValid", nested_in="data.signedTransactionInfo"),
        note="the notification is signed in 2025, its nested transaction says 2024, before the leaf's validity "
             "began: nested data is validated at its own signedDate, not the notification's")
    undated = notification(signed_transaction, signed_renewal)
    del undated["signedDate"], undated["data"]["signedTransactionInfo"], undated["data"]["signedRenewalInfo"]
    add("time-notification-without-signed-date", jws(header(chain), compact_json(undated), leaf_key),
        refused("chain", "missingSignedDate"),
        note="a notification with no signedDate and no nested data: no instant to validate at")
    undated_app_transaction = app_transaction()
    del undated_app_transaction["receiptCreationDate"]
    add("time-app-transaction-without-receipt-creation-date",
        jws(header(chain), compact_json(undated_app_transaction), leaf_key),
        refused("chain", "missingSignedDate", field="receiptCreationDate"),
        note="an app transaction is validated at its receiptCreationDate, not at the signedDate it also carries: "
             "without the first there is no instant, and the error names it")
    day_before = SIGNED_DATE - 86400000
    dated_by_transaction = notification(
        jws(header(chain), compact_json(transaction(signed_date=day_before)), leaf_key),
        jws(header(chain), compact_json(renewal_info(signed_date=day_before)), leaf_key))
    del dated_by_transaction["signedDate"]
    add("time-notification-dated-by-its-transaction",
        jws(header(chain), compact_json(dated_by_transaction), leaf_key), "valid", at=day_before,
        note="a notification without signedDate, as Apple's first were, is validated at its nested transaction's")

    # The signer's key: ES256 needs P-256.
    p384_leaf_key = key("pure-receipt P-384 leaf", ec.SECP384R1())
    p384_leaf = certificate(name("Pure Receipt P-384 Leaf", "Test Signing"), p384_leaf_key, intermediate_name,
                            intermediate_key, 8, utc(2025), utc(2027), ca=False, marker=LEAF_MARKER)
    add("signature-leaf-p384", jws(header([p384_leaf, intermediate, root]), good_transaction, leaf_key),
        refused("signature", "signerKeyNotAllowed"),
        note="the leaf has a P-384 key: ES256 is P-256 alone, whatever signed the data")

    # Expectations name the claim they compared, wherever the kind carries it.
    add("expect-other-app-apple-id",
        jws(header(chain), compact_json(notification(production_transaction, production_renewal,
                                                     environment="Production")), leaf_key),
        refused("expectations", "appAppleIdMismatch", field="appAppleId"),
        expectations={"bundleId": BUNDLE_ID, "environment": "Production", "appAppleId": 1},
        note="a Production notification of another app Apple ID than the caller expects")
    add("expect-notification-other-bundle",
        jws(header(chain), compact_json(notification(signed_transaction, signed_renewal)), leaf_key),
        refused("expectations", "bundleIdMismatch", field="bundleId"),
        expectations={"bundleId": "com.example.other"}, note="the notification's data names another app")
    # receiptType Sandbox and environment Production: only a check that reads receiptType refuses it.
    sandbox_receipt = app_transaction()
    sandbox_receipt["environment"] = "Production"
    add("expect-app-transaction-other-environment",
        jws(header(chain), compact_json(sandbox_receipt), leaf_key),
        refused("expectations", "environmentMismatch", field="environment"),
        expectations={"environment": "Production", "appAppleId": APP_APPLE_ID},
        note="an app transaction's environment is its receiptType (Sandbox), not its environment member "
             "(Production here); the error names the claim, environment")

    # A notification's appData and its nested app transaction; several containers in one notification.
    def app_data_notification(signed_app_transaction, bundle_id=BUNDLE_ID, environment="Production"):
        return {
            "notificationType": "RESCIND_CONSENT", "notificationUUID": "0a8e1b7c-2d3f-4e5a-8b6c-7d8e9f0a1b2c",
            "appData": {"appAppleId": APP_APPLE_ID, "bundleId": bundle_id, "environment": environment,
                        "signedAppTransactionInfo": signed_app_transaction},
            "version": "2.0", "signedDate": SIGNED_DATE,
        }
    production_app_transaction = jws(header(chain), compact_json(app_transaction(environment="Production")),
                                     leaf_key)
    add("control-app-data-notification",
        jws(header(chain), compact_json(app_data_notification(production_app_transaction)), leaf_key), "valid",
        expectations={"bundleId": BUNDLE_ID, "environment": "Production", "appAppleId": APP_APPLE_ID},
        note="a Production notification whose appData carries a nested app transaction of the same app")
    other_app = app_transaction(environment="Production")
    other_app["appAppleId"] = 987654321
    add("notification-app-data-nested-other-app",
        jws(header(chain), compact_json(app_data_notification(jws(header(chain), compact_json(other_app),
                                                                  leaf_key))), leaf_key),
        refused("expectations", "appAppleIdMismatch", field="appAppleId",
                nested_in="appData.signedAppTransactionInfo"),
        expectations={"bundleId": BUNDLE_ID, "environment": "Production", "appAppleId": APP_APPLE_ID},
        note="the nested app transaction names another app Apple ID than the notification's appData")
    two_containers = notification(signed_transaction, signed_renewal)
    two_containers["appData"] = {"appAppleId": APP_APPLE_ID, "bundleId": "com.example.other",
                                 "environment": "Sandbox"}
    add("notification-two-containers-other-bundle", jws(header(chain), compact_json(two_containers), leaf_key),
        refused("payload", "exclusiveFields", field="appData"),
        expectations={"bundleId": BUNDLE_ID, "environment": "Sandbox"},
        note="data names the expected app, appData another: Apple documents the two as mutually exclusive, and "
             "a notification that carries both is refused before anything in it is compared")

    (HERE / "manifest.json").write_text(json.dumps({"cases": cases}, indent=1) + "\n")
    print(f"{len(cases)} cases written to {HERE}")


if __name__ == "__main__":
    main()
