//! Which states of the (piece cell, blank side) graph can lead to which: its strongly
//! connected components, computed once per board, answer "can the piece ever reach
//! the target" before a search would find out by exhausting everything it can reach.

use crate::detour::DetourTable;
use grid_core::memory::{AllocError, try_push, try_vec};
use grid_core::{Dir, Grid, Stamped};

/// What the tables of [`Reach`] are called in a refusal.
const TABLE: &str = "a table of the state graph";
/// What its search's stack is called in a refusal.
const STACK: &str = "the stack of the state graph's search";

/// Marks a state that does not exist (a fixed cell, or a fixed side).
const NONE: u32 = u32::MAX;

/// The components of the state graph and the graph between them.
#[derive(Debug)]
pub(crate) struct Reach {
    /// Per state `cell * 4 + side`: its component, or [`NONE`].
    component: Vec<u32>,
    /// The components each component has edges to, as `targets[starts[c]..starts[c + 1]]`.
    starts: Vec<u32>,
    targets: Vec<u32>,
}

/// The states one move leads to from `state` (a state that exists): the piece steps to
/// a neighbour whose side the blank can walk round to. [`NONE`] where it cannot.
#[inline]
fn successors(grid: &Grid<bool>, detour: &DetourTable, state: usize) -> [u32; 4] {
    let cell = state / 4;
    let joined = detour.joined(cell) >> (state % 4 * 4);
    std::array::from_fn(|d| {
        if joined & 1 << d != 0 {
            let to = grid.step(cell, Dir::from_index(d));
            (to * 4 + Dir::from_index(d).opposite().index()) as u32
        } else {
            NONE
        }
    })
}

impl Reach {
    /// Tarjan's algorithm, with an explicit stack (boards are too large for recursion).
    ///
    /// # Errors
    /// When the memory for its tables is refused.
    pub(crate) fn new(grid: &Grid<bool>, detour: &DetourTable) -> Result<Reach, AllocError> {
        let states = grid.storage_size() * 4;
        let offsets = Dir::ALL.map(|d| grid.offset(d));
        let exists = |s: usize| grid[s / 4] && grid[(s / 4).wrapping_add_signed(offsets[s % 4])];
        let mut index = try_vec(states, NONE, TABLE)?;
        let mut low = try_vec(states, 0u32, TABLE)?;
        let mut component = try_vec(states, NONE, TABLE)?;
        let mut on_stack = try_vec(states, false, TABLE)?;
        let mut stack: Vec<u32> = Vec::new();
        // Frames of the depth-first search: the state, its successors, how many tried.
        let mut frames: Vec<(u32, [u32; 4], u8)> = Vec::new();
        let mut next_index = 0u32;
        let mut components = 0u32;
        for root in 0..states {
            if !exists(root) || index[root] != NONE {
                continue;
            }
            index[root] = next_index;
            low[root] = next_index;
            next_index += 1;
            try_push(&mut stack, root as u32, STACK)?;
            on_stack[root] = true;
            try_push(
                &mut frames,
                (root as u32, successors(grid, detour, root), 0),
                STACK,
            )?;
            while let Some(frame) = frames.last_mut() {
                let v = frame.0 as usize;
                if usize::from(frame.2) < 4 {
                    let w = frame.1[usize::from(frame.2)];
                    frame.2 += 1;
                    if w == NONE {
                        continue;
                    }
                    let w = w as usize;
                    if index[w] == NONE {
                        index[w] = next_index;
                        low[w] = next_index;
                        next_index += 1;
                        try_push(&mut stack, w as u32, STACK)?;
                        on_stack[w] = true;
                        try_push(
                            &mut frames,
                            (w as u32, successors(grid, detour, w), 0),
                            STACK,
                        )?;
                    } else if on_stack[w] {
                        low[v] = low[v].min(index[w]);
                    }
                    continue;
                }
                frames.pop();
                if let Some(&(parent, _, _)) = frames.last() {
                    let p = parent as usize;
                    low[p] = low[p].min(low[v]);
                }
                if low[v] == index[v] {
                    loop {
                        let w = stack.pop().expect("v is on the stack") as usize;
                        on_stack[w] = false;
                        component[w] = components;
                        if w == v {
                            break;
                        }
                    }
                    components += 1;
                }
            }
        }
        // The edges between components, grouped by their source (compressed rows, by a
        // counting sort; a repeated edge costs the reachability search nothing).
        let component_of = &component;
        let crossing = |s: usize| {
            let component = component_of;
            let from = component[s];
            successors(grid, detour, s)
                .into_iter()
                .filter(move |&w| w != NONE && component[w as usize] != from)
                .map(move |w| (from, component[w as usize]))
        };
        let mut starts = try_vec(components as usize + 1, 0u32, TABLE)?;
        for s in (0..states).filter(|&s| component[s] != NONE) {
            for (from, _) in crossing(s) {
                starts[from as usize + 1] += 1;
            }
        }
        for c in 0..components as usize {
            starts[c + 1] += starts[c];
        }
        let mut fill = try_vec(starts.len(), 0u32, TABLE)?;
        fill.copy_from_slice(&starts);
        let mut targets = try_vec(starts[components as usize] as usize, 0u32, TABLE)?;
        for s in (0..states).filter(|&s| component[s] != NONE) {
            for (from, to) in crossing(s) {
                targets[fill[from as usize] as usize] = to;
                fill[from as usize] += 1;
            }
        }
        Ok(Reach {
            component,
            starts,
            targets,
        })
    }

