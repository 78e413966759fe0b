extension JSONParser {
    /// Objects up to this size compare each key with every earlier one; larger ones sort, so that a hostile
    /// object of n members costs n log n comparisons, not n².
    static let pairwiseKeyCheckLimit = 16

    /// Refuses an object that names a key twice (RFC 8259 §4 leaves the meaning of such an object to the
    /// implementation; signed data must have one meaning). Keys compare by their UTF-8 bytes after unescaping,
    /// so `"a"` and `"\u0061"` are the same key, and `"é"` and `"e\u0301"` are not, whatever Swift's
    /// canonical-equivalence `==` says. The error is at the first key, in input order, that repeats an earlier
    /// one.
    static func checkKeysAreDistinct(_ members: [(String, JSONValue)], keyOffsets: [Int]) throws(JSONError) {
        var firstRepeat: Int?
        if members.count <= pairwiseKeyCheckLimit {
            search: for later in members.indices {
                for earlier in 0..<later where members[earlier].0.utf8.elementsEqual(members[later].0.utf8) {
                    firstRepeat = later
                    break search
                }
            }
        } else {
            // Equal keys end up side by side, in input order within each run; the second of a run is its first
            // repeat, and the earliest of those is the one to report.
            let order = members.indices.sorted { left, right in
                let a = members[left].0.utf8
                let b = members[right].0.utf8
                if a.elementsEqual(b) { return left < right }
                return a.lexicographicallyPrecedes(b)
            }
            for (earlier, later) in zip(order, order.dropFirst())
            where members[earlier].0.utf8.elementsEqual(members[later].0.utf8) {
                firstRepeat = min(firstRepeat ?? later, later)
            }
        }
        if let index = firstRepeat {
            throw JSONError(.duplicateKey, at: keyOffsets[index], "a key named twice in one object")
        }
    }
}
