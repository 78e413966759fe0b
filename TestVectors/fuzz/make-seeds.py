#!/usr/bin/env python3
"""Seeds, dictionaries and known facts for the fuzz targets (the der target's seeds: make-der-seeds.py).

    python3 TestVectors/fuzz/make-seeds.py
        writes, from the project's own vectors and synthetic DER/BER only:
        - TestVectors/fuzz/<target>/ for der-ber, certificate, pkcs7, payload and validator;
        - TestVectors/fuzz/<target>.dict for every target: DER tokens, every OID the sources name, and tokens of
          the target's format;
        - Sources/FuzzHarness/KnownFacts+Generated.swift, the SHA-256 digests the targets' invariants compare
          with: facts about the real receipts and certificates of TestVectors/ and the project's own vectors;
        - Sources/FuzzHarness/KnownFacts+GeneratedOptional.swift, the same facts about the optional files the
          repository does not carry (OPTIONAL below; TestVectors/PROVENANCE.md says why), read in place from
          $SHARED_VECTORS or ../shared/vectors beside the package; left as it is when they are absent.
    python3 TestVectors/fuzz/make-seeds.py --real-seeds OUT [TARGET]
        derives seeds from the real receipts in TestVectors/receipts into OUT/<target>/ (payloads, embedded
        certificates, BER envelopes of App Store receipts), and certificate seeds from every certificate of the
        x509-limbo suites (extension, name and key shapes Apple's chains never show); with TARGET, only that
        target's; json seeds from the header and payload of every StoreKit 2 sample in
        TestVectors/jws. scripts/fuzz.sh runs this into .build-fuzz/ at fuzz time, so the derived seeds are not committed.
"""
import base64
import hashlib
import json
import os
import pathlib
import re
import sys

sys.dont_write_bytecode = True  # no __pycache__ beside the sources
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import derkit  # noqa: E402
from derkit import Node, tlv, oid_encode  # noqa: E402

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent.parent
VECTORS = HERE.parent
TARGETS = ["der-ber", "certificate", "pkcs7", "payload", "validator"]
FACTS = ROOT / "Sources" / "FuzzHarness" / "KnownFacts+Generated.swift"
OPTIONAL_FACTS = ROOT / "Sources" / "FuzzHarness" / "KnownFacts+GeneratedOptional.swift"
# The real files the repository does not carry, at their paths in the shared collection; the same list as
# Tests/VectorSupport/OptionalVectors.swift.
OPTIONAL = {
    "receipts": ["receipts/apple/capital-blue_sandboxReceipt.der"],
    "certificates": ["certs/receipt-signing-leaves/"
                     "MacAppStoreAndiTunesStoreReceiptSigning_2023-07-13_2024-08-11_under-WWDR-G8.cer"],
}


# MARK: - Small builders


def seq(*parts):
    return tlv(0x30, b"".join(parts))


def set_of(*parts, sort=True):
    parts = sorted(parts) if sort else list(parts)
    return tlv(0x31, b"".join(parts))


