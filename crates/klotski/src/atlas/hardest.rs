//! The hardest layouts of an atlas (the farthest layout of each of the groups whose
//! farthest layouts are farthest from the exit), and the classic board's, kept in the
//! crate ([`classic_hardest`]) so that they are at hand without building its atlas.

use super::{AtlasBoard, Group};
use crate::{Goal, Layout};

/// The classic board's hardest layouts ([`classic_hardest`]), a line each after the
/// comment: the distance, the goal piece's label and the five rows. The ignored test
/// `classic_atlas_has_the_published_counts_and_agrees_with_the_solver` writes it from
/// the whole atlas with `KLOTSKI_WRITE_HARDEST=1`, and otherwise checks that it is what
/// the atlas gives.
const CLASSIC_HARDEST: &str = include_str!("hardest.txt");

/// The farthest layouts of the `count` groups of `groups` whose farthest layouts are
/// farthest from the exit: each one's distance and rank, farthest first, then by rank.
/// Groups that never reach the exit are left out.
///
/// ```
/// use klotski::atlas::{Group, hardest};
///
/// let groups = [
///     Group { size: 5, farthest: 7, distance: Some(3) },
///     Group { size: 2, farthest: 1, distance: None },
///     Group { size: 9, farthest: 4, distance: Some(8) },
///     Group { size: 4, farthest: 2, distance: Some(3) },
/// ];
/// assert_eq!(hardest(&groups, 2), [(8, 4), (3, 2)]);
/// assert_eq!(hardest(&groups, 9).len(), 3);
/// ```
pub fn hardest(groups: &[Group], count: usize) -> Vec<(u8, u32)> {
    let mut far: Vec<(u8, u32)> = groups
        .iter()
        .filter_map(|g| g.distance.map(|d| (d, g.farthest)))
        .collect();
    far.sort_by_key(|&(d, rank)| (std::cmp::Reverse(d), rank));
    far.truncate(count);
    far
}

/// The classic board's hardest layouts with their distances (move metric), as
/// [`hardest`] lists them from its atlas ([`AtlasBoard::CLASSIC`]): the farthest layout
/// of each group whose farthest layout is [`CLASSIC_HARDEST_MOVES`] moves or more from
/// the exit (45 groups, 138 moves down to 30), farthest first, then by rank, labelled as
/// [`Atlas::layout`](super::Atlas::layout) labels them.
///
/// ```
/// use klotski::atlas::classic_hardest;
/// use klotski::{Metric, Solver};
///
/// let hardest = classic_hardest();
/// assert_eq!(hardest.len(), 45);
/// let (moves, layout) = &hardest[0];
/// assert_eq!(*moves, 138);
/// assert_eq!(Solver::new().solve(layout, Metric::Move)?, Some(138));
/// # Ok::<(), klotski::LimitError>(())
/// ```
pub fn classic_hardest() -> Vec<(u8, Layout)> {
    let goal = AtlasBoard::CLASSIC.goal;
    CLASSIC_HARDEST
        .lines()
        .filter(|line| !line.is_empty() && !line.starts_with('#'))
        .map(|line| {
            let fields: Vec<&str> = line.split(' ').collect();
            let [moves, label, rows @ ..] = fields.as_slice() else {
                unreachable!("a line of hardest.txt has a distance, a label and rows")
            };
            let moves = moves.parse().expect("a distance of hardest.txt");
            let label = label.chars().next().expect("a label of hardest.txt");
            let layout =
                Layout::from_rows(rows, Goal::new(label, goal)).expect("a layout of hardest.txt");
            (moves, layout)
        })
        .collect()
}

/// The fewest moves of the layouts [`classic_hardest`] lists: a group's farthest layout
/// is one of them when it is this far from the exit or farther. (The classic board's
/// groups fall off fast: the 100th farthest is 15 moves away, the 400th 5.)
pub const CLASSIC_HARDEST_MOVES: u8 = 30;

#[cfg(test)]
mod tests {
    use super::*;

    /// The farthest first, ties by rank, the groups that never reach the exit left
    /// out, at most `count` (the doc example's, which the mutation runs do not run,
    /// and a tie).
    #[test]
    fn the_hardest_are_the_farthest_groups_farthest_first_then_by_rank() {
        let group = |farthest, distance| Group {
            size: 1,
            farthest,
            distance,
        };
        let groups = [
            group(7, Some(3)),
            group(1, None),
            group(4, Some(8)),
            group(2, Some(3)),
            group(9, Some(8)),
        ];
        assert_eq!(hardest(&groups, 2), [(8, 4), (8, 9)]);
        assert_eq!(hardest(&groups, 3), [(8, 4), (8, 9), (3, 2)]);
        assert_eq!(hardest(&groups, 9), [(8, 4), (8, 9), (3, 2), (3, 7)]);
        assert_eq!(hardest(&groups, 0), []);
        assert_eq!(hardest(&[group(5, None)], 3), []);
    }
}
