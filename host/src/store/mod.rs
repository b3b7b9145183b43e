//! The database: one sqlx `AnyPool` whose backend (SQLite or PostgreSQL) is chosen at run time
//! from the URL, with each dialect's migrations embedded in the binary.
//!
//! Queries elsewhere are written once in the SQL both backends accept (`$n` placeholders,
//! `ON CONFLICT`, `RETURNING`, integers for money and for times in Unix milliseconds). The few
//! places where the dialects differ ask [`Db::backend`] and live next to their query.

pub mod accounts;
pub mod activity;
pub mod assets;
pub mod blobs;
pub mod bots;
pub mod brands;
pub mod changes;
pub mod columns;
pub mod credits;
pub mod deposits;
pub mod engine;
pub mod events;
pub mod feeds;
pub mod idempotency;
pub mod intents;
pub mod invites;
pub mod jobs;
pub mod keys;
pub mod leases;
pub mod library;
pub mod limits;
pub mod market;
pub mod mcp_sessions;
pub mod memes;
pub mod plugins;
pub mod purchases;
pub mod quotes;
pub mod renders;
pub mod service_keys;
pub mod tasks;
pub mod treasury;
pub mod uploads;
pub mod x402;

use std::{path::Path, str::FromStr, time::Duration};

use std::sync::LazyLock;
use std::sync::atomic::Ordering;

use sqlx::{
    AnyPool, Executor, SqlSafeStr as _,
    any::{AnyConnectOptions, AnyPoolOptions},
    migrate::{Migration, MigrationType, Migrator},
};

/// The SQL migrations of each dialect, embedded by the build script (`migrations/<dialect>`).
mod migrations {
    include!(concat!(env!("OUT_DIR"), "/migrations.rs"));
}

static SQLITE_MIGRATIONS: LazyLock<Migrator> = LazyLock::new(|| migrator(migrations::SQLITE));
static POSTGRES_MIGRATIONS: LazyLock<Migrator> = LazyLock::new(|| migrator(migrations::POSTGRES));

/// The migrator of `files`, as `sqlx::migrate!` would make it: the checksum of each file's
/// text, `-- no-transaction` honoured.
fn migrator(files: &'static [(i64, &str, &str)]) -> Migrator {
    let migrations = files.iter().map(|&(version, description, sql)| {
        let no_tx = sql.starts_with("-- no-transaction");
        Migration::new(version, description.into(), MigrationType::Simple, sql.into_sql_str(), no_tx)
    });
    Migrator::with_migrations(migrations.collect())
}

/// Which database engine a [`Db`] talks to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

impl Backend {
    pub fn name(self) -> &'static str {
        match self {
            Backend::Sqlite => "sqlite",
            Backend::Postgres => "postgres",
        }
    }
}

/// A cheap-to-clone handle on the pool.
#[derive(Clone, Debug)]
pub struct Db {
    pool: AnyPool,
    backend: Backend,
    changes: std::sync::Arc<changes::Changes>,
}

impl Db {
    /// Connects to `url` (`sqlite://…` or `postgres://…`). SQLite files are created if missing
    /// and run in WAL mode so readers never wait for the single writer.
    pub async fn connect(url: &str, max_connections: u32) -> Result<Db, sqlx::Error> {
        sqlx::any::install_default_drivers();
        let backend = if url.starts_with("postgres://") || url.starts_with("postgresql://") {
            Backend::Postgres
        } else if url.starts_with("sqlite:") {
            Backend::Sqlite
        } else {
            return Err(sqlx::Error::Configuration("DATABASE_URL must start with sqlite: or postgres://".into()));
        };
        let options = AnyConnectOptions::from_str(url)?;
        let pool = AnyPoolOptions::new()
            .max_connections(max_connections)
            .acquire_timeout(Duration::from_secs(10))
            .after_connect(move |conn, _| {
                Box::pin(async move {
                    if backend == Backend::Sqlite {
                        conn.execute(
                            "PRAGMA journal_mode = WAL; PRAGMA synchronous = NORMAL; \
                             PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 10000;",
                        )
                        .await?;
                    }
                    Ok(())
                })
            })
            .connect_with(options)
            .await?;
        Ok(Db { pool, backend, changes: std::sync::Arc::new(changes::Changes::new(backend, url)) })
    }

