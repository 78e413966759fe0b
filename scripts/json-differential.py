#!/usr/bin/env python3
"""Differential test of the PureJSON parser against Python's json module on generated documents.

    scripts/json-differential.py [COUNT] [--seed S] [--binary PATH] [--examples N]

Generates COUNT documents (default 20,000), deterministically from the seed it prints (a fresh one unless
--seed is given): well-formed documents written with every spelling RFC 8259 allows (whitespace, escapes,
surrogate pairs, number forms, exact midpoints between doubles, deep nesting), and mutants of them (bytes
flipped, inserted, deleted, truncated; tokens Python's json module accepts and RFC 8259 does not, or that this
parser refuses by design: NaN, Infinity, repeated keys, lone surrogates, integers beyond Int64, numbers beyond
Double, nesting past 64; and tokens both must refuse: comments, trailing commas, leading zeros, a BOM,
invalid UTF-8, control characters, other whitespace). Each document goes through
  - the Swift parser, by the JSONCheck executable (built here with `swift build --product JSONCheck` unless
    --binary is given; run this script under the build lock), which prints `ok TEXT` or `error CODE OFFSET`;
  - Python: strict UTF-8 decoding, then json.loads with object_pairs_hook (to see repeated keys),
    parse_constant (to see NaN and Infinity) and parse_float (to see numbers that overflow to infinity).
Classes of outcome:
  - both refuse; both accept with the same value (our TEXT, read back by Python, equals Python's value:
    kinds kept apart, doubles by bit pattern, members in order);
  - we refuse, Python accepts, for a reason docs/json.md justifies: the error code must match a feature of
    Python's value (duplicateKey: a repeated key; loneSurrogate: a lone surrogate; integerOutOfRange: an
    integer beyond Int64; numberOutOfRange: a number Python made infinite; NaN/Infinity refused as
    unexpectedByte or invalidNumber: Python read a constant; depthLimitExceeded: deeper than 64);
  - disagreements, which must not exist: we accept and Python refuses, a different value, or a refusal no
    feature of Python's value justifies.
Prints the tables and exits 1 when there is any disagreement, with examples (hex) of each.
"""
import argparse
import collections
import fractions
import json
import math
import pathlib
import random
import struct
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
MAX_DEPTH = 64  # JSONLimits.maximumDepth
INT64 = range(-(2**63), 2**63)
WHITESPACE = [" ", "\t", "\n", "\r"]


# MARK: - Generating well-formed documents


class Writer:
    """Writes a Python value as JSON text, choosing at random among the spellings RFC 8259 allows."""

    def __init__(self, rng):
        self.rng = rng

    def space(self):
        if self.rng.random() < 0.7:
            return ""
        return "".join(self.rng.choice(WHITESPACE) for _ in range(self.rng.randint(1, 3)))

    def string(self, text):
        out = ['"']
        for char in text:
            code = ord(char)
            escape = self.rng.random() < 0.15
            if char in '"\\':
                out.append("\\" + char)
            elif code < 0x20 or escape:
                short = {"\b": "\\b", "\f": "\\f", "\n": "\\n", "\r": "\\r", "\t": "\\t", "/": "\\/"}
                if char in short and self.rng.random() < 0.5:
                    out.append(short[char])
                elif code > 0xFFFF:
                    code -= 0x10000
                    out.append(self.hex(0xD800 + (code >> 10)) + self.hex(0xDC00 + (code & 0x3FF)))
                else:
                    out.append(self.hex(code))
            else:
                out.append(char)
        out.append('"')
        return "".join(out)

    def hex(self, unit):
        digits = f"{unit:04x}"
        return "\\u" + (digits.upper() if self.rng.random() < 0.3 else digits)

    def write(self, value):
        if value is None:
            return "null"
        if value is True:
            return "true"
        if value is False:
            return "false"
        if isinstance(value, Number):
            return value.text
        if isinstance(value, str):
            return self.string(value)
        if isinstance(value, Members):
            members = ",".join(self.space() + self.string(key) + self.space() + ":" + self.space()
                               + self.write(item) + self.space() for key, item in value)
            return "{" + (members or self.space()) + "}"
        if isinstance(value, list):
            inner = ",".join(self.space() + self.write(item) + self.space() for item in value)
            return "[" + (inner or self.space()) + "]"
        raise TypeError(value)


class Members(list):
    """An object to write: (key, value) pairs in order."""


class Number:
    """A number as written, so that spellings survive to the text."""

    def __init__(self, text):
        self.text = text


def exact_decimal(value):
    """The exact decimal expansion of a fraction whose denominator is a power of two."""
    numerator, denominator = value.numerator, value.denominator
    scale = denominator.bit_length() - 1
    assert denominator == 1 << scale
    digits = numerator * 5**scale
    return f"{digits}e-{scale}" if scale else str(digits)


