//! What makes the playground a game beyond solving: the levels built in (each one case
//! of a fixture, listed and titled by its puzzle's `fixtures/PUZZLE/levels.txt`, its
//! optimum the fixture's known answer), new puzzles from a puzzle's generator at a
//! difficulty, and the next move of an optimal line from the position played.
//!
//! Nothing here knows which puzzles there are: levels and their titles are data, a case
//! is cut out of its fixture and its answer read from the fixture's output by the
//! puzzle's [`Play::case_alone`], difficulties are the presets each puzzle's
//! generator offers (`Generator::presets`: an option set and the band of optima it
//! should give, plain defaults for a generator that offers none), and the next move is
//! found through [`Play::play`] alone.

use crate::{FIXTURES, LEVEL_LISTS, OUTPUTS};
use puzzles::{Dir, Key, Limits, Options, Play, Played, Pos, Puzzle, RunError};
use std::collections::HashSet;
use std::fmt;
use std::sync::OnceLock;

/// A level as the picker lists it: one case, with the title a player sees and its
/// optimum.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Level {
    /// The puzzle it is a level of.
    pub puzzle: &'static str,
    /// What a request and a link name: a fixture of one case by its name (`level07`,
    /// `sample`), or case N of a fixture alone as `FIXTURE:N` (`korf100:79`).
    pub name: &'static str,
    /// What the picker shows, from `levels.txt`: `Level 7`, `1. 橫刀立馬`, `Korf #79`.
    pub title: &'static str,
    /// `true` for a level of a game or a published corpus (the sample too), `false` for
    /// a board made here.
    pub game: bool,
    /// Its minimum number of moves, the fixture's known answer in its `.out` (`-1`: no
    /// solution).
    pub optimum: i64,
    /// Its judge input: the fixture itself, or its case alone as the puzzle writes it.
    pub text: String,
}

/// The levels of `puzzle`, in the order of its `levels.txt`. A line that does not name
/// a case of a bundled fixture with a known answer is left out (a test requires that
/// none is).
pub fn levels(puzzle: &str) -> Vec<&'static Level> {
    all_levels()
        .0
        .iter()
        .filter(|l| l.puzzle == puzzle)
        .collect()
}

/// The level `name` of `puzzle`.
pub fn find_level(puzzle: &str, name: &str) -> Option<&'static Level> {
    all_levels()
        .0
        .iter()
        .find(|l| l.puzzle == puzzle && l.name == name)
}

/// Every level of every puzzle, read once, and why each line left out was.
fn all_levels() -> &'static (Vec<Level>, Vec<String>) {
    static LEVELS: OnceLock<(Vec<Level>, Vec<String>)> = OnceLock::new();
    LEVELS.get_or_init(|| {
        let (mut levels, mut problems) = (Vec::new(), Vec::new());
        for (puzzle, text) in LEVEL_LISTS {
            for line in text.lines() {
                if line.trim().is_empty() || line.starts_with('#') {
                    continue;
                }
                match level(puzzle, line) {
                    Ok(level) => levels.push(level),
                    Err(why) => problems.push(format!("{puzzle} levels.txt: {line:?}: {why}")),
                }
            }
        }
        (levels, problems)
    })
}

