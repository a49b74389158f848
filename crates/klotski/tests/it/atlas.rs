//! The atlas against a naive enumeration of small boards (every layout, every group,
//! every distance), against the solver on random layouts, and (ignored: it builds the
//! whole classic atlas; `.ci/run` runs it) against the published counts of the classic
//! board and the corpus's published minima.

#![allow(clippy::print_stderr)] // the histograms and figures

use grid_core::SplitMix64;
use klotski::atlas::{
    Atlas, AtlasBoard, AtlasError, AtlasFile, CLASSIC_HARDEST_MOVES, classic_hardest, hardest,
};
use klotski::{Goal, Layout, Metric, Pos, Solver};
use rstest::rstest;
use rustc_hash::{FxHashMap, FxHashSet};
use std::collections::{HashMap, VecDeque};
use std::io::Cursor;

use crate::corpus::classics;

/// A piece of the naive model: rows, columns, top row, left column.
type Piece = (usize, usize, usize, usize);

/// Every layout of a `rows x cols` board with one 2x2 and at least two empty cells, as
/// sorted piece lists, placing pieces on the first free cell in turn.
fn every_layout(rows: usize, cols: usize) -> Vec<Vec<Piece>> {
    fn fill(
        grid: &mut Vec<bool>,
        rows: usize,
        cols: usize,
        pieces: &mut Vec<Piece>,
        empties: usize,
        out: &mut Vec<Vec<Piece>>,
    ) {
        let Some(cell) = grid.iter().position(|&taken| !taken) else {
            if empties >= 2 && pieces.iter().filter(|p| (p.0, p.1) == (2, 2)).count() == 1 {
                let mut sorted = pieces.clone();
                sorted.sort();
                out.push(sorted);
            }
            return;
        };
        let (r, c) = (cell / cols, cell % cols);
        // An empty cell: marked taken, no piece.
        grid[cell] = true;
        fill(grid, rows, cols, pieces, empties + 1, out);
        grid[cell] = false;
        for (h, w) in [(1, 1), (1, 2), (2, 1), (2, 2)] {
            if r + h > rows || c + w > cols {
                continue;
            }
            let cells: Vec<usize> = (0..h)
                .flat_map(|dr| (0..w).map(move |dc| (r + dr) * cols + c + dc))
                .collect();
            if cells.iter().any(|&i| grid[i]) {
                continue;
            }
            for &i in &cells {
                grid[i] = true;
            }
            pieces.push((h, w, r, c));
            fill(grid, rows, cols, pieces, empties, out);
            pieces.pop();
            for &i in &cells {
                grid[i] = false;
            }
        }
    }
    let mut out = Vec::new();
    fill(
        &mut vec![false; rows * cols],
        rows,
        cols,
        &mut Vec::new(),
        0,
        &mut out,
    );
    out
}

/// The layouts one move from `layout`: a piece to any place it reaches by single
/// steps through cells no other piece holds.
fn moves(rows: usize, cols: usize, layout: &[Piece]) -> Vec<Vec<Piece>> {
    let mut out = Vec::new();
    for (i, &(h, w, r0, c0)) in layout.iter().enumerate() {
        let mut taken = vec![false; rows * cols];
        for (j, &(ph, pw, pr, pc)) in layout.iter().enumerate() {
            if j != i {
                for r in pr..pr + ph {
                    for c in pc..pc + pw {
                        taken[r * cols + c] = true;
                    }
                }
            }
        }
        let fits = |r: usize, c: usize| {
            r + h <= rows
                && c + w <= cols
                && (r..r + h).all(|rr| (c..c + w).all(|cc| !taken[rr * cols + cc]))
        };
        let mut seen = vec![(r0, c0)];
        let mut queue = VecDeque::from([(r0, c0)]);
        while let Some((r, c)) = queue.pop_front() {
            let mut next = vec![(r + 1, c), (r, c + 1)];
            if r > 0 {
                next.push((r - 1, c));
            }
            if c > 0 {
                next.push((r, c - 1));
            }
            for (nr, nc) in next {
                if fits(nr, nc) && !seen.contains(&(nr, nc)) {
                    seen.push((nr, nc));
                    queue.push_back((nr, nc));
                }
            }
        }
        for &(r, c) in &seen[1..] {
            let mut moved = layout.to_vec();
            moved[i] = (h, w, r, c);
            moved.sort();
            out.push(moved);
        }
    }
    out
}

