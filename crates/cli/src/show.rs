//! `--show`: a solution as numbered text frames, one per move, for a terminal. By
//! default each frame is a window that fits a terminal and follows the moving piece.

use puzzles::{Frames, Look, Paint, Pos, Rect};
use std::io::{self, Write};

/// How much of the board a frame shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub(crate) enum Mode {
    /// A window of at most 25 rows and 80 columns that follows the moving piece.
    // The numbers are WINDOW_ROWS and WINDOW_COLS (clap shows this comment as it is):
    // `the_window_the_help_promises_is_the_one_drawn` keeps them so.
    Window,
    /// The whole board.
    Full,
}

/// The largest window a frame shows by default: a terminal's worth.
pub(crate) const WINDOW_ROWS: usize = 25;
pub(crate) const WINDOW_COLS: usize = 80;

/// The most bytes of frames `--show` writes for one case: a case whose frames would
/// be more, by [`least_bytes`], is refused before any is drawn (as `--svg` refuses a
/// picture past its budget).
pub(crate) const MAX_FRAMES_BYTES: u64 = 64 << 20;

/// The fewest bytes the frames of a solution of `moves` moves on a `size` board take in
/// `mode`, known before any is drawn: per frame, its heading (at least `step 0:
/// start`), the window's rows with their line ends, and the blank line after them.
/// Colours only add to it.
pub(crate) fn least_bytes(moves: u64, (rows, cols): (usize, usize), mode: Mode) -> u64 {
    let (rows, cols) = match mode {
        Mode::Full => (rows, cols),
        Mode::Window => (rows.min(WINDOW_ROWS), cols.min(WINDOW_COLS)),
    };
    let heading = "step 0: start\n".len() as u64;
    let frame = (rows as u64)
        .saturating_mul(cols as u64 + 1)
        .saturating_add(heading + 1);
    moves.saturating_add(1).saturating_mul(frame)
}

/// The cap of the frames of `mode` on a path: the driver finds a case's move count
/// first and builds the path only when its frames fit (or another drawing of it does).
pub(crate) fn cap(mode: Mode) -> puzzles::PathCap {
    puzzles::PathCap {
        bytes: MAX_FRAMES_BYTES,
        least: match mode {
            Mode::Full => |moves, size| least_bytes(moves, size, Mode::Full),
            Mode::Window => |moves, size| least_bytes(moves, size, Mode::Window),
        },
    }
}

/// How to draw frames: ANSI colours on a terminal or plain letters, windowed or whole.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Style {
    pub(crate) colour: bool,
    pub(crate) mode: Mode,
}

/// The ANSI colour of a paint (`None`: as it is).
fn colour(paint: Paint) -> Option<u8> {
    match paint {
        Paint::Plain => None,
        Paint::Mover => Some(33),
        Paint::Body => Some(32),
        Paint::Goal => Some(31),
        Paint::Blank => Some(36),
    }
}

/// What the symbols of the frames mean, once before the first frame.
pub(crate) fn write_legend(out: &mut dyn Write, look: &Look) -> io::Result<()> {
    writeln!(out, "Symbols:")?;
    for (symbol, meaning) in look.legend {
        writeln!(out, "  {symbol}  {meaning}")?;
    }
    writeln!(out)
}

/// The part of a `rows x cols` board a frame shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Window {
    top: usize,
    left: usize,
    rows: usize,
    cols: usize,
}

impl Window {
    /// Whether the window holds `rect`.
    fn holds(self, rect: Rect) -> bool {
        rect.top_left.row >= self.top
            && rect.top_left.col >= self.left
            && rect.bottom_right.row < self.top + self.rows
            && rect.bottom_right.col < self.left + self.cols
    }

    /// The window of this size centred on `rect`, inside a `size` board.
    fn centred(self, rect: Rect, (rows, cols): (usize, usize)) -> Window {
        let centre = |low: usize, high: usize, span: usize, side: usize| {
            let middle = (low + high) / 2;
            middle.saturating_sub(span / 2).min(side - span)
        };
        Window {
            top: centre(rect.top_left.row, rect.bottom_right.row, self.rows, rows),
            left: centre(rect.top_left.col, rect.bottom_right.col, self.cols, cols),
            ..self
        }
    }
}

