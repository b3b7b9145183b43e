//! The agent asset service host.
//!
//! Three layers, arrows pointing one way: front ends (`http`, and `cli` for operators) call the
//! features' operations (`memes`, `audioscript`, `mp4`, `engine`, `brands`, `feeds`, `account`),
//! plain functions over a protocol-neutral [`ctx::Ctx`]; features stand on the platform
//! (`billing`, `jobs`, `render`, `media`, `plugins`, `store`, `net`, `limits`, …). `app` is the
//! one module that names every feature. `app(state)` builds the router; `run(listener, state,
//! shutdown)` serves it. The binary in `main.rs` is a thin command-line front over [`cli`].

// Core: what every layer shares.
pub mod catalog;
pub mod config;
pub mod counted;
pub mod ctx;
pub mod dates;
pub mod detached;
pub mod error;

// Platform.
pub mod auth;
pub mod background;
pub mod billing;
pub mod blobs;
pub mod callbacks;
pub mod caller;
pub mod chrome;
pub mod cpu;
pub mod events;
pub mod idempotency;
pub mod jobs;
pub mod languages;
pub mod limits;
pub mod links;
pub mod markup;
pub mod media;
pub mod model;
pub mod money;
pub mod net;
pub mod pages;
pub mod plugins;
pub mod reading;
pub mod redact;
pub mod render;
pub mod rules;
pub mod seal;
pub mod store;
pub mod telegram;

// Features.
pub mod account;
pub mod assets;
pub mod audioscript;
pub mod brands;
pub mod content;
pub mod engine;
pub mod feeds;
pub mod generate;
pub mod market;
pub mod memes;
pub mod mp4;
pub mod pitch;
pub mod purchases;

// Front ends and assembly.
pub mod app;
pub mod bot;
pub mod cli;
pub mod dashboard;
pub mod http;
pub mod mcp;

pub use app::{app, app_with, run};
pub use http::AppState;