/// `layout` as a klotski layout, labelled in the order of its pieces.
fn to_layout(rows: usize, cols: usize, goal: Pos, layout: &[Piece]) -> Layout {
    let mut board = vec![b'.'; rows * cols];
    let mut goal_label = 'A';
    for (n, &(h, w, r0, c0)) in layout.iter().enumerate() {
        let label = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghij"[n];
        if (h, w) == (2, 2) {
            goal_label = char::from(label);
        }
        for r in r0..r0 + h {
            for c in c0..c0 + w {
                board[r * cols + c] = label;
            }
        }
    }
    Layout::new(rows, cols, &board, Goal::new(goal_label, goal)).unwrap()
}

/// Every layout of the naive model, its distance (`None`: never solved), its group's
/// size, and the number of groups.
type Naive = (
    Vec<Vec<Piece>>,
    FxHashMap<Vec<Piece>, Option<u32>>,
    FxHashMap<Vec<Piece>, usize>,
    usize,
);

/// The naive atlas: every layout's distance from a solved one (BFS from all of them)
/// and its group's size (BFS from each unvisited layout).
fn naive(rows: usize, cols: usize, goal: Pos) -> Naive {
    let all = every_layout(rows, cols);
    let mut distance: FxHashMap<Vec<Piece>, Option<u32>> =
        all.iter().map(|l| (l.clone(), None)).collect();
    let mut queue = VecDeque::new();
    for layout in &all {
        if layout.contains(&(2, 2, goal.row, goal.col)) {
            distance.insert(layout.clone(), Some(0));
            queue.push_back(layout.clone());
        }
    }
    while let Some(layout) = queue.pop_front() {
        let d = distance[&layout].unwrap();
        for next in moves(rows, cols, &layout) {
            let entry = distance.get_mut(&next).expect("a move stays in the space");
            if entry.is_none() {
                *entry = Some(d + 1);
                queue.push_back(next);
            }
        }
    }
    let mut size = FxHashMap::default();
    let mut groups = 0;
    for start in &all {
        if size.contains_key(start) {
            continue;
        }
        groups += 1;
        let mut members = vec![start.clone()];
        let mut seen: FxHashSet<Vec<Piece>> = FxHashSet::default();
        seen.insert(start.clone());
        let mut at = 0;
        while at < members.len() {
            for next in moves(rows, cols, &members[at]) {
                if seen.insert(next.clone()) {
                    members.push(next);
                }
            }
            at += 1;
        }
        for member in members {
            size.insert(member, seen.len());
        }
    }
    (all, distance, size, groups)
}

