//! Duplicate pruning by a finite automaton over the blank's moves (Taylor and Korf,
//! "Pruning duplicate nodes in depth-first search", 1993).
//!
//! A string of moves is *reducible* when another string with the same effect (the
//! blank and every tile end where they would) is shorter, or as long and earlier in
//! [`ORDER`](crate::geometry::ORDER), and keeps to the cells of the first one's
//! bounding box, so that it is legal on any rectangle where the first one is. A path
//! that contains a reducible string is never the first shortest path in
//! [`ORDER`](crate::geometry::ORDER): putting the other string in its place gives a
//! path as legal, to the same position, shorter or earlier. So a
//! search for that path may skip every path with a reducible string in it.
//!
//! The automaton here recognises the *minimal* reducible strings (every proper
//! substring irreducible) up to a length, found by a breadth-first walk over the
//! strings that contain none, on a board larger than any string can leave; it is an
//! Aho–Corasick automaton over them, whose dead state means "a reducible string has
//! just been completed". The two-move strings that undo a move are among them, so it
//! also does what "never undo the last move" did.

use grid_core::UnknownChoice;
use grid_core::memory::{AllocError, try_push, try_vec, try_with_capacity};
use std::collections::VecDeque;
use std::sync::OnceLock;
use strum_macros::{Display, EnumMessage, EnumString, IntoStaticStr, VariantArray, VariantNames};

/// Which paths the depth-first searches (IDA*, over any heuristic) skip as duplicates
/// of others. Either way the answers are the same and every path is a shortest one;
/// the positions searched differ.
#[derive(
    Clone,
    Copy,
    Debug,
    Default,
    PartialEq,
    Eq,
    Hash,
    Display,
    EnumMessage,
    EnumString,
    IntoStaticStr,
    VariantArray,
    VariantNames,
)]
#[strum(serialize_all = "kebab-case")]
#[strum(parse_err_ty = UnknownChoice, parse_err_fn = UnknownChoice::of::<Self>)]
#[non_exhaustive]
pub enum Pruning {
    /// Every path with one of the 19,625 strings of up to 14 moves that another
    /// string does the same as, shorter or as short and earlier in the letters'
    /// order, within its cells (Taylor and Korf's automaton): far fewer positions.
    #[default]
    #[strum(
        message = "skip every path with one of 19,625 strings of up to 14 moves that a shorter or earlier one does the same as (Taylor and Korf's automaton): the fewest positions"
    )]
    Automaton,
    /// Only the paths that undo their last move, as the published runs of Korf and
    /// Felner and of Clausecker and Reinefeld did: their counts, for comparison.
    #[strum(
        message = "skip only the paths that undo their last move, as the published 24-puzzle runs did: their counts, to compare with"
    )]
    Parent,
}

/// The dead state: the moves so far end with a reducible string.
pub(crate) const DEAD: u32 = 0;
/// The state before any move.
pub(crate) const START: u32 = 1;

/// The automaton `table` with its equivalent states merged (Moore's refinement: two
/// states are one when every string of moves kills both or neither), so that the table
/// the search reads at every move is smaller; 0 stays dead and 1 the start.
fn minimized(table: &[[u32; 4]]) -> Result<Vec<[u32; 4]>, AllocError> {
    let mut class: Vec<u32> = try_with_capacity(table.len(), WHAT)?;
    class.extend((0..table.len()).map(|s| u32::from(s != 0)));
    let mut refined: Vec<u32> = try_with_capacity(table.len(), WHAT)?;
    let mut classes = 2;
    loop {
        // Numbered in order of first appearance: the dead state's class stays 0 and
        // the start's 1 (its class differs from the dead one's from the first round).
        let mut ids = rustc_hash::FxHashMap::<(u32, [u32; 4]), u32>::default();
        ids.try_reserve(table.len())
            .map_err(|_| classes_refused(table.len()))?;
        refined.clear();
        refined.extend(table.iter().enumerate().map(|(s, row)| {
            let signature = (class[s], row.map(|t| class[t as usize]));
            let id = ids.len() as u32;
            *ids.entry(signature).or_insert(id)
        }));
        std::mem::swap(&mut class, &mut refined);
        if ids.len() == classes {
            break;
        }
        classes = ids.len();
    }
    let mut merged = try_vec(classes, [DEAD; 4], WHAT)?;
    for (s, row) in table.iter().enumerate() {
        merged[class[s] as usize] = row.map(|t| class[t as usize]);
    }
    Ok(merged)
}

