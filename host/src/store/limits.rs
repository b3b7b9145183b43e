//! Queries of the rate-limit buckets kept in the database (`rate_limits`): read a bucket's TAT,
//! compare-and-set it, purge the full ones. The arithmetic and the other homes of buckets are
//! `limits`'.

use sqlx::Row;

use super::Db;

/// The TAT of `bucket`, if it has one.
pub async fn tat(db: &Db, bucket: &str) -> Result<Option<i64>, sqlx::Error> {
    let row =
        sqlx::query("SELECT tat FROM rate_limits WHERE bucket = $1").bind(bucket).fetch_optional(db.pool()).await?;
    row.map(|r| r.try_get::<i64, _>(0)).transpose()
}

/// Sets `bucket`'s TAT to `new` if it still is `old` (`None`: the bucket does not exist yet).
/// False when another call changed it first.
pub async fn compare_and_set(db: &Db, bucket: &str, old: Option<i64>, new: i64) -> Result<bool, sqlx::Error> {
    let query = match old {
        None => sqlx::query("INSERT INTO rate_limits (bucket, tat) VALUES ($1, $2) ON CONFLICT (bucket) DO NOTHING")
            .bind(bucket)
            .bind(new),
        Some(old) => sqlx::query("UPDATE rate_limits SET tat = $2 WHERE bucket = $1 AND tat = $3")
            .bind(bucket)
            .bind(new)
            .bind(old),
    };
    let done = query.execute(db.pool()).await?;
    Ok(done.rows_affected() == 1)
}

/// Forgets the buckets whose TAT is before `now` (they are full again).
pub async fn purge(db: &Db, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM rate_limits WHERE tat < $1").bind(now).execute(db.pool()).await?;
    Ok(())
}
