//! Change notices for rows that callers wait on: "a job was queued" (idle workers claim it at
//! once) and "row `id` changed" (a status read waiting on that job answers at once). Within a
//! process they travel over a broadcast; between processes over PostgreSQL's `LISTEN/NOTIFY`
//! on one channel, so a worker or a waiting read in another replica hears them too. A notice is
//! a hint, never data: whoever hears one reads the row again, and a slow safety poll covers a
//! notice lost with a connection.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{broadcast, watch};

use super::{Backend, Db};

/// The PostgreSQL channel every process listens on.
const CHANNEL: &str = "asset_changes";

/// What changed.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Notice {
    /// A job is ready to be claimed.
    Queued,
    /// The row with this id (a job, an asset job) changed state.
    Changed(Arc<str>),
    /// Notices may have been lost (the listening connection dropped): re-read everything.
    Resync,
}

impl Notice {
    fn payload(&self) -> Option<String> {
        match self {
            Notice::Queued => Some("q".into()),
            Notice::Changed(id) => Some(format!("c:{id}")),
            Notice::Resync => None,
        }
    }

    fn parse(payload: &str) -> Option<Notice> {
        match payload.split_once(':') {
            None if payload == "q" => Some(Notice::Queued),
            Some(("c", id)) if !id.is_empty() => Some(Notice::Changed(id.into())),
            _ => None,
        }
    }
}

/// The notices of one process.
pub struct Changes {
    notices: broadcast::Sender<Notice>,
    /// Bumped on every `Queued` (and `Resync`): a worker that saw the last value knows whether
    /// anything arrived while it was busy, which a broadcast subscribed too late would miss.
    queued: watch::Sender<u64>,
    /// True once the process is stopping: waits end at once.
    stopping: watch::Sender<bool>,
    /// Where other processes' notices come from (PostgreSQL only).
    listen_url: Option<String>,
}

impl std::fmt::Debug for Changes {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        // Never the URL: it may carry a password.
        f.debug_struct("Changes").field("listeners", &self.notices.receiver_count()).finish_non_exhaustive()
    }
}

impl Changes {
    pub(super) fn new(backend: Backend, url: &str) -> Changes {
        Changes {
            notices: broadcast::channel(1024).0,
            queued: watch::channel(0).0,
            stopping: watch::channel(false).0,
            listen_url: (backend == Backend::Postgres).then(|| url.to_string()),
        }
    }

    /// Every notice from now on (a subscriber that falls 1024 behind gets `Lagged`: re-read).
    pub fn subscribe(&self) -> broadcast::Receiver<Notice> {
        self.notices.subscribe()
    }

    /// A counter bumped whenever a job may have become ready.
    pub fn queued(&self) -> watch::Receiver<u64> {
        self.queued.subscribe()
    }

    /// Turns true when the process begins to stop.
    pub fn stopping(&self) -> watch::Receiver<bool> {
        self.stopping.subscribe()
    }

    /// Ends every wait: the process is stopping.
    pub fn stop(&self) {
        self.stopping.send_replace(true);
    }

    /// Delivers `notice` to this process's listeners.
    fn deliver(&self, notice: Notice) {
        if matches!(notice, Notice::Queued | Notice::Resync) {
            self.queued.send_modify(|n| *n = n.wrapping_add(1));
        }
        let _ = self.notices.send(notice);
    }
}

impl Db {
    /// Announces `notice` after the change it describes committed: to this process at once,
    /// and on PostgreSQL to every other process (`pg_notify`). Best effort: a notice that
    /// cannot be sent is logged and left to the safety polls.
    pub async fn announce(&self, notice: Notice) {
        self.changes().deliver(notice.clone());
        if self.backend() == Backend::Postgres
            && let Some(payload) = notice.payload()
        {
            let sent = sqlx::query("SELECT pg_notify($1, $2)").bind(CHANNEL).bind(payload).execute(self.pool()).await;
            if let Err(e) = sent {
                tracing::warn!(error = %e, "could not announce a change to other processes");
            }
        }
    }
}