/// Each board a case of its own, so that the test threads share them.
#[rstest]
#[case(4, 3, Pos::new(2, 1))]
#[case(3, 4, Pos::new(1, 1))]
#[case(5, 3, Pos::new(3, 0))]
#[case(3, 3, Pos::new(1, 1))]
fn small_boards_agree_with_a_naive_enumeration_layout_by_layout(
    #[case] rows: usize,
    #[case] cols: usize,
    #[case] goal: Pos,
) {
    let board = AtlasBoard { rows, cols, goal };
    let atlas = Atlas::build(board, 2, &Default::default()).unwrap();
    let (all, distance, size, groups) = naive(rows, cols, goal);
    assert_eq!(atlas.len(), all.len(), "{rows}x{cols}");
    assert_eq!(atlas.groups(), groups, "{rows}x{cols}");
    let mut ranks = vec![false; atlas.len()];
    let mut histogram = [0usize; 3];
    for layout in &all {
        let entry = atlas.entry(&to_layout(rows, cols, goal, layout)).unwrap();
        assert!(!ranks[entry.rank as usize], "two layouts of one rank");
        ranks[entry.rank as usize] = true;
        assert_eq!(
            entry.distance.map(u32::from),
            distance[layout],
            "{rows}x{cols} {layout:?}"
        );
        assert_eq!(entry.group_size as usize, size[layout], "{layout:?}");
        histogram[match entry.distance {
            None => 0,
            Some(d) if d < 10 => 1,
            Some(_) => 2,
        }] += 1;
        // The atlas's layout of that rank is the same layout.
        assert_eq!(
            atlas.entry(&atlas.layout(entry.rank)).unwrap(),
            entry,
            "{layout:?}"
        );
    }
    eprintln!("{rows}x{cols}: unsolvable, under 10, 10 or more: {histogram:?}");
    assert!(histogram[1] > 0 && histogram[0] > 0, "{histogram:?}");
    assert_eq!(board.layouts().unwrap() as usize, all.len());
    assert!(!atlas.is_empty());
    // Each group's farthest layout: the first of its layouts at its greatest
    // distance, or its first layout when it never reaches the exit.
    let mut farthest: HashMap<u32, (u32, Option<u8>)> = HashMap::new();
    for rank in 0..atlas.len() as u32 {
        let entry = atlas.entry_at(rank);
        let best = farthest
            .entry(entry.group)
            .or_insert((rank, entry.distance));
        if entry.distance > best.1 {
            *best = (rank, entry.distance);
        }
    }
    let table = atlas.group_table();
    assert_eq!(table.len(), groups);
    for (&group, &(rank, distance)) in &farthest {
        let row = table[group as usize];
        assert_eq!(
            (row.farthest, row.distance),
            (rank, distance),
            "group {group}"
        );
    }
    let unsolvable = table.iter().filter(|g| g.distance.is_none()).count();
    assert!(
        unsolvable > 0 && unsolvable < groups,
        "{unsolvable} of {groups}"
    );
    // The figures of the whole: the largest group, the layouts that reach the
    // exit, and the farthest of them with their ranks.
    assert_eq!(
        atlas.largest_group() as usize,
        *size.values().max().unwrap()
    );
    let reach = distance.values().filter(|d| d.is_some()).count();
    assert_eq!(atlas.solvable(), reach);
    let far = distance.values().filter_map(|&d| d).max().unwrap();
    let ranks: Vec<u32> = (0..atlas.len() as u32)
        .filter(|&r| atlas.entry_at(r).distance.map(u32::from) == Some(far))
        .collect();
    assert_eq!(atlas.farthest(), (far as u8, ranks.clone()));
    assert!(ranks.len() < all.len() && far > 1, "{far} {ranks:?}");
    if rows * cols >= 15 {
        assert!(histogram[2] * 20 >= all.len(), "{histogram:?}");
    }
}

/// What a build tells its watcher: the layouts done of twice their number (a first
/// pass finds the solved ones, then each layout is expanded once).
#[derive(Debug, Default)]
struct Told(std::sync::Mutex<Vec<(u64, u64)>>);

impl grid_core::progress::Progress for Told {
    fn building(&self, done: u64, total: u64) {
        self.0.lock().unwrap().push((done, total));
    }
}

/// On one thread the count told grows, by the first pass and each level, to exactly
/// twice the layouts: never past its total. The 5 x 3 board's first pass takes ten
/// chunks.
#[test]
fn a_build_tells_its_progress_up_to_twice_its_layouts() {
    let board = AtlasBoard {
        rows: 5,
        cols: 3,
        goal: Pos::new(3, 0),
    };
    let told = std::sync::Arc::new(Told::default());
    let watch = grid_core::progress::Watch::new(told.clone());
    let atlas = Atlas::build(board, 1, &watch).unwrap();
    let told = told.0.lock().unwrap().clone();
    let total = 2 * atlas.len() as u64;
    assert!(told.len() >= 3, "{told:?}");
    assert!(told.iter().all(|&(_, t)| t == total), "{told:?}");
    assert!(told.windows(2).all(|w| w[0].0 <= w[1].0), "{told:?}");
    assert_eq!(told.last().unwrap().0, total);
    // The first pass tells every layout once, no more (149,200 of them, in chunks
    // of 16,384 ranks: the last chunk ends inside a word of 64).
    assert!(
        told.iter().any(|&(done, _)| done == atlas.len() as u64),
        "{told:?}"
    );
}

/// A board with no room for two empty cells beside the 2x2 has no atlas (so no atlas
/// is empty: `Atlas::is_empty` is always false).
#[test]
fn a_board_the_2x2_fills_has_no_atlas() {
    let board = AtlasBoard {
        rows: 2,
        cols: 2,
        goal: Pos::new(0, 0),
    };
    let refused =
        |e: AtlasError| matches!(e, AtlasError::Board(why) if why.contains("holds no layout"));
    assert!(refused(board.layouts().unwrap_err()));
    assert!(refused(
        Atlas::build(board, 2, &Default::default()).unwrap_err()
    ));
    // With room for the two, it has its two layouts.
    let wider = AtlasBoard { cols: 3, ..board };
    assert_eq!(wider.layouts().unwrap(), 2);
    assert!(
        !Atlas::build(wider, 2, &Default::default())
            .unwrap()
            .is_empty()
    );
}

