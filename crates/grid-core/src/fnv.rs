//! FNV-1a, the 64-bit Fowler-Noll-Vo hash: a fingerprint of some bytes.

/// The 64-bit FNV-1a hash, fed a piece at a time: a fingerprint (of a file, a name, a
/// seed's salt) that is the same on every platform and every version of this crate. It
/// is not for cryptography, nor for a hash table an attacker fills.
///
/// ```
/// use grid_core::{Fnv1a64, fnv1a64};
///
/// let mut hash = Fnv1a64::new();
/// hash.write(b"grid");
/// hash.write(b"solve");
/// assert_eq!(hash.finish(), fnv1a64(b"gridsolve"));
/// assert_eq!(fnv1a64(b""), 0xcbf2_9ce4_8422_2325);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fnv1a64 {
    state: u64,
}

impl Fnv1a64 {
    /// The offset basis: the hash of no bytes.
    const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
    /// The 64-bit FNV prime.
    const PRIME: u64 = 0x0100_0000_01b3;

    /// A hash of no bytes yet.
    pub const fn new() -> Fnv1a64 {
        Fnv1a64 {
            state: Fnv1a64::OFFSET,
        }
    }

    /// Feeds `bytes`, after those fed before.
    pub fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.state = (self.state ^ u64::from(byte)).wrapping_mul(Fnv1a64::PRIME);
        }
    }

    /// The hash of every byte fed so far.
    pub const fn finish(&self) -> u64 {
        self.state
    }
}

impl Default for Fnv1a64 {
    fn default() -> Fnv1a64 {
        Fnv1a64::new()
    }
}

/// The 64-bit FNV-1a hash of `bytes` (see [`Fnv1a64`]).
pub fn fnv1a64(bytes: &[u8]) -> u64 {
    let mut hash = Fnv1a64::new();
    hash.write(bytes);
    hash.finish()
}

#[cfg(test)]
mod tests {
    use super::*;
    use rstest::rstest;

    /// The published test vectors of FNV-1a 64 (Fowler, Noll and Vo's reference set).
    #[rstest]
    #[case(b"", 0xcbf2_9ce4_8422_2325)]
    #[case(b"a", 0xaf63_dc4c_8601_ec8c)]
    #[case(b"foobar", 0x8594_4171_f739_67e8)]
    fn matches_the_reference_vectors(#[case] bytes: &[u8], #[case] hash: u64) {
        assert_eq!(fnv1a64(bytes), hash);
    }

    #[test]
    fn pieces_hash_as_their_concatenation() {
        let mut hash = Fnv1a64::new();
        for piece in [&b"foo"[..], b"", b"ba", b"r"] {
            hash.write(piece);
        }
        assert_eq!(hash.finish(), fnv1a64(b"foobar"));
    }
}
