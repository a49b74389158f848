//! Counting: binomial coefficients and multinomials, for the number of a layout's
//! arrangements (`layout`) and the ranks of its sequence codes (`code`).

/// `BINOMIAL[n][k]` is `n` choose `k`, for `n, k <= 64` (all fit in 64 bits).
pub(crate) static BINOMIAL: [[u64; 65]; 65] = binomials();

const fn binomials() -> [[u64; 65]; 65] {
    let mut table = [[0u64; 65]; 65];
    let mut n = 0;
    while n <= 64 {
        table[n][0] = 1;
        let mut k = 1;
        while k <= n {
            table[n][k] = table[n - 1][k - 1] + table[n - 1][k];
            k += 1;
        }
        n += 1;
    }
    table
}

/// `(n_1 + ... + n_K)! / (n_1! ... n_K!)`, saturating.
pub(crate) fn multinomial(counts: &[u32]) -> u128 {
    let mut total = 0usize;
    counts.iter().fold(1u128, |m, &n| {
        total += n as usize;
        m.saturating_mul(u128::from(BINOMIAL[total][n as usize]))
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn binomials_are_pascals_triangle() {
        assert_eq!(BINOMIAL[5][2], 10);
        assert_eq!(BINOMIAL[64][32], 1_832_624_140_942_590_534);
        assert_eq!(BINOMIAL[3][4], 0);
    }

    #[test]
    fn multinomials_count_the_orders() {
        assert_eq!(multinomial(&[2, 1]), 3);
        assert_eq!(multinomial(&[1, 1, 1]), 6);
        assert_eq!(multinomial(&[]), 1);
    }
}
