"""A small DER/BER toolkit for the fuzz seed generator and the differential script (Python 3 standard library).

Elements parse into editable nodes (identifier octets, then either primitive content or children) that
serialise again with minimal definite lengths, or with the indefinite form where a node says so, so a DER
input round-trips byte for byte. Also: PKCS#7 SignedData field locations, certificate fields, SHA digests, and
an RSA PKCS#1 v1.5 check (RFC 8017 §8.2.2: the expected encoded message is built and compared whole).
"""
import hashlib


class DERError(ValueError):
    pass


class Node:
    """One element: `ident` (identifier octets), `children` (constructed) or `content` (primitive)."""

    __slots__ = ("ident", "children", "content", "indefinite", "start", "end", "content_start", "content_end")

    def __init__(self, ident, children=None, content=b"", indefinite=False):
        self.ident = bytes(ident)
        self.children = children
        self.content = bytes(content)
        self.indefinite = indefinite
        self.start = self.end = self.content_start = self.content_end = None

    @property
    def constructed(self):
        return bool(self.ident[0] & 0x20)

    @property
    def tag(self):
        """The first identifier octet (enough for every tag below 31)."""
        return self.ident[0]

    def encode(self):
        if self.constructed:
            body = b"".join(child.encode() for child in self.children)
        else:
            body = self.content
        if self.indefinite:
            return self.ident + b"\x80" + body + b"\x00\x00"
        return self.ident + encode_length(len(body)) + body

    def __repr__(self):
        kind = f"{len(self.children)} children" if self.constructed else f"{len(self.content)} bytes"
        return f"Node({self.ident.hex()}, {kind})"


