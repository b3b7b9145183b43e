//! Queries of the plugin registry: uploaded versions (`plugin_versions`), the state of each slot
//! (`plugin_slots`), the audit trail (`plugin_audit`) and the operator's grants
//! (`plugin_grants`). Who may act, what a valid component is, and what the stored manifest and
//! limits JSON mean are `plugins::registry`'s; rows here are plain fields, JSON as text.
//!
//! Every change to a slot moves its `generation`: replicas reload the slots whose generation
//! they have not seen.

use sqlx::any::AnyRow;
use sqlx::{AnyConnection, Row};

use super::{Db, now_ms};

/// A stored version, without its component bytes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VersionRow {
    pub id: i64,
    pub slot: String,
    /// `""` for global, else the brand key.
    pub scope: String,
    pub sha256: String,
    pub world: String,
    /// The `describe` manifest as JSON.
    pub manifest: String,
    /// Key prefix of the uploader, or `builtin`.
    pub uploaded_by: String,
    pub created_at: i64,
}

/// A stored version with its component bytes, to load.
pub struct Component {
    pub version: VersionRow,
    pub wasm: Vec<u8>,
}

/// A version to store.
pub struct NewVersion<'a> {
    pub slot: &'a str,
    pub scope: &'a str,
    pub name: &'a str,
    pub version: &'a str,
    pub sha256: &'a str,
    pub world: &'a str,
    pub wasm: &'a [u8],
    pub manifest: &'a str,
    pub uploaded_by: &'a str,
}

/// A slot as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SlotRow {
    pub slot: String,
    pub scope: String,
    pub active_version_id: Option<i64>,
    pub previous_version_id: Option<i64>,
    pub disabled: bool,
    /// Limit overrides as JSON; `""` means the scope's defaults.
    pub limits: String,
    pub generation: i64,
}

/// A slot's state and who uploaded its active version.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Occupant {
    pub active_version_id: Option<i64>,
    pub disabled: bool,
    /// `None` when the slot has no active version.
    pub uploaded_by: Option<String>,
}

/// One line of the audit trail, as stored and as shown.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, utoipa::ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = AuditEntry)]
pub struct AuditRow {
    pub id: i64,
    #[serde(rename = "atMs")]
    pub at: i64,
    pub actor: String,
    pub role: String,
    pub action: String,
    pub slot: String,
    pub scope: String,
    pub version_id: Option<i64>,
    /// `ok`, `denied` or `rejected`.
    pub outcome: String,
    pub detail: String,
}

/// A line of the audit trail to write (stamped with the current time).
pub struct NewAudit<'a> {
    pub actor: &'a str,
    pub role: &'a str,
    pub action: &'a str,
    pub slot: &'a str,
    pub scope: &'a str,
    pub version_id: Option<i64>,
    pub outcome: &'a str,
    pub detail: &'a str,
}

/// The columns `version_of` reads, as a literal so queries stay static strings.
macro_rules! version_columns {
    () => {
        "id, slot, scope, sha256, world, manifest, uploaded_by, created_at"
    };
}

/// The columns `slot_of` reads.
macro_rules! slot_columns {
    () => {
        "slot, scope, active_version_id, previous_version_id, disabled, limits, generation"
    };
}

fn version_of(row: &AnyRow) -> Result<VersionRow, sqlx::Error> {
    Ok(VersionRow {
        id: row.try_get("id")?,
        slot: row.try_get("slot")?,
        scope: row.try_get("scope")?,
        sha256: row.try_get("sha256")?,
        world: row.try_get("world")?,
        manifest: row.try_get("manifest")?,
        uploaded_by: row.try_get("uploaded_by")?,
        created_at: row.try_get("created_at")?,
    })
}

fn slot_of(row: &AnyRow) -> Result<SlotRow, sqlx::Error> {
    Ok(SlotRow {
        slot: row.try_get("slot")?,
        scope: row.try_get("scope")?,
        active_version_id: row.try_get("active_version_id")?,
        previous_version_id: row.try_get("previous_version_id")?,
        disabled: row.try_get::<i64, _>("disabled")? != 0,
        limits: row.try_get("limits")?,
        generation: row.try_get("generation")?,
    })
}

