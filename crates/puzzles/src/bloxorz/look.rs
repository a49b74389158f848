//! How Bloxorz looks and is played on the playground's page ([`PlayLook`]).

use crate::play::{Actors, Arrows, Floor, PlayLook, Route};

/// The page's description of Bloxorz.
pub(super) static GAME: PlayLook = PlayLook {
    help: "Roll the box until it stands upright in the hole. It may not stand on orange tiles. Click or tap a side of the box to roll it that way.",
    floor: Floor::Tiles,
    actors: Actors::Box,
    movers: "B",
    mover: "",
    arrows: Arrows::Mover,
    pick_labels: false,
    pick: "",
    piece_word: "piece",
    goal: "the target",
    route: Route::Roll,
    bridges: false,
    line_kinds: &[],
    colours: &[("box", "#f2c14e")],
};