/// The error of a refused map of `states` states' classes (a hash map's entries take
/// about twice their size).
fn classes_refused(states: usize) -> AllocError {
    AllocError::of::<((u32, [u32; 4]), u32)>(WHAT, 2 * states)
}

/// What the automaton's memory is for, in a message that it was refused.
const WHAT: &str = "the automaton that prunes duplicate paths";

#[cfg(test)]
/// The longest reducible strings the automaton knows.
pub(crate) const MAX_LEN: usize = 14;

#[cfg(test)]
/// The blank's step for each move of [`ORDER`](crate::geometry::ORDER): down, left,
/// right, up, as (row, column).
const STEP: [(i32, i32); 4] = [(1, 0), (0, -1), (0, 1), (-1, 0)];

/// An automaton over the moves (indices into [`ORDER`](crate::geometry::ORDER)).
#[derive(Debug)]
pub(crate) struct Fsm {
    /// The state after each move from each state (the list makes fewer than 65,536
    /// states, so that the table is small: 8 bytes a state).
    next: Vec<[u16; 4]>,
}

impl Fsm {
    /// The automaton for the minimal reducible strings of up to `MAX_LEN` (14) moves,
    /// built once.
    /// Its build (a few megabytes at its peak, 8 bytes a state kept) is fallible: a
    /// refusal is an error the search reports, and the next search tries again.
    ///
    /// # Errors
    /// When the memory for the build is refused.
    pub(crate) fn shared() -> Result<&'static Fsm, AllocError> {
        Fsm::of(Pruning::Automaton)
    }

    /// The automaton of `pruning`, built once: [`Fsm::shared`]'s, or that of the four
    /// two-move strings that undo a move.
    ///
    /// # Errors
    /// When the memory for the build is refused.
    pub(crate) fn of(pruning: Pruning) -> Result<&'static Fsm, AllocError> {
        static FULL: OnceLock<Fsm> = OnceLock::new();
        static PARENT: OnceLock<Fsm> = OnceLock::new();
        let (cell, longest) = match pruning {
            Pruning::Automaton => (&FULL, usize::MAX),
            Pruning::Parent => (&PARENT, 2),
        };
        if let Some(fsm) = cell.get() {
            return Ok(fsm);
        }
        // Two threads may build it at once: one of the two is kept.
        let fsm = Fsm::new(
            listed()
                .map(|(long, _)| long)
                .filter(|long| long.len() <= longest),
        )?;
        Ok(cell.get_or_init(|| fsm))
    }

    /// The automaton of `patterns`, none a substring of another: Aho–Corasick's,
    /// minimized.
    fn new(patterns: impl IntoIterator<Item = Vec<u8>>) -> Result<Fsm, AllocError> {
        let table = minimized(&aho_corasick(patterns)?)?;
        let mut next = try_with_capacity(table.len(), WHAT)?;
        next.extend(
            table
                .into_iter()
                .map(|row| row.map(|t| u16::try_from(t).expect("fewer than 65,536 states"))),
        );
        Ok(Fsm { next })
    }

    /// The state after move `k` from `state`.
    #[inline(always)]
    pub(crate) fn step(&self, state: u32, k: usize) -> u32 {
        u32::from(self.next[state as usize][k & 3])
    }

    /// The state after `moves` from the start.
    pub(crate) fn after(&self, moves: &[u8]) -> u32 {
        moves
            .iter()
            .fold(START, |s, &k| self.step(s, usize::from(k)))
    }

    /// Its live states, the root among them.
    #[cfg(test)]
    pub(crate) fn states(&self) -> usize {
        self.next.len() - 1
    }
}

