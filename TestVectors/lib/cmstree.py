"""A minimal BER/DER tree for the vector generators (TestVectors/pkcs7/make-cms.sh,
TestVectors/forgery/make-forgery.sh): parse a file into nodes, change one, re-encode every enclosing
length, and reach into ContentInfo / SignedData / SignerInfo. Generators only; tests never run it."""

# ---------------------------------------------------------------- the tree
class Node:
    """One TLV: tag = identifier octets; constructed nodes have kids, primitive ones val."""
    def __init__(self, tag, kids=None, val=None, indef=False):
        self.tag, self.kids, self.val, self.indef = tag, kids, val, indef
    @property
    def constructed(self):
        return self.kids is not None

def parse(b, i=0):
    start = i
    first = b[i]; i += 1
    if first & 0x1F == 0x1F:
        while b[i] & 0x80: i += 1
        i += 1
    tag = bytes(b[start:i])
    cons = bool(first & 0x20)
    n = b[i]; i += 1
    if n == 0x80:  # BER indefinite length
        assert cons
        kids = []
        while b[i:i + 2] != b'\0\0':
            k, i = parse(b, i); kids.append(k)
        return Node(tag, kids, indef=True), i + 2
    if n & 0x80:
        c = n & 0x7F
        n = int.from_bytes(b[i:i + c], 'big'); i += c
    end = i + n
    assert end <= len(b), 'truncated'
    if not cons:
        return Node(tag, val=bytes(b[i:end])), end
    kids = []
    while i < end:
        k, i = parse(b, i); kids.append(k)
    assert i == end, 'child overruns parent'
    return Node(tag, kids), end

def has_indefinite(node):
    return node.indef or any(has_indefinite(k) for k in (node.kids or []))

def parse_bytes(b, what, der=True):
    """The tree of `b`, which must re-encode to exactly `b` (so that changing one node changes nothing
    else); with `der`, no indefinite lengths either."""
    root, end = parse(b)
    assert end == len(b), what + ': trailing bytes'
    assert enc(root) == b, what + ': lengths not minimal'
    assert not (der and has_indefinite(root)), what + ': indefinite length where DER was expected'
    return root

def parse_file(path, der=True):
    return parse_bytes(open(path, 'rb').read(), path, der)

def length(n):
    if n < 0x80: return bytes([n])
    c = n.to_bytes((n.bit_length() + 7) // 8, 'big')
    return bytes([0x80 | len(c)]) + c

def enc(node, tag=None):
    """Definite, minimal lengths (DER), except for nodes parsed with an indefinite length, which
    stay indefinite. `tag` overrides the node's identifier octets."""
    body = b''.join(enc(k) for k in node.kids) if node.constructed else node.val
    if node.indef:
        return (tag or node.tag) + b'\x80' + body + b'\0\0'
    return (tag or node.tag) + length(len(body)) + body

def tlv(t, v): return bytes([t]) + length(len(v)) + v

def integer(n):
    """A minimal two's-complement INTEGER (non-negative here)."""
    return tlv(0x02, n.to_bytes(max(1, (n.bit_length() + 8) // 8), 'big'))

def oid(dotted):
    """The contents octets of an OBJECT IDENTIFIER."""
    arcs = [int(a) for a in dotted.split('.')]
    out = bytearray()
    for a in [arcs[0] * 40 + arcs[1]] + arcs[2:]:
        chunk = [a & 0x7F]; a >>= 7
        while a: chunk.append(0x80 | (a & 0x7F)); a >>= 7
        out += bytes(reversed(chunk))
    return bytes(out)

def dotted(val):
    arcs, a = [], 0
    for x in val:
        a = (a << 7) | (x & 0x7F)
        if not x & 0x80: arcs.append(a); a = 0
    first = min(arcs[0] // 40, 2)
    return '.'.join(map(str, [first, arcs[0] - 40 * first] + arcs[1:]))

NAMES = {
    '1.3.14.3.2.26': 'sha1', '2.16.840.1.101.3.4.2.1': 'sha256',
    '2.16.840.1.101.3.4.2.2': 'sha384', '2.16.840.1.101.3.4.2.3': 'sha512',
    '1.2.840.113549.1.1.1': 'rsaEncryption', '1.2.840.113549.1.1.5': 'sha1WithRSAEncryption',
    '1.2.840.113549.1.1.11': 'sha256WithRSAEncryption', '1.2.840.113549.1.1.12': 'sha384WithRSAEncryption',
    '1.2.840.113549.1.1.13': 'sha512WithRSAEncryption',
    '1.2.840.113549.1.7.1': 'id-data', '1.2.840.113549.1.7.2': 'id-signedData',
    '1.2.840.113549.1.9.3': 'contentType', '1.2.840.113549.1.9.4': 'messageDigest',
    '1.2.840.113549.1.9.5': 'signingTime', '1.2.840.113549.1.9.15': 'smimeCapabilities',
    '2.5.29.14': 'subjectKeyIdentifier', '2.5.29.35': 'authorityKeyIdentifier',
    '1.2.840.113635.100.6.2.1': 'appleWWDRIntermediate', '1.2.840.113635.100.6.11.1': 'appleReceiptSigning',
}
OID_OF = {v: oid(k) for k, v in NAMES.items()}

# ---------------------------------------------------------------- SignedData accessors
def signed_data(root):            # ContentInfo { contentType, [0] EXPLICIT SignedData }
    assert root.kids[0].val == OID_OF['id-signedData']
    return root.kids[1].kids[0]

def encap(sd):      return sd.kids[2]
def econtent(sd):   return encap(sd).kids[1].kids[0]          # the OCTET STRING under [0]
def certset(sd):    return next((k for k in sd.kids[3:-1] if k.tag == b'\xa0'), None)
def signers(sd):    return sd.kids[-1].kids

def si_parts(si):
    """SignerInfo { version, sid, digestAlgorithm, [0] signedAttrs?, signatureAlgorithm, signature, [1]? }"""
    i, attrs = 3, None
    if si.kids[3].tag == b'\xa0':
        attrs, i = si.kids[3], 4
    return {'sid': si.kids[1], 'digestAlgorithm': si.kids[2], 'signedAttrs': attrs,
            'signatureAlgorithm': si.kids[i], 'signature': si.kids[i + 1]}

def attribute(attrs, name):
    """The Attribute SEQUENCE { type, SET OF value } whose type is `name`, or None."""
    return next((a for a in attrs.kids if a.kids[0].val == OID_OF[name]), None)

def write(path, root):
    b = enc(root)
    open(path, 'wb').write(b)
    return b
