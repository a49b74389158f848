//! How Huarongdao looks and is played on the playground's page ([`PlayLook`]).

use crate::play::{Actors, Arrows, Floor, PlayLook, Route};

/// The page's description of Huarongdao.
pub(super) static GAME: PlayLook = PlayLook {
    help: "Bring the red piece to the flag. Only the blank moves: the arrows move the blank, a tile beside it slides in. Tap a tile next to the blank, or swipe a tile into it.",
    floor: Floor::Yard,
    actors: Actors::Tiles,
    movers: "_P",
    mover: "_",
    arrows: Arrows::Blank,
    pick_labels: false,
    pick: "",
    piece_word: "piece",
    goal: "the target",
    route: Route::Shift,
    bridges: false,
    line_kinds: &[],
    colours: &[("designated", "#c0392b")],
};
