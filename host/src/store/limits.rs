//! Queries of the rate-limit buckets kept in the database (`rate_limits`): take a bucket and
//! set its TAT inside a transaction, purge the full ones. The arithmetic and the other homes of buckets are
//! `limits`'.

use sqlx::AnyConnection;

use super::{Backend, Db};

/// Takes `bucket` for the rest of the caller's transaction and reads its TAT: the row is
/// created if missing (TAT 0, long past: a full bucket) and then locked, so concurrent calls on
/// one bucket take turns instead of racing. SQLite's write lock is taken by the insert.
pub async fn lock_in(conn: &mut AnyConnection, backend: Backend, bucket: &str) -> Result<i64, sqlx::Error> {
    sqlx::query("INSERT INTO rate_limits (bucket, tat) VALUES ($1, 0) ON CONFLICT (bucket) DO NOTHING")
        .bind(bucket)
        .execute(&mut *conn)
        .await?;
    let select = match backend {
        Backend::Postgres => "SELECT tat FROM rate_limits WHERE bucket = $1 FOR UPDATE",
        Backend::Sqlite => "SELECT tat FROM rate_limits WHERE bucket = $1",
    };
    sqlx::query_scalar(select).bind(bucket).fetch_one(&mut *conn).await
}

/// Sets the TAT of a bucket taken with [`lock_in`].
pub async fn set_in(conn: &mut AnyConnection, bucket: &str, tat: i64) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE rate_limits SET tat = $2 WHERE bucket = $1").bind(bucket).bind(tat).execute(&mut *conn).await?;
    Ok(())
}

/// Forgets the buckets whose TAT is before `now` (they are full again).
pub async fn purge(db: &Db, now: i64) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM rate_limits WHERE tat < $1").bind(now).execute(db.pool()).await?;
    Ok(())
}
