//! The agent asset service host: auth, credits, rate limits, idempotency and the HTTP API.
//!
//! `app(state)` builds the router; `run(listener, state, shutdown)` serves it. The binary in
//! `main.rs` is a thin command-line front over [`cli`].

pub mod account;
pub mod app;
pub mod audioscript;
pub mod auth;
pub mod billing;
pub mod brands;
pub mod catalog;
pub mod cli;
pub mod config;
pub mod engine;
pub mod error;
pub mod feeds;
pub mod gate;
pub mod idempotency;
pub mod jobs;
pub mod languages;
pub mod limits;
pub mod markup;
pub mod media;
pub mod memes;
pub mod model;
pub mod mp4;
pub mod net;
pub mod observe;
pub mod openapi;
pub mod ops;
pub mod plugins;
pub mod policy;
pub mod render;
pub mod store;

pub use app::{AppState, app, app_with, run};