/// The Aho–Corasick automaton of `patterns`, none a substring of another, whose
/// state 0 is dead (entered on completing a pattern, never left) and 1 the start.
fn aho_corasick(patterns: impl IntoIterator<Item = Vec<u8>>) -> Result<Vec<[u32; 4]>, AllocError> {
    // The trie: state 0 is dead, 1 the root.
    let mut next: Vec<[u32; 4]> = try_with_capacity(2, WHAT)?;
    next.extend([[DEAD; 4], [u32::MAX; 4]]);
    let mut ends: Vec<bool> = try_with_capacity(2, WHAT)?;
    ends.extend([true, false]);
    for p in patterns {
        let mut s = START as usize;
        for &k in &p {
            let k = usize::from(k);
            if next[s][k] == u32::MAX {
                try_push(&mut next, [u32::MAX; 4], WHAT)?;
                try_push(&mut ends, false, WHAT)?;
                next[s][k] = (next.len() - 1) as u32;
            }
            s = next[s][k] as usize;
        }
        ends[s] = true;
    }
    // Every pattern end is dead: send what leads there to state 0. The queue holds
    // each state once.
    let mut fail = try_vec(next.len(), START, WHAT)?;
    let mut queue = VecDeque::new();
    queue
        .try_reserve(next.len())
        .map_err(|_| AllocError::of::<u32>(WHAT, next.len()))?;
    for child in &mut next[START as usize] {
        if *child == u32::MAX {
            *child = START;
        } else {
            fail[*child as usize] = START;
            queue.push_back(*child);
        }
    }
    while let Some(s) = queue.pop_front() {
        let s = s as usize;
        if ends[s] {
            continue;
        }
        let (row, back) = (next[s], next[fail[s] as usize]);
        for (k, (&child, &via)) in row.iter().zip(&back).enumerate() {
            if child == u32::MAX {
                next[s][k] = via;
            } else {
                fail[child as usize] = via;
                if ends[via as usize] {
                    ends[child as usize] = true;
                }
                queue.push_back(child);
            }
        }
    }
    // Redirect every transition into a pattern's end to the dead state and renumber
    // the live states, keeping 0 dead and 1 the root.
    let mut number = try_vec(next.len(), DEAD, WHAT)?;
    let mut live = 0u32;
    for (s, &end) in ends.iter().enumerate() {
        if !end {
            live += 1;
            number[s] = live;
        }
    }
    let mut table = try_vec(live as usize + 1, [DEAD; 4], WHAT)?;
    for (s, row) in next.iter().enumerate() {
        if ends[s] {
            continue;
        }
        table[number[s] as usize] = row.map(|t| number[t as usize]);
    }
    Ok(table)
}

#[cfg(test)]
/// A bounding box: first and last row, first and last column.
type Frame = [i32; 4];

#[cfg(test)]
/// The irreducible strings of each effect met, with their frames, in order.
type Seen = rustc_hash::FxHashMap<Box<[u32]>, Vec<(Frame, Vec<u8>)>>;

/// The letters of the moves of [`ORDER`](crate::geometry::ORDER).
const LETTERS: [u8; 4] = *b"DLRU";

/// The minimal reducible strings, each beside a string that it reduces to (see
/// `reducible`, which the tests regenerate them with).
const REDUCIBLE: &str = include_str!("reducible.txt");

/// The moves of a string of letters.
fn moves(letters: &str) -> Vec<u8> {
    letters
        .bytes()
        .map(|b| LETTERS.iter().position(|&l| l == b).unwrap_or(0) as u8)
        .collect()
}

