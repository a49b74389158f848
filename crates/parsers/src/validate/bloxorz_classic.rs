//! The level file of the original Bloxorz, checked strictly.

use super::{Checker, Line, Report, Violation, is_space};
use crate::words::count;
use crate::{Found, Token};
use bloxorz_classic::{MAX_CELLS, MAX_STATES, max_bridges, states_per_setting};
use std::collections::BTreeMap;

/// Every violation of the level-file format in `text`; empty if it is valid.
///
/// Rules: a line `R C` with `R, C >= 1` and `R * C <= 2^20`; `R` lines of exactly `C`
/// characters of `# . E X O o h s =`, with exactly one `X` and one `O`; then one line
/// per bridge, `bridge N on|off r c [r c]...`, numbered 1, 2, ... in order, each cell an
/// `=` in no other bridge; then one line per `o` and `h` cell, `switch r c ACTION N
/// [ACTION N]...` with `ACTION` one of `toggle`, `on`, `off` and `N` a bridge's number;
/// then one line per `s` cell, `split r c r1 c1 r2 c2`, with two distinct landing cells
/// on the level. Every `=` is in a bridge, every `o`, `h` and `s` has its line, and the
/// level has at most as many bridges as its states allow (see
/// [`bloxorz_classic::max_bridges`]). The file ends after the last line.
///
/// ```
/// let v = parsers::validate::bloxorz_classic::validate(b"1 4\nX.=O\nbridge 2 on 1 3\n");
/// assert_eq!(v[0].to_string(), "3:8: expected bridge 1 (bridges are numbered 1, 2, ... in order), found 2");
/// ```
pub fn validate(text: &[u8]) -> Vec<Violation> {
    super::run_all(level, text)
}

/// As [`validate`], reading `input` a line at a time and keeping the first `max`
/// violations (the report counts them all).
///
/// # Errors
/// When reading fails.
pub fn validate_input(input: crate::Input<'_>, max: usize) -> std::io::Result<Report> {
    super::run(level, input, max)
}

/// What a cell was given by the lines after the rows.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Listed {
    Bridge(usize),
    Switch,
    Split,
}

/// An `=`, `o`, `h` or `s` of the rows: its cell (1-based), its place in the file (line,
/// column) and its character.
#[derive(Clone, Copy)]
struct Part {
    cell: (u64, u64),
    place: (usize, usize),
    symbol: u8,
}

/// The level's rows as read (each up to `C` characters), and what the lines list.
struct Level {
    rows: u64,
    cols: u64,
    cells: Vec<Vec<u8>>,
    /// Every `=`, `o`, `h` and `s`, in reading order.
    parts: Vec<Part>,
    listed: BTreeMap<(u64, u64), Listed>,
    bridges: usize,
    max_bridges: Option<usize>,
}

impl Level {
    /// The character at 1-based `(r, c)`, if the row has it.
    fn at(&self, (r, c): (u64, u64)) -> Option<u8> {
        let row = self.cells.get(usize::try_from(r).ok()?.checked_sub(1)?)?;
        row.get(usize::try_from(c).ok()?.checked_sub(1)?).copied()
    }
}

/// Checks the whole file; `None` where the structure is lost.
fn level(check: &mut Checker<'_>) -> Option<()> {
    let header = check.expect_line("R C")?;
    let limit = MAX_CELLS as u64;
    let [rows, cols] = check.ints(&header, [(&"R", 1..=limit), (&"C", 1..=limit)]);
    let (rows, cols) = (rows?, cols?);
    if !rows.valid || !cols.valid {
        return None;
    }
    let at = (rows.token.line, rows.token.col);
    let (rows, cols) = (rows.value, cols.value);
    if rows * cols > limit {
        check.report(
            at.0,
            at.1,
            format_args!("a {rows} x {cols} level has more than {MAX_CELLS} cells"),
        );
        return None;
    }
    let mut level = grid(check, at, rows, cols)?;
    lines(check, &mut level);
    for &Part {
        cell: (r, c),
        place: (line, col),
        symbol,
    } in &level.parts
    {
        if level.listed.contains_key(&(r, c)) {
            continue;
        }
        let missing = match symbol {
            b'=' => "no bridge line lists it",
            b's' => "it has no split line",
            _ => "it has no switch line",
        };
        check.report(
            line,
            col,
            format_args!(
                "the `{}` at ({r}, {c}) is unused: {missing}",
                char::from(symbol)
            ),
        );
    }
    Some(())
}

