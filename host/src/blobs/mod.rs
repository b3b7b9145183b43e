//! Blob storage: the one trait behind which the service keeps its large binaries (rendered
//! videos, voice tracks, uploaded audio, pictures), its error type, and the key rules every
//! backend shares.
//!
//! The trait is object safe so the app can hold an `Arc<dyn BlobStore>` and pick the backend
//! from configuration: [`LocalFolder`] (the default) or [`S3Bucket`] (`s3://bucket/prefix`). Futures are boxed by
//! hand rather than through `async-trait` to keep the dependency list short.
//!
//! Keys are slash-separated and validated by [`validate_key`] before any backend sees them, so
//! a key can never address anything outside the store and every backend accepts the same keys.
//! HTTP `Range` parsing is deliberately not here: callers work out a satisfiable range from
//! [`BlobStore::size`] and ask for exactly that.

pub mod kept;
mod local;
mod s3;

use std::io;
use std::path::Path;

use futures::future::BoxFuture;
use futures::stream::BoxStream;

pub use local::LocalFolder;
pub use s3::{S3Bucket, S3Config};

/// Longest key accepted, in bytes.
pub const MAX_KEY_LEN: usize = 512;

/// Longest segment accepted, in bytes: the usual filesystem name limit, so a key that is valid
/// for a remote store is valid for a local folder too.
pub const MAX_SEGMENT_LEN: usize = 255;

/// Upper bound on the size of one chunk of a [`ByteStream`].
pub const CHUNK_SIZE: usize = 64 * 1024;

/// A blob read lazily in chunks of at most [`CHUNK_SIZE`] bytes. It yields exactly the bytes
/// asked for, or ends with an error.
pub type ByteStream = BoxStream<'static, io::Result<Vec<u8>>>;

/// Everything a blob store can fail with. A missing blob is not an error: reads return `None`.
#[derive(Debug, thiserror::Error)]
pub enum BlobError {
    /// The key (or list prefix) breaks the key rules; the string is the key, shortened.
    #[error("invalid blob key {0:?}")]
    BadKey(String),
    /// The blob exists but does not cover the range asked for.
    #[error("range {start}-{end_inclusive} is outside blob {key:?} of {len} bytes")]
    BadRange { key: String, start: u64, end_inclusive: u64, len: u64 },
    /// A blob that a record names is not in the store: data was lost.
    #[error("blob {0:?} is missing")]
    Missing(String),
    /// The backend cannot be reached right now; worth retrying later.
    #[error("blob store unavailable: {0}")]
    Unavailable(String),
    /// An I/O failure while doing `op` on `key`.
    #[error("blob {op} {key:?}: {source}")]
    Io {
        op: &'static str,
        key: String,
        #[source]
        source: io::Error,
    },
}

impl BlobError {
    fn io(op: &'static str, key: &str, source: io::Error) -> Self {
        BlobError::Io { op, key: key.to_owned(), source }
    }
}

/// The store the settings name: the bucket of `blob_url`, else the `blobs` folder of the data
/// folder.
pub async fn from_settings(settings: &crate::config::Settings) -> Result<std::sync::Arc<dyn BlobStore>, String> {
    Ok(match settings.blob_url.as_deref().map(str::trim).filter(|u| !u.is_empty()) {
        Some(url) => std::sync::Arc::new(S3Bucket::new(&S3Config {
            url: url.to_string(),
            endpoint: settings.s3_endpoint.clone(),
            region: settings.s3_region.clone(),
            access_key_id: settings.s3_access_key_id.clone(),
            secret_access_key: settings.s3_secret_access_key.clone(),
            virtual_hosted: settings.s3_virtual_hosted,
        })?),
        None => {
            std::sync::Arc::new(LocalFolder::new(settings.data_dir.join("blobs")).await.map_err(|e| e.to_string())?)
        }
    })
}

/// A store of immutable-by-replacement blobs addressed by key.
///
/// Writes are atomic: a reader sees the old blob or the new one, never a mix or a prefix.
/// Reads of a missing key answer `Ok(None)` (`Ok(false)` for `delete`), so callers need no
/// error matching for the common "not there" case.
pub trait BlobStore: Send + Sync {
    /// Short backend name for logs and metrics, e.g. `"local"`.
    fn name(&self) -> &'static str;

    /// Stores `bytes` under `key`, replacing any blob already there.
    fn put<'a>(&'a self, key: &'a str, bytes: Vec<u8>) -> BoxFuture<'a, Result<(), BlobError>>;

    /// Stores a copy of the local file at `path` under `key` without holding it in memory.
    /// The source file is left as it is; removing it is the caller's business.
    fn put_file<'a>(&'a self, key: &'a str, path: &'a Path) -> BoxFuture<'a, Result<(), BlobError>>;

    /// The whole blob, for small ones such as pictures. Use [`BlobStore::read_all`] for
    /// anything that may be large.
    fn get<'a>(&'a self, key: &'a str) -> BoxFuture<'a, Result<Option<Vec<u8>>, BlobError>>;

    /// The blob's length in bytes.
    fn size<'a>(&'a self, key: &'a str) -> BoxFuture<'a, Result<Option<u64>, BlobError>>;

    /// Bytes `start..=end_inclusive` of the blob, read lazily. The range must lie inside the
    /// blob (`start <= end_inclusive < len`), otherwise [`BlobError::BadRange`]; an empty blob
    /// therefore has no readable range.
    fn read_range<'a>(
        &'a self,
        key: &'a str,
        start: u64,
        end_inclusive: u64,
    ) -> BoxFuture<'a, Result<Option<ByteStream>, BlobError>>;

    /// The whole blob, read lazily; an empty blob gives an empty stream. Required rather than
    /// built from `size` + `read_range`, because the blob could be replaced between the two
    /// calls and the reader would get the new blob cut to the old length.
    fn read_all<'a>(&'a self, key: &'a str) -> BoxFuture<'a, Result<Option<ByteStream>, BlobError>>;

    /// Removes the blob; `true` if there was one.
    fn delete<'a>(&'a self, key: &'a str) -> BoxFuture<'a, Result<bool, BlobError>>;

    /// Removes what interrupted writes left behind and nobody touched for `older_than`;
    /// returns how many. Run periodically, not per call.
    fn clean_up<'a>(&'a self, older_than: std::time::Duration) -> BoxFuture<'a, Result<usize, BlobError>>;

    /// Every key under `prefix`, sorted. The prefix matches whole segments: `memes/1` (or
    /// `memes/1/`) lists `memes/1/a.png` but not `memes/12/a.png`; `""` lists everything.
    fn list<'a>(&'a self, prefix: &'a str) -> BoxFuture<'a, Result<Vec<String>, BlobError>>;
}

