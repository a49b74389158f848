//! The integration tests of this crate, in one test binary: each file of this folder
//! is a module (one binary links the crate graph once, where one per file linked it
//! once each).

mod common;

mod atlas;
mod cache;
mod check;
mod checkpoint;
mod checktestdata;
mod cli;
mod conventions;
mod drawn_paths;
mod edges;
mod fifteen_memory;
mod help;
mod judges;
mod junk;
mod memory;
mod no_threads;
mod package;
mod path_once;
mod progress;
mod python_validators;
mod show;
mod small_memory;
mod stress;
mod validate;