/// Reads a row with `read` and, while `state` says it may still change (`Some`) and `wait`
/// lasts, reads it again on every notice about `id` until its state differs from the first
/// read's; answers the last read. No connection is held between reads, and the wait ends at
/// once when the process begins to stop.
pub async fn read_until_changed<T, K, E, F, Fut>(
    db: &Db,
    id: &str,
    wait: Duration,
    mut read: F,
    state: impl Fn(&T) -> Option<K>,
) -> Result<T, E>
where
    F: FnMut() -> Fut,
    Fut: Future<Output = Result<T, E>>,
    K: PartialEq,
{
    // Subscribed before the first read: a change between the read and the wait is heard.
    let mut notices = db.changes().subscribe();
    let mut stopping = db.changes().stopping();
    let first = read().await?;
    let Some(start) = state(&first) else { return Ok(first) };
    if wait.is_zero() || stopping_now(&stopping) {
        return Ok(first);
    }
    let deadline = tokio::time::Instant::now() + wait;
    loop {
        tokio::select! {
            notice = notices.recv() => match notice {
                Ok(Notice::Changed(changed)) if *changed == *id => {}
                Ok(Notice::Resync) | Err(broadcast::error::RecvError::Lagged(_)) => {}
                Ok(_) => continue,
                Err(broadcast::error::RecvError::Closed) => return read().await,
            },
            () = tokio::time::sleep_until(deadline) => return read().await,
            () = stopped(&mut stopping) => return read().await,
        }
        let now = read().await?;
        if state(&now).as_ref() != Some(&start) {
            return Ok(now);
        }
    }
}

/// Relays other processes' notices into this one until it stops (PostgreSQL only; returns at
/// once on SQLite, where one process is the whole service). A dropped connection is
/// re-established and announced as `Resync`, since notices sent meanwhile are lost.
pub async fn listen(db: Db) {
    let changes = db.changes();
    let Some(url) = changes.listen_url.clone() else { return };
    let mut stopping = changes.stopping();
    loop {
        let relayed = tokio::select! {
            relayed = relay(&db, &url) => relayed,
            () = stopped(&mut stopping) => return,
        };
        if let Err(e) = relayed {
            tracing::warn!(error = %e, "listening for changes failed; retrying");
        }
        changes.deliver(Notice::Resync);
        tokio::select! {
            () = tokio::time::sleep(Duration::from_secs(1)) => {}
            () = stopped(&mut stopping) => return,
        }
    }
}

/// Resolves once the process is stopping.
async fn stopped(stopping: &mut watch::Receiver<bool>) {
    // The guard `wait_for` answers is not `Send`: dropped here, before any other await.
    let _ = stopping.wait_for(|s| *s).await.map(|_| ());
}

fn stopping_now(stopping: &watch::Receiver<bool>) -> bool {
    *stopping.borrow()
}

/// One listening connection's life: relays notices until it drops.
async fn relay(db: &Db, url: &str) -> Result<(), sqlx::Error> {
    let mut listener = sqlx::postgres::PgListener::connect(url).await?;
    listener.listen(CHANNEL).await?;
    // Anything sent before LISTEN took effect is unknown: re-read once now.
    db.changes().deliver(Notice::Resync);
    while let Some(notification) = listener.try_recv().await? {
        if let Some(notice) = Notice::parse(notification.payload()) {
            db.changes().deliver(notice);
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn notices_travel_as_short_payloads_and_nonsense_is_ignored() {
        for notice in [Notice::Queued, Notice::Changed("job_abc".into())] {
            assert_eq!(Notice::parse(&notice.payload().unwrap()), Some(notice));
        }
        assert_eq!(Notice::Resync.payload(), None);
        for bad in ["", "x", "c:", "q:1", "z:abc"] {
            assert_eq!(Notice::parse(bad), None, "{bad}");
        }
    }
}