#[cfg(test)]
/// The letters of a string of moves.
fn letters(moves: &[u8]) -> String {
    moves
        .iter()
        .map(|&k| char::from(LETTERS[usize::from(k) & 3]))
        .collect()
}

/// The strings of [`REDUCIBLE`], each with the one it reduces to.
fn listed() -> impl Iterator<Item = (Vec<u8>, Vec<u8>)> {
    REDUCIBLE.lines().map(|line| {
        let (long, short) = line.split_once(' ').unwrap_or((line, ""));
        (moves(long), moves(short))
    })
}

#[cfg(test)]
/// What a string of moves does, found on a board wide enough for any string of up to
/// `max` moves from its middle, whose cells hold their own numbers.
struct Effects {
    max: usize,
    board: Vec<u32>,
    touched: Vec<u32>,
}

#[cfg(test)]
impl Effects {
    fn new(max: usize) -> Effects {
        let width = 2 * max + 1;
        Effects {
            max,
            board: (0..(width * width) as u32).collect(),
            touched: Vec::new(),
        }
    }

    /// Into `key`: the blank's last cell, then each cell whose tile `moves` moved, with
    /// the tile. Returned: the bounding box of the blank's cells.
    fn of(&mut self, moves: &[u8], key: &mut Vec<u32>) -> Frame {
        let width = 2 * self.max as i32 + 1;
        let (mut r, mut c) = (self.max as i32, self.max as i32);
        let mut frame = [r, r, c, c];
        self.touched.clear();
        self.touched.push((r * width + c) as u32);
        for &k in moves {
            let (dr, dc) = STEP[usize::from(k) & 3];
            let (nr, nc) = (r + dr, c + dc);
            let (at, to) = ((r * width + c) as usize, (nr * width + nc) as usize);
            self.board.swap(at, to);
            self.touched.push(to as u32);
            (r, c) = (nr, nc);
            frame = [
                frame[0].min(r),
                frame[1].max(r),
                frame[2].min(c),
                frame[3].max(c),
            ];
        }
        self.touched.sort_unstable();
        self.touched.dedup();
        key.clear();
        key.push((r * width + c) as u32);
        for &cell in &self.touched {
            let tile = self.board[cell as usize];
            if tile != cell {
                key.extend([cell, tile]);
            }
            self.board[cell as usize] = cell;
        }
        frame
    }
}

#[cfg(test)]
/// Whether `inner` lies within `outer`.
fn within(inner: &Frame, outer: &Frame) -> bool {
    inner[0] >= outer[0] && inner[1] <= outer[1] && inner[2] >= outer[2] && inner[3] <= outer[3]
}