def integer(value):
    length = max(1, (value.bit_length() + 8) // 8)
    return tlv(0x02, value.to_bytes(length, "big", signed=True))


def indefinite(tag, *parts):
    return bytes([tag, 0x80]) + b"".join(parts) + b"\x00\x00"


def attribute(kind, value, version=1):
    return seq(integer(kind), integer(version), tlv(0x04, value))


def utf8(text):
    return tlv(0x0C, text.encode())


def ia5(text):
    return tlv(0x16, text.encode())


def is_certificate(data):
    try:
        node = derkit.parse(data)
        return node.tag == 0x30 and node.children[0].tag == 0x30 and len(node.children) == 3
    except (derkit.DERError, IndexError):
        return False


def is_container(data):
    try:
        return derkit.parse(data).children[0].tag == 0x06
    except (derkit.DERError, IndexError, TypeError):
        return False


def berify(data, segment_sizes=(16,)):
    """An App Store-shaped DER receipt in the BER shape of Xcode's: indefinite ContentInfo, [0], SignedData,
    EncapsulatedContentInfo and eContent [0]; the eContent a constructed OCTET STRING of segments. The signed
    bytes (the joined segments) are unchanged, so a valid signature stays valid."""
    fields = derkit.SignedDataFields(data)
    content = fields.content
    segments, start = [], 0
    for size in segment_sizes:
        segments.append(Node(b"\x04", content=content[start:start + size]))
        start += size
    segments.append(Node(b"\x04", content=content[start:]))
    wrapper = fields.encapsulated.children[1]
    wrapper.children = [Node(b"\x24", children=segments, indefinite=True)]
    for node in (fields.root, fields.root.children[1], fields.signed_data, fields.encapsulated, wrapper):
        node.indefinite = True
    return fields.root.encode()


# MARK: - Synthetic payloads


def in_app_purchase(product, transaction, date, extra=()):
    return set_of(
        attribute(1701, integer(1)), attribute(1702, utf8(product)), attribute(1703, utf8(transaction)),
        attribute(1704, ia5(date)), attribute(1705, utf8(transaction)), attribute(1706, ia5(date)),
        attribute(1707, integer(2)), attribute(1708, ia5("2025-01-08T10:00:00Z")),
        attribute(1711, integer(1000000012345)),
        attribute(1712, ia5("")), attribute(1713, integer(0)), attribute(1719, integer(1)),
        attribute(1721, utf8("offer")), *extra,
    )


def payload_seeds():
    device_hash = hashlib.sha1(bytes(range(16)) + b"opaque" + utf8("com.example.app")).digest()
    every_field = set_of(
        attribute(0, utf8("ProductionSandbox")), attribute(1, integer(0)), attribute(2, utf8("com.example.app")),
        attribute(3, utf8("42")), attribute(4, b"opaque"), attribute(5, device_hash), attribute(10, utf8("4+")),
        attribute(12, ia5("2025-01-01T10:00:00Z")), attribute(15, integer(7)), attribute(16, integer(0)),
        attribute(17, in_app_purchase("com.example.pro", "1000000000000001", "2025-01-01T10:00:00Z")),
        attribute(17, in_app_purchase("com.example.coins", "1000000000000002", "2024-12-31T23:59:59Z")),
        attribute(18, ia5("2013-08-01T07:00:00Z")), attribute(19, utf8("1.0")), attribute(21, ia5("")),
        attribute(8, ia5("2025-01-01T10:00:00Z")), attribute(25, integer(1)), attribute(1000, b"\x05\x00", version=2),
    )
    xcode_style = set_of(
        attribute(2, utf8("com.example.app")), attribute(0, utf8("Xcode")), attribute(3, utf8("1")),
        attribute(12, ia5("2020-07-22T18:33:15+0100")), attribute(21, ia5("4001-01-01T00:00:00+0000")),
        attribute(17, set_of(attribute(1704, ia5("2021-03-01T10:00:00-03:00")), attribute(1701, integer(1)),
                             sort=False)),
        attribute(19, utf8("1.0")), sort=False,
    )
    return {
        "every-field.der": every_field,
        "xcode-unsorted.ber": xcode_style,
        "xcode-unsorted-indefinite.ber": indefinite(0x31, *[c.encode() for c in derkit.parse(xcode_style).children]),
        "octet-string-wrapped.der": tlv(0x04, every_field),
        "segmented-wrapper.ber": indefinite(0x24, tlv(0x04, every_field[:40]), tlv(0x04, every_field[40:])),
        "fractional-and-empty-dates.der": set_of(
            attribute(12, ia5("2025-01-01T10:00:00.123Z")), attribute(18, ia5("")),
            attribute(21, utf8("2025-02-01T00:00:00Z")),
        ),
        "printable-and-high-types.der": set_of(
            attribute(2, tlv(0x13, b"com.example.app")), attribute(3, tlv(0x13, b"1.0")), attribute(2**31 - 1, b""),
            attribute(-1, integer(-1)),
        ),
        "empty.der": tlv(0x31, b""),
    }


# MARK: - Synthetic BER


def ber_seeds():
    data_oid = oid_encode(derkit.OIDS["data"])
    return {
        "indefinite-nested.ber": indefinite(0x30, indefinite(0x30, integer(1)), indefinite(0x31, integer(2)),
                                            tlv(0x05, b"")),
        "empty-indefinite.ber": indefinite(0x30),
        "indefinite-inside-definite.ber": seq(indefinite(0xA0, tlv(0x04, b"x")), integer(5)),
        "segments-deep.ber": indefinite(0x24, tlv(0x24, tlv(0x04, b"ab") + indefinite(0x24, tlv(0x04, b"c"))),
                                        tlv(0x04, b"")),
        "segments-definite.ber": tlv(0x24, tlv(0x04, b"abc") + tlv(0x04, b"def")),
        "unsorted-set-of.ber": tlv(0x31, integer(300) + integer(1) + integer(2)),
        "unsorted-indefinite-set.ber": indefinite(0x31, seq(integer(3)), seq(integer(1))),
        "envelope-skeleton.ber": indefinite(0x30, oid_encode(derkit.OIDS["signedData"]), indefinite(0xA0, indefinite(
            0x30, integer(1), tlv(0x31, b""), indefinite(0x30, data_oid, indefinite(0xA0, indefinite(
                0x24, tlv(0x04, tlv(0x31, b"")))))))),
        "context-and-application.ber": indefinite(0x60, tlv(0x81, b"\x01"), indefinite(0xE1, tlv(0x04, b"z"))),
        "high-tag-indefinite.ber": bytes([0xBF, 0x1F, 0x80]) + integer(9) + b"\x00\x00",
    }


# MARK: - Seeds from the project's vectors


def project_files(folder):
    return sorted(p for p in (VECTORS / folder).glob("*.der"))


def write_seeds():
    seeds = {target: {} for target in TARGETS}
    certificates, containers = {}, {}
    for folder in ["x509/pki", "pkcs7/out", "forgery/out"]:
        prefix = folder.split("/")[0]
        for path in project_files(folder):
            data = path.read_bytes()
            if is_certificate(data):
                certificates.setdefault(data, f"{prefix}-{path.name}")
            elif is_container(data):
                containers.setdefault(data, f"{prefix}-{path.name}")
    for data, name in containers.items():
        # The forgeries differ from each other in their chains, which the validator target reaches.
        seeds["validator" if name.startswith("forgery-") else "pkcs7"][name] = data
        try:
            fields = derkit.SignedDataFields(data)
            for certificate in fields.certificate_fields():
                certificates.setdefault(certificate.encoded, f"embedded-in-{name}")
        except (derkit.DERError, IndexError, AttributeError):
            pass
    for data, name in certificates.items():
        seeds["certificate"][name] = data
    for folder in ["pkcs7/out", "forgery/out"]:
        seeds["payload"][f"{folder.split('/')[0]}-payload.der"] = (VECTORS / folder / "payload.bin").read_bytes()
    seeds["payload"].update(payload_seeds())

    # BER: Xcode-shaped envelopes around project receipts whose signatures verify, and synthetic BER.
    for source, sizes in [("pkcs7/out/no-attrs-sha256.der", (16, 20)), ("pkcs7/out/signed-attrs-sha1.der", (1,)),
                          ("forgery/out/lookalike-apple.der", (100,))]:
        name = f"xcode-shaped-{source.split('/')[0]}-{source.split('/')[-1]}"
        data = berify((VECTORS / source).read_bytes(), sizes)
        seeds["pkcs7"][name] = data
        seeds["der-ber"][name] = data
        seeds["validator"][name] = data
    for name in ["ber-indefinite-sha256.der", "ber-two-segments.der"]:
        seeds["der-ber"][f"pkcs7-{name}"] = (VECTORS / "pkcs7/out" / name).read_bytes()
    seeds["der-ber"].update(ber_seeds())
    seeds["der-ber"]["payload-xcode-unsorted.ber"] = seeds["payload"]["xcode-unsorted.ber"]

    for target, files in seeds.items():
        folder = HERE / target
        folder.mkdir(exist_ok=True)
        for old in folder.iterdir():
            if old.is_file() and not old.name.startswith("."):
                old.unlink()
        for name, data in files.items():
            (folder / name).write_bytes(data)
        print(f"wrote {len(files)} seeds to {folder.relative_to(ROOT)}")
    return seeds


# MARK: - Dictionaries


DER_TOKENS = [
    b"\x30\x80", b"\x30\x82", b"\x31\x82", b"\x30\x81", b"\x24\x80", b"\xa0\x80", b"\xa0\x82", b"\xa3\x82",
    b"\x00\x00", b"\x05\x00", b"\x01\x01\xff", b"\x02\x01\x01", b"\x03\x82", b"\x04\x82", b"\x04\x81", b"\x0c\x0a",
    b"\x13\x02US", b"\x16\x14", b"\x17\x0d", b"\x18\x0f", b"\x84\xff\xff\xff\xff", b"\x1f\x81\x80", b"\x9f\x1f",
    b"250101000000Z", b"20250101000000Z", b"20250101000000.5Z",
]
EXTRA_TOKENS = {
    "der": [],
    "der-ber": [b"\x31\x80", b"\x04\x80", b"\x24\x82", b"\x24\x81", b"\x60\x80", b"\xbf\x1f\x80", b"\x80\x00\x00"],
    "certificate": [
        b"\xa0\x03\x02\x01\x02", b"\x30\x03\x01\x01\xff", b"\x03\x02\x01\x86", b"\x03\x02\x07\x80",
        b"\x02\x03\x01\x00\x01",
        b"\x03\x82\x01\x0f\x00", b"\x03\x82\x01\x01\x00", b"\x30\x0d", b"\x04\x16\x04\x14", b"\x80\x14", b"\x81\x01",
        b"\x82\x01", b"\x30\x06\x01\x01\xff\x02\x01\x00", b"\x17\x0d" + b"060425214036Z",
        b"\x18\x0f" + b"20350209214036Z",
    ],
    "pkcs7": [
        b"\x02\x01\x03", b"\x31\x00", b"\x30\x0b\x06\x09", b"\x30\x0d\x06\x09", b"\xa1\x00", b"\xa1\x80", b"\x80\x14",
        b"\x04\x82\x01\x00", b"\x04\x82\x02\x00",
    ],
    "payload": [
        b"\x02\x01\x00", b"\x02\x01\x02", b"\x02\x01\x03", b"\x02\x01\x04", b"\x02\x01\x05", b"\x02\x01\x0c",
        b"\x02\x01\x11", b"\x02\x01\x12", b"\x02\x01\x13", b"\x02\x01\x15", b"\x02\x02\x06\xa5", b"\x02\x02\x06\xa6",
        b"\x02\x02\x06\xa8", b"\x02\x02\x06\xaa", b"\x02\x02\x06\xac", b"\x02\x02\x06\xb0", b"\x02\x02\x06\xb9",
        b"2015-09-22T08:55:28Z", b"+0100", b"-03:00", b".5Z", b"\x16\x00", b"\x0c\x00", b"\x04\x16\x16\x14",
    ],
}
EXTRA_TOKENS["validator"] = EXTRA_TOKENS["pkcs7"] + EXTRA_TOKENS["certificate"][:6] + EXTRA_TOKENS["payload"][:12]


def known_oids():
    """Every OID literal the sources name (OID(1, 2, 840, ...)), sorted."""
    found = set()
    for path in (ROOT / "Sources").rglob("*.swift"):
        for match in re.finditer(r"OID\(((?:\s*[0-9_]+\s*,)+\s*[0-9_]+)\s*\)", path.read_text()):
            found.add(".".join(part.strip().replace("_", "") for part in match.group(1).split(",")))
    return sorted(found, key=lambda dotted: [int(arc) for arc in dotted.split(".")])


def escape(token):
    return "".join(chr(b) if 0x20 <= b < 0x7F and chr(b) not in '"\\' else f"\\x{b:02x}" for b in token)


def write_dictionaries():
    oids = known_oids()
    for target in ["der", *TARGETS]:
        lines = [f"# libFuzzer dictionary of the {target} fuzz target, written by make-seeds.py: DER identifiers and",
                 "# lengths, the target's own tokens, and every OID the sources name (each with its tag and length)."]
        lines += [f'"{escape(token)}"' for token in DER_TOKENS + EXTRA_TOKENS[target]]
        for dotted in oids:
            lines.append(f"# {dotted}")
            lines.append(f'"{escape(oid_encode(dotted))}"')
        (HERE / f"{target}.dict").write_text("\n".join(lines) + "\n")
    print(f"wrote {len(TARGETS) + 1} dictionaries with {len(oids)} OIDs")


# MARK: - Known facts


def optional_directory():
    """The shared collection holding the OPTIONAL files, or None."""
    override = os.environ.get("SHARED_VECTORS")
    path = pathlib.Path(override) if override else ROOT.parent / "shared" / "vectors"
    return path if (path / OPTIONAL["receipts"][0]).is_file() else None


def facts(receipt_paths, container_paths, certificate_paths, seeds):
    """The digests KnownFacts compares with, from App Store receipts, every other container (and the PKCS#7
    seeds among `seeds`), and certificate files."""
    root_der = (VECTORS / "certs/apple-roots/AppleIncRootCertificate.cer").read_bytes()
    root = derkit.CertificateFields(derkit.parse(root_der))
    receipts, chain_certificates = [], set()
    for path in receipt_paths:
        expected = json.loads(path.with_suffix(".expected.json").read_text())
        if expected["expected_verdict"]["trust_anchor_AppleIncRoot_at_receipt_creation_date"] != "VALID":
            continue
        data = path.read_bytes()
        fields = derkit.SignedDataFields(data)
        embedded = fields.certificate_fields()
        signer = fields.signers()[0]
        leaf = next(c for c in embedded if signer.matches(c))
        chain = [embedded[i].encoded for i in expected["signer_chain_indices_leaf_first"]]
        chain_certificates.update(derkit.sha256_hex(c) for c in chain)
        receipts.append((path.name, derkit.sha256_hex(fields.content), derkit.sha256_hex(signer.signature.content),
                         derkit.sha256_hex(leaf.encoded), int(expected["receipt"]["receipt_creation_date_epoch"])))
    chain_certificates.add(derkit.sha256_hex(root_der))

    signatures = set()
    containers = [p.read_bytes() for p in container_paths]
    containers += [data for data in seeds.get("pkcs7", {}).values()]
    containers += [data for data in seeds.get("validator", {}).values()]
    for data in containers:
        found = derkit.verified_signature(data)
        if found:
            # One digest of the three digests joined, so that each fact is one line of the generated file.
            signatures.add(derkit.sha256_hex(":".join(found).encode()))

    issued = {derkit.sha256_hex(root_der)}
    candidates = [p.read_bytes() for p in certificate_paths]
    for data in containers:
        try:
            candidates += [c.encoded for c in derkit.SignedDataFields(data).certificate_fields()]
        except (derkit.DERError, IndexError, AttributeError):
            pass
    for data in candidates:
        try:
            certificate = derkit.CertificateFields(derkit.parse(data))
        except (derkit.DERError, IndexError, AttributeError):
            continue
        if certificate.issuer == root.subject and derkit.certificate_signed_by(data, root.rsa):
            issued.add(derkit.sha256_hex(data))

    return receipts, chain_certificates, issued, signatures


def write_facts(destination, name, what, found):
    receipts, chain_certificates, issued, signatures = found

    def elements(items):
        """Literal elements, one a line; swift-format wants a comma after the last only when there are several."""
        comma = "," if len(items) > 1 else ""
        return "".join(f"{item}{comma}{comment}\n" for item, comment in items)

    def set_literal(values):
        return "[\n" + elements([(f'            "{v}"', "") for v in sorted(values)]) + "        ]"

    entries = elements([
        (f'            KnownValidReceipt(\n                content: "{c}",\n                signature: "{s}",\n'
         f'                signerCertificate: "{l}",\n                creationDate: {t:_}\n            )',
         f"  // {receipt}")
        for receipt, c, s, l, t in receipts
    ])
    destination.write_text(f"""// Generated by TestVectors/fuzz/make-seeds.py; do not edit. SHA-256 digests (lowercase hex) of parts of
// {what}: facts about those
// files, not copies of them.

extension KnownFacts {{
    static let {name} = FactSet(
        appleValidReceipts: [
{entries}        ],
        appleChainCertificates: {set_literal(chain_certificates)},
        appleRootIssuedCertificates: {set_literal(issued)},
        verifiedSignatures: {set_literal(signatures)}
    )
}}
""")
    print(f"wrote {destination.relative_to(ROOT)}: {len(receipts)} valid receipts, {len(chain_certificates)} chain "
          f"certificates, {len(issued)} root-issued certificates, {len(signatures)} verified signatures")


# MARK: - Seeds derived from the real vectors, at fuzz time


def derive_real_seeds(out, only=None):
    """Writes OUT/<target>/ for every target, or for `only`: the limbo certificates (1.8 MB of JSON to read)
    only when the certificate target is among them."""
    if only not in (None, "der", "json", *TARGETS):
        sys.exit(f"make-seeds.py: no target {only!r}")
    out = pathlib.Path(out)
    derived = {target: {} for target in [*TARGETS, "json"] if only in (None, target)}  # "der" derives nothing

    def put(target, name, data):
        if target in derived:
            derived[target][name] = data

    for path in sorted(VECTORS.glob("receipts/**/*.der")):
        data = path.read_bytes()
        try:
            fields = derkit.SignedDataFields(data)
        except (derkit.DERError, IndexError, AttributeError):
            continue
        if fields.content is not None:
            put("payload", path.stem + ".payload", fields.content)
        for index, certificate in enumerate(fields.certificate_fields()):
            put("certificate", f"{path.stem}.cert{index}", certificate.encoded)
        if not fields.root.indefinite:
            try:
                ber = berify(data, (7, 300))
                put("der-ber", path.stem + ".xcode-shaped", ber)
                put("pkcs7", path.stem + ".xcode-shaped", ber)
            except (derkit.DERError, IndexError, AttributeError):
                pass
    if "json" in derived:
        # Seeds of the json target (its own seeds and dictionary: make-json-seeds.py).
        for path in sorted(VECTORS.glob("jws/**/*.jws")):
            parts = path.read_text().strip().split(".")
            try:
                decoded = [base64.urlsafe_b64decode(part + "=" * (-len(part) % 4)) for part in parts[:2]]
            except ValueError:
                continue
            if len(parts) == 3:
                put("json", path.stem + ".header.json", decoded[0])
                put("json", path.stem + ".payload.json", decoded[1])
    if "certificate" in derived:
        for index, certificate in enumerate(limbo_certificates()):
            put("certificate", f"limbo{index:04}.der", certificate)
    for target, files in derived.items():
        folder = out / target
        folder.mkdir(parents=True, exist_ok=True)
        for name, data in files.items():
            (folder / name).write_bytes(data)


def limbo_certificates():
    """Every distinct certificate (trusted, intermediate or peer) of the x509-limbo suites, as DER, in the order
    of first appearance."""
    pem = re.compile(rb"-----BEGIN CERTIFICATE-----(.*?)-----END CERTIFICATE-----", re.S)
    seen, found = set(), []
    for path in sorted(VECTORS.glob("conformance/x509-limbo/*.json")):
        for case in json.loads(path.read_bytes()).get("testcases", []):
            texts = case.get("trusted_certs", []) + case.get("untrusted_intermediates", [])
            texts += [case["peer_certificate"]] if case.get("peer_certificate") else []
            for text in texts:
                for match in pem.finditer(text.encode()):
                    der = base64.b64decode(match.group(1))
                    if der not in seen:
                        seen.add(der)
                        found.append(der)
    return found


if __name__ == "__main__":
    if len(sys.argv) in (3, 4) and sys.argv[1] == "--real-seeds":
        derive_real_seeds(sys.argv[2], sys.argv[3] if len(sys.argv) == 4 else None)
        sys.exit(0)
    if len(sys.argv) != 1:
        sys.exit(__doc__)
    seeds = write_seeds()
    write_dictionaries()
    certificates = sorted(p for p in VECTORS.glob("certs/**/*") if p.is_file() and p.suffix in (".cer", ".der"))
    write_facts(FACTS, "repository", "the real receipts and certificates in TestVectors/ and the project's own vectors",
                facts(sorted(VECTORS.glob("receipts/apple/*.der")), sorted(VECTORS.glob("receipts/**/*.der")),
                      certificates, seeds))
    shared = optional_directory()
    if shared:
        receipts = [shared / path for path in OPTIONAL["receipts"]]
        write_facts(OPTIONAL_FACTS, "optional",
                    "the real receipt and certificate not carried in TestVectors/ (see its PROVENANCE.md)",
                    facts(receipts, receipts, [shared / path for path in OPTIONAL["certificates"]], {}))
    else:
        print(f"optional vectors not found: {OPTIONAL_FACTS.relative_to(ROOT)} left as it is")
