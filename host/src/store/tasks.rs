//! Queries of MCP tasks (`mcp_tasks`): what a task follows or holds, by its id and owner.

use sqlx::Row;

use super::{Db, now_ms};

/// A task as stored.
#[derive(Debug, Clone, PartialEq)]
pub struct TaskRow {
    pub id: String,
    pub tool: String,
    /// What it is: the job it follows (through the status tool of a catalog service), or the
    /// result of a call that finished within it.
    pub follows: Follows,
    pub created_at: i64,
}

/// What a task is made of.
#[derive(Debug, Clone, PartialEq)]
pub enum Follows {
    /// A job, read through the status tool of catalog service `service`.
    Job { service: String, job_id: String },
    /// The tool result, as JSON, of a call that finished within it.
    Result(String),
}

/// Records task `row` for key `key_id`; a task of the same id (the same job, answered again to
/// an idempotent replay) is kept as it was. Answers the stored row.
pub async fn open(db: &Db, key_id: i64, row: &TaskRow) -> Result<TaskRow, sqlx::Error> {
    let (service, job_id, result) = match &row.follows {
        Follows::Job { service, job_id } => (Some(service.as_str()), Some(job_id.as_str()), None),
        Follows::Result(result) => (None, None, Some(result.as_str())),
    };
    sqlx::query(
        "INSERT INTO mcp_tasks (id, api_key_id, tool, service, job_id, result, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (id) DO NOTHING",
    )
    .bind(&row.id)
    .bind(key_id)
    .bind(&row.tool)
    .bind(service)
    .bind(job_id)
    .bind(result)
    .bind(row.created_at)
    .execute(db.pool())
    .await?;
    Ok(get(db, &row.id, key_id).await?.unwrap_or_else(|| row.clone()))
}

/// Task `id` of key `key_id` (another key's task is as good as missing).
pub async fn get(db: &Db, id: &str, key_id: i64) -> Result<Option<TaskRow>, sqlx::Error> {
    let row = sqlx::query(
        "SELECT id, tool, service, job_id, result, created_at FROM mcp_tasks WHERE id = $1 AND api_key_id = $2",
    )
    .bind(id)
    .bind(key_id)
    .fetch_optional(db.pool())
    .await?;
    row.map(|row| {
        let follows =
            match (row.try_get("service")?, row.try_get("job_id")?, row.try_get::<Option<String>, _>("result")?) {
                (Some(service), Some(job_id), _) => Follows::Job { service, job_id },
                (_, _, result) => Follows::Result(result.unwrap_or_default()),
            };
        Ok(TaskRow {
            id: row.try_get("id")?,
            tool: row.try_get("tool")?,
            follows,
            created_at: row.try_get("created_at")?,
        })
    })
    .transpose()
}

/// Forgets the tasks made more than `age_ms` ago; answers how many.
pub async fn purge(db: &Db, age_ms: i64) -> Result<u64, sqlx::Error> {
    let done =
        sqlx::query("DELETE FROM mcp_tasks WHERE created_at < $1").bind(now_ms() - age_ms).execute(db.pool()).await?;
    Ok(done.rows_affected())
}
