//! What makes the playground a game beyond solving: the levels built in (every fixture,
//! titled from its manifest line), new puzzles from a puzzle's generator at a difficulty,
//! and the next move of an optimal line from the position played.
//!
//! Nothing here knows which puzzles there are: titles come from the fixtures' names and
//! manifests, difficulties are option sets of the generators (looked up by the puzzle's
//! name, with plain defaults for a puzzle the table does not name), and the next move is
//! found through [`Player::play`] alone.

use crate::{FIRST_ANSWERS, FIXTURES, MANIFEST};
use puzzles::{Dir, Key, Limits, Options, Played, Player, Pos, Puzzle, RunError};
use std::collections::HashSet;
use std::fmt;

/// A bundled fixture as the level picker lists it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Level {
    /// The fixture's name (`level07`, `corpus-001`): what a request and a link name.
    pub name: &'static str,
    /// What the picker shows: `Level 7`, `橫刀立馬`, `Fragile holds lying`.
    pub title: String,
    /// `true` for a level of a game or a published corpus (the sample too), `false` for
    /// a fixture made to test or time the solver.
    pub game: bool,
    /// The published or proven answer of its first case, from the manifest's `given N`.
    pub optimum: Option<i64>,
    /// The manifest's line about it (empty when it has none).
    pub about: &'static str,
}

/// Every bundled fixture of `puzzle`, the game levels first (in name order), then the
/// others.
pub fn levels(puzzle: &str) -> Vec<Level> {
    let mut out: Vec<Level> = FIXTURES
        .iter()
        .filter(|(p, _, _)| *p == puzzle)
        .map(|(_, name, _)| {
            let about = MANIFEST
                .iter()
                .find(|(p, n, _)| *p == puzzle && n == name)
                .map_or("", |(_, _, what)| *what);
            let mut level = level(name, about);
            if level.optimum.is_none() {
                level.optimum = FIRST_ANSWERS
                    .iter()
                    .find(|(p, n, _)| *p == puzzle && n == name)
                    .and_then(|(_, _, line)| last_number(line));
            }
            level
        })
        .collect();
    out.sort_by_key(|l| !l.game);
    out
}

/// The picker's entry of fixture `name`, whose manifest line says `about`.
pub fn level(name: &'static str, about: &'static str) -> Level {
    let number = |prefix: &str| {
        name.strip_prefix(prefix)
            .filter(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
            .and_then(|n| n.parse::<u32>().ok())
    };
    let (title, game) = if let Some(n) = number("level") {
        (format!("Level {n}"), true)
    } else if let Some(n) = number("original-level") {
        (format!("Original level {n}"), true)
    } else if name == "sample" {
        ("Sample".to_string(), true)
    } else if let Some(named) = corpus_name(about) {
        let n = number("corpus-").map_or(String::new(), |n| format!("{n}. "));
        (format!("{n}{named}"), true)
    } else {
        let mut words = name.replace(['-', '_'], " ");
        if let Some(first) = words.get(..1) {
            let upper = first.to_uppercase();
            words.replace_range(..1, &upper);
        }
        (words, false)
    };
    Level {
        name,
        title,
        game,
        optimum: given(about),
        about,
    }
}

/// The name a manifest line gives a corpus layout: the bracketed words right after the
/// file it comes from (`../shared/corpus/klotski/001.in (橫刀立馬), with ...`), brackets
/// inside it kept.
fn corpus_name(about: &str) -> Option<&str> {
    let start = about.find(".in (")? + ".in (".len();
    let mut depth = 1usize;
    for (i, c) in about[start..].char_indices() {
        match c {
            '(' => depth += 1,
            ')' => {
                depth -= 1;
                if depth == 0 {
                    return Some(&about[start..start + i]).filter(|s| !s.is_empty());
                }
            }
            _ => {}
        }
    }
    None
}

/// The last number of a judge output's line (`10`, `Case 1: 9`); none in `Impossible`.
fn last_number(line: &str) -> Option<i64> {
    line.split(|c: char| !(c.is_ascii_digit() || c == '-'))
        .rfind(|w| !w.is_empty())
        .and_then(|w| w.parse().ok())
}

/// The first answer of a manifest's `given N[,N]...:` (`-1`: no solution).
fn given(about: &str) -> Option<i64> {
    let rest = about.strip_prefix("given ")?;
    let end = rest.find([',', ':'])?;
    rest[..end].trim().parse().ok()
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
/// within `limits`. `stop` is asked between seeds.
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
        let played = player
            .play(
                puzzles::Input::bytes(input.as_bytes()),
                &Options::new(),
                limits,
                1,
                "",
                None,
            )
            .map_err(GenerateError::Solve)?;
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
    Err(GenerateError::NoneFound {
        difficulty: difficulty.name(),
        from: seed,
    })
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
    pub player: &'a dyn Player,
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
/// Where a move is several steps of one piece (Klotski's move metric), the moves left
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
    use rstest::rstest;

    #[rstest]
    #[case(
        "level07",
        "given 44: level 7 of the original game",
        "Level 7",
        true,
        Some(44)
    )]
    #[case(
        "original-level13",
        "given 46: level 13",
        "Original level 13",
        true,
        Some(46)
    )]
    #[case(
        "corpus-244",
        "given 39: ../shared/corpus/klotski/244.in (大喬小喬(上)), with the published minimum",
        "244. 大喬小喬(上)",
        true,
        Some(39)
    )]
    #[case("corpus-048", "given -1: ../shared/corpus/klotski/048.in (走投無路), which", "48. 走投無路", true, Some(-1))]
    #[case("sample", "given 9,-1: the spec's sample", "Sample", true, Some(9))]
    #[case(
        "fragile-holds-lying",
        "hand: a row of E",
        "Fragile holds lying",
        false,
        None
    )]
    #[case("maze-500x500", "gen: --family maze", "Maze 500x500", false, None)]
    #[case("level", "", "Level", false, None)]
    fn levels_are_titled_from_their_names_and_manifests(
        #[case] name: &'static str,
        #[case] about: &'static str,
        #[case] title: &str,
        #[case] game: bool,
        #[case] optimum: Option<i64>,
    ) {
        let level = level(name, about);
        assert_eq!(
            (level.title.as_str(), level.game, level.optimum),
            (title, game, optimum)
        );
    }

    #[test]
    fn every_puzzle_lists_its_levels_games_first() {
        for puzzle in puzzles::PUZZLES {
            let name = puzzle.about().name;
            let levels = levels(name);
            assert!(levels.iter().any(|l| l.name == "sample"), "{name}");
            let first_test = levels.iter().position(|l| !l.game).unwrap_or(levels.len());
            assert!(levels[first_test..].iter().all(|l| !l.game), "{name}");
        }
        let classic = levels("bloxorz-classic");
        assert_eq!(
            classic
                .iter()
                .filter(|l| l.title.starts_with("Level "))
                .count(),
            33
        );
        assert!(classic.iter().all(|l| l.optimum.is_some()));
        assert_eq!(last_number("Case 1: 9"), Some(9));
        assert_eq!(last_number("Impossible"), None);
        let klotski = levels("klotski");
        assert!(klotski.iter().any(|l| l.title == "1. 橫刀立馬"));
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

    /// Plays `next_move` from the start to the end: each hint lowers the moves left by
    /// one move, and the moves played end at the optimum.
    #[test]
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