/// Whether `byte` is a character of the tile table.
fn is_tile(byte: u8) -> bool {
    matches!(
        byte,
        b'#' | b'.' | b'E' | b'X' | b'O' | b'o' | b'h' | b's' | b'='
    )
}

/// Checks the `rows` rows after the header, whose `R` is at `header` (line, column).
fn grid(check: &mut Checker<'_>, header: (usize, usize), rows: u64, cols: u64) -> Option<Level> {
    let mut cells = Vec::new();
    let mut parts = Vec::new();
    let (mut starts, mut exits) = (0, 0);
    let mut tiles = 0;
    let mut split = false;
    for r in 1..=rows {
        let line = check.expect_line(format_args!(
            "row {r} of {rows} ({} of # . E X O o h s =)",
            count(cols, "character")
        ))?;
        // Spaces around the row are layout violations, already reported.
        let start = line.text.iter().position(|&b| !is_space(b)).unwrap_or(0);
        let end = line
            .text
            .iter()
            .rposition(|&b| !is_space(b))
            .map_or(start, |i| i + 1);
        let text = &line.text[start..end];
        let len = text.len() as u64;
        if len != cols {
            check.report(
                line.number,
                line.col0 + start + len.min(cols) as usize,
                format_args!(
                    "expected {} in row {r}, found {len}",
                    count(cols, "character")
                ),
            );
        }
        let text = &text[..len.min(cols) as usize];
        for (i, &byte) in text.iter().enumerate() {
            let c = i as u64 + 1;
            let token = Token {
                text: &text[i..=i],
                line: line.number,
                col: line.col0 + start + i,
            };
            if !is_tile(byte) {
                let found = Found::token(token.text);
                check.report_at(
                    &token,
                    format_args!("expected one of # . E X O o h s =, found {found}"),
                );
                continue;
            }
            tiles += usize::from(byte != b'#');
            match byte {
                b'X' => {
                    starts += 1;
                    if starts == 2 {
                        check.report_at(
                            &token,
                            format_args!("expected one X, found another at ({r}, {c})"),
                        );
                    }
                }
                b'O' => {
                    exits += 1;
                    if exits == 2 {
                        check.report_at(
                            &token,
                            format_args!("expected one O, found another at ({r}, {c})"),
                        );
                    }
                }
                b'=' | b'o' | b'h' | b's' => {
                    split |= byte == b's';
                    parts.push(Part {
                        cell: (r, c),
                        place: (token.line, token.col),
                        symbol: byte,
                    });
                }
                _ => {}
            }
        }
        cells.push(text.to_vec());
    }
    for (count, symbol) in [(starts, 'X'), (exits, 'O')] {
        if count == 0 {
            check.report(
                header.0,
                header.1,
                format_args!("expected one {symbol}, found none"),
            );
        }
    }
    let per_setting = states_per_setting(tiles, split);
    let max_bridges = max_bridges(per_setting);
    if max_bridges.is_none() {
        check.report(
            header.0,
            header.1,
            format_args!(
                "the block and the cubes have {per_setting} states on this level's tiles, more \
                 than the limit of {MAX_STATES}"
            ),
        );
    }
    Some(Level {
        rows,
        cols,
        cells,
        parts,
        listed: BTreeMap::new(),
        bridges: 0,
        max_bridges,
    })
}

/// The kinds of line after the rows, in the order they come.
const KEYWORDS: [&str; 3] = ["bridge", "switch", "split"];

