//! Rows and their blobs: the empty bytes written to the old bytes columns, the rule that a row
//! names its blob, and the start-up move of blobs that older versions kept in the database.

use sqlx::Row;

use super::columns::EMPTY;
use super::{Db, engine, memes, renders, uploads};
use crate::blobs::{BlobError, BlobStore};

/// One table whose rows held their bytes before the blob store.
struct Legacy {
    what: &'static str,
    /// A batch of rows still holding bytes, as `owner` (what the key is made of), `id`,
    /// `position` (0 where the table has none) and `bytes`.
    select: &'static str,
    /// Sets the key ($1) and empties the bytes ($2) of row $3 (at position $4 if positioned).
    update: &'static str,
    positioned: bool,
    key: fn(&str, i64) -> String,
}

const LEGACY: [Legacy; 5] = [
    Legacy {
        what: "meme pictures",
        select: "SELECT meme_id AS owner, meme_id AS id, position, png AS bytes FROM meme_images \
                 WHERE blob IS NULL LIMIT 16",
        update: "UPDATE meme_images SET blob = $1, png = $2 WHERE meme_id = $3 AND position = $4",
        positioned: true,
        key: memes::picture_key,
    },
    Legacy {
        what: "voice tracks",
        select: "SELECT job_id AS owner, id, CAST(0 AS BIGINT) AS position, audio AS bytes FROM engine_pages \
                 WHERE audio_blob IS NULL LIMIT 16",
        update: "UPDATE engine_pages SET audio_blob = $1, audio = $2 WHERE id = $3",
        positioned: false,
        key: |job, _| engine::voice_key(job),
    },
    Legacy {
        what: "beat pictures",
        select: "SELECT p.job_id AS owner, f.page_id AS id, f.position AS position, f.png AS bytes \
                 FROM engine_frames f JOIN engine_pages p ON p.id = f.page_id WHERE f.blob IS NULL LIMIT 16",
        update: "UPDATE engine_frames SET blob = $1, png = $2 WHERE page_id = $3 AND position = $4",
        positioned: true,
        key: engine::frame_key,
    },
    Legacy {
        what: "recordings",
        select: "SELECT job_id AS owner, job_id AS id, CAST(0 AS BIGINT) AS position, audio AS bytes FROM uploads \
                 WHERE blob IS NULL LIMIT 4",
        update: "UPDATE uploads SET blob = $1, audio = $2 WHERE job_id = $3",
        positioned: false,
        key: |job, _| uploads::key(job),
    },
    Legacy {
        // Expired renders have neither bytes nor blob and stay deleted.
        what: "videos",
        select: "SELECT job_id AS owner, id, CAST(0 AS BIGINT) AS position, mp4 AS bytes FROM renders \
                 WHERE blob IS NULL AND mp4 IS NOT NULL LIMIT 2",
        update: "UPDATE renders SET blob = $1, mp4 = $2 WHERE id = $3",
        positioned: false,
        key: |job, _| renders::key(job),
    },
];

