//! How Bloxorz classic looks and is played on the playground's page ([`PlayLook`]).

use crate::play::{Actors, Arrows, Floor, LineKind, PlayLook, Route};

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
        LineKind {
            kind: '=',
            what: "bridge cell (of the bridge chosen)",
            group: Some("bridge"),
            cells: &[],
        },
        LineKind {
            kind: 'o',
            what: "soft switch: toggles the bridge chosen",
            group: Some("bridge"),
            cells: &[],
        },
        LineKind {
            kind: 'h',
            what: "heavy switch: toggles the bridge chosen",
            group: Some("bridge"),
            cells: &[],
        },
        LineKind {
            kind: 's',
            what: "split switch (then click its two landing cells)",
            group: None,
            cells: &["the split's first landing cell", "the second landing cell"],
        },
    ],
    colours: &[("box", "#f2c14e"), ("cube", "#8fd0f0")],
};