/// The whole blob under `key`, which a record names: its absence is an error, not `None`.
pub async fn expect(store: &dyn BlobStore, key: &str) -> Result<Vec<u8>, BlobError> {
    store.get(key).await?.ok_or_else(|| BlobError::Missing(shorten(key)))
}

/// Checks `key` against the key rules: 1 to [`MAX_KEY_LEN`] bytes of `/`-separated segments,
/// each 1 to [`MAX_SEGMENT_LEN`] bytes of `[A-Za-z0-9._-]` and neither `.` nor `..`.
pub fn validate_key(key: &str) -> Result<(), BlobError> {
    if is_valid_key(key) { Ok(()) } else { Err(BlobError::BadKey(shorten(key))) }
}

/// Whether `key` follows the rules of [`validate_key`].
pub fn is_valid_key(key: &str) -> bool {
    !key.is_empty() && key.len() <= MAX_KEY_LEN && key.split('/').all(is_valid_segment)
}

fn is_valid_segment(segment: &str) -> bool {
    !segment.is_empty()
        && segment.len() <= MAX_SEGMENT_LEN
        && segment != "."
        && segment != ".."
        && segment.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'.' | b'_' | b'-'))
}

/// The folder-like prefix for `list` without its optional trailing slash; `""` means all.
fn list_prefix(prefix: &str) -> Result<&str, BlobError> {
    if prefix.is_empty() {
        return Ok("");
    }
    let bare = prefix.strip_suffix('/').unwrap_or(prefix);
    if is_valid_key(bare) { Ok(bare) } else { Err(BlobError::BadKey(shorten(prefix))) }
}

/// Keeps error messages and logs readable when a caller passes something huge as a key.
fn shorten(key: &str) -> String {
    const SHOWN: usize = 80;
    if key.len() <= SHOWN {
        return key.to_owned();
    }
    let mut end = SHOWN;
    while !key.is_char_boundary(end) {
        end -= 1;
    }
    format!("{}…", &key[..end])
}

/// What an operation reports when storage fails: an outage is retryable, the rest internal.
impl From<BlobError> for crate::error::Error {
    fn from(err: BlobError) -> crate::error::Error {
        match err {
            BlobError::Unavailable(why) => {
                tracing::warn!(error = %why, "blob store unavailable");
                crate::error::Error::Unavailable { message: "Storage is unavailable; retrying is safe." }
            }
            other => crate::error::Error::Internal(format!("blobs: {other}")),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_the_service_key_shapes() {
        for key in [
            "memes/01J8Z3/1.png",
            "engine/abc-DEF_9/voice.wav",
            "renders/xyz.mp4",
            "uploads/job-1.wav",
            "a",
            "...",
            ".hidden",
        ] {
            assert!(validate_key(key).is_ok(), "{key}");
        }
        let longest = format!("{}/{}/{}", "a".repeat(200), "b".repeat(200), "c".repeat(110));
        assert_eq!(longest.len(), MAX_KEY_LEN);
        assert!(is_valid_key(&longest));
    }

    #[test]
    fn refuses_keys_that_could_escape_or_are_malformed() {
        let too_long = format!("{}/{}/{}", "a".repeat(200), "b".repeat(200), "c".repeat(111));
        assert_eq!(too_long.len(), MAX_KEY_LEN + 1);
        let long_segment = "s".repeat(MAX_SEGMENT_LEN + 1);
        for key in [
            "",
            "../x",
            "x/..",
            "..",
            ".",
            "/abs",
            "a//b",
            "a/./b",
            "a/../b",
            "a\\b",
            "a/",
            "a b",
            "a/ü.png",
            "a:b",
            "a~b",
            "a\0b",
            too_long.as_str(),
            long_segment.as_str(),
        ] {
            assert!(matches!(validate_key(key), Err(BlobError::BadKey(_))), "{key:?}");
        }
    }

    #[test]
    fn bad_key_messages_stay_short() {
        let Err(BlobError::BadKey(shown)) = validate_key(&"é".repeat(5000)) else { panic!("accepted") };
        assert!(shown.len() <= 80 + '…'.len_utf8());
    }

    #[test]
    fn list_prefixes_are_keys_with_an_optional_trailing_slash() {
        assert_eq!(list_prefix("").unwrap(), "");
        assert_eq!(list_prefix("memes").unwrap(), "memes");
        assert_eq!(list_prefix("memes/1/").unwrap(), "memes/1");
        for bad in ["/", "/memes", "memes//", "../memes", "memes/../x"] {
            assert!(matches!(list_prefix(bad), Err(BlobError::BadKey(_))), "{bad:?}");
        }
    }
}