/// Writes every frame of `frames` on a `size` board: a heading, the rows, a blank line.
/// A windowed frame says which rows and columns it shows (1-based, as the judges count).
/// The frames are walked one at a time and each written as it is reached, so memory
/// stays that of one frame however long the solution.
///
/// # Errors
/// A failed write, or a path that does not replay (a bug of the solver, said as
/// [`io::ErrorKind::InvalidData`]).
pub(crate) fn write_frames(
    out: &mut dyn Write,
    frames: &mut dyn Frames,
    size: (usize, usize),
    style: Style,
) -> io::Result<()> {
    let (rows, cols) = size;
    let mut window = match style.mode {
        Mode::Full => Window {
            top: 0,
            left: 0,
            rows,
            cols,
        },
        Mode::Window => Window {
            top: 0,
            left: 0,
            rows: rows.min(WINDOW_ROWS),
            cols: cols.min(WINDOW_COLS),
        },
    };
    let windowed = (window.rows, window.cols) != size;
    let mut line = String::new();
    while frames
        .advance()
        .map_err(|e| io::Error::new(io::ErrorKind::InvalidData, e))?
    {
        let focus = frames.focus();
        if !window.holds(focus) || frames.index() == 0 {
            window = window.centred(focus, size);
        }
        write!(out, "{}", frames.heading())?;
        if windowed {
            write!(
                out,
                "  [rows {}-{}, columns {}-{} of {rows} x {cols}]",
                window.top + 1,
                window.top + window.rows,
                window.left + 1,
                window.left + window.cols
            )?;
        }
        writeln!(out)?;
        for row in window.top..window.top + window.rows {
            line.clear();
            for col in window.left..window.left + window.cols {
                let glyph = frames.glyph(Pos::new(row, col));
                match colour(glyph.paint).filter(|_| style.colour) {
                    Some(code) => line.push_str(&format!("\x1b[1;{code}m{}\x1b[0m", glyph.symbol)),
                    None => line.push(glyph.symbol),
                }
            }
            writeln!(out, "{line}")?;
        }
        writeln!(out)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use puzzles::{Glyph, Limits, Options, PUZZLES, PathsFor, Solved};

    const PLAIN: Style = Style {
        colour: false,
        mode: Mode::Full,
    };

    /// The frames of the first solvable case of `input`, drawn in `style`.
    fn frames_of(puzzle: &str, input: &str, style: Style) -> String {
        let puzzle = puzzles::find(puzzle).unwrap();
        let solved: Vec<Box<dyn Solved>> = puzzle
            .solutions(input.into(), &Options::new(), Limits::NONE, PathsFor::ALL)
            .unwrap()
            .map(Result::unwrap)
            .collect();
        let solved = solved.iter().find(|s| s.moves().is_some()).unwrap();
        let mut frames = solved.frames().unwrap();
        let mut out = Vec::new();
        write_frames(&mut out, &mut *frames, solved.size(), style).unwrap();
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn huarongdao_frames_follow_the_path() {
        let text = frames_of(
            "huarongdao",
            "3 4 1\n0 1 1 1\n0 1 1 0\n0 1 0 0\n3 2 1 2 2 2\n",
            PLAIN,
        );
        assert_eq!(
            text,
            "step 0: start\n#P..\n#T.#\n#_##\n\n\
             step 1: the blank moves U\n#P..\n#_.#\n#.##\n\n\
             step 2: the blank moves U\n#_..\n#P.#\n#.##\n\n"
        );
    }

    #[test]
    fn bloxorz_frames_show_the_box() {
        let text = frames_of("bloxorz", "1 4\nX..O\n0 0\n", PLAIN);
        assert_eq!(
            text,
            "step 0: start\nB..O\n\nstep 1: roll R\n.BBO\n\nstep 2: roll R\n...B\n\n"
        );
    }

    #[test]
    fn holedox_frames_mark_head_and_body_and_colour_only_when_asked() {
        let input = "2 2 2\n1 2\n1 1\n0\n\n0 0 0\n";
        let text = frames_of("holedox", input, PLAIN);
        assert!(text.starts_with("step 0: start\nsH\n..\n\n"), "{text}");
        assert!(
            text.ends_with("step 3: the head moves U\nH.\ns.\n\n"),
            "{text}"
        );
        assert_eq!(text.matches("step ").count(), 4);
        let coloured = frames_of(
            "holedox",
            input,
            Style {
                colour: true,
                ..PLAIN
            },
        );
        assert!(coloured.contains("\x1b[1;33mH\x1b[0m"));
        assert!(!text.contains('\x1b'));
    }

    /// A long corridor: the window keeps the box in view and says where it is.
    #[test]
    fn windows_follow_the_mover_and_say_where_they_are() {
        let row = format!("X{}O", ".".repeat(200));
        let input = format!("1 {}\n{row}\n0 0\n", row.len());
        let style = Style {
            colour: false,
            mode: Mode::Window,
        };
        let text = frames_of("bloxorz", &input, style);
        let frames: Vec<&str> = text.split("\n\n").filter(|f| !f.is_empty()).collect();
        for frame in &frames {
            let (heading, rows) = frame.split_once('\n').unwrap();
            assert!(heading.contains("of 1 x 202]"), "{heading}");
            assert_eq!(rows.len(), WINDOW_COLS, "{frame}");
            assert!(rows.contains('B'), "the box is in view: {frame}");
        }
        assert!(frames.last().unwrap().contains("columns 123-202"), "{text}");
    }

    #[test]
    fn the_least_size_of_the_frames_is_what_plain_frames_take_at_least() {
        let input = "1 4\nX..O\n0 0\n";
        let text = frames_of("bloxorz", input, PLAIN);
        // Two moves, three frames of one row of four.
        let least = least_bytes(2, (1, 4), Mode::Full);
        assert_eq!(least, 3 * (14 + 5 + 1));
        assert!(text.len() as u64 >= least, "{text}");
        let window = Style {
            colour: false,
            mode: Mode::Window,
        };
        assert_eq!(frames_of("bloxorz", input, window), text);
        assert_eq!(least_bytes(2, (1, 4), Mode::Window), least);
        assert_eq!(
            least_bytes(0, (1000, 1000), Mode::Window),
            (WINDOW_ROWS * (WINDOW_COLS + 1) + 15) as u64
        );
        assert_eq!(least_bytes(u64::MAX, (1000, 1000), Mode::Full), u64::MAX);
    }

    #[test]
    fn every_puzzle_has_a_legend_for_its_symbols() {
        for &puzzle in PUZZLES {
            let about = puzzle.about();
            let look = puzzle.look().expect("every puzzle draws");
            let mut out = Vec::new();
            write_legend(&mut out, look).unwrap();
            let text = String::from_utf8(out).unwrap();
            assert!(text.starts_with("Symbols:\n"), "{text}");
            let solved: Vec<Box<dyn Solved>> = puzzle
                .solutions(
                    about.sample.into(),
                    &Options::new(),
                    Limits::NONE,
                    PathsFor::ALL,
                )
                .unwrap()
                .map(Result::unwrap)
                .collect();
            for solved in &solved {
                let Some(mut frames) = solved.frames() else {
                    continue;
                };
                assert_eq!(frames.advance(), Ok(true));
                let (rows, cols) = solved.size();
                for r in 0..rows {
                    for c in 0..cols {
                        let Glyph { symbol, .. } = frames.glyph(Pos::new(r, c));
                        assert!(
                            look.legend.iter().any(|(s, _)| *s == symbol)
                                || (look.labels && symbol.is_ascii_alphanumeric()),
                            "{}: {symbol:?} is not in the legend",
                            about.name
                        );
                    }
                }
            }
        }
    }
}
