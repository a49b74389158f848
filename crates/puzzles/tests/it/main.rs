//! The integration tests of this crate, in one test binary: each file of this folder
//! is a module (one binary links the crate graph once, where one per file linked it
//! once each).

mod capabilities;
mod gen_defaults;
mod imports;
mod invalid_inputs;
mod junk_roundtrip;
mod option_ranges;
mod play;
mod sessions;
mod shrink;
mod tidy;
