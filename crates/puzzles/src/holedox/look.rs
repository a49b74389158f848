//! How Holedox looks and is played on the playground's page ([`PlayLook`]).

use crate::play::{Actors, Arrows, Floor, PlayLook, Route};

/// The page's description of Holedox.
pub(super) static GAME: PlayLook = PlayLook {
    help: "Lead the snake's head to the burrow at the top-left corner. The body follows the head; the head may not enter stones, the body or the board's edge. Click or tap where the head should go.",
    floor: Floor::Grass,
    actors: Actors::Snake,
    movers: "Hs",
    mover: "H",
    arrows: Arrows::Mover,
    pick_labels: false,
    pick: "",
    piece_word: "piece",
    goal: "the burrow",
    route: Route::Shift,
    bridges: false,
    line_kinds: &[],
    colours: &[("snake", "#58a83a")],
};