/// The level a `levels.txt` line of `puzzle` lists: `LEVEL  KIND  TITLE`.
fn level(puzzle: &'static str, line: &'static str) -> Result<Level, String> {
    let line = line.trim();
    let (name, rest) = line
        .split_once(char::is_whitespace)
        .ok_or("expected LEVEL  KIND  TITLE")?;
    let (kind, title) = rest
        .trim_start()
        .split_once(char::is_whitespace)
        .ok_or("expected LEVEL  KIND  TITLE")?;
    let title = title.trim();
    let game = match kind {
        "game" => true,
        "board" => false,
        _ => return Err(format!("the kind is game or board, not {kind:?}")),
    };
    let (fixture, case) = match name.split_once(':') {
        Some((fixture, n)) => {
            let n = n
                .parse::<usize>()
                .ok()
                .filter(|&n| n > 0)
                .ok_or_else(|| format!("{n:?} is no case number (from 1)"))?;
            (fixture, Some(n))
        }
        None => (name, None),
    };
    let find = |table: &'static [(&'static str, &'static str, &'static str)]| {
        table
            .iter()
            .find(|(p, n, _)| *p == puzzle && *n == fixture)
            .map(|(_, _, text)| *text)
    };
    let input = find(FIXTURES).ok_or_else(|| format!("no fixture {fixture}"))?;
    let output = find(OUTPUTS).ok_or_else(|| format!("no output of {fixture}"))?;
    let player = puzzles::find(puzzle)
        .and_then(|p| p.player())
        .ok_or("the puzzle has no game to play")?;
    let alone = player
        .case_alone(
            puzzles::Input::bytes(input.as_bytes()),
            output,
            &Options::new(),
            case.unwrap_or(1),
        )
        .map_err(|e| e.describe("fixture"))?;
    let text = match case {
        Some(_) => alone.input,
        None if alone.cases == 1 => input.to_string(),
        None => {
            return Err(format!(
                "{fixture} has {} cases: name one, {fixture}:N",
                alone.cases
            ));
        }
    };
    Ok(Level {
        puzzle,
        name,
        title,
        game,
        optimum: alone
            .answer
            .map_or(-1, |m| i64::try_from(m).unwrap_or(i64::MAX)),
        text,
    })
}

/// How hard a new puzzle is.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Difficulty {
    Easy,
    Medium,
    Hard,
}

impl Difficulty {
    pub const ALL: [Difficulty; 3] = [Difficulty::Easy, Difficulty::Medium, Difficulty::Hard];

    pub fn name(self) -> &'static str {
        match self {
            Difficulty::Easy => "easy",
            Difficulty::Medium => "medium",
            Difficulty::Hard => "hard",
        }
    }

    pub fn from_name(name: &str) -> Option<Difficulty> {
        Difficulty::ALL.into_iter().find(|d| d.name() == name)
    }
}

/// How many seeds a new puzzle tries (from the one asked for) to find a board whose
/// optimum is in the difficulty's band.
pub const GENERATE_TRIES: u64 = 24;

/// A generated board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Generated {
    /// The judge input.
    pub input: String,
    /// The seed that made it: the same puzzle, difficulty and seed make it again, at
    /// once.
    pub seed: u64,
    /// Its minimum number of moves.
    pub optimum: u64,
    /// The generator's options, as `gridsolve gen` takes them (`--rows 8 ...`).
    pub command: String,
}

/// Why no board was generated.
#[derive(Debug)]
pub enum GenerateError {
    /// The puzzle has no generator or no game.
    Lacks(String),
    /// The generator refused its options.
    Generator(String),
    /// Solving a generated board failed (a limit).
    Solve(RunError),
    /// No seed of the tries gave a board in the band.
    NoneFound { difficulty: &'static str, from: u64 },
}

impl fmt::Display for GenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            GenerateError::Lacks(what) | GenerateError::Generator(what) => f.write_str(what),
            GenerateError::Solve(e) => write!(f, "{}", e.describe("generated board")),
            GenerateError::NoneFound { difficulty, from } => write!(
                f,
                "no {difficulty} board in {GENERATE_TRIES} seeds from {from}: try another seed"
            ),
        }
    }
}

