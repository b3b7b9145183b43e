//! What one key made, as one list newest first: its pages (script, pitch, slideshow), its
//! videos still hosted and its memes (what MCP offers as the key's resources).

use sqlx::Row;

use super::{Db, now_ms};

/// Which table an item comes from.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Made {
    Page,
    Video,
    Meme,
}

impl Made {
    pub fn name(self) -> &'static str {
        match self {
            Made::Page => "page",
            Made::Video => "video",
            Made::Meme => "meme",
        }
    }

    fn parse(name: &str) -> Option<Made> {
        [Made::Page, Made::Video, Made::Meme].into_iter().find(|m| m.name() == name)
    }
}

/// One thing a key made, as a list shows it.
#[derive(Debug, Clone, PartialEq)]
pub struct Item {
    pub made: Made,
    pub id: String,
    pub title: String,
    pub language: String,
    /// The page's kind, the meme's kind or the video's shape.
    pub sort: String,
    /// The narration's length, for pages and videos.
    pub duration_ms: Option<i64>,
    /// The video file's size.
    pub size_bytes: Option<i64>,
    pub created_at: i64,
    /// When a video stops being hosted.
    pub expires_at: Option<i64>,
}

/// The key's items from the three tables (`$1` the key, `$2` now), then the rest of the query.
/// A video's title and language are its page's; an asset job's video has no engine page.
macro_rules! made {
    ($rest:literal) => {
        concat!(
            "SELECT made, id, title, language, sort, duration_ms, size_bytes, created_at, expires_at FROM (",
            "SELECT 'page' AS made, id, title, language, kind AS sort, duration_ms, ",
            "CAST(NULL AS BIGINT) AS size_bytes, created_at, CAST(NULL AS BIGINT) AS expires_at ",
            "FROM engine_pages WHERE api_key_id = $1 ",
            "UNION ALL SELECT 'video', r.id, COALESCE(p.title, ''), COALESCE(p.language, ''), r.aspect, ",
            "r.duration_ms, r.size_bytes, r.created_at, r.expires_at ",
            "FROM renders r LEFT JOIN engine_pages p ON p.id = r.page_id ",
            "WHERE r.api_key_id = $1 AND r.blob IS NOT NULL AND r.expires_at > $2 ",
            "UNION ALL SELECT 'meme', id, title, language, kind, CAST(NULL AS BIGINT), CAST(NULL AS BIGINT), ",
            "created_at, CAST(NULL AS BIGINT) FROM memes WHERE api_key_id = $1",
            ") made ",
            $rest
        )
    };
}

/// Up to `limit` of the key's items older than `after` (the last item of the page before, as
/// its creation time and id), newest first.
pub async fn page(db: &Db, key_id: i64, after: Option<(i64, &str)>, limit: i64) -> Result<Vec<Item>, sqlx::Error> {
    // With no cursor every item is before the end of time.
    let (at, id) = after.unwrap_or((i64::MAX, ""));
    let rows = sqlx::query(made!(
        "WHERE created_at < $3 OR (created_at = $3 AND id < $4) ORDER BY created_at DESC, id DESC LIMIT $5"
    ))
    .bind(key_id)
    .bind(now_ms())
    .bind(at)
    .bind(id)
    .bind(limit)
    .fetch_all(db.pool())
    .await?;
    rows.iter().map(item).collect()
}

/// The key's item `id` of kind `made`; `None` when it is another key's, gone or never was.
pub async fn one(db: &Db, key_id: i64, made: Made, id: &str) -> Result<Option<Item>, sqlx::Error> {
    let row = sqlx::query(made!("WHERE made = $3 AND id = $4"))
        .bind(key_id)
        .bind(now_ms())
        .bind(made.name())
        .bind(id)
        .fetch_optional(db.pool())
        .await?;
    row.as_ref().map(item).transpose()
}

fn item(row: &sqlx::any::AnyRow) -> Result<Item, sqlx::Error> {
    let made: String = row.try_get("made")?;
    Ok(Item {
        made: Made::parse(&made).ok_or_else(|| sqlx::Error::Decode(format!("made {made:?}").into()))?,
        id: row.try_get("id")?,
        title: row.try_get("title")?,
        language: row.try_get("language")?,
        sort: row.try_get("sort")?,
        duration_ms: row.try_get("duration_ms")?,
        size_bytes: row.try_get("size_bytes")?,
        created_at: row.try_get("created_at")?,
        expires_at: row.try_get("expires_at")?,
    })
}
