#!/usr/bin/env python3
"""Writes the project's own seeds for the json fuzz target into json/ (one file per seed) and its dictionary
json.dict.

Seeds: the header and payload of every StoreKit 2 sample under TestVectors/jws (decoded from base64url), and
hand-written documents that reach each rule of the parser (escapes, surrogate pairs, UTF-8 of every length,
numbers at the edges of Int64 and Double, nesting at the depth limit, large objects for the sorted key check)
and its refusals. The samples that stay in ../shared/vectors are decoded at fuzz time by
make-seeds.py --shared-seeds, never copied here.
Run from anywhere: python3 TestVectors/fuzz/make-json-seeds.py
"""
import base64
import pathlib

HERE = pathlib.Path(__file__).resolve().parent
VECTORS = HERE.parent
DEPTH = 64  # JSONLimits.maximumDepth


def base64url(text):
    return base64.urlsafe_b64decode(text + "=" * (-len(text) % 4))


def storekit_seeds():
    seeds = {}
    for path in sorted(VECTORS.glob("jws/*/*.jws")):
        parts = path.read_text().strip().split(".")
        if len(parts) != 3:
            continue
        try:
            header, payload = base64url(parts[0]), base64url(parts[1])
        except ValueError:
            continue
        seeds[f"jws-{path.parent.name}-{path.stem}.header.json"] = header
        seeds[f"jws-{path.parent.name}-{path.stem}.payload.json"] = payload
    return seeds


HANDMADE = {
    "scalars.json": b'[true,false,null,0,-0,1,-1,"",{}, []]',
    "escapes.json": rb'["\"\\\/\b\f\n\r\t","\u0000\u001f\u007f\u00e9\u20AC","\ud83d\ude00\uD800\uDC00\uDBFF\uDFFF"]',
    "utf8.json": '["\u007f\u0080\u07ff\u0800\ud7ff\ue000\uffff\U00010000\U0010ffff", "é€😀"]'.encode(
        "utf-8", "surrogatepass"),
    "integers.json": b"[9223372036854775807,-9223372036854775808,9007199254740993,1234567890123]",
    "doubles.json": b"[0.1,-0.0,1e22,1e23,1E-7,2.5e+3,0.30000000000000004,1697679936056.485]",
    "double-edges.json": b"[5e-324,2.2250738585072011e-308,2.2250738585072014e-308,1.7976931348623157e308,"
                         b"1.7976931348623158e308,2.4703282292062328e-324,1e-400,9007199254740993.0]",
    "long-mantissa.json": b"[0." + b"1234567890" * 90 + b"e-20," + b"9" * 30 + b".5]",
    "whitespace.json": b' \t\n\r{ "a" :\t[ 1 ,\n2 ]\r}\n',
    "nested-at-limit.json": b"[" * DEPTH + b"]" * DEPTH,
    "nested-objects.json": b'{"a":' * (DEPTH - 1) + b"{}" + b"}" * (DEPTH - 1),
    "large-object.json": b"{" + b",".join(b'"k%d":%d' % (i, i) for i in range(40)) + b"}",
    "keys-after-unescaping.json": rb'{"a":1,"\u0062":2,"\u00e9":3,"e\u0301":4}',
    "top-level-string.json": b'"just a string"',
    "top-level-number.json": b"-12.5e-3",
    # Refusals, so that the fuzzer starts next to every error path.
    "refused-duplicate.json": rb'{"a":1,"\u0061":2}',
    "refused-lone-surrogate.json": rb'["\ud800"]',
    "refused-trailing-comma.json": b"[1,2,]",
    "refused-leading-zero.json": b"[01]",
    "refused-integer-range.json": b"[9223372036854775808]",
    "refused-double-range.json": b"[1e309]",
    "refused-bom.json": b"\xef\xbb\xbf{}",
    "refused-overlong.json": b'["\xc0\xaf"]',
    "refused-encoded-surrogate.json": b'["\xed\xa0\x80"]',
    "refused-control.json": b'["a\x01b"]',
    "refused-nan.json": b"[NaN,Infinity,-Infinity]",
    "refused-comment.json": b"[1]// c",
    "refused-too-deep.json": b"[" * (DEPTH + 1) + b"]" * (DEPTH + 1),
}

TOKENS = [
    b"true", b"false", b"null", b'"', b"\\", b"\\u", b"\\ud800", b"\\udc00", b"\\ud83d\\ude00", b"\\u0000",
    b"\\n", b"\\/", b"{", b"}", b"[", b"]", b":", b",", b'":', b'{"', b'["', b"-0", b"0.", b"e+", b"E-", b".5",
    b"9223372036854775807", b"-9223372036854775808", b"9223372036854775808", b"1e308", b"1e-324",
    b"1.7976931348623157e308", b"2.2250738585072011e-308", b"5e-324", b"NaN", b"Infinity",
    b"\xef\xbb\xbf", b"\xc2\x80", b"\xdf\xbf", b"\xe0\xa0\x80", b"\xed\x9f\xbf", b"\xed\xa0\x80", b"\xef\xbf\xbf",
    b"\xf0\x90\x80\x80", b"\xf4\x8f\xbf\xbf", b"\xf4\x90\x80\x80", b"\xc0\x80", b"\x80", b" ", b"\t", b"\r\n",
]


def escape(token):
    return "".join(chr(b) if 0x20 <= b < 0x7F and chr(b) not in '"\\' else f"\\x{b:02x}" for b in token)


def main():
    folder = HERE / "json"
    folder.mkdir(exist_ok=True)
    for old in folder.iterdir():
        old.unlink()
    seeds = {**storekit_seeds(), **HANDMADE}
    for name, data in seeds.items():
        (folder / name).write_bytes(data)
    lines = ["# libFuzzer dictionary of the json fuzz target, written by make-json-seeds.py: JSON tokens, escapes,",
             "# numbers at the edges of Int64 and Double, and UTF-8 sequences at the edges of RFC 3629's ranges."]
    lines += [f'"{escape(token)}"' for token in TOKENS]
    (HERE / "json.dict").write_text("\n".join(lines) + "\n")
    print(f"wrote {len(seeds)} seeds into {folder.relative_to(VECTORS.parent)} and json.dict")


if __name__ == "__main__":
    main()