def random_number(rng):
    kind = rng.randrange(9)
    if kind == 0:
        return str(rng.randint(-1000, 1000))
    if kind == 1:
        return str(rng.randint(-(2**63), 2**63 - 1))
    if kind == 2:  # at the edges of Int64, and now and then beyond
        edges = [2**63 - 1, -(2**63), 2**63 - 2, -(2**63) + 1]
        beyond = [2**63, -(2**63) - 1, 10**rng.randint(19, 40)]
        return str(rng.choice(beyond if rng.random() < 0.1 else edges))
    if kind == 3:  # the shortest form of a random double
        while True:
            value = struct.unpack("<d", struct.pack("<Q", rng.getrandbits(64)))[0]
            if math.isfinite(value):
                return repr(value)
    if kind == 4:  # random digits, point and exponent
        digits = "".join(rng.choice("0123456789") for _ in range(rng.randint(1, 40)))
        digits = digits.lstrip("0") or "0"
        point = rng.randint(1, len(digits))
        mantissa = digits[:point] + ("." + digits[point:] if point < len(digits) else "")
        exponent = rng.randint(-400, 400)
        marker = rng.choice(["e", "E"])
        sign = rng.choice(["", "+"]) if exponent >= 0 else "-"
        text = mantissa + marker + sign + str(abs(exponent)).zfill(rng.randint(1, 4))
        return ("-" if rng.random() < 0.3 else "") + text
    if kind == 5:  # an exact midpoint between two doubles, or just beside one
        while True:
            value = abs(struct.unpack("<d", struct.pack("<Q", rng.getrandbits(64)))[0])
            if math.isfinite(value) and value < sys.float_info.max:
                break
        midpoint = fractions.Fraction(value) + fractions.Fraction(math.ulp(value)) / 2
        text = exact_decimal(midpoint)
        nudge = rng.randrange(3)
        if nudge == 1:  # a hair above
            mantissa, _, exponent = text.partition("e")
            text = mantissa + "0" * rng.randint(0, 30) + "1" + "e" + str(int(exponent or 0) - 31)
        if "e" not in text:
            text += ".0"
        return text
    if kind == 6:  # small decimals of the kind StoreKit writes
        return f"{rng.randint(1_600_000_000_000, 1_800_000_000_000)}.{rng.randint(0, 9999)}"
    if kind == 7:  # zero in its spellings
        return rng.choice(["0", "-0", "0.0", "-0.0", "0e0", "-0E-5", "0.000"])
    return rng.choice(["1e308", "1.7976931348623157e308", "2.2250738585072011e-308", "5e-324", "1e-400",
                       "4.9406564584124654e-324", "2.4703282292062328e-324", "9007199254740993.0"])


def random_text(rng):
    out = []
    for _ in range(rng.randint(0, 12)):
        kind = rng.randrange(6)
        if kind < 2:
            out.append(chr(rng.randint(0x20, 0x7E)))
        elif kind == 2:
            out.append(chr(rng.randint(0, 0x1F)))
        elif kind == 3:
            code = rng.randint(0x80, 0xFFFF)
            out.append(chr(code if not 0xD800 <= code <= 0xDFFF else 0xE9))
        elif kind == 4:
            out.append(chr(rng.randint(0x10000, 0x10FFFF)))
        else:
            out.append(rng.choice(['"', "\\", "/", "é", "e\u0301", "\u2028", "\ufeff", "\x7f"]))
    return "".join(out)


def random_value(rng, depth=0):
    roll = rng.random()
    if roll < 0.004:  # what Python's json module reads and RFC 8259 does not define
        return Number(rng.choice(["NaN", "Infinity", "-Infinity", '"\\ud800"', '"a\\udc00b"', '"\\uDBFFx"']))
    if depth >= 5 or roll < 0.45:
        kind = rng.randrange(5)
        if kind == 0:
            return Number(random_number(rng))
        if kind == 1:
            return random_text(rng)
        return [None, True, False][kind - 2]
    if roll < 0.7:
        return [random_value(rng, depth + 1) for _ in range(rng.randint(0, 5))]
    keys = set()
    members = Members()
    for _ in range(rng.randint(0, 20 if rng.random() < 0.2 else 5)):
        key = random_text(rng)
        if key not in keys:
            keys.add(key)
            members.append((key, random_value(rng, depth + 1)))
    return members


def well_formed(rng):
    writer = Writer(rng)
    value = random_value(rng)
    if rng.random() < 0.05:  # nesting at the limit, one past, or far past
        levels = rng.choice([MAX_DEPTH - 1, MAX_DEPTH, MAX_DEPTH + 1, 200])
        for _ in range(levels - 1):
            value = [value] if rng.random() < 0.5 else Members([("k", value)])
        value = [value]
    return (writer.space() + writer.write(value) + writer.space()).encode("utf-8")


