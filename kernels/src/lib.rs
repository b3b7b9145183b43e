//! Tight loops over pixels and samples, a crate of their own so the dev profile builds them
//! optimised (the root `Cargo.toml`): unoptimised, their iterator adapters were most of the CPU
//! a debug server spent on a voiced slideshow (packing pixels for PNG, finding lit words,
//! limiting narration), which the tests drive hundreds of times. Plain slices in and out; what
//! the pixels and samples mean stays with the host. The end-to-end tests compare pictures with
//! `compare`, for the same reason: they read every pixel of frames and screenshots.

pub mod compare;
pub mod pixels;
pub mod samples;
