#!/usr/bin/env python3
"""Differential test against OpenSSL on mutated real receipts (the driver of scripts/differential.sh).

    scripts/differential.py N --receipt TOOL --out DIR --seed S [--shared DIR] [--jobs J]
    scripts/differential.py --seed S --mutant I [--write FILE] [--shared DIR]

Builds N mutants of the App Store receipts in TestVectors/receipts/apple, with those of SHARED/receipts/apple
that it lacks (sorted by file name; seeded, so the same seed and receipts give the same mutants, and mutant I
does not depend on N), verifies each with `TOOL verify --json` (bundled Apple root, the receipt's creation date) and
with `openssl cms -verify -inform DER -binary -purpose any -CAfile AppleRoot.pem -attime T`, T being the
source receipt's creation date from its .expected.json, and compares the verdicts. Writes DIR/results.tsv
(one line per mutant), DIR/false-accepts/ (every mutant we accept and OpenSSL rejects, with a .txt saying
how it was made) and DIR/stricter/ (one example per kind and error code), prints the tables, and ends with
`mutants: N, agree: N, false accepts: N, stricter: N`.

With --mutant I, re-creates mutant I of the seed alone: its bytes to FILE (hex on stdout without --write) and
how it was made on stderr, with nothing verified.
"""
import argparse
import collections
import concurrent.futures
import json
import os
import pathlib
import random
import re
import shutil
import subprocess
import sys
import tempfile

ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.dont_write_bytecode = True  # no __pycache__ beside the sources
sys.path.insert(0, str(ROOT / "TestVectors" / "fuzz"))
import derkit  # noqa: E402
from derkit import Node, oid_encode  # noqa: E402

KINDS = ["bit-flip", "insertion", "deletion", "length-field", "certificate-swap", "truncation", "signer-info"]


class Receipt:
    def __init__(self, path):
        self.name = path.stem
        self.data = path.read_bytes()
        expected = json.loads(path.with_suffix(".expected.json").read_text())
        self.time = int(expected["receipt"]["receipt_creation_date_epoch"])
        self.certificates = [c.encoded for c in derkit.SignedDataFields(self.data).certificate_fields()]
        assert derkit.parse(self.data).encode() == self.data, f"{path} does not round-trip"


# MARK: - Mutations. Each returns (bytes, what) or None when it does not apply.


def bit_flip(rng, receipt, receipts):
    data = bytearray(receipt.data)
    count = rng.choice([1, 1, 1, 2, 3, 8])
    positions = sorted(rng.randrange(len(data)) for _ in range(count))
    for position in positions:
        data[position] ^= 1 << rng.randrange(8)
    return bytes(data), f"{count} bit(s) flipped at {positions}"


def insertion(rng, receipt, receipts):
    data = receipt.data
    position = rng.randrange(len(data) + 1)
    count = rng.choice([1, 1, 2, 4, 16])
    inserted = bytes(rng.choice([0x00, 0xFF, 0x30, 0x80, rng.randrange(256)]) for _ in range(count))
    return data[:position] + inserted + data[position:], f"{inserted.hex()} inserted at {position}"


def deletion(rng, receipt, receipts):
    data = receipt.data
    count = rng.choice([1, 1, 2, 4, 16])
    position = rng.randrange(len(data) - count)
    return data[:position] + data[position + count:], f"{count} byte(s) deleted at {position}"


def truncation(rng, receipt, receipts):
    data = receipt.data
    cut = rng.choice([rng.randrange(1, len(data)), len(data) - rng.randrange(1, 300), rng.randrange(1, 200)])
    cut = max(1, min(cut, len(data) - 1))
    return data[:cut], f"truncated to {cut} of {len(data)} bytes"