/// A new board of `puzzle` at `difficulty`: the first of the seeds from `seed` (at most
/// [`GENERATE_TRIES`]) whose board has a solution in the difficulty's band, solved
/// within `limits` (a board whose search stops at a limit is passed over). `stop` is
/// asked between seeds.
///
/// # Errors
/// See [`GenerateError`].
pub fn generate(
    puzzle: &dyn Puzzle,
    difficulty: Difficulty,
    seed: u64,
    limits: Limits,
    stop: &dyn Fn() -> bool,
) -> Result<Generated, GenerateError> {
    let name = puzzle.about().name;
    let generator = puzzle
        .generator()
        .ok_or_else(|| GenerateError::Lacks(format!("{name} has no generator")))?;
    let player = puzzle
        .player()
        .ok_or_else(|| GenerateError::Lacks(format!("{name} has no game to play")))?;
    let preset = generator
        .presets()
        .iter()
        .find(|p| p.difficulty == difficulty.name());
    let (pairs, band) = preset.map_or((&[][..], (1, u64::MAX)), |p| (p.options, p.band));
    let mut stopped = None;
    for seed in seed..seed.saturating_add(GENERATE_TRIES) {
        if stop() {
            break;
        }
        let mut options = Options::new();
        for (key, value) in pairs {
            options.set(key, value);
        }
        options.set("seed", seed);
        let mut input = Vec::new();
        generator
            .generate(&options, &mut input)
            .map_err(|e| GenerateError::Generator(e.to_string()))?;
        let input = String::from_utf8_lossy(&input).into_owned();
        let played = match player.play(
            puzzles::Input::bytes(input.as_bytes()),
            &Options::new(),
            limits,
            1,
            "",
            None,
        ) {
            Ok(played) => played,
            // A board the budget cannot solve is no board to play: the next seed's may
            // be (a hard preset's boards are near the budget's edge).
            Err(e @ RunError::Unsolved { .. }) => {
                stopped = Some(e);
                continue;
            }
            Err(e) => return Err(GenerateError::Solve(e)),
        };
        if let Some(optimum) = played.left.filter(|m| (band.0..=band.1).contains(m)) {
            let mut command: Vec<String> =
                pairs.iter().map(|(k, v)| format!("--{k} {v}")).collect();
            command.push(format!("--seed {seed}"));
            return Ok(Generated {
                input,
                seed,
                optimum,
                command: command.join(" "),
            });
        }
    }
    Err(stopped.map_or(
        GenerateError::NoneFound {
            difficulty: difficulty.name(),
            from: seed,
        },
        GenerateError::Solve,
    ))
}

/// The first move of an optimal line from a position.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NextMove {
    /// The key that plays it: a direction, and the piece's cell when a piece is picked.
    pub key: Key,
    /// The path after it.
    pub path: String,
    /// The fewest moves left after it.
    pub left: u64,
}

/// The game being asked for a hint: the player, its input and case, and the budget of
/// each search.
pub struct Game<'a> {
    pub player: &'a dyn Play,
    pub input: &'a [u8],
    pub options: &'a Options,
    pub limits: Limits,
    pub case: usize,
    /// Whether the puzzle's pieces are labelled (one piece a label, picked by a click).
    pub labels: bool,
}

impl fmt::Debug for Game<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Game")
            .field("input", &self.input.len())
            .field("options", self.options)
            .field("limits", &self.limits)
            .field("case", &self.case)
            .field("labels", &self.labels)
            .finish_non_exhaustive()
    }
}

impl Game<'_> {
    fn play(&self, path: &str, key: Option<Key>) -> Result<Played, RunError> {
        self.player.play(
            puzzles::Input::bytes(self.input),
            self.options,
            self.limits,
            self.case,
            path,
            key,
        )
    }
}

/// How many further steps of the same piece [`next_move`] looks at to tell the first
/// step of a long optimal move from a wasted one.
const CONTINUATION_DEPTH: usize = 3;

/// The first move of an optimal line from the position `path` leads to (`None`: solved
/// or lost), found by trying every key the picture offers (each direction, alone and
/// with each piece picked) and keeping one after which the moves played and the fewest
/// left add up to no more than before.
///
/// Where a move is several steps of one piece (a metric that counts a piece's whole
/// slide as one move), the moves left
/// from a position count the rest of the move being made as a move of its own: a step
/// joined onto that move which finishes it for free comes first; the first step of a
/// long move, which alone looks a move worse, is taken when further steps of the same
/// piece, joined onto it, reach the optimum. `stop` is asked between tries.
///
/// # Errors
/// The path does not replay, a search stopped at a limit, or `stop` said so
/// ([`RunError::Usage`] "stopped").
pub fn next_move(
    game: &Game<'_>,
    path: &str,
    stop: &dyn Fn() -> bool,
) -> Result<Option<NextMove>, RunError> {
    let now = game.play(path, None)?;
    let Some(left) = now.left.filter(|&l| l > 0) else {
        return Ok(None);
    };
    let best = now.moves as u64 + left;
    let mut seen = HashSet::from([now.path.clone()]);
    let (mut exact, mut joined, mut near) = (None, Vec::new(), Vec::new());
    for key in keys(&now, game.labels) {
        if stop() {
            return Err(stopped());
        }
        let after = game.play(path, Some(key))?;
        if after.refused.is_some() || !seen.insert(after.path.clone()) {
            continue;
        }
        let Some(left) = after.left else { continue };
        let total = after.moves as u64 + left;
        if after.moves == now.moves {
            // A step joined onto the last move: it may finish that move for free.
            if total + 1 == best {
                return Ok(Some(found(key, after)));
            }
            if total == best {
                joined.push((key, after));
            }
        } else if total == best {
            exact.get_or_insert((key, after));
        } else if total == best + 1 && key.picked.is_some() {
            near.push((key, after));
        }
    }
    for (key, after) in joined {
        if continues(
            game,
            &after,
            moved(key),
            best - 1,
            CONTINUATION_DEPTH - 1,
            stop,
        )? {
            return Ok(Some(found(key, after)));
        }
    }
    if let Some((key, after)) = exact {
        return Ok(Some(found(key, after)));
    }
    for (key, after) in near {
        if continues(game, &after, moved(key), best, CONTINUATION_DEPTH, stop)? {
            return Ok(Some(found(key, after)));
        }
    }
    Ok(None)
}

