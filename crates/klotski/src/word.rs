//! The word a state code is kept in: `u64` for every layout whose states it holds (every
//! classic 4 x 5 layout, and most others), `u128` for the rest.
//!
//! The ranked code of the most crowded layouts of up to 64 cells needs at most 103 bits
//! (25 pieces of many shapes covering 45 of 64 cells, say: `C(64, 45)` sets of cells
//! times the orders of the shapes), so `u128` holds every layout [`Layout::new`]
//! accepts; the tests check that bound by enumerating the piece counts.
//!
//! [`Layout::new`]: crate::Layout::new

use std::fmt::Debug;
use std::ops::{BitXor, Div, Rem, Shl};

/// An unsigned integer that holds a state code: the arithmetic the codes, the code set
/// and the search need of it. `0` is a code like any other, but the code set's empty
/// slot.
pub(crate) trait Word:
    Copy
    + Eq
    + Ord
    + Default
    + Debug
    + From<u64>
    + BitXor<Output = Self>
    + Shl<u32, Output = Self>
    + Div<Output = Self>
    + Rem<Output = Self>
{
    /// The most states one search over codes of this word stores: the queue and the
    /// code set of that many stay under 1 GiB (see [`MAX_STATES`](crate::MAX_STATES)).
    const MAX_STATES: usize;

    /// 64 bits of the word, mixed, for the code set's Fibonacci hashing.
    fn hash(self) -> u64;

    /// The low 64 bits.
    fn low(self) -> u64;

    fn wrapping_add(self, other: Self) -> Self;

    fn wrapping_mul(self, other: Self) -> Self;

    /// The quotient by `divisor` (not 0), and the remainder.
    fn div_rem(self, divisor: Self) -> (Self, Self);
}

impl Word for u64 {
    const MAX_STATES: usize = crate::MAX_STATES;

    #[inline]
    fn hash(self) -> u64 {
        self
    }

    #[inline]
    fn low(self) -> u64 {
        self
    }

    #[inline]
    fn wrapping_add(self, other: u64) -> u64 {
        u64::wrapping_add(self, other)
    }

    #[inline]
    fn wrapping_mul(self, other: u64) -> u64 {
        u64::wrapping_mul(self, other)
    }

    #[inline]
    fn div_rem(self, divisor: u64) -> (u64, u64) {
        (self / divisor, self % divisor)
    }
}

impl Word for u128 {
    const MAX_STATES: usize = crate::MAX_WIDE_STATES;

    /// The high half, multiplied by an odd constant, into the low: two codes that differ
    /// only above bit 64 (the ranked code's set rank times its many orders) part.
    #[inline]
    fn hash(self) -> u64 {
        (self as u64) ^ ((self >> 64) as u64).wrapping_mul(0xD6E8_FEB8_6659_FD93)
    }

    #[inline]
    fn low(self) -> u64 {
        self as u64
    }

    #[inline]
    fn wrapping_add(self, other: u128) -> u128 {
        u128::wrapping_add(self, other)
    }

    #[inline]
    fn wrapping_mul(self, other: u128) -> u128 {
        u128::wrapping_mul(self, other)
    }

    /// One division, not two (a `u128` division is a call), and in 64 bits when both
    /// fit: the mixed-radix digits of a ranked code soon do.
    #[inline]
    fn div_rem(self, divisor: u128) -> (u128, u128) {
        if let (Ok(n), Ok(d)) = (u64::try_from(self), u64::try_from(divisor)) {
            return (u128::from(n / d), u128::from(n % d));
        }
        let quotient = self / divisor;
        (quotient, self - quotient * divisor)
    }
}

#[cfg(test)]
mod tests {
    /// The most bits the ranked code of a board of `cells` cells can need: the largest
    /// `log2(C(cells, covered) * P! / (n_1! ... n_K!))` over every choice of piece counts
    /// `n_k` of distinct shapes (at most 62 pieces: the labels), found by dynamic
    /// programming over the shapes, a shape's cell count at a time. There are 1, 2, 6 and
    /// 19 shapes of one to four cells (fixed polyominoes), and of `s >= 5` cells more
    /// than the `cells / s` that can be on the board at once.
    fn most_bits(cells: usize) -> f64 {
        const PIECES: usize = 62;
        let log2_factorial = |n: usize| (1..=n).map(|i| (i as f64).log2()).sum::<f64>();
        let shapes_of = |s: usize| [1, 2, 6, 19].get(s - 1).copied().unwrap_or(usize::MAX);
        // best[c][p]: the largest -sum(log2 n_k!) over classes covering c cells with p
        // pieces.
        let mut best = vec![vec![f64::NEG_INFINITY; PIECES + 1]; cells + 1];
        best[0][0] = 0.0;
        for size in 1..=cells {
            for _ in 0..shapes_of(size).min(cells / size) {
                let before = best.clone();
                for c in 0..=cells {
                    for p in 0..=PIECES {
                        if before[c][p] == f64::NEG_INFINITY {
                            continue;
                        }
                        let mut n = 1;
                        while c + n * size <= cells && p + n <= PIECES {
                            let v = before[c][p] - log2_factorial(n);
                            let slot = &mut best[c + n * size][p + n];
                            *slot = slot.max(v);
                            n += 1;
                        }
                    }
                }
            }
        }
        let log2_binomial =
            |n: usize, k: usize| log2_factorial(n) - log2_factorial(k) - log2_factorial(n - k);
        let mut most = 0f64;
        for (c, row) in best.iter().enumerate() {
            for (p, &v) in row.iter().enumerate() {
                most = most.max(log2_factorial(p) + v + log2_binomial(cells, c));
            }
        }
        most
    }

    #[test]
    fn a_u128_holds_the_ranked_code_of_every_board() {
        let most = most_bits(64);
        assert!(most > 102.0 && most < 103.0, "{most}");
        // Boards of up to 42 cells always fit 64 bits: only larger ones need the u128.
        assert!(most_bits(42) < 64.0 && most_bits(43) > 64.0);
    }
}