def length_field(rng, receipt, receipts):
    """One element's length octets: a wrong value in place, or the right value encoded otherwise (BER)."""
    data = receipt.data
    root = derkit.parse(data)
    nodes = [node for node, _ in derkit.walk(root)]
    node = rng.choice(nodes)
    length_start = node.start + len(node.ident)
    length_octets = data[length_start:node.content_start]
    style = rng.choice(["wrong-value", "wrong-value", "non-minimal", "indefinite"])
    if style == "wrong-value":
        count = len(length_octets) - 1 if length_octets[0] & 0x80 else 0
        value = int.from_bytes(length_octets[1:], "big") if count else length_octets[0]
        delta = rng.choice([-1, 1, -2, 2, -128, 128, rng.randrange(-1000, 1000)]) or 1
        new = value + delta
        if count:
            if not 0 <= new < 1 << (8 * count):
                return None
            encoded = bytes([length_octets[0]]) + new.to_bytes(count, "big")
        else:
            if not 0 <= new < 0x80:
                return None
            encoded = bytes([new])
        return data[:length_start] + encoded + data[node.content_start:], \
            f"length of {node.ident.hex()} at {node.start}: {value} -> {new}"
    if style == "non-minimal":
        length = node.content_end - node.content_start
        octets = length.to_bytes(max(1, (length.bit_length() + 7) // 8), "big")
        encoded = bytes([0x80 | (len(octets) + 1)]) + b"\x00" + octets
        if len(octets) + 1 > 4:
            return None
        mutated = data[:length_start] + encoded + data[node.content_start:]
        what = f"length of {node.ident.hex()} at {node.start} ({length}) with a leading zero octet"
    else:
        if not node.constructed:
            return None
        mutated = data[:length_start] + b"\x80" + data[node.content_start:node.content_end] + b"\x00\x00" \
            + data[node.content_end:]
        what = f"{node.ident.hex()} at {node.start} given an indefinite length"
    # The enclosing elements' lengths grow with it.
    return reencode_ancestors(data, root, node, mutated), what


def reencode_ancestors(original, root, target, mutated_flat):
    """Rebuilds the tree around a changed element: the element's new bytes, the ancestors re-encoded."""
    new_bytes = mutated_flat[target.start:len(mutated_flat) - (len(original) - target.end)]

    def build(node):
        if node is target:
            return new_bytes
        if not node.constructed:
            return original[node.start:node.end]
        body = b"".join(build(child) for child in node.children)
        if node.indefinite:
            return node.ident + b"\x80" + body + b"\x00\x00"
        return node.ident + derkit.encode_length(len(body)) + body

    return build(root)


def certificate_swap(rng, receipt, receipts):
    parsed = derkit.SignedDataFields(receipt.data)
    donor = rng.choice([r for r in receipts if r is not receipt])
    donor_nodes = [derkit.parse(c) for c in donor.certificates]
    certificates = parsed.certificates.children
    style = rng.choice(["replace-one", "replace-one", "replace-all", "drop-one", "add-donor", "duplicate", "reorder"])
    if style == "replace-one":
        index = rng.randrange(len(certificates))
        replacement = rng.choice(donor_nodes)
        what = f"certificate {index} replaced by one of {donor.name}'s"
        certificates[index] = replacement
    elif style == "replace-all":
        parsed.certificates.children = donor_nodes
        what = f"all certificates replaced by {donor.name}'s"
    elif style == "drop-one":
        index = rng.randrange(len(certificates))
        del certificates[index]
        what = f"certificate {index} removed"
    elif style == "add-donor":
        certificates.insert(rng.randrange(len(certificates) + 1), rng.choice(donor_nodes))
        what = f"one of {donor.name}'s certificates added"
    elif style == "duplicate":
        index = rng.randrange(len(certificates))
        certificates.insert(index, certificates[index])
        what = f"certificate {index} duplicated"
    else:
        rng.shuffle(certificates)
        what = "certificates reordered"
    return parsed.root.encode(), what


def algorithm(name, null=True):
    body = oid_encode(derkit.OIDS[name]) + (b"\x05\x00" if null else b"")
    return derkit.parse(derkit.tlv(0x30, body))


def signer_info(rng, receipt, receipts):
    parsed = derkit.SignedDataFields(receipt.data)
    signer = parsed.signers()[0]
    signer_fields = signer.node.children
    style = rng.choice([
        "digest-algorithm", "digest-algorithms-set", "signature-algorithm", "drop-null", "signer-version",
        "signed-data-version", "serial-number", "issuer", "signature-bit", "signature-length", "unsigned-attributes",
        "empty-signed-attributes", "subject-key-identifier", "two-signers", "crls", "content-type",
    ])
    digest_names = ["sha1", "sha256", "sha384", "sha512"]
    index = signer_fields.index(signer.digest_algorithm)
    if style == "digest-algorithm":
        name = rng.choice(digest_names)
        signer_fields[index] = algorithm(name)
        what = f"SignerInfo digestAlgorithm set to {name}"
    elif style == "digest-algorithms-set":
        names = rng.sample(digest_names, rng.randrange(0, 3))
        parsed.digest_algorithms.children = [algorithm(n) for n in names]
        what = f"SignedData digestAlgorithms set to {names}"
    elif style == "signature-algorithm":
        name = rng.choice(["rsaEncryption", "sha1WithRSAEncryption", "sha256WithRSAEncryption",
                           "sha384WithRSAEncryption", "sha512WithRSAEncryption"])
        signer_fields[signer_fields.index(signer.signature_algorithm)] = algorithm(name)
        what = f"SignerInfo signatureAlgorithm set to {name}"
    elif style == "drop-null":
        target = rng.choice(["digest", "signature", "set"])
        if target == "digest":
            digest = derkit.oid_decode(signer.digest_algorithm.children[0].content)
            name = next(k for k, v in derkit.OIDS.items() if v == digest)
            signer_fields[index] = algorithm(name, null=False)
        elif target == "signature":
            signer.signature_algorithm.children = signer.signature_algorithm.children[:1]
        else:
            for identifier in parsed.digest_algorithms.children:
                identifier.children = identifier.children[:1]
        what = f"NULL parameters dropped from the {target} algorithm"
    elif style == "signer-version":
        version = rng.choice([0, 2, 3, 4, 256])
        signer_fields[0] = derkit.parse(derkit.tlv(0x02, version.to_bytes(2 if version > 127 else 1, "big")))
        what = f"SignerInfo version set to {version}"
    elif style == "signed-data-version":
        version = rng.choice([0, 2, 3, 4, 5])
        parsed.signed_data.children[0] = derkit.parse(derkit.tlv(0x02, bytes([version])))
        what = f"SignedData version set to {version}"
    elif style == "serial-number":
        serial = signer.sid.children[1]
        value = bytearray(serial.content)
        value[-1] ^= 1
        serial.content = bytes(value)
        what = "signer serial number's last bit flipped"
    elif style == "issuer":
        issuer = signer.sid.children[0]
        leaf_nodes = [node for node, _ in derkit.walk(issuer) if not node.constructed and node.tag in (0x0C, 0x13)]
        node = rng.choice(leaf_nodes)
        node.content = node.content[:-1] + bytes([node.content[-1] ^ 0x20])
        what = "a letter of the signer's issuer name changed in case"
    elif style == "signature-bit":
        value = bytearray(signer.signature.content)
        value[rng.randrange(len(value))] ^= 1 << rng.randrange(8)
        signer.signature.content = bytes(value)
        what = "a bit of the signature value flipped"
    elif style == "signature-length":
        value = signer.signature.content
        choice = rng.choice(["prepend-zero", "drop-last", "append-zero"])
        signer.signature.content = {"prepend-zero": b"\x00" + value, "drop-last": value[:-1],
                                    "append-zero": value + b"\x00"}[choice]
        what = f"signature value: {choice}"
    elif style == "unsigned-attributes":
        attribute = derkit.tlv(0x30, oid_encode("1.2.840.113549.1.9.6") + derkit.tlv(0x31, derkit.tlv(0x04, b"x")))
        signer.node.children.append(derkit.parse(derkit.tlv(0xA1, attribute)))
        what = "an unsigned attribute (countersignature OID, junk value) added"
    elif style == "empty-signed-attributes":
        signer_fields.insert(index + 1, derkit.parse(b"\xa0\x00"))
        what = "empty signed attributes added"
    elif style == "subject-key-identifier":
        signer_fields[1] = derkit.parse(derkit.tlv(0x80, bytes(20)))
        what = "signer named by a (zero) subject key identifier"
    elif style == "two-signers":
        parsed.signer_infos.children.append(parsed.signer_infos.children[0])
        what = "the SignerInfo duplicated (two signers)"
    elif style == "crls":
        position = parsed.signed_data.children.index(parsed.signer_infos)
        parsed.signed_data.children.insert(position, derkit.parse(b"\xa1\x00"))
        what = "an empty CRL set [1] added"
    else:
        name = rng.choice(["signedData", "sha1", "contentType"])
        parsed.encapsulated.children[0] = derkit.parse(oid_encode(derkit.OIDS[name]))
        what = f"eContentType set to {name}"
    return parsed.root.encode(), what


MUTATORS = {
    "bit-flip": bit_flip, "insertion": insertion, "deletion": deletion, "length-field": length_field,
    "certificate-swap": certificate_swap, "truncation": truncation, "signer-info": signer_info,
}


def generate_mutants(receipts, seed):
    """Yields (index, kind, receipt, bytes, what) for mutant 0, 1, 2, …: the sequence depends only on the seed and
    the receipts, so mutant I is the same whatever the count."""
    rng = random.Random(seed)
    index = 0
    while True:
        kind = KINDS[index % len(KINDS)]
        receipt = rng.choice(receipts)
        made = MUTATORS[kind](rng, receipt, receipts)
        if made is None:
            continue
        data, what = made
        if data == receipt.data:
            continue  # a mutation that changed nothing (swapping a certificate for an equal one) is no mutant
        yield index, kind, receipt, data, what
        index += 1


def make_mutants(receipts, count, seed, folder):
    mutants = []
    for index, kind, receipt, data, what in generate_mutants(receipts, seed):
        if index == count:
            break
        path = folder / f"m{index:06d}.der"
        path.write_bytes(data)
        mutants.append({"path": path, "kind": kind, "source": receipt.name, "time": receipt.time, "what": what})
    return mutants


def load_receipts(shared):
    """The App Store receipts of TestVectors/receipts/apple, and those of SHARED/receipts/apple not among them,
    sorted by file name (so a run over ../shared's receipts makes the mutants it made before they were copied)."""
    paths = {p.name: p for p in (ROOT / "TestVectors" / "receipts" / "apple").glob("*.der")}
    if shared:
        for path in (pathlib.Path(shared) / "receipts" / "apple").glob("*.der"):
            paths.setdefault(path.name, path)
    return [Receipt(paths[name]) for name in sorted(paths)]


def write_one_mutant(receipts, seed, wanted, write):
    for index, kind, receipt, data, what in generate_mutants(receipts, seed):
        if index == wanted:
            if write:
                pathlib.Path(write).write_bytes(data)
            else:
                print(data.hex())
            print(f"mutant {index} of seed {seed}: {kind} of {receipt.name} (attime {receipt.time}): {what}",
                  file=sys.stderr)
            return 0


# MARK: - Verdicts


def ours(tool, mutants, jobs):
    verdicts = {}
    batch = 500
    for start in range(0, len(mutants), batch):
        paths = [str(m["path"]) for m in mutants[start:start + batch]]
        run = subprocess.run([tool, "verify", "--json", "--jobs", str(jobs), *paths], capture_output=True, text=True)
        if run.returncode not in (0, 1):
            sys.exit(f"receipt verify failed ({run.returncode}): {run.stderr[:2000]}")
        for line in run.stdout.splitlines():
            result = json.loads(line)
            error = result.get("error") or {}
            verdicts[result["file"]] = (result["valid"], error.get("code", ""), error.get("message", ""))
    return verdicts


def openssl(mutant, root_pem):
    run = subprocess.run(
        ["openssl", "cms", "-verify", "-inform", "DER", "-binary", "-purpose", "any", "-CAfile", str(root_pem),
         "-attime", str(mutant["time"]), "-in", str(mutant["path"]), "-out", os.devnull],
        capture_output=True, text=True)
    reason = "" if run.returncode == 0 else " ".join(run.stderr.split())[:300]
    return run.returncode == 0, reason


STRICTER_CLASSES = [
    # (label, test on our error code and message), first match wins; docs/fuzzing.md explains each.
    ("an embedded certificate is not strict DER X.509 (mostly the root copy, which OpenSSL parses leniently and "
     "never uses; or a length outside a TBSCertificate)",
     lambda code, message: re.search(r"embedded certificate \d+ is malformed", message) is not None),
    ("a non-minimal length outside the signed bytes (DER)",
     lambda code, message: "long-form length" in message or "leading zero" in message),
    ("an indefinite length outside the envelope's BER layers (DER)",
     lambda code, message: "indefinite length" in message),
    ("bytes after the ContentInfo (DER: nothing may follow)",
     lambda code, message: "after the last element" in message),
    ("the signer identifier matches a certificate only byte for byte (OpenSSL compares names case-folded, "
     "re-encoded)",
     lambda code, message: code == "signature.signerNotFound"),
    ("RFC 5652 versions for id-data content, and a receipt's content must be id-data",
     lambda code, message: "RFC 5652" in message or "not data" in message),
    ("signatureAlgorithm names a digest other than digestAlgorithm, or an algorithm not verified here",
     lambda code, message: code == "signature.algorithmMismatch"
     or (code == "signature.unsupportedAlgorithm" and "signature algorithm" in message)),
    ("the signer's digest algorithm is not in SignedData.digestAlgorithms (RFC 5652 §5.1)",
     lambda code, message: code == "container.algorithmMismatch"),
    ("more than one SignerInfo", lambda code, message: code == "container.unsupportedSignerCount"),
    ("a digest or RSA AlgorithmIdentifier whose parameters are neither NULL nor absent (RFC 5754 §2, RFC 8017 "
     "Appendix A.2)",
     lambda code, message: "expected NULL" in message),
    ("a SEQUENCE or SET encoded primitive (X.690 §8.9.1, §8.11.1); OpenSSL does not check the bit on a SEQUENCE OF "
     "or SET OF",
     lambda code, message: re.search(r"expected (SEQUENCE|SET), found \1$", message) is not None),
]


def stricter_class(code, message):
    return next((label for label, test in STRICTER_CLASSES if test(code, message)), f"other: {code}")


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("count", type=int, nargs="?")
    parser.add_argument("--receipt", help="the release `receipt` tool")
    parser.add_argument("--out")
    parser.add_argument("--seed", type=int, required=True)
    parser.add_argument("--shared", help="a vectors folder whose receipts/apple adds receipts TestVectors lacks")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--mutant", type=int, help="re-create this one mutant instead of running")
    parser.add_argument("--write", help="with --mutant: the file for its bytes (else hex on stdout)")
    arguments = parser.parse_args()

    receipts = load_receipts(arguments.shared)
    if arguments.mutant is not None:
        return write_one_mutant(receipts, arguments.seed, arguments.mutant, arguments.write)
    if not arguments.count or not arguments.receipt or not arguments.out:
        parser.error("a run needs COUNT, --receipt and --out")
    out = pathlib.Path(arguments.out)
    shutil.rmtree(out, ignore_errors=True)
    (out / "false-accepts").mkdir(parents=True)
    (out / "stricter").mkdir()
    with tempfile.TemporaryDirectory(prefix="differential-") as scratch:
        scratch = pathlib.Path(scratch)
        root_pem = scratch / "AppleRoot.pem"
        root_der = ROOT / "TestVectors" / "certs" / "apple-roots" / "AppleIncRootCertificate.cer"
        subprocess.run(["openssl", "x509", "-inform", "DER", "-in", str(root_der), "-out", str(root_pem)], check=True)
        mutants = make_mutants(receipts, arguments.count, arguments.seed, scratch)
        print(f"{len(mutants)} mutants of {len(receipts)} App Store receipts (seed {arguments.seed})", flush=True)
        our_verdicts = ours(arguments.receipt, mutants, arguments.jobs)
        with concurrent.futures.ThreadPoolExecutor(arguments.jobs) as pool:
            their_verdicts = list(pool.map(lambda m: openssl(m, root_pem), mutants))

        per_kind = collections.defaultdict(collections.Counter)
        stricter_classes = collections.Counter()
        stricter_kinds = collections.defaultdict(collections.Counter)
        stricter_examples = {}
        saved = set()
        with open(out / "results.tsv", "w") as results:
            results.write("mutant\tkind\tsource\tattime\twe\topenssl\tour_code\twhat\tour_message\topenssl_reason\n")
            for mutant, (they_accept, their_reason) in zip(mutants, their_verdicts):
                we_accept, code, message = our_verdicts[str(mutant["path"])]
                name = mutant["path"].name
                counts = per_kind[mutant["kind"]]
                counts["mutants"] += 1
                if we_accept == they_accept:
                    counts["agree"] += 1
                    counts["both accept" if we_accept else "both reject"] += 1
                elif we_accept:
                    counts["false accepts"] += 1
                    shutil.copy(mutant["path"], out / "false-accepts" / name)
                    (out / "false-accepts" / f"{name}.txt").write_text(
                        f"{mutant['what']}\nsource: {mutant['source']}\nattime: {mutant['time']}\n"
                        f"openssl: {their_reason}\n")
                else:
                    counts["stricter"] += 1
                    label = stricter_class(code, message)
                    stricter_classes[label] += 1
                    stricter_kinds[label][mutant["kind"]] += 1
                    if label not in stricter_examples:
                        stricter_examples[label] = (name, mutant["what"], message)
                    if (mutant["kind"], code) not in saved:
                        saved.add((mutant["kind"], code))
                        shutil.copy(mutant["path"], out / "stricter" / f"{mutant['kind']}-{code}-{name}")
                results.write("\t".join([name, mutant["kind"], mutant["source"], str(mutant["time"]),
                                         "accept" if we_accept else "reject",
                                         "accept" if they_accept else "reject", code,
                                         mutant["what"], message, their_reason]) + "\n")

    columns = ["mutants", "agree", "both accept", "both reject", "false accepts", "stricter"]
    print("\n| kind | " + " | ".join(columns) + " |")
    print("|---|" + "---:|" * len(columns))
    total = collections.Counter()
    for kind in KINDS:
        total.update(per_kind[kind])
        print(f"| {kind} | " + " | ".join(f"{per_kind[kind][c]:,}" for c in columns) + " |")
    print("| **all** | " + " | ".join(f"**{total[c]:,}**" for c in columns) + " |")
    if stricter_classes:
        print("\n| stricter verdict (we reject, OpenSSL accepts) | count | mutation kinds | example |")
        print("|---|---:|---|---|")
        for label, count in stricter_classes.most_common():
            name, what, message = stricter_examples[label]
            kinds = ", ".join(f"{kind} {n:,}" for kind, n in stricter_kinds[label].most_common())
            print(f"| {label} | {count:,} | {kinds} | {name}: {what} → `{message[:110]}` |")
    print(f"\nresults: {out / 'results.tsv'}")
    print(f"mutants: {total['mutants']}, agree: {total['agree']}, false accepts: {total['false accepts']}, "
          f"stricter: {total['stricter']}")
    return 1 if total["false accepts"] else 0  # a false accept is a bug: the run fails


if __name__ == "__main__":
    sys.exit(main())
