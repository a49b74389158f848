//! The integration tests of this crate, in one test binary: each file of this folder
//! is a module (one binary links the crate graph once, where one per file linked it
//! once each).

mod board;
mod oracle_agreement;
mod rules;
