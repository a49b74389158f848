//! `--show`: a solution as numbered text frames, one per move, for a terminal.

use grid_core::{Dir, Pos};
use std::fmt::Write;

/// How to mark the moving thing: ANSI colours on a terminal, plain letters otherwise.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Style {
    pub(crate) colour: bool,
}

impl Style {
    /// `text` in bold `code` colour (ANSI) when colour is on.
    fn paint(self, out: &mut String, code: u8, text: char) {
        if self.colour {
            let _ = write!(out, "\x1b[1;{code}m{text}\x1b[0m");
        } else {
            out.push(text);
        }
    }
}

const YELLOW: u8 = 33;
const GREEN: u8 = 32;
const CYAN: u8 = 36;
const RED: u8 = 31;

/// The heading of frame `i` of a path: the start, or the move that led to it.
fn heading(out: &mut String, i: usize, path: &[Dir], what: &str) {
    if i == 0 {
        let _ = writeln!(out, "step 0: start");
    } else {
        let _ = writeln!(out, "step {i}: {what} {}", path[i - 1]);
    }
}

/// Huarongdao: `#` fixed, `.` movable, `_` the blank, `P` the designated piece, `T` the
/// target (when not covered).
pub(crate) fn huarongdao(
    board: &huarongdao::Board,
    query: &huarongdao::Query,
    path: &[Dir],
    style: Style,
) -> String {
    let positions = huarongdao::trace(board, query, path).expect("solutions replay");
    let mut out = String::new();
    for (i, here) in positions.iter().enumerate() {
        heading(&mut out, i, path, "the blank moves");
        for r in 0..board.rows() {
            for c in 0..board.cols() {
                let pos = Pos::new(r, c);
                if pos == here.piece {
                    style.paint(&mut out, YELLOW, 'P');
                } else if pos == here.blank {
                    style.paint(&mut out, CYAN, '_');
                } else if pos == query.target {
                    style.paint(&mut out, RED, 'T');
                } else {
                    out.push(if board.is_movable(pos) { '.' } else { '#' });
                }
            }
            out.push('\n');
        }
        out.push('\n');
    }
    out
}

/// Bloxorz: `#` empty, `.` rigid, `E` fragile, `O` the target, `B` the box.
pub(crate) fn bloxorz(board: &bloxorz::Board, path: &[Dir], style: Style) -> String {
    let placements = bloxorz::trace(board, path).expect("solutions replay");
    let mut out = String::new();
    for (i, here) in placements.iter().enumerate() {
        heading(&mut out, i, path, "roll");
        let (a, b) = here.cells();
        for r in 0..board.rows() {
            for c in 0..board.cols() {
                let pos = Pos::new(r, c);
                if pos == a || Some(pos) == b {
                    style.paint(&mut out, YELLOW, 'B');
                } else if pos == board.target() {
                    style.paint(&mut out, RED, 'O');
                } else {
                    out.push(match board.cell(pos) {
                        bloxorz::Cell::Empty => '#',
                        bloxorz::Cell::Rigid => '.',
                        bloxorz::Cell::Fragile => 'E',
                    });
                }
            }
            out.push('\n');
        }
        out.push('\n');
    }
    out
}

/// Holedox: `.` free, `#` stone, `H` the head, `s` the rest of the snake, `*` the exit.
pub(crate) fn holedox(game: &holedox::Game, path: &[Dir], style: Style) -> String {
    let bodies = holedox::trace(game, path).expect("solutions replay");
    let mut out = String::new();
    for (i, body) in bodies.iter().enumerate() {
        heading(&mut out, i, path, "the head moves");
        for r in 0..game.rows() {
            for c in 0..game.cols() {
                let pos = Pos::new(r, c);
                match body.iter().position(|&b| b == pos) {
                    Some(0) => style.paint(&mut out, YELLOW, 'H'),
                    Some(_) => style.paint(&mut out, GREEN, 's'),
                    None if pos == holedox::EXIT => style.paint(&mut out, RED, '*'),
                    None => out.push(if game.is_free(pos) { '.' } else { '#' }),
                }
            }
            out.push('\n');
        }
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    const PLAIN: Style = Style { colour: false };

    #[test]
    fn huarongdao_frames_follow_the_path() {
        let board = huarongdao::Board::from_rows(&["0111", "0110", "0100"]).unwrap();
        let query = huarongdao::Query::new(Pos::new(2, 1), Pos::new(0, 1), Pos::new(1, 1));
        let path = [Dir::Up, Dir::Up];
        let text = huarongdao(&board, &query, &path, PLAIN);
        assert_eq!(
            text,
            "step 0: start\n#P..\n#T.#\n#_##\n\n\
             step 1: the blank moves U\n#P..\n#_.#\n#.##\n\n\
             step 2: the blank moves U\n#_..\n#P.#\n#.##\n\n"
        );
    }

    #[test]
    fn bloxorz_frames_show_the_box() {
        let board = bloxorz::Board::from_rows(&["X..O"]).unwrap();
        let text = bloxorz(&board, &[Dir::Right, Dir::Right], PLAIN);
        assert_eq!(
            text,
            "step 0: start\nB..O\n\nstep 1: roll R\n.BBO\n\nstep 2: roll R\n...B\n\n"
        );
    }

    #[test]
    fn holedox_frames_mark_head_and_body_and_colour_only_when_asked() {
        let game = holedox::Game::new(2, 2, &[], &[Pos::new(0, 1), Pos::new(0, 0)]).unwrap();
        let path = [Dir::Down, Dir::Left, Dir::Up];
        let text = holedox(&game, &path, PLAIN);
        assert!(text.starts_with("step 0: start\nsH\n..\n\n"), "{text}");
        assert!(
            text.ends_with("step 3: the head moves U\nH.\ns.\n\n"),
            "{text}"
        );
        assert_eq!(text.matches("step ").count(), 4);
        let coloured = holedox(&game, &path, Style { colour: true });
        assert!(coloured.contains("\x1b[1;33mH\x1b[0m"));
        assert!(!text.contains('\x1b'));
    }
}
