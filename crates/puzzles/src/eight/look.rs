//! How the 8-puzzle looks and is played on the playground's page ([`PlayLook`]).

use crate::play::{Actors, Arrows, Floor, PlayLook, Route};

/// The page's description of the 8-puzzle.
pub(super) static GAME: PlayLook = PlayLook {
    help: "Put the tiles in order, 1 to 8 with the gap last. Tap a tile beside the gap to slide it in; an arrow slides a tile into the gap its way (← moves the tile right of the gap).",
    floor: Floor::Tray,
    actors: Actors::Numbers,
    movers: "_",
    mover: "_",
    arrows: Arrows::Tile,
    pick_labels: false,
    pick: "",
    piece_word: "tile",
    goal: "the goal",
    route: Route::Nothing,
    bridges: false,
    line_kinds: &[],
    colours: &[],
};
