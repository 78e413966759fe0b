#!/usr/bin/env python3
"""Writes expected.json: what each real receipt grants at chosen instants, computed from the purchase lists
in the receipts' own expected files (receipts/*/NAME.expected.json, made with openssl and a Python decoder;
see ../PROVENANCE.md), by the rules of docs/entitlements.md. Nothing here reads the receipts' bytes or
shares code with the Swift library: it is an independent reading of the same rules.

    python3 TestVectors/entitlements/make-expected.py
"""
import calendar
import glob
import json
import os
import re
import time

HERE = os.path.dirname(os.path.abspath(__file__))
VECTORS = os.path.dirname(HERE)
DAY = 86400

# Receipts signed by Xcode's StoreKit certificate validate with it as the anchor.
STOREKIT_ANCHOR = "certs/storekit/StoreKitTestCertificate.cer"

DATE = re.compile(r"^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)(?:\.\d+)?(Z|[+-]\d\d:?\d\d)$")


def epoch(text):
    """Seconds since 1970 of an RFC 3339 date as receipts write it; None for None or ""."""
    if not text:
        return None
    match = DATE.match(text)
    if not match:
        raise ValueError(f"not a receipt date: {text!r}")
    year, month, day, hour, minute, second = (int(match.group(i)) for i in range(1, 7))
    seconds = calendar.timegm((year, month, day, hour, minute, second, 0, 0, 0))
    zone = match.group(7)
    if zone != "Z":
        sign = -1 if zone[0] == "-" else 1
        digits = zone[1:].replace(":", "")
        seconds -= sign * (int(digits[:2]) * 3600 + int(digits[2:]) * 60)
    return int(seconds)


def rfc3339(seconds):
    return time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime(seconds))


def field(record, kind):
    """The decoded value of attribute `kind` of a record (from its `fields` list), or None."""
    for attribute in record["fields"]:
        if attribute["type"] == kind:
            return attribute["value"]
    return None


class Record:
    def __init__(self, index, raw):
        self.index = index
        self.product = raw["product_id"]
        self.transaction = raw["transaction_id"]
        self.original = raw["original_transaction_id"]
        self.purchase = epoch(raw["purchase_date"])
        self.expires = epoch(raw["expires_date"])
        self.cancelled = epoch(raw["cancellation_date"]) is not None
        self.quantity = raw["quantity"] if raw["quantity"] is not None else 1
        self.trial = field(raw, 1713) == 1
        self.intro = raw["is_in_intro_offer_period"] == 1


def transaction_key(record):
    """Sort key of a transaction identifier: absent < present; decimal ones as numbers, the rest by bytes."""
    tid = record.transaction
    if tid is None:
        return (0,)
    if tid and tid.isdigit() and tid.isascii():
        return (1, 0, int(tid))
    return (1, 1, tid.encode())


def recency(record):
    """Larger is later: purchase date (absent is oldest), then transaction identifier, then encoded order."""
    has_date = record.purchase is not None
    return (has_date, record.purchase if has_date else 0, transaction_key(record), record.index)


def newest_first(records):
    return sorted(records, key=recency, reverse=True)


def active_subscriptions(records, at):
    counted = [r for r in records
               if r.product is not None and not r.cancelled and r.purchase is not None and r.expires is not None
               and r.purchase <= at < r.expires]
    seen, kept = set(), []
    for record in newest_first(counted):
        key = record.original or record.transaction or None
        if key is not None:
            if key in seen:
                continue
            seen.add(key)
        kept.append(record)
    # By product identifier (bytes), then newest first.
    kept.sort(key=recency, reverse=True)
    kept.sort(key=lambda r: r.product.encode())
    return [{
        "product_id": r.product,
        "transaction_id": r.transaction,
        "original_transaction_id": r.original,
        "purchase_date": rfc3339(r.purchase),
        "expires_date": rfc3339(r.expires),
    } for r in kept]