#[test]
fn small_board_distances_agree_with_the_solver_on_thousands_of_layouts() {
    let mut solver = Solver::new();
    for (rows, cols, goal, seed) in [
        (5, 3, Pos::new(3, 0), 1),
        (4, 4, Pos::new(2, 1), 2),
        (3, 5, Pos::new(1, 3), 3),
    ] {
        let board = AtlasBoard { rows, cols, goal };
        let atlas = Atlas::build(board, 2, &Default::default()).unwrap();
        let mut rng = SplitMix64::new(seed);
        // Unsolvable, solved already, 1 to 9 moves, 10 or more.
        let mut histogram = [0usize; 4];
        for _ in 0..1000 {
            let rank = rng.below(atlas.len() as u64) as u32;
            let layout = atlas.layout(rank);
            let entry = atlas.entry_at(rank);
            assert_eq!(
                solver.solve(&layout, Metric::Move).unwrap(),
                entry.distance.map(u64::from),
                "{rows}x{cols} rank {rank}"
            );
            histogram[match entry.distance {
                None => 0,
                Some(0) => 1,
                Some(d) if d < 10 => 2,
                Some(_) => 3,
            }] += 1;
        }
        eprintln!("{rows}x{cols}: unsolvable, solved, 1 to 9, 10 or more: {histogram:?}");
        // Both answers, and at least half a move or more away; these small boards
        // are mostly near the exit, so a twentieth (not a fifth) is 10 or more.
        assert!(
            histogram[0] > 0 && histogram[2] + histogram[3] >= 500,
            "{histogram:?}"
        );
        assert!(histogram[3] >= 50, "{histogram:?}");
    }
}

#[test]
fn the_file_reads_back_every_entry_and_refuses_damage() {
    let board = AtlasBoard {
        rows: 5,
        cols: 3,
        goal: Pos::new(3, 0),
    };
    let atlas = Atlas::build(board, 2, &Default::default()).unwrap();
    let mut bytes = Vec::new();
    atlas.write(&mut bytes).unwrap();
    let mut file = AtlasFile::open(Cursor::new(bytes.clone())).unwrap();
    assert_eq!(file.len(), atlas.len() as u64);
    assert_eq!(file.groups(), atlas.group_table());
    assert_eq!(file.solvable(), atlas.solvable() as u64);
    assert_eq!(file.max_distance(), atlas.farthest().0);
    assert!(!file.is_empty());
    let mut rng = SplitMix64::new(43);
    for _ in 0..2000 {
        let rank = rng.below(atlas.len() as u64) as u32;
        let layout = atlas.layout(rank);
        assert_eq!(file.layout(rank).as_ref(), Some(&layout));
        assert_eq!(file.entry(&layout).unwrap(), atlas.entry_at(rank));
    }
    // The ranks are those of the atlas, and none past its last.
    let last = atlas.len() as u32 - 1;
    assert_eq!(file.layout(0), Some(atlas.layout(0)));
    assert_eq!(file.layout(last), Some(atlas.layout(last)));
    assert_eq!(file.layout(last + 1), None);
    let refused = |bytes: Vec<u8>| match AtlasFile::open(Cursor::new(bytes)) {
        Err(AtlasError::File(why)) => why,
        Ok(mut file) => match file.entry_at(0) {
            Err(AtlasError::File(why)) => why,
            other => panic!("a damaged file was read: {other:?}"),
        },
        Err(other) => panic!("{other}"),
    };
    let mut truncated = bytes.clone();
    truncated.truncate(bytes.len() - 1);
    assert!(refused(truncated).contains("truncated"));
    assert!(refused(bytes[..40].to_vec()).contains("truncated"));
    assert!(refused(b"5 4\nABBC\n".to_vec()).contains("truncated"));
    let mut foreign = bytes.clone();
    foreign[0] = b'X';
    assert!(refused(foreign).contains("does not start"));
    let mut version = bytes.clone();
    version[8] = 9;
    assert!(refused(version).contains("version 9"));
    let mut header = bytes.clone();
    header[20] ^= 1;
    assert!(refused(header).contains("header"));
    let mut record = bytes.clone();
    let last = record.len() - 1;
    record[last] ^= 1;
    let mut file = AtlasFile::open(Cursor::new(record)).unwrap();
    let err = file.entry_at(atlas.len() as u32 - 1).unwrap_err();
    assert!(err.to_string().contains("checksum"), "{err}");
}

