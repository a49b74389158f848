//! The contract's capabilities on a puzzle that has only the two every puzzle has
//! ([`Format`], [`Paths`] and [`Solve`], with no capabilities in its [`Adapter`]), as a
//! new puzzle lands: every tool's face of a missing
//! capability is `None` and says what is missing, and what it has works.

use grid_core::{Dir, Limits, Moves, SearchStats};
use puzzles::{
    About, Adapter, Answer, AnswerLine, Capability, Format, GenError, Generate, Generator,
    InputError, Lacks, OptionSpec, Options, PathError, Paths, PathsFor, Puzzle, Report, Solve,
    Unsolved, UsageError,
};
use std::io;
use std::sync::atomic::{AtomicUsize, Ordering};

/// A line of cells to walk along: a case is a number N, answered by N steps right.
struct Walk;

static ABOUT: About = About {
    name: "walk",
    summary: "walk N cells to the right",
    unit: "case",
    label: "case",
    sample: "2\n3\n",
    moves_are: "the walker's steps",
    move_word: "steps",
    never: "-1",
    answer: AnswerLine::Count,
};

impl Format for Walk {
    type Case = u64;

    const ABOUT: &'static About = &ABOUT;

    fn cases<'a>(
        &'a self,
        input: puzzles::Input<'a>,
        _options: &Options,
    ) -> Box<dyn Iterator<Item = Result<u64, InputError>> + 'a> {
        let text = match input.read_all(1 << 20) {
            Ok(bytes) => String::from_utf8_lossy(&bytes).into_owned(),
            Err(e) => return Box::new(std::iter::once(Err(e))),
        };
        let numbers: Vec<u64> = text
            .split_whitespace()
            .map(|t| t.parse().unwrap_or(0))
            .collect();
        Box::new(numbers.into_iter().map(Ok))
    }

    fn board_size(&self, case: &u64) -> (usize, usize) {
        (1, *case as usize + 1)
    }

    fn write_count(&self, out: &mut String, _number: usize, moves: Option<u64>) {
        out.push_str(&format!("{}\n", moves.map_or(-1, |m| m as i64)));
    }

    fn write_input(&self, cases: &[&u64]) -> Option<String> {
        Some(cases.iter().map(|c| format!("{c}\n")).collect())
    }

    fn violations(&self, _input: puzzles::Input<'_>, _max: usize) -> io::Result<Report> {
        Ok(Report::default())
    }
}

impl Solve for Walk {
    type Solver = ();

    fn solver(&self, _options: &Options, _limits: Limits) -> Result<(), UsageError> {
        Ok(())
    }

    fn solve(&self, _: &mut (), case: &u64, with_path: bool) -> Result<Answer<Moves>, Unsolved> {
        Ok(Answer {
            moves: Some(*case),
            path: with_path.then(|| Moves::from(vec![Dir::Right; *case as usize])),
            stats: SearchStats::default(),
        })
    }
}

impl Paths for Walk {
    type Path = Moves;

    fn parse_path(&self, text: &str) -> Result<Moves, PathError> {
        text.parse().map_err(PathError::notation)
    }

    fn replay_path(&self, case: &u64, path: &Moves) -> Result<u64, PathError> {
        if path.iter().all(|&d| d == Dir::Right) && path.len() as u64 == *case {
            Ok(*case)
        } else {
            Err(PathError::rules("the walker must step right, N times"))
        }
    }
}

impl Adapter for Walk {}

#[test]
fn a_puzzle_with_its_format_and_solver_alone_solves_and_lacks_the_rest() {
    let puzzle: &dyn Puzzle = &Walk;
    assert_eq!(
        puzzle.judge(ABOUT.sample.into(), &Options::new(), Limits::NONE),
        Ok("2\n3\n".to_string())
    );
    for capability in Capability::ALL {
        assert!(!puzzle.has(capability), "{capability:?}");
        assert_eq!(
            puzzle.require(capability),
            Err(Lacks {
                puzzle: "walk",
                capability
            })
        );
    }
    assert_eq!(
        puzzle.require(Capability::Package).unwrap_err().to_string(),
        "walk has no problem package yet"
    );
    assert!(puzzle.generator().is_none() && puzzle.player().is_none());
    assert!(puzzle.look().is_none() && puzzle.package().is_none());
    let solved = puzzle
        .solutions(
            ABOUT.sample.into(),
            &Options::new(),
            Limits::NONE,
            PathsFor::ALL,
        )
        .unwrap()
        .next()
        .unwrap()
        .unwrap();
    assert_eq!(solved.path().as_deref(), Some("RR"));
    assert_eq!(solved.replay("RR"), Ok(2));
    assert_eq!(
        solved.replay_at_most("RRRRR", 2),
        Ok(5),
        "too long: not played"
    );
    assert!(solved.replay("RL").is_err());
    assert!(solved.oracle(Limits::NONE).is_none());
    assert!(solved.state_space().is_none());
    assert!(solved.frames().is_none());
    assert!(solved.svg(&mut String::new()).is_err());
}

/// How many inputs [`Walk`]'s generator has written.
static GENERATED: AtomicUsize = AtomicUsize::new(0);

impl Generate for Walk {
    fn gen_options(&self) -> &'static [OptionSpec] {
        &[]
    }

    fn families(&self) -> Vec<(&'static str, &'static str)> {
        vec![("seeded", "the seed's last digit, as N")]
    }

    fn gen_size(&self) -> String {
        "one line".to_string()
    }

    fn generate(&self, options: &Options, out: &mut dyn io::Write) -> Result<(), GenError> {
        GENERATED.fetch_add(1, Ordering::SeqCst);
        let seed: u64 = options.get("seed")?.unwrap_or(0);
        writeln!(out, "{}", seed % 10)?;
        Ok(())
    }
}

#[test]
fn listing_the_invalid_kinds_generates_nothing_and_the_layout_ones_break_a_generated_input() {
    // The CLI lists every puzzle's kinds at every start (for --help and completions):
    // when that generated a base input, each start of `gridsolve` paid for a Klotski
    // search (2.1 G instructions in a debug build).
    let before = GENERATED.load(Ordering::SeqCst);
    let generator = Generator::new(&Walk, &Walk);
    let kinds = generator.invalid_kinds();
    assert_eq!(
        GENERATED.load(Ordering::SeqCst),
        before,
        "listing generated"
    );
    assert!(kinds.iter().any(|k| k.name == "crlf"), "{kinds:?}");
    let mut out = Vec::new();
    generator.generate_invalid("crlf", 7, &mut out).unwrap();
    assert!(
        GENERATED.load(Ordering::SeqCst) > before,
        "the base is generated"
    );
    assert!(out.ends_with(b"\r\n"), "{out:?}");
}
