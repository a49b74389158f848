//! The atlases `gridsolve serve --atlas DIR` answers from: for each puzzle of the
//! registry that can enumerate its space ([`puzzles::Atlas`]) and whose file `NAME.atlas`
//! is in DIR (as `gridsolve atlas --out DIR` writes it), what the atlas says of a case
//! (its distance to the goal, or none, and its group and the group's size) and the
//! atlas's hardest positions as a list of levels. Written over the contract's trait
//! object alone: no puzzle is named here.

use puzzles::{AtlasEntry, AtlasFault, Input, Puzzle};
use std::fs::File;
use std::io;
use std::path::{Path, PathBuf};

/// How many of an atlas's hardest positions its level list holds.
pub const HARDEST_LEVELS: usize = 24;

/// The prefix of the names of the hardest levels (`hardest-1`, `hardest-2`, ...).
const HARDEST_PREFIX: &str = "hardest-";

/// One of an atlas's hardest positions, as a level of the page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HardLevel {
    /// What a request and a link name: `hardest-K`, K from 1.
    pub name: String,
    /// What the picker shows: `Hardest #K`.
    pub title: String,
    /// Its minimum number of moves.
    pub optimum: u64,
    /// Its judge input.
    pub text: String,
}

/// The atlas of one puzzle, checked when it was loaded.
pub struct LoadedAtlas {
    /// The puzzle it is the atlas of.
    pub puzzle: &'static dyn Puzzle,
    /// Its file, opened again for each query (a query reads its header, group table and
    /// one block of records).
    path: PathBuf,
    /// Its hardest positions, the hardest first.
    pub hardest: Vec<HardLevel>,
}

impl std::fmt::Debug for LoadedAtlas {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LoadedAtlas")
            .field("puzzle", &self.puzzle.about().name)
            .field("path", &self.path)
            .field("hardest", &self.hardest)
            .finish()
    }
}

/// What an atlas says of the case asked.
#[derive(Debug)]
pub enum Said {
    /// The case is a position of the atlas's space: its entry.
    Entry(AtlasEntry),
    /// The case is not a position of the atlas's space: why, in words.
    Outside(String),
}

/// Why asking an atlas failed.
#[derive(Debug)]
pub enum AskFault {
    /// The input is invalid (its error, with its place).
    Input(puzzles::RunError),
    /// The input has no case of that number.
    NoCase(usize),
    /// The atlas file cannot be read now (changed or removed since it was loaded).
    File(String),
}

impl LoadedAtlas {
    /// What the atlas says of case `case` (from 1) of `input`.
    ///
    /// # Errors
    /// An invalid input, no such case, or an atlas file that cannot be read.
    pub fn ask(&self, input: Input<'_>, case: usize) -> Result<Said, AskFault> {
        let atlas = self
            .puzzle
            .atlas()
            .ok_or_else(|| AskFault::File("this puzzle has no atlas".to_string()))?;
        let mut file = File::open(&self.path)
            .map_err(|e| AskFault::File(format!("{}: {e}", self.path.display())))?;
        let mut found = None;
        let mut seen = 0;
        // The cases before the one asked are read too (the input is read in order); the
        // query stops at the case asked.
        let asked = atlas.query_atlas(&mut file, input, &mut |entry| {
            seen += 1;
            if seen == case {
                found = Some(entry);
                return Err(io::Error::other("found"));
            }
            Ok(())
        });
        if let Some(entry) = found {
            return Ok(Said::Entry(entry));
        }
        match asked {
            Ok(()) => Err(AskFault::NoCase(case)),
            Err(AtlasFault::Input(e)) => Err(AskFault::Input(e)),
            Err(AtlasFault::Outside { number, why }) if number == case => Ok(Said::Outside(why)),
            Err(AtlasFault::Outside { number, why }) => Ok(Said::Outside(format!(
                "case {number}, before it, is not in the atlas: {why}"
            ))),
            Err(other) => Err(AskFault::File(format!("{}: {other}", self.path.display()))),
        }
    }
}

/// The atlases loaded, at most one a puzzle.
#[derive(Debug, Default)]
pub struct Atlases(Vec<LoadedAtlas>);

impl Atlases {
    /// No atlas.
    pub fn none() -> Atlases {
        Atlases::default()
    }

    /// The atlas of every puzzle that can enumerate its space and whose file
    /// `NAME.atlas` is in `dir`, each checked (its header, its group table and its
    /// hardest positions read).
    ///
    /// # Errors
    /// A directory that cannot be read, a file refused (foreign, of another version,
    /// truncated or damaged: the message names it), or no atlas in `dir` at all (the
    /// message says how to build one).
    pub fn load(dir: &Path) -> Result<Atlases, String> {
        let is_dir = std::fs::metadata(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
        if !is_dir.is_dir() {
            return Err(format!("{}: not a directory", dir.display()));
        }
        let mut loaded = Vec::new();
        let mut can = Vec::new();
        for &puzzle in puzzles::PUZZLES {
            let Some(atlas) = puzzle.atlas() else {
                continue;
            };
            let name = puzzle.about().name;
            can.push(name);
            let path = dir.join(format!("{name}.atlas"));
            let mut file = match File::open(&path) {
                Ok(file) => file,
                Err(e) if e.kind() == io::ErrorKind::NotFound => continue,
                Err(e) => return Err(format!("{}: {e}", path.display())),
            };
            let mut hardest = Vec::new();
            atlas
                .atlas_hardest(&mut file, HARDEST_LEVELS, &mut |moves, text| {
                    let k = hardest.len() + 1;
                    hardest.push(HardLevel {
                        name: format!("{HARDEST_PREFIX}{k}"),
                        title: format!("Hardest #{k}"),
                        optimum: moves,
                        text: text.to_string(),
                    });
                    Ok(())
                })
                .map_err(|e| format!("{}: {e}", path.display()))?;
            loaded.push(LoadedAtlas {
                puzzle,
                path,
                hardest,
            });
        }
        if loaded.is_empty() {
            let examples: Vec<String> = can
                .iter()
                .map(|name| format!("`gridsolve atlas -p {name} --out {}`", dir.display()))
                .collect();
            return Err(format!(
                "{}: no atlas in it (no file {}): build one with {}",
                dir.display(),
                can.iter()
                    .map(|name| format!("{name}.atlas"))
                    .collect::<Vec<_>>()
                    .join(" or "),
                examples.join(" or ")
            ));
        }
        Ok(Atlases(loaded))
    }

    /// The atlas of `puzzle`, when one is loaded.
    pub fn of(&self, puzzle: &str) -> Option<&LoadedAtlas> {
        self.0.iter().find(|a| a.puzzle.about().name == puzzle)
    }

    /// The text of the hardest level `name` of `puzzle`'s atlas.
    pub fn level_text(&self, puzzle: &str, name: &str) -> Option<&str> {
        let atlas = self.of(puzzle)?;
        atlas
            .hardest
            .iter()
            .find(|l| l.name == name)
            .map(|l| l.text.as_str())
    }
}