#[test]
fn layouts_outside_the_space_are_named() {
    let atlas = Atlas::build(
        AtlasBoard {
            rows: 4,
            cols: 3,
            goal: Pos::new(2, 1),
        },
        1,
        &Default::default(),
    )
    .unwrap();
    let outside = |rows: &[&str], goal: Goal| {
        let layout = Layout::from_rows(rows, goal).unwrap();
        match atlas.entry(&layout) {
            Err(AtlasError::Outside(why)) => why,
            other => panic!("{other:?}"),
        }
    };
    // Wrong board size.
    assert!(outside(&["AA.", "AA."], Goal::new('A', Pos::new(0, 0))).contains("3"));
    // The rows right, the columns not (and the other way round).
    let four = ["AA..", "AA..", "....", "...."];
    assert_eq!(
        outside(&four, Goal::new('A', Pos::new(0, 0))),
        "the board is 4 x 4, the atlas's 4 x 3"
    );
    let three = ["AA.", "AA.", "...", "...", "..."];
    assert_eq!(
        outside(&three, Goal::new('A', Pos::new(0, 0))),
        "the board is 5 x 3, the atlas's 4 x 3"
    );
    // An L-shaped piece.
    assert!(
        outside(
            &["AAB", "AAB", "CBB", "D.."],
            Goal::new('A', Pos::new(2, 1))
        )
        .contains("piece B")
    );
    // One empty cell.
    assert!(
        outside(
            &["AAB", "AAC", "DEF", "GH."],
            Goal::new('A', Pos::new(2, 1))
        )
        .contains("empty cells")
    );
    // The goal piece is not the 2x2.
    assert!(
        outside(
            &["AAB", "AAC", "D..", "EFG"],
            Goal::new('B', Pos::new(2, 1))
        )
        .contains("not the 2x2")
    );
    // Another goal.
    assert!(
        outside(
            &["AAB", "AAC", "D..", "EFG"],
            Goal::new('A', Pos::new(0, 0))
        )
        .contains("goal")
    );
}

/// Layouts of the classic board drawn at random ranks.
fn random_ranks(atlas: &Atlas, count: usize, seed: u64) -> Vec<u32> {
    let mut rng = SplitMix64::new(seed);
    (0..count)
        .map(|_| rng.below(atlas.len() as u64) as u32)
        .collect()
}

/// The text of `src/atlas/hardest.txt` (which `classic_hardest` reads) for `listed`.
fn hardest_text(listed: &[(u8, Layout)]) -> String {
    let mut text = format!(
        "# The classic board's hardest layouts (klotski::atlas::classic_hardest): the farthest\n\
         # layout of each group whose farthest is {CLASSIC_HARDEST_MOVES} moves or more from the exit, farthest\n\
         # first, then by rank; a line each: the distance (move metric), the goal piece's\n\
         # label and the five rows. Written from the whole atlas, not by hand:\n\
         # KLOTSKI_WRITE_HARDEST=1 cargo test -p gridsolve-klotski --test it -- --ignored atlas::\n"
    );
    for (moves, layout) in listed {
        text.push_str(&format!("{moves} {}", layout.goal().label));
        for r in 0..layout.rows() {
            text.push(' ');
            text.push_str(layout.board().row(r));
        }
        text.push('\n');
    }
    text
}