/// Checks the bridge, switch and split lines, to the end of the file.
fn lines(check: &mut Checker<'_>, level: &mut Level) {
    let mut stage = 0;
    while let Some(line) = check.next_line() {
        let tokens: Vec<Token<'_>> = line.tokens().collect();
        let Some(keyword) = tokens.first() else {
            check.report(
                line.number,
                line.col0,
                "expected a bridge, switch or split line, found blank line",
            );
            continue;
        };
        let kind = KEYWORDS.iter().position(|k| k.as_bytes() == keyword.text);
        match kind {
            Some(kind) if kind >= stage => stage = kind,
            Some(_) => {
                let found = Found::token(keyword.text);
                check.report_at(
                    keyword,
                    format_args!(
                        "expected bridge lines, then switch lines, then split lines, found {found} after a {} line",
                        KEYWORDS[stage]
                    ),
                );
            }
            None => {
                let found = Found::token(keyword.text);
                check.report_at(
                    keyword,
                    format_args!("expected bridge, switch or split, found {found}"),
                );
                continue;
            }
        }
        match kind {
            Some(0) => bridge(check, level, &line, &tokens),
            Some(1) => switch(check, level, &line, &tokens),
            _ => split(check, level, &line, &tokens),
        }
    }
}

/// Where the token after `tokens` would start: the end of the line so far.
fn end_of(line: &Line, tokens: &[Token<'_>]) -> usize {
    tokens.last().map_or(line.col0, |t| t.col + t.text.len())
}

/// The cell `r c` of tokens `at` and `at + 1` (which exist), if both are numbers on the
/// level.
fn cell(
    check: &mut Checker<'_>,
    level: &Level,
    tokens: &[Token<'_>],
    at: usize,
    what: &str,
) -> Option<(u64, u64)> {
    let r = check.int(
        &tokens[at],
        format_args!("the row of {what}"),
        1..=level.rows,
    );
    let c = check.int(
        &tokens[at + 1],
        format_args!("the column of {what}"),
        1..=level.cols,
    );
    match (r, c) {
        (Some(r), Some(c)) if r.valid && c.valid => Some((r.value, c.value)),
        _ => None,
    }
}

/// Reports a cell whose character is not one of `expected`.
fn expect_tile(
    check: &mut Checker<'_>,
    level: &Level,
    token: &Token<'_>,
    (r, c): (u64, u64),
    expected: &[u8],
    what: &str,
) -> bool {
    match level.at((r, c)) {
        Some(byte) if expected.contains(&byte) => true,
        Some(byte) => {
            check.report_at(
                token,
                format_args!("({r}, {c}) is `{}`, not {what}", char::from(byte)),
            );
            false
        }
        None => false, // a short row, reported already
    }
}

fn bridge(check: &mut Checker<'_>, level: &mut Level, line: &Line, tokens: &[Token<'_>]) {
    level.bridges += 1;
    let number = level.bridges;
    if level.max_bridges.is_some_and(|max| number == max + 1) {
        check.report_at(
            &tokens[0],
            format_args!(
                "a level of these tiles has at most {} (2^B states each, at most {} in all)",
                count(number - 1, "bridge"),
                MAX_STATES
            ),
        );
    }
    let Some(n) = tokens.get(1) else {
        check.report(
            line.number,
            end_of(line, tokens),
            "expected the bridge number, found end of line",
        );
        return;
    };
    if let Some(n) = check.int(n, "the bridge number", 0..=u64::MAX)
        && n.value != number as u64
    {
        check.report_at(
            &n.token,
            format_args!(
                "expected bridge {number} (bridges are numbered 1, 2, ... in order), found {}",
                n.value
            ),
        );
    }
    match tokens.get(2) {
        Some(state) if matches!(state.text, b"on" | b"off") => {}
        Some(state) => {
            let found = Found::token(state.text);
            check.report_at(state, format_args!("expected on or off, found {found}"));
        }
        None => {
            check.report(
                line.number,
                end_of(line, tokens),
                "expected on or off, found end of line",
            );
            return;
        }
    }
    let coordinates = &tokens[3..];
    if coordinates.is_empty() || coordinates.len() % 2 == 1 {
        let what = if coordinates.is_empty() {
            "the row"
        } else {
            "the column"
        };
        check.report(
            line.number,
            end_of(line, tokens),
            format_args!("expected {what} of a cell of bridge {number}, found end of line"),
        );
    }
    for at in (3..tokens.len().saturating_sub(1)).step_by(2) {
        let what = format!("a cell of bridge {number}");
        let Some(pos) = cell(check, level, tokens, at, &what) else {
            continue;
        };
        if !expect_tile(check, level, &tokens[at], pos, b"=", "a bridge cell `=`") {
            continue;
        }
        if let Some(Listed::Bridge(b)) = level.listed.get(&pos) {
            check.report_at(
                &tokens[at],
                format_args!("({}, {}) is already a cell of bridge {b}", pos.0, pos.1),
            );
            continue;
        }
        level.listed.insert(pos, Listed::Bridge(number));
    }
}

fn switch(check: &mut Checker<'_>, level: &mut Level, line: &Line, tokens: &[Token<'_>]) {
    if tokens.len() < 5 || tokens.len() % 2 == 0 {
        let expected = match tokens.len() {
            1 => "the row of the switch",
            2 => "the column of the switch",
            n if n % 2 == 1 => "an action (toggle, on or off)",
            _ => "the bridge number",
        };
        check.report(
            line.number,
            end_of(line, tokens),
            format_args!("expected {expected}, found end of line"),
        );
    }
    if tokens.len() >= 3
        && let Some(pos) = cell(check, level, tokens, 1, "the switch")
        && expect_tile(check, level, &tokens[1], pos, b"oh", "a switch `o` or `h`")
    {
        if level.listed.contains_key(&pos) {
            check.report_at(
                &tokens[1],
                format_args!("a second switch line for ({}, {})", pos.0, pos.1),
            );
        }
        level.listed.insert(pos, Listed::Switch);
    }
    for at in (3..tokens.len()).step_by(2) {
        let word = &tokens[at];
        if !matches!(word.text, b"toggle" | b"on" | b"off") {
            let found = Found::token(word.text);
            check.report_at(
                word,
                format_args!("expected toggle, on or off, found {found}"),
            );
        }
        let Some(n) = tokens.get(at + 1) else {
            continue;
        };
        if let Some(n) = check.int(n, "the bridge number", 0..=u64::MAX)
            && (n.value == 0 || n.value > level.bridges as u64)
        {
            check.report_at(
                &n.token,
                format_args!(
                    "unknown bridge {}: the level has {}",
                    n.value,
                    count(level.bridges, "bridge")
                ),
            );
        }
    }
}