def encode_length(n):
    if n < 0x80:
        return bytes([n])
    octets = n.to_bytes((n.bit_length() + 7) // 8, "big")
    return bytes([0x80 | len(octets)]) + octets


def tlv(tag, content):
    ident = bytes([tag]) if isinstance(tag, int) else bytes(tag)
    return ident + encode_length(len(content)) + bytes(content)


def _header(data, pos, end):
    start = pos
    if pos >= end:
        raise DERError(f"truncated identifier at {pos}")
    first = data[pos]
    pos += 1
    if first & 0x1F == 0x1F:
        while True:
            if pos >= end:
                raise DERError(f"truncated tag at {start}")
            octet = data[pos]
            pos += 1
            if not octet & 0x80:
                break
    ident = bytes(data[start:pos])
    if pos >= end:
        raise DERError(f"truncated length at {start}")
    first_length = data[pos]
    pos += 1
    if first_length == 0x80:
        return ident, pos, None
    if first_length < 0x80:
        length = first_length
    else:
        count = first_length & 0x7F
        if count > 4 or pos + count > end:
            raise DERError(f"bad length at {start}")
        length = int.from_bytes(data[pos:pos + count], "big")
        pos += count
    if pos + length > end:
        raise DERError(f"length {length} at {start} exceeds the input")
    return ident, pos, length


def parse_element(data, pos=0, end=None, depth=0):
    """Parses the element at `pos`; BER indefinite lengths are accepted. Returns the node."""
    end = len(data) if end is None else end
    if depth > 64:
        raise DERError("too deep")
    ident, content_start, length = _header(data, pos, end)
    node = Node(ident)
    node.start = pos
    node.content_start = content_start
    if length is None:
        if not node.constructed:
            raise DERError(f"indefinite primitive at {pos}")
        node.indefinite = True
        node.children = []
        cursor = content_start
        while True:
            if cursor + 2 <= end and data[cursor] == 0 and data[cursor + 1] == 0:
                node.content_end = cursor
                node.end = cursor + 2
                break
            child = parse_element(data, cursor, end, depth + 1)
            node.children.append(child)
            cursor = child.end
        return node
    node.content_end = content_start + length
    node.end = node.content_end
    if node.constructed:
        node.children = []
        cursor = content_start
        while cursor < node.content_end:
            child = parse_element(data, cursor, node.content_end, depth + 1)
            node.children.append(child)
            cursor = child.end
    else:
        node.content = bytes(data[content_start:node.content_end])
    return node


def parse(data):
    """Exactly one element spanning all of `data`."""
    node = parse_element(data)
    if node.end != len(data):
        raise DERError(f"{len(data) - node.end} trailing bytes")
    return node


def walk(node, depth=0):
    """Pre-order (node, depth) pairs."""
    yield node, depth
    if node.constructed:
        for child in node.children:
            yield from walk(child, depth + 1)


def octet_string_value(node):
    """An OCTET STRING's value, joining BER segments."""
    if not node.constructed:
        return node.content
    return b"".join(octet_string_value(child) for child in node.children)


# MARK: - OIDs


def oid_encode(dotted):
    arcs = [int(part) for part in dotted.split(".")]
    body = [40 * arcs[0] + arcs[1], *arcs[2:]]
    out = bytearray()
    for arc in body:
        chunk = [arc & 0x7F]
        arc >>= 7
        while arc:
            chunk.append(0x80 | (arc & 0x7F))
            arc >>= 7
        out += bytes(reversed(chunk))
    return tlv(0x06, bytes(out))


def oid_decode(content):
    arcs, value = [], 0
    for octet in content:
        value = value << 7 | (octet & 0x7F)
        if not octet & 0x80:
            arcs.append(value)
            value = 0
    first = min(arcs[0] // 40, 2)
    return ".".join(str(a) for a in [first, arcs[0] - 40 * first, *arcs[1:]])


OIDS = {
    "data": "1.2.840.113549.1.7.1",
    "signedData": "1.2.840.113549.1.7.2",
    "rsaEncryption": "1.2.840.113549.1.1.1",
    "sha1WithRSAEncryption": "1.2.840.113549.1.1.5",
    "sha256WithRSAEncryption": "1.2.840.113549.1.1.11",
    "sha384WithRSAEncryption": "1.2.840.113549.1.1.12",
    "sha512WithRSAEncryption": "1.2.840.113549.1.1.13",
    "sha1": "1.3.14.3.2.26",
    "sha256": "2.16.840.1.101.3.4.2.1",
    "sha384": "2.16.840.1.101.3.4.2.2",
    "sha512": "2.16.840.1.101.3.4.2.3",
    "contentType": "1.2.840.113549.1.9.3",
    "messageDigest": "1.2.840.113549.1.9.4",
    "subjectKeyIdentifier": "2.5.29.14",
}

HASHES = {
    OIDS["sha1"]: "sha1", OIDS["sha256"]: "sha256", OIDS["sha384"]: "sha384", OIDS["sha512"]: "sha512",
    OIDS["sha1WithRSAEncryption"]: "sha1", OIDS["sha256WithRSAEncryption"]: "sha256",
    OIDS["sha384WithRSAEncryption"]: "sha384", OIDS["sha512WithRSAEncryption"]: "sha512",
}


def sha256_hex(data):
    return hashlib.sha256(bytes(data)).hexdigest()


# MARK: - Certificates and SignedData


class CertificateFields:
    """The fields of one certificate node that the seed tools need (RFC 5280 §4.1)."""

    def __init__(self, node):
        self.node = node
        self.encoded = node.encode()
        tbs = node.children[0]
        fields = tbs.children
        index = 1 if fields[0].ident == b"\xa0" else 0
        self.serial = fields[index].content
        self.issuer = fields[index + 2].encode()
        self.subject = fields[index + 4].encode()
        self.spki = fields[index + 5].encode()
        self.subject_key_identifier = None
        for field in fields[index + 6:]:
            if field.ident == b"\xa3":
                for extension in field.children[0].children:
                    if oid_decode(extension.children[0].content) == OIDS["subjectKeyIdentifier"]:
                        inner = parse(extension.children[-1].content)
                        self.subject_key_identifier = inner.content
        spki = fields[index + 5]
        self.rsa = None
        if oid_decode(spki.children[0].children[0].content) == OIDS["rsaEncryption"]:
            modulus, exponent = parse(spki.children[1].content[1:]).children
            self.rsa = (int.from_bytes(modulus.content, "big"), int.from_bytes(exponent.content, "big"))


class SignedDataFields:
    """Where a PKCS#7 ContentInfo's SignedData fields sit (RFC 5652 §5), for DER or BER envelopes."""

    def __init__(self, data):
        self.root = parse(data)
        content_info = self.root.children
        if oid_decode(content_info[0].content) != OIDS["signedData"]:
            raise DERError("not signedData")
        self.signed_data = content_info[1].children[0]
        fields = self.signed_data.children
        self.version = fields[0]
        self.digest_algorithms = fields[1]
        self.encapsulated = fields[2]
        self.content_node = self.encapsulated.children[1].children[0] if len(self.encapsulated.children) > 1 else None
        self.content = octet_string_value(self.content_node) if self.content_node else None
        self.certificates = next((f for f in fields[3:] if f.ident == b"\xa0"), None)
        self.crls = next((f for f in fields[3:] if f.ident == b"\xa1"), None)
        self.signer_infos = fields[-1]

    def certificate_fields(self):
        return [CertificateFields(node) for node in (self.certificates.children if self.certificates else [])]

    def signers(self):
        return [SignerFields(node) for node in self.signer_infos.children]


class SignerFields:
    def __init__(self, node):
        self.node = node
        fields = node.children
        self.version = fields[0]
        self.sid = fields[1]
        self.digest_algorithm = fields[2]
        index = 3
        self.signed_attributes = None
        if fields[index].ident == b"\xa0":
            self.signed_attributes = fields[index]
            index += 1
        self.signature_algorithm = fields[index]
        self.signature = fields[index + 1]

    def matches(self, certificate):
        if self.sid.ident == b"\x80":
            return certificate.subject_key_identifier == self.sid.content
        issuer, serial = self.sid.children
        return certificate.issuer == issuer.encode() and certificate.serial == serial.content

    def signed_bytes(self, content):
        if self.signed_attributes is None:
            return content
        encoded = self.signed_attributes.encode()
        return b"\x31" + encoded[1:]


# RFC 8017 §9.2 note 1: the DER of DigestInfo for each hash, up to the digest itself.
DIGEST_INFO_PREFIX = {
    "sha1": bytes.fromhex("3021300906052b0e03021a05000414"),
    "sha256": bytes.fromhex("3031300d060960864801650304020105000420"),
    "sha384": bytes.fromhex("3041300d060960864801650304020205000430"),
    "sha512": bytes.fromhex("3051300d060960864801650304020305000440"),
}


def rsa_pkcs1v15_verifies(public_key, signature, message, hash_name):
    """RFC 8017 §8.2.2 with the DigestInfo of §9.2 (NULL parameters present), compared whole."""
    n, e = public_key
    k = (n.bit_length() + 7) // 8
    if len(signature) != k:
        return False
    s = int.from_bytes(signature, "big")
    if s >= n:
        return False
    em = pow(s, e, n).to_bytes(k, "big")
    t = DIGEST_INFO_PREFIX[hash_name] + hashlib.new(hash_name, message).digest()
    if k < len(t) + 11:
        return False
    return em == b"\x00\x01" + b"\xff" * (k - len(t) - 3) + b"\x00" + t


def verified_signature(data):
    """For a PKCS#7 receipt whose one signature verifies with an embedded certificate's key:
    (sha256 of that certificate's SubjectPublicKeyInfo, of the signed bytes, of the signature). Else None."""
    try:
        fields = SignedDataFields(data)
        signers = fields.signers()
        if len(signers) != 1 or fields.content is None:
            return None
        signer = signers[0]
        digest = HASHES.get(oid_decode(signer.digest_algorithm.children[0].content))
        for certificate in fields.certificate_fields():
            if not signer.matches(certificate) or certificate.rsa is None or digest is None:
                continue
            signed = signer.signed_bytes(fields.content)
            if rsa_pkcs1v15_verifies(certificate.rsa, signer.signature.content, signed, digest):
                return sha256_hex(certificate.spki), sha256_hex(signed), sha256_hex(signer.signature.content)
    except (DERError, IndexError, AttributeError, ValueError, KeyError):
        return None
    return None


def certificate_signed_by(candidate, issuer_key):
    """Whether a certificate's signature verifies with `issuer_key` (RSA), by its signatureAlgorithm."""
    try:
        node = parse(candidate)
        tbs = node.children[0].encode()
        algorithm = oid_decode(node.children[1].children[0].content)
        signature = node.children[2].content[1:]
        hash_name = HASHES.get(algorithm)
        return hash_name is not None and rsa_pkcs1v15_verifies(issuer_key, signature, tbs, hash_name)
    except (DERError, IndexError, ValueError):
        return False
