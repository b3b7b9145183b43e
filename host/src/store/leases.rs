//! Leases on cluster-wide periodic tasks (`task_leases`): a task that must run once per cluster
//! (a sweep, an expiry) runs only in the process holding its lease, whichever replicas and
//! workers are up; a holder that dies lets the lease lapse.

use super::{Db, now_ms};

/// Takes (or renews) the lease `name` for `holder` for `ms`; false while another holds it.
pub async fn take(db: &Db, name: &str, holder: &str, ms: i64) -> Result<bool, sqlx::Error> {
    let now = now_ms();
    let taken = sqlx::query(
        "INSERT INTO task_leases (name, holder, until) VALUES ($1, $2, $3) \
         ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, until = excluded.until \
         WHERE task_leases.until < $4 OR task_leases.holder = excluded.holder",
    )
    .bind(name)
    .bind(holder)
    .bind(now + ms)
    .bind(now)
    .execute(db.pool())
    .await?;
    Ok(taken.rows_affected() == 1)
}

/// This process's name as a lease holder: stable for its life, unique across replicas.
pub fn instance() -> &'static str {
    static INSTANCE: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    INSTANCE.get_or_init(|| format!("{}-{:08x}", std::process::id(), rand::random::<u32>()))
}
