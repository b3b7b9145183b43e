//! Where the rate-limit buckets live: process memory (one replica, SQLite), the database
//! (replicas sharing PostgreSQL) or Redis (when configured). Each offers only read and
//! compare-and-set of a bucket's TAT; the arithmetic stays in [`super::gcra`]. The database's
//! queries are in `store::limits`.

use std::collections::HashMap;
use std::sync::Mutex;

use super::{Decision, Group, gcra};
use crate::store::{Db, limits, now_ms};

/// Compare-and-set on a key that may not exist yet; the Lua runs atomically in Redis.
const REDIS_CAS: &str = r"
local current = redis.call('GET', KEYS[1])
if (current == false and ARGV[1] == '') or current == ARGV[1] then
  redis.call('SET', KEYS[1], ARGV[2], 'PX', ARGV[3])
  return 1
end
return 0";

/// Attempts before a contended bucket gives up and lets the call through.
const MAX_CAS_ATTEMPTS: usize = 32;

/// The shared home of the rate-limit buckets.
pub enum Limiter {
    Memory(Mutex<HashMap<String, i64>>),
    Database(Db),
    /// A Redis connection and the prefix that namespaces this deployment's keys.
    Redis(redis::aio::MultiplexedConnection, String),
}

impl Limiter {
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
    /// A limiter that cannot reach its store lets the call through: an outage of the
    /// counters should not become an outage of the service.
    pub async fn check(&self, group: Group, subject: &str) -> Decision {
        let bucket = format!("{}:{subject}", group.name());
        for _ in 0..MAX_CAS_ATTEMPTS {
            let now = now_ms();
            let stored = match self.read(&bucket).await {
                Ok(v) => v,
                Err(e) => return fail_open(group, &e),
            };
            let (decision, next) = gcra(stored, now, group.limit(), group.window_secs());
            if !decision.allowed {
                return decision;
            }
            let ttl_ms = next - now + 1000;
            match self.compare_and_set(&bucket, stored, next, ttl_ms).await {
                Ok(true) => return decision,
                Ok(false) => continue,
                Err(e) => return fail_open(group, &e),
            }
        }
        fail_open(group, &"bucket too contended")
    }

    async fn read(&self, bucket: &str) -> Result<Option<i64>, String> {
        match self {
            Limiter::Memory(map) => Ok(map.lock().map_err(|e| e.to_string())?.get(bucket).copied()),
            Limiter::Database(db) => limits::tat(db, bucket).await.map_err(|e| e.to_string()),
            Limiter::Redis(conn, prefix) => redis::cmd("GET")
                .arg(format!("{prefix}:ratelimit:{bucket}"))
                .query_async::<Option<i64>>(&mut conn.clone())
                .await
                .map_err(|e| e.to_string()),
        }
    }

    async fn compare_and_set(&self, bucket: &str, old: Option<i64>, new: i64, ttl_ms: i64) -> Result<bool, String> {
        match self {
            Limiter::Memory(map) => {
                let mut map = map.lock().map_err(|e| e.to_string())?;
                if map.get(bucket).copied() != old {
                    return Ok(false);
                }
                map.insert(bucket.to_string(), new);
                Ok(true)
            }
            Limiter::Database(db) => limits::compare_and_set(db, bucket, old, new).await.map_err(|e| e.to_string()),
            Limiter::Redis(conn, prefix) => {
                let swapped: i64 = redis::Script::new(REDIS_CAS)
                    .key(format!("{prefix}:ratelimit:{bucket}"))
                    .arg(old.map(|v| v.to_string()).unwrap_or_default())
                    .arg(new)
                    .arg(ttl_ms.max(1))
                    .invoke_async(&mut conn.clone())
                    .await
                    .map_err(|e| e.to_string())?;
                Ok(swapped == 1)
            }
        }
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