fn audit_of(row: &AnyRow) -> Result<AuditRow, sqlx::Error> {
    Ok(AuditRow {
        id: row.try_get("id")?,
        at: row.try_get("at")?,
        actor: row.try_get("actor")?,
        role: row.try_get("role")?,
        action: row.try_get("action")?,
        slot: row.try_get("slot")?,
        scope: row.try_get("scope")?,
        version_id: row.try_get("version_id")?,
        outcome: row.try_get("outcome")?,
        detail: row.try_get("detail")?,
    })
}

// Versions.

/// The id of the version of `slot` in `scope` with these bytes, if stored.
pub async fn version_id_by_sha256(db: &Db, slot: &str, scope: &str, sha256: &str) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar("SELECT id FROM plugin_versions WHERE slot = $1 AND scope = $2 AND sha256 = $3")
        .bind(slot)
        .bind(scope)
        .bind(sha256)
        .fetch_optional(db.pool())
        .await
}

/// How many slots a scope holds (slots with at least one stored version), and whether `slot`
/// is one of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SlotRoom {
    pub slots: i64,
    pub holds: bool,
}

/// The slots `scope` holds, read inside the caller's transaction (after `brands::lock_in`).
pub async fn slot_room_in(conn: &mut AnyConnection, scope: &str, slot: &str) -> Result<SlotRoom, sqlx::Error> {
    let row = sqlx::query(
        "SELECT COUNT(DISTINCT slot) AS slots, \
           COALESCE(SUM(CASE WHEN slot = $2 THEN 1 ELSE 0 END), 0) AS held \
         FROM plugin_versions WHERE scope = $1",
    )
    .bind(scope)
    .bind(slot)
    .fetch_one(&mut *conn)
    .await?;
    let held: i64 = row.try_get("held")?;
    Ok(SlotRoom { slots: row.try_get("slots")?, holds: held > 0 })
}

/// The slots `scope` holds, outside a transaction: the cheap early refusal before a compile.
pub async fn slot_room(db: &Db, scope: &str, slot: &str) -> Result<SlotRoom, sqlx::Error> {
    let mut conn = db.pool().acquire().await?;
    slot_room_in(&mut conn, scope, slot).await
}

/// Stores a version inside the caller's transaction; its id, or `None` when the same bytes
/// were stored for the slot meanwhile.
pub async fn insert_version_in(conn: &mut AnyConnection, version: &NewVersion<'_>) -> Result<Option<i64>, sqlx::Error> {
    sqlx::query_scalar(
        "INSERT INTO plugin_versions (slot, scope, name, version, sha256, world, wasm, manifest, uploaded_by, created_at) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) ON CONFLICT (slot, scope, sha256) DO NOTHING RETURNING id",
    )
    .bind(version.slot)
    .bind(version.scope)
    .bind(version.name)
    .bind(version.version)
    .bind(version.sha256)
    .bind(version.world)
    .bind(version.wasm)
    .bind(version.manifest)
    .bind(version.uploaded_by)
    .bind(now_ms())
    .fetch_optional(&mut *conn)
    .await
}

/// Deletes the oldest versions of `slot` in `scope` until at most `keep` remain, inside the
/// caller's transaction, never the slot's active or previous version nor `newest` (the upload
/// being stored). Returns the evicted versions' ids, oldest first.
pub async fn evict_in(
    conn: &mut AnyConnection,
    slot: &str,
    scope: &str,
    keep: u32,
    newest: i64,
) -> Result<Vec<i64>, sqlx::Error> {
    let ids: Vec<i64> = sqlx::query_scalar(
        "SELECT v.id FROM plugin_versions v WHERE v.slot = $1 AND v.scope = $2 AND v.id <> $3 \
           AND NOT EXISTS (SELECT 1 FROM plugin_slots s WHERE s.slot = v.slot AND s.scope = v.scope \
             AND (s.active_version_id = v.id OR s.previous_version_id = v.id)) \
         ORDER BY v.id",
    )
    .bind(slot)
    .bind(scope)
    .bind(newest)
    .fetch_all(&mut *conn)
    .await?;
    let total: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM plugin_versions WHERE slot = $1 AND scope = $2")
        .bind(slot)
        .bind(scope)
        .fetch_one(&mut *conn)
        .await?;
    let excess = usize::try_from(total - i64::from(keep)).unwrap_or(0);
    let evicted: Vec<i64> = ids.into_iter().take(excess).collect();
    for id in &evicted {
        sqlx::query("DELETE FROM plugin_versions WHERE id = $1").bind(id).execute(&mut *conn).await?;
    }
    Ok(evicted)
}

