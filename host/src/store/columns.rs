//! What rows of the tables that held their bytes before the blob store keep in those columns
//! now: an empty value, and the blob's key, which every row must have once the start-up move
//! (`store/blobs`) has run.

/// What the old bytes columns hold for rows whose blob is in the store.
pub(crate) const EMPTY: &[u8] = b"";

/// A blob key a row must have once the start-up move has run.
pub(crate) fn required(key: Option<String>, what: &str) -> Result<String, sqlx::Error> {
    key.ok_or_else(|| sqlx::Error::Decode(format!("the {what} was never moved to the blob store").into()))
}