# MARK: - Mutants

TOKENS = [b"NaN", b"Infinity", b"-Infinity", b'"\\ud800"', b'"\\udc00"', b'"a\\uDBFF"', b"9223372036854775808",
          b"-9223372036854775809", b"1e400", b"-1e999", b"123456789012345678901234567890", b"//", b"/*", b",",
          b"01", b"+1", b".5", b"1.", b"\xef\xbb\xbf", b"\xc0\xaf", b"\xed\xa0\x80", b"\xf4\x90\x80\x80",
          b"\xff", b"\x80", b"\x0b", b"\x0c", b"\xc2\xa0", b"\x00", b"\x1f", b"'a'", b"tru", b"nul", b"\\x41",
          b'\\u12"', b"]", b"}", b":", b'"', b"\\", b"TRUE", b"-", b"1e", b"0x1", b"\xe2\x80\xa8"]


def mutate(rng, data):
    data = bytearray(data)
    for _ in range(rng.randint(1, 3)):
        kind = rng.randrange(10)
        position = rng.randint(0, len(data))
        if kind == 0 and data:  # flip a bit
            index = rng.randrange(len(data))
            data[index] ^= 1 << rng.randrange(8)
        elif kind == 1:
            data[position:position] = bytes([rng.randrange(256)])
        elif kind == 2 and data:
            del data[rng.randrange(len(data))]
        elif kind == 3:
            data = data[:position]
        elif kind in (4, 5):
            data[position:position] = rng.choice(TOKENS)
        elif kind == 6:  # repeat a member of some object
            start = data.find(b'{"')
            colon = data.find(b":", start)
            if start >= 0 and colon > 0:
                end = colon + 1
                while end < len(data) and data[end:end + 1] not in b",}":
                    end += 1
                member = bytes(data[start + 1:end])
                data[start + 1:start + 1] = member + b","
        elif kind == 7:  # a trailing comma
            for index in range(len(data) - 1, -1, -1):
                if data[index:index + 1] in (b"]", b"}"):
                    data[index:index] = b","
                    break
        elif kind == 8:  # a BOM, or whitespace JSON does not allow, at the start or end
            extra = rng.choice([b"\xef\xbb\xbf", b"\x0b", b"\xc2\xa0", b"\x00"])
            data = bytearray(extra) + data if rng.random() < 0.5 else data + extra
        else:  # two top-level values
            data += b" " + rng.choice([b"1", b"{}", b'"x"'])
    return bytes(data)


# MARK: - Python's verdict


class Object:
    """An object as Python read it: members in order, repeats kept."""

    def __init__(self, pairs):
        self.pairs = pairs


class Features:
    def __init__(self):
        self.constants = False
        self.overflow = False