/// Why moving blobs out of the database stopped.
#[derive(Debug, thiserror::Error)]
pub enum MoveError {
    #[error("database: {0}")]
    Db(#[from] sqlx::Error),
    #[error(transparent)]
    Blob(#[from] BlobError),
}

/// Moves every blob still kept in a row to `blobs`, a batch at a time: the blob is written
/// first, then the row names it and drops its bytes, so a crash half way leaves each row either
/// untouched (moved again next time, the same key overwritten) or moved. Returns how many.
pub async fn move_out(db: &Db, blobs: &dyn BlobStore) -> Result<u64, MoveError> {
    let mut moved = 0;
    for table in &LEGACY {
        let before = moved;
        loop {
            let rows = sqlx::query(table.select).fetch_all(db.pool()).await?;
            if rows.is_empty() {
                break;
            }
            for row in rows {
                let (owner, id): (String, String) = (row.try_get("owner")?, row.try_get("id")?);
                let position: i64 = row.try_get("position")?;
                let key = (table.key)(&owner, position);
                blobs.put(&key, row.try_get("bytes")?).await?;
                let update = sqlx::query(table.update).bind(&key).bind(EMPTY).bind(&id);
                let update = if table.positioned { update.bind(position) } else { update };
                update.execute(db.pool()).await?;
                moved += 1;
            }
        }
        if moved > before {
            tracing::info!(count = moved - before, what = table.what, "moved to the blob store");
        }
    }
    Ok(moved)
}

/// Removes `keys`, logging what cannot be removed: the clean-up of blobs written for work that
/// then failed to be recorded.
pub async fn discard(blobs: &dyn BlobStore, keys: &[String]) {
    for key in keys {
        if let Err(e) = blobs.delete(key).await {
            tracing::warn!(error = %e, key, "could not remove a blob of failed work");
        }
    }
}

/// The query telling whether a row names blob `key`, and what it binds: each kind of blob is
/// named by its table (an engine page's blobs, voice, frames and pitch memes, by the page).
/// `None` for keys of no known kind: those are never swept.
fn naming_row(key: &str) -> Option<(&'static str, String)> {
    let mut segments = key.split('/');
    let (kind, owner) = (segments.next()?, segments.next()?);
    Some(match kind {
        "memes" if segments.next() == Some("card.png") => ("SELECT 1 FROM memes WHERE id = $1", owner.to_string()),
        "memes" => ("SELECT 1 FROM meme_images WHERE blob = $1", key.to_string()),
        "pages" => ("SELECT 1 FROM engine_pages WHERE job_id = $1", owner.to_string()),
        "renders" => ("SELECT 1 FROM renders WHERE blob = $1", key.to_string()),
        "uploads" => ("SELECT 1 FROM uploads WHERE blob = $1", key.to_string()),
        "brands" => ("SELECT 1 FROM brands WHERE logo_blob = $1", key.to_string()),
        _ => return None,
    })
}

/// Whether a row names `key` (keys of no known kind count as named).
pub async fn is_named(db: &Db, key: &str) -> Result<bool, sqlx::Error> {
    let Some((sql, bind)) = naming_row(key) else { return Ok(true) };
    Ok(sqlx::query(sql).bind(bind).fetch_optional(db.pool()).await?.is_some())
}

/// What one sweep did.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Swept {
    /// Blobs found without a row, noted for a later sweep.
    pub noted: usize,
    /// Blobs deleted: without a row now and when noted at least `grace` before.
    pub deleted: usize,
}

/// Deletes the blobs no row names that no row named `grace_ms` ago either: a blob is written
/// before the row naming it commits, so a young orphan is only noted. A noted blob that has
/// its row by now is forgotten, never deleted.
pub async fn sweep_orphans(db: &Db, blobs: &dyn BlobStore, grace_ms: i64) -> Result<Swept, crate::error::Error> {
    let now = super::now_ms();
    let mut swept = Swept::default();
    for key in blobs.list("").await? {
        if is_named(db, &key).await? {
            sqlx::query("DELETE FROM blob_orphans WHERE key = $1").bind(&key).execute(db.pool()).await?;
            continue;
        }
        let seen: Option<i64> = sqlx::query_scalar("SELECT seen_at FROM blob_orphans WHERE key = $1")
            .bind(&key)
            .fetch_optional(db.pool())
            .await?;
        match seen {
            Some(seen_at) if now - seen_at >= grace_ms => {
                blobs.delete(&key).await?;
                sqlx::query("DELETE FROM blob_orphans WHERE key = $1").bind(&key).execute(db.pool()).await?;
                swept.deleted += 1;
            }
            Some(_) => {}
            None => {
                sqlx::query("INSERT INTO blob_orphans (key, seen_at) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING")
                    .bind(&key)
                    .bind(now)
                    .execute(db.pool())
                    .await?;
                swept.noted += 1;
            }
        }
    }
    // Notes of blobs gone by other means.
    sqlx::query("DELETE FROM blob_orphans WHERE seen_at < $1")
        .bind(now - 30 * 24 * 3600 * 1000)
        .execute(db.pool())
        .await?;
    Ok(swept)
}