fn found(key: Key, after: Played) -> NextMove {
    NextMove {
        key,
        left: after.left.unwrap_or(0),
        path: after.path,
    }
}

/// Whether steps of the piece at `picked`, joined onto the move just made, reach a
/// position where the moves played and left add up to `best`, within `depth` steps.
fn continues(
    game: &Game<'_>,
    after: &Played,
    picked: Option<Pos>,
    best: u64,
    depth: usize,
    stop: &dyn Fn() -> bool,
) -> Result<bool, RunError> {
    if depth == 0 || picked.is_none() {
        return Ok(false);
    }
    for dir in Dir::ALL {
        if stop() {
            return Err(stopped());
        }
        let key = Key { dir, picked };
        let next = game.play(&after.path, Some(key))?;
        if next.refused.is_some() || next.moves != after.moves {
            continue;
        }
        let Some(left) = next.left else { continue };
        let total = next.moves as u64 + left;
        if total == best
            || (total == best + 1 && continues(game, &next, moved(key), best, depth - 1, stop)?)
        {
            return Ok(true);
        }
    }
    Ok(false)
}

/// Where the picked cell of `key` is after its move.
fn moved(key: Key) -> Option<Pos> {
    key.picked.and_then(|p| p.step(key.dir))
}

fn stopped() -> RunError {
    RunError::Usage(puzzles::UsageError::new("stopped"))
}