#[cfg(test)]
/// Every minimal reducible string of up to `max` moves, shortest first and in
/// [`ORDER`](crate::geometry::ORDER) within a length, each with the first string (by
/// length, then order) that it reduces to.
///
/// The walk keeps the irreducible strings of each length. A string one move longer
/// is a candidate when it drops its first move to an irreducible string too (else it
/// holds a shorter reducible string and is not minimal); it is reducible when an
/// irreducible string before it has its effect and keeps to its bounding box. Looking
/// only among irreducible strings misses nothing: the first string a reducible one
/// reduces to is irreducible, since a reducible string in it could be replaced again.
fn reducible(max: usize) -> Vec<(Vec<u8>, Vec<u8>)> {
    use rustc_hash::FxHashSet;
    // A string as a number: its moves in base 4, after a leading 1.
    let code = |moves: &[u8]| moves.iter().fold(1u64, |code, &k| code << 2 | u64::from(k));
    let mut effects = Effects::new(max);
    let mut key = Vec::new();
    // For each effect, the irreducible strings with it, in order, and their frames.
    let mut seen = Seen::default();
    let frame = effects.of(&[], &mut key);
    seen.insert(key.clone().into(), vec![(frame, Vec::new())]);
    let mut irreducible: FxHashSet<u64> = FxHashSet::default();
    irreducible.insert(code(&[]));
    let mut last: Vec<Vec<u8>> = vec![Vec::new()];
    let mut found = Vec::new();
    for _ in 0..max {
        let mut longer = Vec::new();
        for prefix in &last {
            for k in 0..4u8 {
                let mut moves = prefix.clone();
                moves.push(k);
                if !irreducible.contains(&code(&moves[1..])) {
                    continue;
                }
                let frame = effects.of(&moves, &mut key);
                let Some(same) = seen.get_mut(key.as_slice()) else {
                    seen.insert(key.as_slice().into(), vec![(frame, moves.clone())]);
                    longer.push(moves);
                    continue;
                };
                if let Some((_, short)) = same.iter().find(|(f, _)| within(f, &frame)) {
                    found.push((moves, short.clone()));
                } else {
                    same.push((frame, moves.clone()));
                    longer.push(moves);
                }
            }
        }
        irreducible.extend(longer.iter().map(|m| code(m)));
        last = longer;
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    type Cell = (i32, i32);

    /// Where `moves` takes each tile, by a plain walk on an unbounded board: the
    /// cells whose tile moved, with the tile, and the blank's last cell (the blank
    /// starts at the origin); and the rows and columns the blank visited.
    fn walk(moves: &[u8]) -> (Vec<(Cell, Cell)>, Frame) {
        let mut board: std::collections::BTreeMap<Cell, Cell> = Default::default();
        let mut blank = (0, 0);
        let mut frame = [0; 4];
        for &k in moves {
            let (dr, dc) = STEP[usize::from(k)];
            let to = (blank.0 + dr, blank.1 + dc);
            let tile = *board.get(&to).unwrap_or(&to);
            let here = *board.get(&blank).unwrap_or(&blank);
            board.insert(blank, tile);
            board.insert(to, here);
            blank = to;
            frame = [
                frame[0].min(to.0),
                frame[1].max(to.0),
                frame[2].min(to.1),
                frame[3].max(to.1),
            ];
        }
        let mut effect: Vec<_> = board.into_iter().filter(|(c, t)| c != t).collect();
        effect.push((blank, blank));
        (effect, frame)
    }

    #[test]
    fn a_refused_map_of_classes_names_its_bytes() {
        // 24 bytes an entry, twice the states.
        assert_eq!(classes_refused(1000).bytes(), 48_000);
        assert_eq!(classes_refused(1000).what(), WHAT);
    }

    #[test]
    fn every_listed_string_reduces_to_the_one_beside_it() {
        let mut count = 0;
        for (long, short) in listed() {
            assert!(
                short.len() < long.len() || (short.len() == long.len() && short < long),
                "{} is not before {}",
                letters(&short),
                letters(&long)
            );
            let ((a, fa), (b, fb)) = (walk(&long), walk(&short));
            assert_eq!(a, b, "{} and {} differ", letters(&long), letters(&short));
            assert!(
                within(&fb, &fa),
                "{} leaves {}'s frame",
                letters(&short),
                letters(&long)
            );
            count += 1;
        }
        assert_eq!(count, 19625);
    }

    #[test]
    fn the_automaton_dies_at_the_end_of_a_listed_string_and_nowhere_before() {
        let fsm = Fsm::shared().unwrap();
        for (long, _) in listed() {
            let mut state = START;
            for (i, &k) in long.iter().enumerate() {
                state = fsm.step(state, usize::from(k));
                assert_eq!(state == DEAD, i + 1 == long.len(), "{}", letters(&long));
            }
        }
        // Undoing a move, the shortest reducible strings, anywhere in a path.
        assert_eq!(fsm.step(fsm.after(&moves("LDRUL")), 2), DEAD);
        assert_ne!(fsm.after(&moves("LDRUL")), DEAD);
        // A string with none: the automaton lives on.
        assert_ne!(fsm.after(&moves("DDDRRRUUULLLDDRRUL")), DEAD);
        assert_eq!(fsm.states(), 56_974);
    }

    #[test]
    fn parent_pruning_kills_exactly_the_strings_that_undo_a_move() {
        let parent = Fsm::of(Pruning::Parent).unwrap();
        let full = Fsm::of(Pruning::Automaton).unwrap();
        assert_eq!(parent.states(), 5); // the start, and after each move
        let mut more = 0;
        // Every string of up to 8 moves: dead where some move undoes the one before
        // (down and up, left and right: indices adding to 3), and only there.
        for len in 1..=8u32 {
            for code in 0..4usize.pow(len) {
                let moves: Vec<u8> = (0..len).map(|i| (code >> (2 * i) & 3) as u8).collect();
                let undoes = moves.windows(2).any(|w| w[0] + w[1] == 3);
                assert_eq!(parent.after(&moves) == DEAD, undoes, "{}", letters(&moves));
                // The automaton kills those and more.
                let killed = full.after(&moves) == DEAD;
                assert!(killed || !undoes, "{}", letters(&moves));
                more += u32::from(killed && !undoes);
            }
        }
        assert!(more > 0);
        assert_eq!("parent".parse(), Ok(Pruning::Parent));
        assert_eq!(Pruning::default(), Pruning::Automaton);
        assert_eq!(Pruning::Automaton.to_string(), "automaton");
    }

    #[test]
    fn merging_states_kills_the_same_strings() {
        let patterns: Vec<_> = listed().map(|(long, _)| long).collect();
        let full = aho_corasick(patterns.iter().cloned()).unwrap();
        let fsm = Fsm::new(patterns).unwrap();
        assert!(fsm.states() < full.len() - 1);
        // Random strings of moves that never undo the last one (so that they reach
        // deep states), each walked on both until one dies.
        let mut rng = grid_core::SplitMix64::new(0x2545_f491_4f6c_dd1d);
        let mut deaths = 0;
        for _ in 0..20_000 {
            let (mut a, mut b, mut last) = (START, START, 4usize);
            for _ in 0..60 {
                let k = loop {
                    let k = rng.below(4) as usize;
                    if k + last != 3 {
                        break k;
                    }
                };
                last = k;
                (a, b) = (full[a as usize][k], fsm.step(b, k));
                assert_eq!(a == DEAD, b == DEAD);
                if a == DEAD {
                    deaths += 1;
                    break;
                }
            }
        }
        assert!(deaths > 10_000, "{deaths} of 20,000 strings died");
    }

    #[test]
    fn the_walk_to_10_moves_finds_the_listed_strings_that_short() {
        let walked = reducible(10);
        let listed: Vec<_> = listed().filter(|(long, _)| long.len() <= 10).collect();
        assert_eq!(walked.len(), 358);
        assert!(
            walked == listed,
            "the walk to 10 moves and src/reducible.txt differ"
        );
    }

    /// Writes [`REDUCIBLE`] afresh when `FIFTEEN_WRITE_REDUCIBLE` is set.
    #[test]
    #[ignore = "takes a minute: the walk to 14 moves"]
    fn the_list_is_every_minimal_reducible_string_of_up_to_14_moves() {
        let found = reducible(MAX_LEN);
        let text: String = found
            .iter()
            .map(|(long, short)| format!("{} {}\n", letters(long), letters(short)))
            .collect();
        if std::env::var_os("FIFTEEN_WRITE_REDUCIBLE").is_some() {
            std::fs::write(
                concat!(env!("CARGO_MANIFEST_DIR"), "/src/reducible.txt"),
                &text,
            )
            .expect("write src/reducible.txt");
        }
        assert!(
            text == REDUCIBLE,
            "src/reducible.txt is not what the walk finds"
        );
    }
}