/// One version.
pub async fn version(db: &Db, id: i64) -> Result<Option<VersionRow>, sqlx::Error> {
    let row = sqlx::query(concat!("SELECT ", version_columns!(), " FROM plugin_versions WHERE id = $1"))
        .bind(id)
        .fetch_optional(db.pool())
        .await?;
    row.as_ref().map(version_of).transpose()
}

/// Every version of `slot` in `scope`, oldest first.
pub async fn versions(db: &Db, slot: &str, scope: &str) -> Result<Vec<VersionRow>, sqlx::Error> {
    let rows = sqlx::query(concat!(
        "SELECT ",
        version_columns!(),
        " FROM plugin_versions WHERE slot = $1 AND scope = $2 ORDER BY id"
    ))
    .bind(slot)
    .bind(scope)
    .fetch_all(db.pool())
    .await?;
    rows.iter().map(version_of).collect()
}

/// One version with its component bytes; `RowNotFound` when there is no such version.
pub async fn component(db: &Db, id: i64) -> Result<Component, sqlx::Error> {
    let row = sqlx::query(concat!("SELECT ", version_columns!(), ", wasm FROM plugin_versions WHERE id = $1"))
        .bind(id)
        .fetch_one(db.pool())
        .await?;
    Ok(Component { version: version_of(&row)?, wasm: row.try_get("wasm")? })
}

// Slots.

/// Every slot.
pub async fn slots(db: &Db) -> Result<Vec<SlotRow>, sqlx::Error> {
    let rows = sqlx::query(concat!("SELECT ", slot_columns!(), " FROM plugin_slots ORDER BY scope, slot"))
        .fetch_all(db.pool())
        .await?;
    rows.iter().map(slot_of).collect()
}

/// The SHA-256 of every version a slot serves or could roll back to.
pub async fn live_sha256s(db: &Db) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar(
        "SELECT DISTINCT v.sha256 FROM plugin_versions v JOIN plugin_slots s \
         ON v.id = s.active_version_id OR v.id = s.previous_version_id",
    )
    .fetch_all(db.pool())
    .await
}

/// One slot.
pub async fn slot(db: &Db, slot: &str, scope: &str) -> Result<Option<SlotRow>, sqlx::Error> {
    let row = sqlx::query(concat!("SELECT ", slot_columns!(), " FROM plugin_slots WHERE slot = $1 AND scope = $2"))
        .bind(slot)
        .bind(scope)
        .fetch_optional(db.pool())
        .await?;
    row.as_ref().map(slot_of).transpose()
}

/// The state of `slot` in `scope` and who uploaded its active version; `None` when the slot
/// does not exist.
pub async fn occupant(db: &Db, slot: &str, scope: &str) -> Result<Option<Occupant>, sqlx::Error> {
    let row = sqlx::query(
        "SELECT s.active_version_id, s.disabled, v.uploaded_by FROM plugin_slots s \
         LEFT JOIN plugin_versions v ON v.id = s.active_version_id WHERE s.slot = $1 AND s.scope = $2",
    )
    .bind(slot)
    .bind(scope)
    .fetch_optional(db.pool())
    .await?;
    row.map(|row| {
        Ok(Occupant {
            active_version_id: row.try_get(0)?,
            disabled: row.try_get::<i64, _>(1)? != 0,
            uploaded_by: row.try_get(2)?,
        })
    })
    .transpose()
}

/// Makes `version_id` the active version of the slot (creating the slot) and enables it. The
/// version it replaces becomes the previous one, unless it is the same version activated again.
pub async fn activate(db: &Db, slot: &str, scope: &str, version_id: i64) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO plugin_slots (slot, scope, active_version_id, previous_version_id, disabled, generation, updated_at) \
         VALUES ($1, $2, $3, NULL, 0, 1, $4) \
         ON CONFLICT (slot, scope) DO UPDATE SET \
           previous_version_id = CASE WHEN plugin_slots.active_version_id = excluded.active_version_id \
             THEN plugin_slots.previous_version_id ELSE plugin_slots.active_version_id END, \
           active_version_id = excluded.active_version_id, disabled = 0, \
           generation = plugin_slots.generation + 1, updated_at = excluded.updated_at",
    )
    .bind(slot)
    .bind(scope)
    .bind(version_id)
    .bind(now_ms())
    .execute(db.pool())
    .await?;
    Ok(())
}