/// The keys worth trying on a position: each direction alone, then with a cell of each
/// piece picked (one cell per label when pieces are labelled, and one per symbol of the
/// cells painted as the mover or a moving body).
fn keys(played: &Played, labels: bool) -> Vec<Key> {
    let mut picks: Vec<Option<Pos>> = vec![None];
    let mut symbols = HashSet::new();
    for (row, (line, paints)) in played
        .picture
        .symbols
        .iter()
        .zip(&played.picture.paints)
        .enumerate()
    {
        for (col, (symbol, paint)) in line.chars().zip(paints.chars()).enumerate() {
            let piece = matches!(paint, 'm' | 'b') || (labels && symbol.is_ascii_alphanumeric());
            if piece && symbols.insert(symbol) {
                picks.push(Some(Pos::new(row, col)));
            }
        }
    }
    picks
        .into_iter()
        .flat_map(|picked| Dir::ALL.map(|dir| Key { dir, picked }))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_line_of_every_level_list_is_a_level() {
        assert_eq!(all_levels().1, Vec::<String>::new());
        for (puzzle, text) in LEVEL_LISTS {
            let lines = text
                .lines()
                .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
                .count();
            assert_eq!(levels(puzzle).len(), lines, "{puzzle}");
        }
    }

    /// Every puzzle with a game lists levels, its sample's first case first; a name is
    /// listed once; a level is one case, its optimum the fixture's known answer.
    #[test]
    fn every_puzzle_lists_its_levels_from_its_sample_on() {
        for puzzle in puzzles::PUZZLES {
            let name = puzzle.about().name;
            if puzzle.player().is_none() {
                continue;
            }
            let levels = levels(name);
            let first = levels
                .first()
                .unwrap_or_else(|| panic!("{name}: no levels"));
            assert!(first.name == "sample" || first.name == "sample:1", "{name}");
            let mut seen = HashSet::new();
            for level in &levels {
                assert!(seen.insert(level.name), "{name}: {} twice", level.name);
                let cases = puzzle
                    .inspect(puzzles::Input::bytes(level.text.as_bytes()))
                    .map(|summary| summary.cases);
                assert_eq!(cases.ok(), Some(1), "{name} {}", level.name);
                assert!(find_level(name, level.name).is_some());
            }
        }
        assert_eq!(find_level("no such puzzle", "sample"), None);
    }

    /// A case is cut out only with its answer as the judge writes it: none, a line that
    /// is not one, or no such case is an error, never a guess.
    #[test]
    fn a_case_alone_comes_with_its_answer_as_the_judge_writes_it() {
        for puzzle in puzzles::PUZZLES {
            let Some(player) = puzzle.player() else {
                continue;
            };
            let sample = puzzle.about().sample;
            let input = || puzzles::Input::bytes(sample.as_bytes());
            let options = Options::new();
            let name = puzzle.about().name;
            for (output, case) in [("", 1), ("nonsense 12 ?\n", 1), ("", 0)] {
                let alone = player.case_alone(input(), output, &options, case);
                assert!(alone.is_err(), "{name} {output:?} {case}: {alone:?}");
            }
            let judged = puzzle.judge(input(), &options, budget()).unwrap();
            let alone = player.case_alone(input(), &judged, &options, 1).unwrap();
            let start = player
                .play(input(), &options, budget(), 1, "", None)
                .unwrap();
            assert_eq!(alone.answer, start.left, "{name}");
            let again = player
                .play(
                    puzzles::Input::bytes(alone.input.as_bytes()),
                    &options,
                    budget(),
                    1,
                    "",
                    None,
                )
                .unwrap();
            assert_eq!((again.left, again.cases), (start.left, 1), "{name}");
        }
    }

    /// What a player reads is written for players: no file name made into words, no
    /// file name in it, and every level with its optimum.
    #[test]
    fn level_titles_are_written_for_players_not_made_of_file_names() {
        for puzzle in puzzles::PUZZLES {
            let name = puzzle.about().name;
            for level in levels(name) {
                let fixture = level.name.split(':').next().unwrap_or_default();
                let words = fixture.replace(['-', '_'], " ");
                let title = level.title.to_lowercase();
                assert!(!title.is_empty(), "{name} {}", level.name);
                assert!(!title.contains('_'), "{name}: {}", level.title);
                if fixture.contains(['-', '_']) || fixture.contains(|c: char| c.is_ascii_digit()) {
                    assert!(
                        !title.contains(&words) && !title.contains(fixture),
                        "{name}: {:?} is its file name {fixture} made into words",
                        level.title
                    );
                }
                assert!(level.optimum >= -1, "{name} {}", level.name);
            }
        }
    }

    fn budget() -> Limits {
        Limits {
            max_states: Some(2_000_000),
            max_time: None,
        }
    }

    #[test]
    fn every_difficulty_of_every_puzzle_generates_a_board_in_its_band_again_by_its_seed() {
        for puzzle in puzzles::PUZZLES {
            if puzzle.generator().is_none() || puzzle.player().is_none() {
                continue;
            }
            for difficulty in Difficulty::ALL {
                let name = puzzle.about().name;
                let made = generate(*puzzle, difficulty, 1, budget(), &|| false)
                    .unwrap_or_else(|e| panic!("{name} {difficulty:?}: {e}"));
                let preset = puzzle
                    .generator()
                    .and_then(|g| {
                        g.presets()
                            .iter()
                            .find(|p| p.difficulty == difficulty.name())
                    })
                    .expect("every puzzle has every difficulty");
                assert!(
                    (preset.band.0..=preset.band.1).contains(&made.optimum),
                    "{name} {difficulty:?}"
                );
                let again = generate(*puzzle, difficulty, made.seed, budget(), &|| false).unwrap();
                assert_eq!(again, made, "{name} {difficulty:?}");
            }
        }
    }

    /// A hard board is of the puzzle's usual size, not a smaller board that is hard
    /// only by the band: it has at least as many cells as a medium one.
    #[test]
    fn a_hard_board_is_no_smaller_than_a_medium_one() {
        let cells = |puzzle: &dyn Puzzle, difficulty| {
            let made = generate(puzzle, difficulty, 1, budget(), &|| false).unwrap();
            let player = puzzle.player().unwrap();
            let played = player
                .play(
                    puzzles::Input::bytes(made.input.as_bytes()),
                    &Options::new(),
                    budget(),
                    1,
                    "",
                    None,
                )
                .unwrap();
            played.picture.rows * played.picture.cols
        };
        for puzzle in puzzles::PUZZLES {
            if puzzle.generator().is_none() || puzzle.player().is_none() {
                continue;
            }
            let name = puzzle.about().name;
            let (medium, hard) = (
                cells(*puzzle, Difficulty::Medium),
                cells(*puzzle, Difficulty::Hard),
            );
            assert!(hard >= medium, "{name}: hard {hard} cells, medium {medium}");
        }
    }

    /// The marks the page draws a floor with lie on the board; a puzzle whose text has
    /// bridge lines marks some level's bridges and switches alike, and one whose pieces
    /// are picked by label marks every level's goal region with a piece on the board.
    #[test]
    fn every_level_marks_its_own_cells_and_says_what_its_text_ties() {
        for puzzle in puzzles::PUZZLES {
            let Some(player) = puzzle.player() else {
                continue;
            };
            let name = puzzle.about().name;
            let look = player.play_look();
            let mut bridged = false;
            for level in levels(name) {
                let input = puzzles::Input::bytes(level.text.as_bytes());
                let played = player
                    .play(input, &Options::new(), budget(), 1, "", None)
                    .unwrap_or_else(|e| panic!("{name} {}: {e:?}", level.name));
                let (rows, cols) = (played.picture.rows, played.picture.cols);
                for mark in &played.marks {
                    assert!(
                        mark.pos.row < rows && mark.pos.col < cols,
                        "{name} {mark:?}"
                    );
                }
                bridged |= played.marks.iter().any(|m| m.group > 0);
                if look.pick_labels {
                    let goal: Vec<_> = played.marks.iter().filter_map(|m| m.label).collect();
                    assert!(!goal.is_empty(), "{name} {}: no goal marked", level.name);
                    assert!(
                        played
                            .picture
                            .symbols
                            .iter()
                            .any(|row| row.contains(goal[0])),
                        "{name} {}: the goal piece {} is not on the board",
                        level.name,
                        goal[0]
                    );
                }
            }
            assert_eq!(bridged, look.bridges, "{name}");
        }
    }

    /// Plays `next_move` from the start to the end: each hint lowers the moves left by
    /// one move, and the moves played end at the optimum.
    #[test]
    #[ignore = "slow, a benchmark-sized check: .ci/run runs it (cargo test -- --ignored)"]
    fn following_the_hints_solves_every_sample_in_the_optimum() {
        for puzzle in puzzles::PUZZLES {
            let Some(player) = puzzle.player() else {
                continue;
            };
            let about = puzzle.about();
            let options = Options::new();
            let game = Game {
                player,
                input: about.sample.as_bytes(),
                options: &options,
                limits: budget(),
                case: 1,
                labels: puzzle.look().is_some_and(|l| l.labels),
            };
            let start = game.play("", None).unwrap();
            let optimum = start.left.expect("every sample's first case solves");
            let mut path = String::new();
            for _ in 0..=optimum * 4 {
                match next_move(&game, &path, &|| false).unwrap() {
                    Some(next) => path = next.path,
                    None => break,
                }
            }
            let end = game.play(&path, None).unwrap();
            assert_eq!(end.left, Some(0), "{}: {path}", about.name);
            assert_eq!(end.moves as u64, optimum, "{}: {path}", about.name);
        }
    }

    #[test]
    fn a_solved_position_has_no_next_move_and_a_stop_stops() {
        let puzzle = puzzles::find("bloxorz").unwrap();
        let options = Options::new();
        let game = Game {
            player: puzzle.player().unwrap(),
            input: puzzle.about().sample.as_bytes(),
            options: &options,
            limits: budget(),
            case: 1,
            labels: false,
        };
        let solution = game.play("", None).unwrap();
        assert!(solution.left.unwrap() > 0);
        assert!(matches!(
            next_move(&game, "", &|| true),
            Err(RunError::Usage(_))
        ));
        let mut path = String::new();
        while let Some(next) = next_move(&game, &path, &|| false).unwrap() {
            path = next.path;
        }
        assert_eq!(next_move(&game, &path, &|| false).unwrap(), None);
    }
}
