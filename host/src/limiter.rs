//! Where the rate-limit buckets live: process memory (one replica, SQLite), the database
//! (replicas sharing PostgreSQL) or Redis (when configured). Each only keeps a bucket's TAT:
//! memory under a mutex, the database under a row lock, Redis by compare-and-set; the
//! arithmetic stays in [`crate::limits::gcra`]. The database's queries are in `store::limits`.

use std::collections::HashMap;
use std::sync::Mutex;

use crate::config::Settings;
use crate::limits::{Decision, Group, gcra};
use crate::store::{Backend, Db, limits, now_ms};

/// Compare-and-set on a key that may not exist yet; the Lua runs atomically in Redis.
const REDIS_CAS: &str = r"
local current = redis.call('GET', KEYS[1])
if (current == false and ARGV[1] == '') or current == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
  return 1
end
return 0";

/// Rounds before a contended Redis bucket gives up and refuses the call (retry in a second).
const MAX_CAS_ATTEMPTS: usize = 32;

/// The shared home of the rate-limit buckets.
pub enum Limiter {
    Memory(Mutex<HashMap<String, i64>>),
    Database(Db),
    /// A Redis connection and the prefix that namespaces this deployment's keys.
    Redis(redis::aio::MultiplexedConnection, String),
}

impl Limiter {
    /// Where `settings` and the backend put the counters: Redis when one is configured, the
    /// shared database on PostgreSQL (replicas share it), memory on SQLite (one process).
    pub async fn from_settings(settings: &Settings, db: &Db) -> Result<Limiter, String> {
        match (&settings.redis_url, db.backend()) {
            (Some(url), _) => {
                Limiter::redis(url, &settings.redis_prefix).await.map_err(|e| format!("cannot reach Redis: {e}"))
            }
            (None, Backend::Postgres) => Ok(Limiter::Database(db.clone())),
            (None, Backend::Sqlite) => Ok(Limiter::memory()),
        }
    }

    pub fn memory() -> Limiter {
        Limiter::Memory(Mutex::new(HashMap::new()))
    }

    pub async fn redis(url: &str, prefix: &str) -> Result<Limiter, redis::RedisError> {
        let client = redis::Client::open(url)?;
        Ok(Limiter::Redis(client.get_multiplexed_async_connection().await?, prefix.to_string()))
    }

    pub fn kind(&self) -> &'static str {
        match self {
            Limiter::Memory(_) => "memory",
            Limiter::Database(_) => "database",
            Limiter::Redis(..) => "redis",
        }
    }

    /// Counts one call by `subject` (a key id or a client address) against `group`.
    ///
    /// Memory and the database check a bucket while holding it (a mutex, a row lock), so a
    /// burst is counted exactly. Redis compare-and-sets in rounds; a call that loses every
    /// round is refused, since letting it through would let a burst overshoot the limit. A
    /// limiter that cannot reach its store lets the call through: an outage of the counters
    /// should not become an outage of the service.
    pub async fn check(&self, group: Group, subject: &str) -> Decision {
        let bucket = format!("{}:{subject}", group.name());
        let checked = match self {
            Limiter::Memory(map) => memory_check(map, group, &bucket),
            Limiter::Database(db) => locked_check(db, group, &bucket).await.map_err(|e| e.to_string()),
            Limiter::Redis(conn, prefix) => {
                redis_check(conn, &format!("{prefix}:ratelimit:{bucket}"), group).await.map_err(|e| e.to_string())
            }
        };
        checked.unwrap_or_else(|e| fail_open(group, &e))
    }

    /// Forgets buckets that are full again (their TAT has passed); Redis expires its own.
    pub async fn purge(&self) -> Result<(), String> {
        let now = now_ms();
        match self {
            Limiter::Memory(map) => map.lock().map_err(|e| e.to_string())?.retain(|_, tat| *tat > now),
            Limiter::Database(db) => limits::purge(db, now).await.map_err(|e| e.to_string())?,
            Limiter::Redis(..) => {}
        }
        Ok(())
    }
}

fn memory_check(map: &Mutex<HashMap<String, i64>>, group: Group, bucket: &str) -> Result<Decision, String> {
    let mut map = map.lock().map_err(|e| e.to_string())?;
    let now = now_ms();
    let stored = map.get(bucket).copied();
    let (decision, next) = gcra(stored, now, group.limit(), group.window_secs());
    // Written when it moved: an allowed call, or a refused one whose TAT the clock step pulled
    // back (see `gcra`), so the bucket refills from there.
    if stored != Some(next) {
        map.insert(bucket.to_string(), next);
    }
    Ok(decision)
}

/// Compare-and-set rounds on a Redis key (the Lua script runs atomically).
async fn redis_check(
    conn: &redis::aio::MultiplexedConnection,
    key: &str,
    group: Group,
) -> Result<Decision, redis::RedisError> {
    let mut conn = conn.clone();
    for _ in 0..MAX_CAS_ATTEMPTS {
        let now = now_ms();
        let stored: Option<i64> = redis::cmd("GET").arg(key).query_async(&mut conn).await?;
        let (decision, next) = gcra(stored, now, group.limit(), group.window_secs());
        if stored == Some(next) {
            return Ok(decision);
        }
        let swapped: i64 = redis::Script::new(REDIS_CAS)
            .key(key)
            .arg(stored.map(|v| v.to_string()).unwrap_or_default())
            .arg(next)
            .arg((next - now + 1000).max(1))
            .invoke_async(&mut conn)
            .await?;
        if swapped == 1 {
            return Ok(decision);
        }
    }
    tracing::debug!(group = group.name(), "rate-limit bucket too contended; refusing");
    Ok(Decision {
        allowed: false,
        limit: group.limit(),
        window_secs: group.window_secs(),
        remaining: 0,
        reset_secs: 1,
        retry_after_secs: 1,
    })
}

/// One check of a database bucket in one transaction holding its row: exact under any burst,
/// where compare-and-set rounds could all be lost.
async fn locked_check(db: &Db, group: Group, bucket: &str) -> Result<Decision, sqlx::Error> {
    let mut tx = db.pool().begin().await?;
    let stored = limits::lock_in(&mut tx, db.backend(), bucket).await?;
    let now = now_ms();
    let (decision, next) = gcra(Some(stored), now, group.limit(), group.window_secs());
    if stored != next {
        limits::set_in(&mut tx, bucket, next).await?;
    }
    tx.commit().await?;
    Ok(decision)
}

fn fail_open(group: Group, cause: &dyn std::fmt::Display) -> Decision {
    tracing::warn!(group = group.name(), %cause, "rate limiter unavailable; letting the call through");
    Decision {
        allowed: true,
        limit: group.limit(),
        window_secs: group.window_secs(),
        remaining: group.limit(),
        reset_secs: 0,
        retry_after_secs: 0,
    }
}