fn split(check: &mut Checker<'_>, level: &mut Level, line: &Line, tokens: &[Token<'_>]) {
    let names = [
        "the row of the split switch",
        "the column of the split switch",
        "the row of the first landing cell",
        "the column of the first landing cell",
        "the row of the second landing cell",
        "the column of the second landing cell",
    ];
    if let Some(extra) = tokens.get(7) {
        let found = Found::token(extra.text);
        check.report_at(extra, format_args!("expected end of line, found {found}"));
    }
    if let Some(missing) = names.get(tokens.len().saturating_sub(1)) {
        check.report(
            line.number,
            end_of(line, tokens),
            format_args!("expected {missing}, found end of line"),
        );
        if tokens.len() < 3 {
            return;
        }
    }
    if let Some(pos) = cell(check, level, tokens, 1, "the split switch")
        && expect_tile(check, level, &tokens[1], pos, b"s", "a split switch `s`")
    {
        if level.listed.contains_key(&pos) {
            check.report_at(
                &tokens[1],
                format_args!("a second split line for ({}, {})", pos.0, pos.1),
            );
        }
        level.listed.insert(pos, Listed::Split);
    }
    if tokens.len() < 7 {
        return;
    }
    let first = cell(check, level, tokens, 3, "the first landing cell");
    let second = cell(check, level, tokens, 5, "the second landing cell");
    if let (Some(first), Some(second)) = (first, second)
        && first == second
    {
        check.report_at(
            &tokens[5],
            format_args!(
                "both landing cells are ({}, {}): the cubes need two",
                first.0, first.1
            ),
        );
    }
}
