//! How Klotski looks and is played on the playground's page ([`PlayLook`]).

use crate::play::{Actors, Arrows, Floor, PlayLook, Route};

/// The page's description of Klotski.
pub(super) static GAME: PlayLook = PlayLook {
    help: "Slide the red 2x2 piece (曹操) out through the exit. Click or Tab to a piece, then use the arrows, click an empty cell beside it, or drag it.",
    floor: Floor::Frame,
    actors: Actors::Pieces,
    movers: "",
    mover: "",
    arrows: Arrows::Mover,
    pick_labels: true,
    pick: "",
    piece_word: "piece",
    goal: "the exit",
    route: Route::Nothing,
    bridges: false,
    line_kinds: &[],
    colours: &[("goal-piece", "#c0392b")],
};
