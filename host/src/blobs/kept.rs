//! What is made when first needed and kept: a blob read when it is there, else made once —
//! however many callers in this process ask for it at the same moment — and stored for every
//! later read. Public routes that draw (link cards) go through here, so a read never draws twice.

use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, LazyLock, Mutex};

use tokio::sync::OnceCell;

use super::BlobStore;
use crate::error::Error;

/// Makings under way, by key: later callers wait for the first one's result instead of making
/// it again.
pub struct Flights<T> {
    under_way: Mutex<HashMap<String, Arc<OnceCell<T>>>>,
}

impl<T> Default for Flights<T> {
    fn default() -> Self {
        Flights { under_way: Mutex::default() }
    }
}

impl<T: Clone> Flights<T> {
    /// The result of `make` for `key`: made now, or shared with the making already under way.
    pub async fn run<F: Future<Output = T>>(&self, key: &str, make: impl FnOnce() -> F) -> T {
        let flight = match self.under_way.lock() {
            Ok(mut map) => map.entry(key.to_string()).or_default().clone(),
            // A panic while the map was held leaves it usable: the entries are only handles.
            Err(poisoned) => poisoned.into_inner().entry(key.to_string()).or_default().clone(),
        };
        let made = flight.get_or_init(make).await.clone();
        if let Ok(mut map) = self.under_way.lock()
            && map.get(key).is_some_and(|f| Arc::ptr_eq(f, &flight))
        {
            map.remove(key);
        }
        made
    }
}

/// Blobs being made in this process.
static MAKING: LazyLock<Flights<Result<Vec<u8>, Error>>> = LazyLock::new(Flights::default);

/// The blob under `key`, or what `make` makes, stored under `key` first.
pub async fn read_or_make<F>(blobs: &dyn BlobStore, key: &str, make: impl FnOnce() -> F) -> Result<Vec<u8>, Error>
where
    F: Future<Output = Result<Vec<u8>, Error>>,
{
    if let Some(bytes) = blobs.get(key).await? {
        return Ok(bytes);
    }
    MAKING
        .run(key, || async {
            let bytes = make().await?;
            blobs.put(key, bytes.clone()).await?;
            Ok(bytes)
        })
        .await
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::{AtomicUsize, Ordering};

    #[tokio::test]
    async fn callers_at_once_share_one_making_and_later_ones_read_what_was_kept() {
        let dir = tempfile::tempdir().unwrap();
        let blobs = super::super::LocalFolder::new(dir.path().to_path_buf()).await.unwrap();
        let made = AtomicUsize::new(0);
        let make = || async {
            made.fetch_add(1, Ordering::SeqCst);
            tokio::time::sleep(std::time::Duration::from_millis(50)).await;
            Ok(b"card".to_vec())
        };
        let all = futures::future::join_all((0..20).map(|_| read_or_make(&blobs, "pages/j/card.png", make))).await;
        assert!(all.iter().all(|r| r.as_deref().ok() == Some(&b"card"[..])));
        assert_eq!(made.load(Ordering::SeqCst), 1);
        assert_eq!(read_or_make(&blobs, "pages/j/card.png", make).await.unwrap(), b"card");
        assert_eq!(made.load(Ordering::SeqCst), 1, "kept: read, not made again");
    }

    #[tokio::test]
    async fn a_failed_making_is_not_kept_and_answers_its_own_error() {
        let dir = tempfile::tempdir().unwrap();
        let blobs = super::super::LocalFolder::new(dir.path().to_path_buf()).await.unwrap();
        let over = || Error::BadGateway { code: "render_over_budget", message: "over".into() };
        // Makings are shared process-wide by key, so this test's key is its own: the test above
        // may be making its card at this very moment.
        let failed = read_or_make(&blobs, "pages/failed/card.png", || async { Err(over()) }).await;
        assert!(matches!(failed, Err(Error::BadGateway { code: "render_over_budget", .. })), "{failed:?}");
        assert_eq!(blobs.get("pages/failed/card.png").await.unwrap(), None);
    }
}
