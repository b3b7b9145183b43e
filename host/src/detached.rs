//! Work a process runs on its own tasks, detached from the call that started it (a client that
//! hangs up drops the call, not the work it paid for), counted so shutdown can wait for it.

use std::future::Future;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use tokio::sync::Notify;

/// Counts detached tasks so shutdown can wait for them: work that was paid for finishes (or
/// is refunded) before the database pool closes.
#[derive(Clone)]
pub struct Detached {
    inner: Arc<(AtomicUsize, Notify)>,
    /// The process instance the payments of detached work are held by.
    holder: Arc<str>,
}

/// A process without a stable name gets one no other run shares, so nothing it held is ever
/// taken for another's.
impl Default for Detached {
    fn default() -> Self {
        Detached::held_by(&format!("run-{}", crate::store::public_id()))
    }
}

impl Detached {
    /// Detached work of process instance `holder`.
    pub fn held_by(holder: &str) -> Detached {
        Detached { inner: Arc::default(), holder: holder.into() }
    }

    /// The name this process's payment holds carry.
    pub fn holder(&self) -> &str {
        &self.holder
    }

    /// Runs `work` on its own task, counted until it ends (even by panic).
    pub fn spawn<F>(&self, work: F) -> tokio::task::JoinHandle<F::Output>
    where
        F: Future + Send + 'static,
        F::Output: Send + 'static,
    {
        struct Count(Arc<(AtomicUsize, Notify)>);
        impl Drop for Count {
            fn drop(&mut self) {
                if self.0.0.fetch_sub(1, Ordering::AcqRel) == 1 {
                    self.0.1.notify_waiters();
                }
            }
        }
        self.inner.0.fetch_add(1, Ordering::AcqRel);
        let count = Count(self.inner.clone());
        tokio::spawn(async move {
            let _count = count;
            work.await
        })
    }

    /// Tasks still running.
    pub fn running(&self) -> usize {
        self.inner.0.load(Ordering::Acquire)
    }

    /// Waits until no detached task runs, or `limit` passes; true when all finished.
    pub async fn drain(&self, limit: Duration) -> bool {
        let all_done = async {
            loop {
                let notified = self.inner.1.notified();
                if self.running() == 0 {
                    return;
                }
                notified.await;
            }
        };
        tokio::time::timeout(limit, all_done).await.is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn drain_waits_for_detached_work_even_when_it_panics() {
        let detached = Detached::default();
        let (tx, rx) = tokio::sync::oneshot::channel::<()>();
        detached.spawn(async move {
            let _ = rx.await;
        });
        detached.spawn(async { panic!("work failed") });
        assert!(!detached.drain(Duration::from_millis(50)).await, "one task still waits");
        tx.send(()).unwrap();
        assert!(detached.drain(Duration::from_secs(5)).await);
        assert_eq!(detached.running(), 0);
    }
}