/// Disables the slot; false when there is no such slot.
pub async fn disable(db: &Db, slot: &str, scope: &str) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE plugin_slots SET disabled = 1, generation = generation + 1, updated_at = $3 WHERE slot = $1 AND scope = $2",
    )
    .bind(slot)
    .bind(scope)
    .bind(now_ms())
    .execute(db.pool())
    .await?;
    Ok(done.rows_affected() != 0)
}

/// Sets the slot's limits JSON (`""` for the scope's defaults); false when there is no such
/// slot.
pub async fn set_limits(db: &Db, slot: &str, scope: &str, limits: &str) -> Result<bool, sqlx::Error> {
    let done = sqlx::query(
        "UPDATE plugin_slots SET limits = $3, generation = generation + 1, updated_at = $4 WHERE slot = $1 AND scope = $2",
    )
    .bind(slot)
    .bind(scope)
    .bind(limits)
    .bind(now_ms())
    .execute(db.pool())
    .await?;
    Ok(done.rows_affected() != 0)
}

/// Moves the slot's generation inside the caller's transaction, so every replica reloads it.
pub async fn bump_generation_in(conn: &mut AnyConnection, slot: &str, scope: &str) -> Result<(), sqlx::Error> {
    sqlx::query("UPDATE plugin_slots SET generation = generation + 1, updated_at = $3 WHERE slot = $1 AND scope = $2")
        .bind(slot)
        .bind(scope)
        .bind(now_ms())
        .execute(&mut *conn)
        .await?;
    Ok(())
}

// Grants.

/// The capabilities granted to `slot` in `scope`, by name.
pub async fn grants(db: &Db, slot: &str, scope: &str) -> Result<Vec<String>, sqlx::Error> {
    sqlx::query_scalar("SELECT capability FROM plugin_grants WHERE slot = $1 AND scope = $2 ORDER BY capability")
        .bind(slot)
        .bind(scope)
        .fetch_all(db.pool())
        .await
}

/// Grants `capability` to `slot` in `scope` inside the caller's transaction; granting it again
/// changes nothing.
pub async fn grant_in(
    conn: &mut AnyConnection,
    slot: &str,
    scope: &str,
    capability: &str,
    granted_by: &str,
) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO plugin_grants (slot, scope, capability, granted_by, granted_at) VALUES ($1, $2, $3, $4, $5) \
         ON CONFLICT (slot, scope, capability) DO NOTHING",
    )
    .bind(slot)
    .bind(scope)
    .bind(capability)
    .bind(granted_by)
    .bind(now_ms())
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Revokes `capability` from `slot` in `scope` inside the caller's transaction.
pub async fn revoke_in(conn: &mut AnyConnection, slot: &str, scope: &str, capability: &str) -> Result<(), sqlx::Error> {
    sqlx::query("DELETE FROM plugin_grants WHERE slot = $1 AND scope = $2 AND capability = $3")
        .bind(slot)
        .bind(scope)
        .bind(capability)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

// The audit trail.

/// Appends a line to the audit trail.
pub async fn record(db: &Db, entry: &NewAudit<'_>) -> Result<(), sqlx::Error> {
    sqlx::query(
        "INSERT INTO plugin_audit (at, actor, role, action, slot, scope, version_id, outcome, detail) \
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(now_ms())
    .bind(entry.actor)
    .bind(entry.role)
    .bind(entry.action)
    .bind(entry.slot)
    .bind(entry.scope)
    .bind(entry.version_id)
    .bind(entry.outcome)
    .bind(entry.detail)
    .execute(db.pool())
    .await?;
    Ok(())
}

/// The newest `limit` lines of the audit trail, newest first.
pub async fn audit(db: &Db, limit: i64) -> Result<Vec<AuditRow>, sqlx::Error> {
    let rows = sqlx::query(
        "SELECT id, at, actor, role, action, slot, scope, version_id, outcome, detail FROM plugin_audit \
         ORDER BY id DESC LIMIT $1",
    )
    .bind(limit)
    .fetch_all(db.pool())
    .await?;
    rows.iter().map(audit_of).collect()
}
