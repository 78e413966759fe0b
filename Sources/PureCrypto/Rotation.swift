// MARK: - Circular shifts

/// ROTR^n(x), the circular right shift of FIPS 180-4 §3.2, for 0 < n < the word size.
///
/// Written as two shifts, which the compiler turns into a single rotate instruction.
@inline(__always)
func rotateRight<Word: FixedWidthInteger & UnsignedInteger>(_ x: Word, _ n: Word) -> Word {
    (x &>> n) | (x &<< (Word(Word.bitWidth) &- n))
}

/// ROTL^n(x), the circular left shift of FIPS 180-4 §3.2, for 0 < n < the word size.
@inline(__always)
func rotateLeft<Word: FixedWidthInteger & UnsignedInteger>(_ x: Word, _ n: Word) -> Word {
    (x &<< n) | (x &>> (Word(Word.bitWidth) &- n))
}
