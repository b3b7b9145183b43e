//! Benchmarks of the foundation's hot paths, printed as a table of medians and throughput:
//! authentication, the credit charge (sequential and contended) and one rate-limit check, on
//! SQLite and PostgreSQL (and Redis for the limiter).
//!
//! `cargo run --release -p asset-host --example bench` (PostgreSQL from `ASSET_TEST_PG`,
//! Redis from `ASSET_TEST_REDIS`; either is skipped when it does not answer).

use std::sync::Arc;
use std::time::{Duration, Instant};

use asset_host::auth::{self, Role};
use asset_host::billing::credits;
use asset_host::limiter::Limiter;
use asset_host::limits::Group;
use asset_host::store::Db;
use asset_tests::PgDatabase;

const SAMPLES: usize = 2000;

struct Row {
    what: String,
    backend: &'static str,
    median_us: f64,
    p90_us: f64,
    per_sec: f64,
}

/// Times `samples` sequential runs of `op`.
async fn time_each<F, Fut>(samples: usize, mut op: F) -> (f64, f64, f64)
where
    F: FnMut(usize) -> Fut,
    Fut: Future<Output = ()>,
{
    let mut times = Vec::with_capacity(samples);
    let started = Instant::now();
    for i in 0..samples {
        let t = Instant::now();
        op(i).await;
        times.push(t.elapsed());
    }
    let total = started.elapsed();
    times.sort();
    let us = |d: Duration| d.as_secs_f64() * 1e6;
    (us(times[samples / 2]), us(times[samples * 9 / 10]), samples as f64 / total.as_secs_f64())
}

async fn bench_db(db: &Db, backend: &'static str, rows: &mut Vec<Row>) {
    let key = auth::create_key(db, Role::Agent, "bench", 1_000_000, None).await.unwrap();
    let (m, p, r) = time_each(SAMPLES, |_| {
        let (db, secret) = (db.clone(), key.secret.clone());
        async move {
            auth::authenticate(&db, &secret).await.unwrap().unwrap();
        }
    })
    .await;
    rows.push(Row { what: "authenticate a key".into(), backend, median_us: m, p90_us: p, per_sec: r });

    let (m, p, r) = time_each(SAMPLES, |i| {
        let db = db.clone();
        async move {
            credits::charge(&db, key.key_id, 1, "bench", &format!("r{i}")).await.unwrap();
        }
    })
    .await;
    rows.push(Row { what: "charge 1 credit (sequential)".into(), backend, median_us: m, p90_us: p, per_sec: r });

    // 16 concurrent chargers on one balance: throughput of the conditional update under contention.
    let started = Instant::now();
    let tasks: Vec<_> = (0..16)
        .map(|t| {
            let db = db.clone();
            tokio::spawn(async move {
                for i in 0..SAMPLES / 16 {
                    credits::charge(&db, key.key_id, 1, "bench", &format!("c{t}-{i}")).await.unwrap();
                }
            })
        })
        .collect();
    for t in tasks {
        t.await.unwrap();
    }
    let per_sec = (SAMPLES / 16 * 16) as f64 / started.elapsed().as_secs_f64();
    rows.push(Row {
        what: "charge 1 credit (16 concurrent, one key)".into(),
        backend,
        median_us: f64::NAN,
        p90_us: f64::NAN,
        per_sec,
    });

    if backend == "postgres" {
        bench_limiter(Limiter::Database(db.clone()), "postgres", rows).await;
    }
}

async fn bench_limiter(limiter: Limiter, backend: &'static str, rows: &mut Vec<Row>) {
    let limiter = Arc::new(limiter);
    let (m, p, r) = time_each(SAMPLES, |i| {
        let limiter = limiter.clone();
        // A fresh subject each time so every call is allowed and writes.
        async move {
            limiter.check(Group::Status, &format!("bench:{i}")).await;
        }
    })
    .await;
    rows.push(Row { what: "rate-limit check".into(), backend, median_us: m, p90_us: p, per_sec: r });
}

#[tokio::main(flavor = "multi_thread", worker_threads = 2)]
async fn main() {
    let mut rows = Vec::new();

    let dir = tempfile::tempdir().unwrap();
    let sqlite = Db::connect(&Db::sqlite_url(dir.path()), 16).await.unwrap();
    sqlite.migrate().await.unwrap();
    bench_db(&sqlite, "sqlite", &mut rows).await;
    bench_limiter(Limiter::memory(), "memory", &mut rows).await;

    if std::process::Command::new("psql")
        .arg(asset_tests::pg_admin_url())
        .args(["-c", "select 1"])
        .output()
        .is_ok_and(|o| o.status.success())
    {
        let pg = PgDatabase::create();
        let db = Db::connect(&pg.url, 16).await.unwrap();
        db.migrate().await.unwrap();
        bench_db(&db, "postgres", &mut rows).await;
        db.close().await;
    } else {
        eprintln!("PostgreSQL not reachable: skipped");
    }

    let redis = std::env::var("ASSET_TEST_REDIS").unwrap_or_else(|_| "redis://127.0.0.1:6379".into());
    match Limiter::redis(&redis, &format!("bench-{}", std::process::id())).await {
        Ok(limiter) => bench_limiter(limiter, "redis", &mut rows).await,
        Err(e) => eprintln!("Redis not reachable ({e}): skipped"),
    }

    println!("| operation | store | median µs | p90 µs | ops/s |");
    println!("|---|---|---:|---:|---:|");
    for r in rows {
        let fmt = |v: f64| if v.is_nan() { "–".to_string() } else { format!("{v:.0}") };
        println!("| {} | {} | {} | {} | {:.0} |", r.what, r.backend, fmt(r.median_us), fmt(r.p90_us), r.per_sec);
    }
}