def python_verdict(data):
    """(True, value, features) when Python accepts, or (False, None, reason)."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        return False, None, "invalid UTF-8"
    features = Features()

    def constant(name):
        features.constants = True
        return float(name.replace("Infinity", "inf"))

    def parse_float(literal):
        value = float(literal)
        if math.isinf(value):
            features.overflow = True
        return value

    try:
        value = json.loads(text, object_pairs_hook=Object, parse_constant=constant, parse_float=parse_float)
    except (ValueError, RecursionError) as error:
        return False, None, type(error).__name__
    return True, value, features


def walk(value):
    """Every value inside `value`, iteratively, with its depth (containers at depth 1 and below)."""
    pending = [(value, 0)]
    while pending:
        item, depth = pending.pop()
        yield item, depth
        if isinstance(item, list):
            pending.extend((child, depth + 1) for child in item)
        elif isinstance(item, Object):
            pending.extend((child, depth + 1) for _, child in item.pairs)


def python_features(data, offset, value, features):
    """The features of an accepted value that this parser refuses, by the error code each one justifies. NaN
    and Infinity justify unexpectedByte or invalidNumber only where the error points at one of them."""
    found = set()
    if features.constants and data[offset:].startswith((b"NaN", b"Infinity")):
        found.update(["unexpectedByte", "invalidNumber"])
    if features.overflow:
        found.add("numberOutOfRange")
    for item, depth in walk(value):
        if isinstance(item, (list, Object)) and depth >= MAX_DEPTH:
            found.add("depthLimitExceeded")
        if isinstance(item, Object):
            keys = [key for key, _ in item.pairs]
            if len(set(keys)) != len(keys):
                found.add("duplicateKey")
            strings = keys
        elif isinstance(item, str):
            strings = [item]
        else:
            strings = []
        if isinstance(item, int) and not isinstance(item, bool) and item not in INT64:
            found.add("integerOutOfRange")
        if any(0xD800 <= ord(char) <= 0xDFFF for text in strings for char in text):
            found.add("loneSurrogate")
    return found


def same(left, right):
    pending = [(left, right)]
    while pending:
        a, b = pending.pop()
        if type(a) is not type(b):
            return False
        if isinstance(a, float):
            if struct.pack("<d", a) != struct.pack("<d", b):
                return False
        elif isinstance(a, list):
            if len(a) != len(b):
                return False
            pending.extend(zip(a, b))
        elif isinstance(a, Object):
            if [key for key, _ in a.pairs] != [key for key, _ in b.pairs]:
                return False
            pending.extend((x, y) for (_, x), (_, y) in zip(a.pairs, b.pairs))
        elif a != b:
            return False
    return True


# MARK: - The run

CLASS_NAMES = {
    "duplicateKey": "repeated keys in one object",
    "loneSurrogate": "lone surrogate escapes",
    "integerOutOfRange": "integers beyond Int64",
    "numberOutOfRange": "numbers beyond Double's range (Python: infinity)",
    "unexpectedByte": "NaN, Infinity, -Infinity",
    "invalidNumber": "NaN, Infinity, -Infinity",
    "depthLimitExceeded": "nesting deeper than 64",
}


def build_checker():
    subprocess.run(["swift", "build", "--product", "JSONCheck"], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL)
    path = subprocess.run(["swift", "build", "--show-bin-path"], cwd=ROOT, check=True, capture_output=True,
                          text=True).stdout.strip()
    return pathlib.Path(path) / "JSONCheck"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("count", nargs="?", type=int, default=20_000)
    parser.add_argument("--seed", type=int, default=None)
    parser.add_argument("--binary", type=pathlib.Path, default=None)
    parser.add_argument("--examples", type=int, default=3, help="examples shown per class")
    arguments = parser.parse_args()
    seed = arguments.seed if arguments.seed is not None else int(time.time() * 1000) % 2**32
    print(f"seed {seed} (rerun: scripts/json-differential.py {arguments.count} --seed {seed})")
    rng = random.Random(seed)
    sys.setrecursionlimit(10_000)  # Python's own json module recurses; our walks do not

    documents = []
    for _ in range(arguments.count):
        document = well_formed(rng)
        documents.append(("mutant", mutate(rng, document)) if rng.random() < 0.6 else ("well-formed", document))

    binary = arguments.binary or build_checker()
    feed = "".join(data.hex() + "\n" for _, data in documents).encode()
    output = subprocess.run([str(binary.resolve())], input=feed, capture_output=True, check=True).stdout.split(b"\n")

    outcomes = collections.Counter()
    justified = collections.Counter()
    disagreements = collections.defaultdict(list)
    origins = collections.Counter(origin for origin, _ in documents)
    for (origin, data), line in zip(documents, output):
        ours = line.decode("utf-8")
        accepted, value, info = python_verdict(data)
        if ours.startswith("error "):
            _, code, offset = ours.split(" ")
            if not accepted:
                outcomes["both refuse"] += 1
                continue
            features = python_features(data, int(offset), value, info)
            if code in features:
                outcomes["we refuse, Python accepts (justified)"] += 1
                justified[(CLASS_NAMES[code], code)] += 1
            else:
                disagreements[f"we refuse with {code}, Python accepts, and nothing justifies it"].append(data)
            continue
        if not ours.startswith("ok "):
            disagreements["the checker printed something else"].append(data)
            continue
        if not accepted:
            disagreements[f"we accept, Python refuses ({info})"].append(data)
            continue
        readable, ours_read_by_python, _ = python_verdict(ours[3:].encode("utf-8"))
        if not readable or not same(ours_read_by_python, value):
            disagreements["both accept, different values"].append(data)
        else:
            outcomes["both accept, same value"] += 1

    if len(output) - 1 != len(documents):
        disagreements["the checker printed a different number of lines"].append(b"")
    print(f"{len(documents)} documents: {origins['well-formed']} well-formed, {origins['mutant']} mutants")
    for name, count in sorted(outcomes.items()):
        print(f"  {name}: {count}")
    print("we refuse, Python accepts, by class (docs/json.md):")
    for (name, code), count in sorted(justified.items()):
        print(f"  {name} [{code}]: {count}")
    total = sum(len(examples) for examples in disagreements.values())
    print(f"disagreements: {total}")
    for name, examples in sorted(disagreements.items()):
        print(f"  {name}: {len(examples)}")
        for data in examples[:arguments.examples]:
            print(f"    {data[:200].hex()}")
    return 1 if total else 0


if __name__ == "__main__":
    sys.exit(main())
