//! Large binaries live in the blob store. Rows an older version wrote with their bytes inside
//! are moved out at start-up and keep being served; a hosted MP4 is served by streaming only
//! the range asked for, so 20 readers taking ranges of a 100 MB video at once cost the server
//! little memory (measured from `/proc`: peak resident size above the idle size). On SQLite and
//! PostgreSQL.

use std::time::Duration;

use asset_tests::{Env, each_storage};
use reqwest::{Client, StatusCode};
use sqlx::AnyPool;

const VIDEO_BYTES: usize = 100 * 1024 * 1024;
const READERS: usize = 20;
/// Each reader's range: half the video, starting at a different place.
const RANGE_BYTES: usize = VIDEO_BYTES / 2;
const BUDGET_BYTES: u64 = 50 * 1024 * 1024;

fn block_on<F: Future>(future: F) -> F::Output {
    tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap().block_on(future)
}

/// The seeded video is 0, 1, …, 250 over and over: a pattern that does not repeat on chunk
/// borders.
const PERIOD: usize = 251;

/// Two periods of the video, so any `PERIOD` bytes of it are one slice.
fn two_periods() -> Vec<u8> {
    (0..2 * PERIOD).map(|i| (i % PERIOD) as u8).collect()
}

/// Whether `chunk` is the video's bytes from `offset`, compared a period at a time (the readers
/// check a gigabyte between them).
fn is_video_at(chunk: &[u8], offset: usize) -> bool {
    let (twice, phase) = (two_periods(), offset % PERIOD);
    chunk.chunks(PERIOD).all(|piece| piece == &twice[phase..phase + piece.len()])
}

fn now_ms() -> i64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as i64
}

/// Rows as the version before the blob store wrote them: bytes inside, no blob key.
async fn seed_legacy_rows(db: &AnyPool, video: &[u8]) {
    let key_id: i64 = sqlx::query_scalar("SELECT id FROM api_keys").fetch_one(db).await.unwrap();
    let now = now_ms();
    let statements: [(&str, Vec<Value>); 9] = [
        (
            "INSERT INTO memes (id, api_key_id, brand_name, kind, language, title, content, credits, created_at) \
             VALUES ('oldMeme', $1, '', 'image', 'en', 'Old', '{\"title\":\"Old\",\"blocks\":[]}', 1, $2)",
            vec![Value::Int(key_id), Value::Int(now)],
        ),
        (
            "INSERT INTO meme_images (meme_id, position, width, height, png) VALUES ('oldMeme', 1, 1, 1, $1)",
            vec![Value::Bytes(b"meme picture".to_vec())],
        ),
        job("as_old", "audioscript", key_id, now),
        job("mp4_old", "mp4", key_id, now),
        job("mp4_expired", "mp4", key_id, now),
        (
            "INSERT INTO engine_pages (id, job_id, api_key_id, title, language, beats, captioned, audio, audio_type, \
             duration_ms, created_at) VALUES ('oldPage', 'as_old', $1, 'Old page', 'en', \
             '[{\"text\":\"hello\",\"start\":0,\"end\":500}]', 1, $2, 'audio/wav', 500, $3)",
            vec![Value::Int(key_id), Value::Bytes(b"voice track".to_vec()), Value::Int(now)],
        ),
        (
            "INSERT INTO engine_frames (page_id, position, png) VALUES ('oldPage', 1, $1)",
            vec![Value::Bytes(b"beat picture".to_vec())],
        ),
        (
            "INSERT INTO uploads (job_id, audio, created_at) VALUES ('as_old', $1, $2)",
            vec![Value::Bytes(b"recording".to_vec()), Value::Int(now)],
        ),
        (
            "INSERT INTO renders (id, job_id, api_key_id, page_id, mp4, size_bytes, duration_ms, created_at, \
             expires_at) VALUES ('oldRender', 'mp4_old', $1, 'oldPage', $2, $3, 500, $4, $5), \
             ('goneRender', 'mp4_expired', $1, 'oldPage', NULL, 10, 500, $4, $4)",
            vec![
                Value::Int(key_id),
                Value::Bytes(video.to_vec()),
                Value::Int(video.len() as i64),
                Value::Int(now),
                Value::Int(now + 3_600_000),
            ],
        ),
    ];
    for (sql, values) in statements {
        let mut query = sqlx::query(sql);
        for value in values {
            query = match value {
                Value::Int(n) => query.bind(n),
                Value::Text(t) => query.bind(t),
                Value::Bytes(b) => query.bind(b),
            };
        }
        query.execute(db).await.unwrap_or_else(|e| panic!("{sql}: {e}"));
    }
}

enum Value {
    Int(i64),
    Text(String),
    Bytes(Vec<u8>),
}

fn job(id: &str, kind: &str, key_id: i64, now: i64) -> (&'static str, Vec<Value>) {
    (
        "INSERT INTO jobs (id, kind, api_key_id, state, input, result, attempts, max_attempts, cost, run_after, \
         created_at, updated_at) VALUES ($1, $2, $3, 'succeeded', '{}', '{}', 1, 3, 3, $4, $4, $4)",
        vec![Value::Text(id.into()), Value::Text(kind.into()), Value::Int(key_id), Value::Int(now)],
    )
}

