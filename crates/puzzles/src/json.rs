//! `--format json`: the one JSON object written for a solved case, the same for every
//! puzzle.

use crate::driver::{Puzzle, Solved};
use crate::options::Options;

/// The one JSON object `--format json` writes for a solved case: the common fields in
/// their documented order (with `file`, from 1, after `case` when several inputs are
/// solved), then the puzzle's own. See [`write_json_line`], which writes it to a stream.
pub fn json_line(
    puzzle: &dyn Puzzle,
    options: &Options,
    solved: &dyn Solved,
    file: Option<usize>,
) -> String {
    let mut out = Vec::new();
    write_json_line(&mut out, puzzle, options, solved, file)
        .expect("a Vec takes any bytes and the fields are valid JSON");
    String::from_utf8(out).expect("serde_json writes UTF-8")
}

/// Writes [`json_line`]'s object (no line break) to `out`, field by field: the path, which
/// may be as long as the answer, is written once, with no copy of it in between.
///
/// # Errors
/// When `out` fails.
pub fn write_json_line(
    out: &mut dyn std::io::Write,
    puzzle: &dyn Puzzle,
    options: &Options,
    solved: &dyn Solved,
    file: Option<usize>,
) -> std::io::Result<()> {
    let line = JsonLine {
        puzzle,
        options,
        solved,
        file,
    };
    serde_json::to_writer(out, &line).map_err(std::io::Error::from)
}

/// [`json_line`]'s object, serialized from the solved case as it is written.
struct JsonLine<'a> {
    puzzle: &'a dyn Puzzle,
    options: &'a Options,
    solved: &'a dyn Solved,
    file: Option<usize>,
}

impl serde_core::Serialize for JsonLine<'_> {
    fn serialize<S: serde_core::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde_core::ser::SerializeMap;
        let (puzzle, solved) = (self.puzzle, self.solved);
        let stats = solved.stats();
        let mut map = serializer.serialize_map(None)?;
        map.serialize_entry("puzzle", puzzle.about().name)?;
        map.serialize_entry("case", &solved.number())?;
        if let Some(file) = self.file {
            map.serialize_entry("file", &file)?;
        }
        map.serialize_entry("answer", &solved.moves())?;
        map.serialize_entry("path", &solved.path())?;
        map.serialize_entry("expanded", &stats.expanded)?;
        map.serialize_entry("generated", &stats.generated)?;
        for (key, value) in puzzle.json_fields(self.options) {
            map.serialize_entry(key, &value)?;
        }
        map.end()
    }
}