    /// The database the settings name (the SQLite file in the data folder unless
    /// `database_url` is set), its migrations applied.
    pub async fn open(settings: &crate::config::Settings) -> Result<Db, String> {
        let url = match &settings.database_url {
            Some(url) => url.clone(),
            None => {
                std::fs::create_dir_all(&settings.data_dir)
                    .map_err(|e| format!("cannot create data folder {}: {e}", settings.data_dir.display()))?;
                Db::sqlite_url(&settings.data_dir)
            }
        };
        let db =
            Db::connect(&url, settings.max_connections).await.map_err(|e| format!("cannot open the database: {e}"))?;
        db.migrate().await.map_err(|e| format!("migrations failed: {e}"))?;
        Ok(db)
    }

    /// The SQLite URL for the default database file inside `data_dir`.
    pub fn sqlite_url(data_dir: &Path) -> String {
        format!("sqlite://{}?mode=rwc", data_dir.join("asset.db").display())
    }

    /// Applies the pending migrations of this backend's dialect.
    pub async fn migrate(&self) -> Result<(), sqlx::migrate::MigrateError> {
        match self.backend {
            Backend::Sqlite => SQLITE_MIGRATIONS.run(&self.pool).await,
            Backend::Postgres => POSTGRES_MIGRATIONS.run(&self.pool).await,
        }
    }

    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// This process's change notices (see `changes`).
    pub fn changes(&self) -> &changes::Changes {
        &self.changes
    }

    /// True when the database answers a trivial query within a second.
    pub async fn ping(&self) -> bool {
        let probe = sqlx::query("SELECT 1").execute(&self.pool);
        matches!(tokio::time::timeout(Duration::from_secs(1), probe).await, Ok(Ok(_)))
    }

    pub async fn close(&self) {
        self.pool.close().await;
    }
}

/// 12 random characters from an unambiguous alphabet (about 70 bits): ids for public links.
pub fn public_id() -> String {
    const ALPHABET: &[u8] = b"abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789";
    let mut bytes = [0u8; 12];
    rand::fill(&mut bytes);
    bytes.iter().map(|b| ALPHABET[*b as usize % ALPHABET.len()] as char).collect()
}

/// Wall-clock time in Unix milliseconds, the unit every stored timestamp uses.
pub fn now_ms() -> i64 {
    let since_epoch = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
    i64::try_from(since_epoch.as_millis()).unwrap_or(i64::MAX).saturating_add(CLOCK_OFFSET.load(Ordering::Relaxed))
}

/// Shifts the service's clock (`clock_offset_ms`): the test hook that lets tests move a day
/// forward without sleeping. Zero in production.
static CLOCK_OFFSET: std::sync::atomic::AtomicI64 = std::sync::atomic::AtomicI64::new(0);

/// Sets the clock's shift, once at start-up.
pub fn set_clock_offset(ms: i64) {
    CLOCK_OFFSET.store(ms, Ordering::Relaxed);
}

/// True when `err` is a unique-constraint violation (a lost race, not a failure).
pub fn is_unique_violation(err: &sqlx::Error) -> bool {
    err.as_database_error().is_some_and(|e| e.is_unique_violation())
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What a migrator holds of each migration (its description is stored, its checksum compared
    /// with what a database has applied).
    fn held(migrator: &Migrator) -> Vec<(i64, String, MigrationType, Vec<u8>, bool)> {
        migrator
            .iter()
            .map(|m| (m.version, m.description.to_string(), m.migration_type, m.checksum.to_vec(), m.no_tx))
            .collect()
    }

    #[tokio::test]
    async fn the_embedded_migrations_are_the_ones_sqlx_reads_from_the_folders() {
        for (dialect, embedded) in [("sqlite", &*SQLITE_MIGRATIONS), ("postgres", &*POSTGRES_MIGRATIONS)] {
            let folder = Path::new(env!("CARGO_MANIFEST_DIR")).join("../migrations").join(dialect);
            let read = Migrator::new(folder).await.unwrap();
            assert!(embedded.iter().count() >= 34, "{dialect}");
            assert_eq!(held(embedded), held(&read), "{dialect}");
        }
    }
}
