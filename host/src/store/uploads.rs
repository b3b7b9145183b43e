//! Queries of uploaded recordings: the decoded audio an audioscript job was given by URL, kept
//! as a blob for the worker.

use super::columns::{EMPTY, required};
use super::{Db, now_ms};

/// Where a job's recording is kept.
pub fn key(job_id: &str) -> String {
    format!("uploads/{job_id}.wav")
}

/// Records that `job_id`'s recording is stored.
pub async fn insert(db: &Db, job_id: &str) -> Result<(), sqlx::Error> {
    sqlx::query("INSERT INTO uploads (job_id, audio, blob, created_at) VALUES ($1, $2, $3, $4)")
        .bind(job_id)
        .bind(EMPTY)
        .bind(key(job_id))
        .bind(now_ms())
        .execute(db.pool())
        .await?;
    Ok(())
}

/// The blob of `job_id`'s recording, if it has one.
pub async fn get(db: &Db, job_id: &str) -> Result<Option<String>, sqlx::Error> {
    let key: Option<Option<String>> =
        sqlx::query_scalar("SELECT blob FROM uploads WHERE job_id = $1").bind(job_id).fetch_optional(db.pool()).await?;
    key.map(|k| required(k, "recording")).transpose()
}

pub async fn delete(db: &Db, job_id: &str) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM uploads WHERE job_id = $1").bind(job_id).execute(db.pool()).await?;
    Ok(())
}
