//! The service's own random keys (`service_keys`): made by whichever process first asks for
//! one, and read by every other, so replicas sign and check alike without an operator setting.

use super::{Db, now_ms};

/// The key named `name`: 32 random bytes, made and stored now if there is none yet. Two
/// processes asking at once both read the one that was stored first.
pub async fn get_or_make(db: &Db, name: &str) -> Result<Vec<u8>, sqlx::Error> {
    let mut fresh = [0u8; 32];
    rand::fill(&mut fresh);
    sqlx::query(
        "INSERT INTO service_keys (name, secret, created_at) VALUES ($1, $2, $3) ON CONFLICT (name) DO NOTHING",
    )
    .bind(name)
    .bind(hex::encode(fresh))
    .bind(now_ms())
    .execute(db.pool())
    .await?;
    let stored: String =
        sqlx::query_scalar("SELECT secret FROM service_keys WHERE name = $1").bind(name).fetch_one(db.pool()).await?;
    hex::decode(stored).map_err(|e| sqlx::Error::Decode(Box::new(e)))
}
