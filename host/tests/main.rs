//! The host's in-process tests, one binary: each module drives real services (databases, the
//! sandbox, GStreamer, S3, HTTP over loopback) through the library, so the heavy dependency
//! graph is linked once and `cargo test` runs every module's tests side by side.

/// What several modules share: a migrated database of either backend, a built-in writer.
mod common {
    pub mod database;
    pub mod sandboxes;
    pub mod writer;
}

mod asset_claims;
mod audio_files;
mod beats;
mod blob_stores;
mod blob_sweep;
mod brand_voice;
mod content;
mod copy_corpus;
mod layers;
mod meme_model;
mod mp4;
mod operations;
mod priced_http;
mod quotes;
mod render;
mod sandbox;
mod store;
mod webhooks;
mod workers;