/// Resident and peak resident size of process `pid`, in bytes.
fn memory(pid: u32) -> (u64, u64) {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
    let field = |name: &str| {
        let line = status.lines().find(|l| l.starts_with(name)).unwrap_or_else(|| panic!("{name} in {status}"));
        line.split_whitespace().nth(1).unwrap().parse::<u64>().unwrap() * 1024
    };
    (field("VmRSS:"), field("VmHWM:"))
}

/// Resets the peak resident size of `pid` to its current size.
fn reset_peak(pid: u32) {
    std::fs::write(format!("/proc/{pid}/clear_refs"), "5").unwrap();
}

async fn get(url: &str) -> (StatusCode, Vec<u8>) {
    let response = Client::new().get(url).send().await.unwrap();
    (response.status(), response.bytes().await.unwrap().to_vec())
}

/// Reads bytes `start..start + RANGE_BYTES` as a stream and checks every byte against the
/// pattern; returns how many arrived.
async fn read_range(url: String, start: usize) -> usize {
    let end = start + RANGE_BYTES - 1;
    let response = Client::new().get(url).header("range", format!("bytes={start}-{end}")).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::PARTIAL_CONTENT);
    assert_eq!(response.headers()["content-range"], format!("bytes {start}-{end}/{VIDEO_BYTES}").as_str());
    let mut response = response;
    let mut at = start;
    while let Some(chunk) = response.chunk().await.unwrap() {
        assert!(is_video_at(&chunk, at), "wrong bytes near {at}");
        at += chunk.len();
        // A player reads as it plays: slow enough that a server buffering ahead would show.
        tokio::task::yield_now().await;
    }
    at - start
}

#[test]
fn blobs_kept_in_rows_are_moved_out_and_videos_are_served_a_range_at_a_time() {
    let mut video = two_periods()[..PERIOD].repeat(VIDEO_BYTES.div_ceil(PERIOD));
    video.truncate(VIDEO_BYTES);
    each_storage(|storage| {
        let env = Env::new(storage);
        env.create_key(1, "agent");
        block_on(async {
            let db = env.database().await;
            seed_legacy_rows(&db, &video).await;
            db.close().await;
        });

        let server = env.serve();
        let pid = server.child.id();
        block_on(async {
            // Everything still answers, from the blob store now.
            assert_eq!(get(&server.url("/memes/oldMeme/1.png")).await, (StatusCode::OK, b"meme picture".to_vec()));
            assert_eq!(get(&server.url("/m/oldPage/voice")).await, (StatusCode::OK, b"voice track".to_vec()));
            assert_eq!(get(&server.url("/m/oldPage/1.png")).await, (StatusCode::OK, b"beat picture".to_vec()));
            assert_eq!(get(&server.url("/m/oldPage")).await.0, StatusCode::OK);
            assert_eq!(get(&server.url("/v/oldRender")).await.0, StatusCode::OK);
            assert_eq!(get(&server.url("/v/goneRender")).await.0, StatusCode::GONE);
            assert_eq!(get(&server.url("/v/goneRender/video.mp4")).await.0, StatusCode::GONE);

            // No row keeps bytes or lacks its blob (the expired render has neither).
            let db = env.database().await;
            for sql in [
                "SELECT COUNT(*) FROM meme_images WHERE blob IS NULL OR length(png) > 0",
                "SELECT COUNT(*) FROM engine_pages WHERE audio_blob IS NULL OR length(audio) > 0",
                "SELECT COUNT(*) FROM engine_frames WHERE blob IS NULL OR length(png) > 0",
                "SELECT COUNT(*) FROM uploads WHERE blob IS NULL OR length(audio) > 0",
                "SELECT COUNT(*) FROM renders WHERE (blob IS NULL) <> (id = 'goneRender') OR length(mp4) > 0",
            ] {
                assert_eq!(sqlx::query_scalar::<_, i64>(sql).fetch_one(&db).await.unwrap(), 0, "{sql}");
            }
            db.close().await;
            let stored = env.data_dir.path().join("blobs/uploads/as_old.wav");
            assert_eq!(std::fs::read(&stored).unwrap(), b"recording", "{}", stored.display());

            // The whole video, streamed.
            let url = server.url("/v/oldRender/video.mp4");
            let mut whole = Client::new().get(&url).send().await.unwrap();
            assert_eq!(whole.headers()["content-length"], VIDEO_BYTES.to_string().as_str());
            let mut received = 0;
            while let Some(chunk) = whole.chunk().await.unwrap() {
                received += chunk.len();
            }
            assert_eq!(received, VIDEO_BYTES);

            // 20 readers at once, each half the video from its own start.
            tokio::time::sleep(Duration::from_millis(200)).await;
            reset_peak(pid);
            let (idle, _) = memory(pid);
            let step = (VIDEO_BYTES - RANGE_BYTES) / READERS;
            let readers = (0..READERS).map(|i| tokio::spawn(read_range(url.clone(), i * step)));
            for reader in futures::future::join_all(readers).await {
                assert_eq!(reader.unwrap(), RANGE_BYTES);
            }
            let (_, peak) = memory(pid);
            let above = peak.saturating_sub(idle);
            println!(
                "{READERS} readers × {} MiB of a {} MiB video: idle {:.1} MiB, peak {:.1} MiB, {:.1} MiB above idle",
                RANGE_BYTES >> 20,
                VIDEO_BYTES >> 20,
                idle as f64 / 1048576.0,
                peak as f64 / 1048576.0,
                above as f64 / 1048576.0
            );
            assert!(above < BUDGET_BYTES, "serving ranges took {above} bytes above idle");
        });
    });
}
