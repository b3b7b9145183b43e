//! The end-to-end tests, one binary: each module starts the real `asset-host` binary (and the
//! stand-ins, stores and browsers it talks to) and drives it over HTTP; one binary so the kit is
//! linked once and `cargo test` runs every module's tests side by side.

mod asset_jobs;
mod assets;
mod audio;
mod blobs;
mod bot;
mod brands;
mod cluster;
mod content;
mod dashboard;
mod deploy;
mod faults;
mod feeds;
mod http;
mod invites;
mod market;
mod mcp;
mod mcp_conformance;
mod mcp_library;
mod memes;
mod money_faults;
mod object_store;
mod openapi_fuzz;
mod pages;
mod payments;
mod pitch;
mod plugins;
mod recogniser;
mod shapes;
mod shutdown;
mod sol_jobs;
mod waits;
