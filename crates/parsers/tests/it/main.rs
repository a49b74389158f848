//! The integration tests of this crate, in one test binary: each file of this folder
//! is a module (one binary links the crate graph once, where one per file linked it
//! once each).

mod bloxorz_classic_format;
mod bloxorz_classic_levels;
mod bloxorz_corpus;
mod bloxorz_format;
mod eight_format;
mod fifteen_format;
mod holedox_format;
mod huarongdao_format;
mod validate;
