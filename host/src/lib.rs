//! The agent asset service host: three layers, arrows pointing one way, and no import circle
//! anywhere (`tests/layers.rs` checks both).
//!
//! - Front ends (`http`, `mcp`, `bot`, `dashboard`, `cli`, and `app`, the one module that names
//!   every feature) build a [`ctx::Ctx`] from their protocol and call the features' operations.
//! - Features, plain `async fn op(ctx, input) -> Result<Output, Error>` over that `Ctx`: `memes`,
//!   `pitch` (pitch pages, invites, page activity), `audioscript`, `engine` (the pages they make),
//!   `mp4`, `assets` (pay per asset in SOL), `generate`, `market`, `content`, `brands`, `feeds`,
//!   `account`, `purchases`.
//! - The platform, a stack (each tier names only the tiers below it; `tests/layers.rs` holds the
//!   ranking), from the top: `pipeline` (script → voice → pictures); `jobs`, `events` and
//!   `background`; `ctx` (the services a call runs with); `billing` (every rail of payment) and
//!   `plugins` (the sandboxed generators); `auth`, `detached`, `idempotency`, `limiter` (where
//!   rate counters live) and `telegram`; `store` (every query and the rows it keeps) and `pages`;
//!   `render` (drawing), `media` (voice, recognition, audio) and `catalog` (the menu and its
//!   prices); `caller`, `languages`, `cpu`, `blobs`, `callbacks` (webhook targets) and
//!   `reading`; `error`, `rules`, `net` (the SSRF guard) and `seal`; and at the bottom what names
//!   nothing of the crate: `config` (settings only: each part builds itself `from_settings`),
//!   `money`, `limits` (the rate rules), `counted`, `dates`, `links`, `markup`, `chrome`,
//!   `redact`, `aspect` (the shapes a video comes in), `caption_style` (how it lights the word said) and
//!   `model` (the text-completion client).
//! - Assembly: `compose` builds the services from the settings (the composition root, with the
//!   start-up's data moves); `app` merges every feature's routes, job kinds and periodic tasks.
//!
//! `app(state)` builds the router; `run(listener, state, shutdown)` serves it. The binary in
//! `main.rs` is a thin command-line front over [`cli`].

// Core: what every layer shares.
pub mod aspect;
pub mod caption_style;
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
pub mod illustrate;
pub mod jobs;
pub mod languages;
pub mod limiter;
pub mod limits;
pub mod links;
pub mod markup;
pub mod media;
pub mod model;
pub mod money;
pub mod net;
pub mod pages;
pub mod pipeline;
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
pub mod compose;
pub mod dashboard;
pub mod http;
pub mod mcp;

pub use app::{app, app_with, run};
pub use http::AppState;
