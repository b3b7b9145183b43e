//! Tight loops over pixels and samples, a crate of their own so the dev profile builds them
//! optimised (the root `Cargo.toml`): unoptimised, their iterator adapters were most of the CPU
//! a debug server spent on a voiced slideshow (packing pixels for PNG, finding lit words,
//! limiting narration), which the tests drive hundreds of times. Plain slices in and out; what
//! the pixels and samples mean stays with the host.

pub mod pixels;
pub mod samples;