    /// The component of `state` (`None` for a state that does not exist).
    pub(crate) fn component(&self, state: usize) -> Option<u32> {
        Some(self.component[state]).filter(|&c| c != NONE)
    }

    /// The component with the most states (the lowest-numbered of the largest), or
    /// `None` on a board with no state.
    ///
    /// # Errors
    /// When the memory for a count per component is refused.
    pub(crate) fn largest(&self) -> Result<Option<u32>, AllocError> {
        let mut sizes = try_vec(self.components(), 0u32, TABLE)?;
        for &c in self.component.iter().filter(|&&c| c != NONE) {
            sizes[c as usize] += 1;
        }
        Ok((0..sizes.len() as u32).max_by_key(|&c| (sizes[c as usize], std::cmp::Reverse(c))))
    }

    /// Number of components (the size of a per-component buffer).
    pub(crate) fn components(&self) -> usize {
        self.starts.len() - 1
    }

    /// Whether any of the `goals` states can be reached from any of the `from` states.
    pub(crate) fn any_reachable(
        &self,
        from: impl Iterator<Item = usize>,
        goals: [usize; 4],
        seen: &mut Stamped<()>,
        stack: &mut Vec<u32>,
    ) -> bool {
        let goal_components = goals.map(|s| self.component[s]);
        seen.clear();
        stack.clear();
        for s in from {
            let c = self.component[s];
            if c != NONE && seen.insert(c as usize, ()) {
                stack.push(c);
            }
        }
        while let Some(c) = stack.pop() {
            if goal_components.contains(&c) {
                // (`c` is never NONE, so goals that do not exist never match.)
                return true;
            }
            let edges = &self.targets
                [self.starts[c as usize] as usize..self.starts[c as usize + 1] as usize];
            for &next in edges {
                if seen.insert(next as usize, ()) {
                    stack.push(next);
                }
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Board;
    use crate::generate::{Family, GenParams, generate};

    /// Small boards drawn by hand (corridors, rings, fixed cells inside), and generated
    /// ones, whose components have moves from one to another.
    fn boards() -> Vec<Board> {
        let drawn: [&[&str]; 5] = [
            &["1111"],
            &["111", "101", "111"],
            &["1111", "1101", "1111"],
            &["11011", "11111", "10011"],
            &["111", "111"],
        ];
        let mut boards: Vec<Board> = drawn
            .iter()
            .map(|rows| Board::from_rows(rows).unwrap())
            .collect();
        for (family, rows, cols, density, seed) in [
            (Family::Random, 6, 7, 30, 1),
            (Family::Random, 7, 6, 40, 2),
            (Family::Rooms, 8, 9, 25, 3),
            (Family::Maze, 7, 7, 25, 4),
        ] {
            let params = GenParams {
                family,
                rows,
                cols,
                density,
                queries: 0,
                seed,
            };
            boards.push(generate(&params).expect("valid parameters").0);
        }
        boards
    }

    /// Whether the state `cell * 4 + side` exists: both the piece's cell and the
    /// blank's, on that side of it, are movable.
    fn exists(grid: &Grid<bool>, state: usize) -> bool {
        let cell = state / 4;
        grid[cell] && grid[grid.step(cell, Dir::from_index(state % 4))]
    }

    /// The states each existing state leads to (itself included), by a plain search
    /// over single moves.
    fn reached(grid: &Grid<bool>, detour: &DetourTable) -> Vec<Vec<bool>> {
        let states = grid.storage_size() * 4;
        (0..states)
            .map(|start| {
                let mut seen = vec![false; states];
                if !exists(grid, start) {
                    return seen;
                }
                seen[start] = true;
                let mut todo = vec![start];
                while let Some(s) = todo.pop() {
                    for next in successors(grid, detour, s) {
                        if next != NONE && !seen[next as usize] {
                            seen[next as usize] = true;
                            todo.push(next as usize);
                        }
                    }
                }
                seen
            })
            .collect()
    }

    #[test]
    fn components_are_the_states_that_reach_each_other() {
        for board in boards() {
            let grid = board.grid();
            let detour = DetourTable::new(grid).unwrap();
            let reach = Reach::new(grid, &detour).unwrap();
            let reached = reached(grid, &detour);
            let states = reached.len();
            let rows = &board;
            let mut classes: Vec<Vec<usize>> = Vec::new();
            for (s, from_s) in reached.iter().enumerate() {
                assert_eq!(
                    reach.component(s).is_some(),
                    exists(grid, s),
                    "{rows:?} {s}"
                );
                if !exists(grid, s) {
                    continue;
                }
                for t in (0..states).filter(|&t| exists(grid, t)) {
                    let mutual = from_s[t] && reached[t][s];
                    assert_eq!(
                        reach.component(s) == reach.component(t),
                        mutual,
                        "{rows:?} {s} {t}"
                    );
                }
                match classes
                    .iter_mut()
                    .find(|c| reached[c[0]][s] && from_s[c[0]])
                {
                    Some(class) => class.push(s),
                    None => classes.push(vec![s]),
                }
            }
            assert_eq!(reach.components(), classes.len(), "{rows:?}");
            // Moves can be undone (see `any_reachable_is_a_plain_search_s_answer`): no
            // component has a move to another.
            assert!(reach.targets.is_empty(), "{rows:?}");
            assert_eq!(reach.starts, vec![0; classes.len() + 1], "{rows:?}");
            // The largest: as many states as the largest class, and the first such.
            let largest = reach.largest().unwrap().expect("states exist");
            let size = |c: u32| {
                (0..states)
                    .filter(|&s| reach.component(s) == Some(c))
                    .count()
            };
            let most = classes.iter().map(Vec::len).max().unwrap();
            assert_eq!(size(largest), most, "{rows:?}");
            assert!((0..largest).all(|c| size(c) < most), "{rows:?}");
        }
    }

    #[test]
    fn any_reachable_is_a_plain_search_s_answer() {
        // Answers, yes ones, and yes ones through a move to another component.
        let (mut answers, mut yes, mut across) = (0, 0, 0);
        for board in boards() {
            let rows = &board;
            let grid = board.grid();
            let detour = DetourTable::new(grid).unwrap();
            let reach = Reach::new(grid, &detour).unwrap();
            let reached = reached(grid, &detour);
            let states = reached.len();
            let missing = (0..states).find(|&s| !exists(grid, s)).unwrap();
            let mut seen = Stamped::new(reach.components(), ());
            let mut stack = Vec::new();
            for s in (0..states).filter(|&s| exists(grid, s)) {
                for cell in 0..states / 4 {
                    let goals = std::array::from_fn(|side| cell * 4 + side);
                    let expected = goals.iter().any(|&g| exists(grid, g) && reached[s][g]);
                    // A state that does not exist among the starts is passed over.
                    let from = [missing, s].into_iter();
                    assert_eq!(
                        reach.any_reachable(from, goals, &mut seen, &mut stack),
                        expected,
                        "{rows:?} from {s} to cell {cell}"
                    );
                    answers += 1;
                    yes += usize::from(expected);
                    let own = goals
                        .iter()
                        .any(|&g| reach.component(g) == reach.component(s));
                    across += usize::from(expected && !own);
                }
            }
        }
        // Both answers, many times each.
        assert!(
            yes * 10 > answers && yes * 10 < answers * 9,
            "{yes} of {answers}"
        );
        // None through a move to another component: every move can be undone in three
        // (a piece that stepped from side a's blank to side d returns, the blank now on
        // side d, steps out on side a and back), so the components have no moves
        // between them.
        assert_eq!(across, 0, "of {yes}");
    }
}
