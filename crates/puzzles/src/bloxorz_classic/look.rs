//! How Bloxorz classic looks and is played on the playground's page ([`PlayLook`]).

use crate::play::{Actors, Arrows, Floor, PlayLook, Route};

/// The page's description of Bloxorz classic.
pub(super) static GAME: PlayLook = PlayLook {
    help: "Stand the block upright in the exit. Round switches work under any part of the block, X switches only under a standing block; they open and close the bridges of their colour. The split switch parts the block into two cubes: click a cube (or Tab to it) to steer it.",
    floor: Floor::Tiles,
    actors: Actors::Box,
    movers: "B12",
    mover: "",
    arrows: Arrows::Mover,
    pick_labels: false,
    pick: "12",
    piece_word: "cube",
    goal: "the exit",
    route: Route::Roll,
    bridges: true,
    line_kinds: &[
        ('=', "bridge cell (of the bridge chosen)"),
        ('o', "soft switch: toggles the bridge chosen"),
        ('h', "heavy switch: toggles the bridge chosen"),
        ('s', "split switch (then click its two landing cells)"),
    ],
    colours: &[("box", "#f2c14e"), ("cube", "#8fd0f0")],
};