/// Builds the whole classic atlas (about 50 s of CPU; this crate is optimised in the
/// test profile too) and solves 2,000 layouts: `.ci/run` runs it with `cargo test -p
/// gridsolve-klotski --test it -- --ignored atlas::`.
#[test]
#[ignore = "builds the whole classic atlas (a minute or two): .ci/run runs it"]
fn classic_atlas_has_the_published_counts_and_agrees_with_the_solver() {
    let atlas = Atlas::build_classic(2, &Default::default()).unwrap();
    assert_eq!(atlas.len(), 29_334_498);
    assert_eq!(atlas.groups(), 25_422);
    assert_eq!(atlas.largest_group(), 964_656);
    let heng = Layout::from_rows(
        &["ABBC", "ABBC", "DEEF", "DGHF", "I..J"],
        Goal::new('B', Pos::new(3, 1)),
    )
    .unwrap();
    let entry = atlas.entry(&heng).unwrap();
    assert_eq!((entry.distance, entry.group_size), (Some(81), 25_955));

    // The corpus's classic layouts at their published minima.
    let mut checked = 0;
    for (file, name, rows, (label, row, col), published) in classics::CLASSICS {
        let layout =
            Layout::from_rows(&rows, Goal::new(label, Pos::new(row - 1, col - 1))).unwrap();
        match atlas.entry(&layout) {
            Ok(entry) => {
                let found = entry.distance.map_or(-1, i64::from);
                assert_eq!(found, published, "{file} {name}");
                checked += 1;
            }
            Err(AtlasError::Outside(why)) => eprintln!("{file} {name}: outside the atlas: {why}"),
            Err(other) => panic!("{other}"),
        }
    }
    eprintln!("{checked} classic layouts at their published minima");
    assert!(checked >= 30, "{checked}");

    // Random layouts: the solver's answer and reachable count.
    let mut solver = Solver::new();
    let mut histogram = [0usize; 3];
    for rank in random_ranks(&atlas, 2000, 4343) {
        let entry = atlas.entry_at(rank);
        let layout = atlas.layout(rank);
        let solved = solver.solve(&layout, Metric::Move).unwrap();
        assert_eq!(solved, entry.distance.map(u64::from), "rank {rank}");
        histogram[match entry.distance {
            None => 0,
            Some(d) if d < 10 => 1,
            Some(_) => 2,
        }] += 1;
    }
    eprintln!("random layouts: unsolvable, under 10, 10 or more: {histogram:?}");
    assert!(histogram[2] >= 200 && histogram[0] >= 20, "{histogram:?}");
    for rank in random_ranks(&atlas, 50, 4344) {
        let layout = atlas.layout(rank);
        assert_eq!(
            solver.reachable(&layout).unwrap(),
            u64::from(atlas.entry_at(rank).group_size),
            "rank {rank}"
        );
    }
    // The generator's random family on the classic board draws from this space.
    for seed in 0..60 {
        let params = klotski::generate::GenParams {
            family: klotski::generate::Family::Random,
            rows: 5,
            cols: 4,
            empty: 2,
            shapes: klotski::generate::Shapes::Classic,
            steps: [30, 200, 1000][seed as usize % 3],
            tries: 1,
            metric: Metric::Move,
            seed,
        };
        let layout = klotski::generate::generate(&params).unwrap();
        let entry = atlas.entry(&layout).unwrap();
        assert_eq!(
            solver.solve(&layout, Metric::Move).unwrap(),
            entry.distance.map(u64::from),
            "seed {seed}"
        );
    }
    // The farthest layouts are as far as the solver says.
    let (far, ranks) = atlas.farthest();
    eprintln!("{} layouts {far} moves from the exit", ranks.len());
    for &rank in ranks.iter().take(4) {
        assert_eq!(
            solver.solve(&atlas.layout(rank), Metric::Move).unwrap(),
            Some(u64::from(far))
        );
    }

    // The hardest layouts the crate keeps are the atlas's.
    let listed: Vec<(u8, Layout)> = hardest(atlas.group_table(), usize::MAX)
        .into_iter()
        .take_while(|&(moves, _)| moves >= CLASSIC_HARDEST_MOVES)
        .map(|(moves, rank)| (moves, atlas.layout(rank)))
        .collect();
    eprintln!(
        "{} groups {CLASSIC_HARDEST_MOVES} moves or more from the exit",
        listed.len()
    );
    if std::env::var_os("KLOTSKI_WRITE_HARDEST").is_some() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/atlas/hardest.txt");
        std::fs::write(path, hardest_text(&listed)).expect("write src/atlas/hardest.txt");
        eprintln!("wrote {path}: run again without KLOTSKI_WRITE_HARDEST to check it");
    } else {
        assert!(
            classic_hardest() == listed,
            "src/atlas/hardest.txt is not what the atlas gives (KLOTSKI_WRITE_HARDEST=1 writes it)"
        );
    }

    // The file gives the same answers.
    let mut bytes = Vec::new();
    atlas.write(&mut bytes).unwrap();
    eprintln!("atlas file: {} bytes", bytes.len());
    assert!(bytes.len() < 128 << 20);
    let mut file = AtlasFile::open(Cursor::new(bytes)).unwrap();
    for rank in random_ranks(&atlas, 500, 4345) {
        assert_eq!(file.entry_at(rank).unwrap(), atlas.entry_at(rank));
    }
    assert_eq!(file.entry(&heng).unwrap(), entry);
}
