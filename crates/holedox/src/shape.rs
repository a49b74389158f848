//! The snake's body as one integer: the head's square and the body's shape.
//!
//! Segment `i` is the direction from block `i` to block `i + 1`. A body never folds
//! back onto itself, so each segment after the first is the one before it turned
//! straight on, left or right: the shape is the first segment and `L - 2` turns, a
//! number below `4 * 3^(L-2)` (for L = 16 about 19 million, against 4^15 = a billion
//! for two bits a segment).

use grid_core::Dir;

/// `TURN[a][b]`: how segment `b` turns from segment `a` (0 straight on, 1 left, 2
/// right); 3 where `b` folds back onto `a` (never in a body).
const TURN: [[u8; 4]; 4] = {
    let mut table = [[3u8; 4]; 4];
    let mut a = 0;
    while a < 4 {
        let dir = Dir::from_index(a);
        table[a][dir.index()] = 0;
        table[a][left(dir).index()] = 1;
        table[a][right(dir).index()] = 2;
        a += 1;
    }
    table
};

/// The direction a quarter turn anticlockwise from `dir` (row 0 at the top).
const fn left(dir: Dir) -> Dir {
    match dir {
        Dir::Up => Dir::Left,
        Dir::Left => Dir::Down,
        Dir::Down => Dir::Right,
        Dir::Right => Dir::Up,
    }
}

/// The direction a quarter turn clockwise from `dir`.
const fn right(dir: Dir) -> Dir {
    left(left(left(dir)))
}

/// The segment that turn `turn` makes from segment `from`.
const fn apply(from: Dir, turn: u32) -> Dir {
    match turn {
        0 => from,
        1 => left(from),
        _ => right(from),
    }
}

/// Shape codes for snakes of one length.
///
/// The search decodes a code per state it expands and steps one per state it
/// generates, so neither divides by anything but the constant 3 (which compiles to a
/// multiplication): a division by `3^(L-2)`, a number known only at run time, costs
/// tens of cycles, and decoding digit by digit from the top took one per segment.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Shapes {
    /// Number of segments, `L - 1`.
    segments: usize,
    /// `3^(L-2)`: the weight of the first segment.
    first: u32,
    /// `3^(L-3)`: the weight of the first turn (0 when there is no turn).
    second: u32,
    /// Number of codes, `4 * 3^(L-2)`.
    count: u32,
}

impl Shapes {
    /// Codes for snakes of `length` blocks (at least 2).
    pub(crate) fn new(length: usize) -> Shapes {
        let first = 3u32.pow(length as u32 - 2);
        Shapes {
            segments: length - 1,
            first,
            second: first / 3,
            count: 4 * first,
        }
    }

    /// Number of codes.
    pub(crate) fn count(self) -> u32 {
        self.count
    }

    /// The code of a body's segments (`segments.len()` must be `L - 1`).
    pub(crate) fn encode(self, segments: &[Dir]) -> u32 {
        let mut code = segments[0].index() as u32;
        for pair in segments.windows(2) {
            code = code * 3 + u32::from(TURN[pair[0].index()][pair[1].index()]);
        }
        code
    }

    /// The segments of a code, written into `out[..L-1]`.
    #[inline]
    pub(crate) fn decode(self, code: u32, out: &mut [Dir]) {
        let n = self.segments;
        // The turns are the base-3 digits below the first segment, the tail's lowest:
        // take them off from the bottom, then turn from the first segment on.
        let mut turns = [0u32; crate::MAX_LENGTH];
        let mut rest = code;
        for turn in turns[1..n].iter_mut().rev() {
            *turn = rest % 3;
            rest /= 3;
        }
        let mut seg = Dir::from_index(rest as usize);
        out[0] = seg;
        for (slot, &turn) in out[1..n].iter_mut().zip(&turns[1..n]) {
            seg = apply(seg, turn);
            *slot = seg;
        }
    }

    /// The code after the head steps in `dir`, given the code before and its first
    /// segment: the new first segment points back at the old head, the old first
    /// segment becomes the first turn, and the last turn falls off the tail.
    #[inline]
    pub(crate) fn after_step(self, code: u32, first: Dir, dir: Dir) -> u32 {
        let back = dir.opposite();
        if self.segments == 1 {
            return back.index() as u32;
        }
        let turns = code - first.index() as u32 * self.first;
        let turn = u32::from(TURN[back.index()][first.index()]);
        back.index() as u32 * self.first + turn * self.second + turns / 3
    }
}

/// Whether segment `b` may follow segment `a` in a body.
#[cfg(test)]
fn may_follow(a: Dir, b: Dir) -> bool {
    TURN[a.index()][b.index()] != 3
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turns_are_quarter_turns() {
        for dir in Dir::ALL {
            assert_eq!(right(left(dir)), dir);
            assert_ne!(left(dir), dir.opposite());
            assert!(!may_follow(dir, dir.opposite()));
            assert!(
                may_follow(dir, left(dir)) && may_follow(dir, right(dir)) && may_follow(dir, dir)
            );
        }
    }

    /// Every body shape of `segments` segments: the sequences that never fold back
    /// (found without the `TURN` table under test).
    fn all_shapes(segments: usize) -> Vec<Vec<Dir>> {
        let mut shapes: Vec<Vec<Dir>> = Dir::ALL.iter().map(|&d| vec![d]).collect();
        for _ in 1..segments {
            shapes = shapes
                .iter()
                .flat_map(|shape| {
                    let last = shape[shape.len() - 1];
                    Dir::ALL
                        .into_iter()
                        .filter(move |&d| d != last.opposite())
                        .map(move |d| [shape.as_slice(), &[d]].concat())
                })
                .collect();
        }
        shapes
    }

    #[test]
    fn codes_round_trip_and_fill_their_range() {
        for length in 2..=9 {
            let shapes = Shapes::new(length);
            let count = shapes.count() as usize;
            let mut segments = vec![Dir::Up; length - 1];
            // Every body has a code of its own in the range, and every code in the range
            // belongs to a body: no collision and no gap.
            let mut owner: Vec<Option<Vec<Dir>>> = vec![None; count];
            for body in all_shapes(length - 1) {
                let code = shapes.encode(&body) as usize;
                assert!(code < count, "{body:?}: code {code} out of 0..{count}");
                if let Some(other) = &owner[code] {
                    panic!("{other:?} and {body:?} share code {code}");
                }
                owner[code] = Some(body);
            }
            let gap = owner.iter().position(Option::is_none);
            assert_eq!(gap, None, "length {length}: a code no body has");
            // And decoding undoes encoding.
            for code in 0..shapes.count() {
                shapes.decode(code, &mut segments);
                assert_eq!(Some(&segments), owner[code as usize].as_ref());
            }
        }
    }

    #[test]
    fn after_step_matches_shifting_the_segments() {
        for length in 2..=9 {
            let shapes = Shapes::new(length);
            let mut segments = vec![Dir::Up; length - 1];
            for code in 0..shapes.count() {
                shapes.decode(code, &mut segments);
                for dir in Dir::ALL {
                    if dir == segments[0] {
                        continue; // the head cannot step onto block 2
                    }
                    let mut moved = vec![dir.opposite()];
                    moved.extend_from_slice(&segments[..length - 2]);
                    assert_eq!(
                        shapes.after_step(code, segments[0], dir),
                        shapes.encode(&moved)
                    );
                }
            }
        }
    }
}