def purchased_products(records, at):
    by_product = {}
    for record in records:
        if record.product is None or record.cancelled or record.purchase is None or record.purchase > at:
            continue
        by_product.setdefault(record.product, []).append(record)
    answer = []
    for product in sorted(by_product, key=lambda p: p.encode()):
        group = by_product[product]
        latest = newest_first(group)[0]
        answer.append({
            "product_id": product,
            "latest_transaction_id": latest.transaction,
            "latest_purchase_date": rfc3339(latest.purchase),
            "quantity": sum(r.quantity for r in group),
            "transaction_count": len(group),
        })
    return answer


def eligible(records, group):
    return not any(r.product in group and (r.trial or r.intro) for r in records)


def instants(records, creation):
    """The creation date; a second before the first purchase; for each original transaction's subscription
    records, the first purchase date exactly, the middle of the first, middle and last periods, the last
    expiration exactly and a second before it; and a day after the last expiration."""
    chosen = {creation}
    dated = [r for r in records if r.purchase is not None]
    if dated:
        chosen.add(min(r.purchase for r in dated) - 1)
    subscriptions = {}
    for record in records:
        if record.expires is not None and record.purchase is not None:
            key = record.original or record.transaction
            subscriptions.setdefault(key, []).append(record)
    for group in subscriptions.values():
        group.sort(key=lambda r: (r.purchase, r.index))
        chosen.add(group[0].purchase)
        for record in (group[0], group[len(group) // 2], group[-1]):
            chosen.add((record.purchase + record.expires) // 2)
        chosen.add(group[-1].expires)
        chosen.add(group[-1].expires - 1)
    if subscriptions:
        chosen.add(max(r.expires for g in subscriptions.values() for r in g) + DAY)
    return sorted(chosen)


def groups(records):
    """Introductory-offer groups to ask about: each subscription product alone, all of them together, every
    product in the receipt, and a product the receipt does not have."""
    subscription_products = sorted({r.product for r in records if r.expires is not None}, key=str.encode)
    every_product = sorted({r.product for r in records if r.product is not None}, key=str.encode)
    chosen = [[p] for p in subscription_products]
    if len(subscription_products) > 1:
        chosen.append(subscription_products)
    if every_product and every_product != subscription_products:
        chosen.append(every_product)
    chosen.append(["com.example.not-in-this-receipt"])
    return chosen


def receipt_entry(path):
    expected = json.load(open(path))
    relative = os.path.relpath(path, VECTORS)
    folder = os.path.dirname(relative)
    name = os.path.basename(path)[: -len(".expected.json")]
    records = [Record(index, raw) for index, raw in enumerate(expected["in_app"] or [])]
    fields = expected["receipt"]
    creation = fields["receipt_creation_date_epoch"]
    products = sorted({r.product for r in records if r.product is not None}, key=str.encode)
    return {
        "file": f"{folder}/{name}.der",
        "anchor": STOREKIT_ANCHOR if folder == "receipts/xcode" else None,
        "receipt_creation_date": rfc3339(creation),
        "original_application_version": fields.get("original_application_version"),
        "original_purchase_date": rfc3339(epoch(fields["original_purchase_date"]))
        if epoch(fields.get("original_purchase_date")) is not None else None,
        "purchases_latest_first": [{
            "product_id": p,
            "transaction_ids": [r.transaction for r in newest_first([r for r in records if r.product == p])],
        } for p in products],
        "intro_offer_eligibility": [{"group": g, "eligible": eligible(records, g)} for g in groups(records)],
        "at": [{
            "at": rfc3339(at),
            "active_subscriptions": active_subscriptions(records, at),
            "purchased_products": purchased_products(records, at),
        } for at in instants(records, creation)],
    }


def main():
    paths = sorted(glob.glob(os.path.join(VECTORS, "receipts/apple/*.expected.json")))
    paths += sorted(glob.glob(os.path.join(VECTORS, "receipts/xcode/*.expected.json")))
    document = {
        "about": "What each real receipt grants at chosen instants, by the rules of docs/entitlements.md, "
                 "computed by make-expected.py from the in_app lists of the receipts' expected.json files.",
        "receipts": [receipt_entry(p) for p in paths],
    }
    with open(os.path.join(HERE, "expected.json"), "w") as output:
        json.dump(document, output, indent=1, ensure_ascii=False)
        output.write("\n")


if __name__ == "__main__":
    main()
