//! Memes per second end to end over HTTP (real server on loopback, SQLite, the built-in meme
//! plugin, credits charged per call, the card rendered to PNG and stored), with median and p99
//! latency per kind; then the PNG render time of a card by script, split into its stages.
//!
//! `cargo run --release -p asset-host --example meme_bench`

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use asset_host::auth::{self, Role};
use asset_host::config::Settings;
use asset_host::store::Db;
use asset_host::{AppState, app};
use serde_json::json;

#[tokio::main(flavor = "multi_thread")]
async fn main() {
    let dir = tempfile::tempdir().unwrap();
    let db = Db::connect(&Db::sqlite_url(dir.path()), 16).await.unwrap();
    db.migrate().await.unwrap();
    // An operator key: not rate limited, so the bench measures the work, not the limiter.
    let key = auth::create_key(&db, Role::Operator, "bench", 1_000_000, None).await.unwrap().secret;
    let settings = Settings { data_dir: dir.path().to_path_buf(), ..Settings::default() };
    let state = AppState::new(db, settings).await.unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let url = format!("http://{}/api/agent/brands/memes", listener.local_addr().unwrap());
    tokio::spawn(async move {
        axum::serve(listener, app(state).into_make_service_with_connect_info::<SocketAddr>()).await.unwrap()
    });
    let client = reqwest::Client::new();

    println!("| kind | language | median ms | p99 ms |");
    println!("|---|---|---:|---:|");
    for (kind, language) in [("image", "en"), ("hottake", "ja"), ("carousel", "ar"), ("hybrid", "hi")] {
        let mut samples = Vec::new();
        for i in 0..200 {
            let started = Instant::now();
            let response = client
                .post(&url)
                .header("x-api-key", &key)
                .json(&json!({"input": format!("agents that pay their way {i}"), "kind": kind, "language": language}))
                .send()
                .await
                .unwrap();
            assert!(response.status().is_success());
            response.bytes().await.unwrap();
            samples.push(started.elapsed());
        }
        samples.sort();
        let ms = |d: Duration| d.as_secs_f64() * 1e3;
        println!(
            "| {kind} | {language} | {:.2} | {:.2} |",
            ms(samples[samples.len() / 2]),
            ms(samples[samples.len() * 99 / 100])
        );
    }

    let window = Duration::from_secs(5);
    let deadline = Instant::now() + window;
    let workers: Vec<_> = (0..8)
        .map(|w| {
            let (client, url, key) = (client.clone(), url.clone(), key.clone());
            tokio::spawn(async move {
                let mut made = 0u64;
                while Instant::now() < deadline {
                    let body = json!({"input": format!("throughput {w} {made}"), "kind": "image"});
                    let response = client.post(&url).header("x-api-key", &key).json(&body).send().await.unwrap();
                    assert!(response.status().is_success());
                    response.bytes().await.unwrap();
                    made += 1;
                }
                made
            })
        })
        .collect();
    let mut total = 0;
    for w in workers {
        total += w.await.unwrap();
    }
    println!("\n| 8 concurrent clients, image memes | {:.0} memes/s |", total as f64 / window.as_secs_f64());
    render_by_script();
}

/// Median time of each stage of an `image` card (1080×1920) by script, over 40 renders each.
fn render_by_script() {
    use asset_host::render;
    use asset_host::render::cards::{self as card, Sheet};
    let fonts = render::fonts::get();
    println!("\n| script | layout ms | parse + shape ms | rasterize ms | PNG encode ms | total ms | PNG KiB |");
    println!("|---|---:|---:|---:|---:|---:|---:|");
    let samples = [
        ("Latin", "en", "Nobody:", "Also me: agents that pay their own way"),
        ("Cyrillic", "ru", "Никто:", "Тоже я: агенты, которые платят сами"),
        ("Arabic", "ar", "لا أحد:", "أنا أيضًا: وكلاء يدفعون لأنفسهم"),
        ("Devanagari", "hi", "कोई नहीं:", "मैं भी: एजेंट जो खुद भुगतान करते हैं"),
        ("Bengali", "bn", "কেউ না:", "আমিও: এজেন্ট যারা নিজেরাই টাকা দেয়"),
        ("Thai", "th", "ไม่มีใคร:", "ฉันเอง: เอเจนต์ที่จ่ายเงินเอง"),
        ("Chinese", "zh", "没人：", "我也是：自己付钱的智能体"),
        ("Japanese", "ja", "誰も：", "私も：自分で払うエージェント"),
        ("Korean", "ko", "아무도:", "나도: 스스로 돈을 내는 에이전트"),
    ];
    let style = asset_host::render::style::Style::seeded(1);
    // Cards show their subject's illustrations, as the service draws them.
    let subject = asset_host::illustrate::Subject::titled("agents that pay their own way", "en");
    for (script, language, top, bottom) in samples {
        let sheet = Sheet {
            kind: "image",
            language,
            rtl: language == "ar",
            blocks: vec![("top", top), ("bottom", bottom), ("signoff", "#ACME $ACME")],
            style: &style,
            seed: 1,
            subject: &subject,
        };
        let mut stages: [Vec<f64>; 5] = Default::default();
        let mut size = 0;
        for _ in 0..40 {
            let t0 = Instant::now();
            let card::Layout { size: (w, h), svg, .. } = card::layouts(fonts, &sheet).remove(0);
            let t1 = Instant::now();
            let tree = render::parse(&svg).unwrap();
            let t2 = Instant::now();
            let pixmap = render::rasterize_on(style.backdrop(), &tree, w, h).unwrap();
            let t3 = Instant::now();
            size = render::encode_png(&pixmap).unwrap().len();
            let t4 = Instant::now();
            for (i, (a, b)) in [(t0, t1), (t1, t2), (t2, t3), (t3, t4), (t0, t4)].into_iter().enumerate() {
                stages[i].push((b - a).as_secs_f64() * 1e3);
            }
        }
        let median = |v: &mut Vec<f64>| {
            v.sort_by(f64::total_cmp);
            v[v.len() / 2]
        };
        let [a, b, c, d, e] = &mut stages;
        println!(
            "| {script} | {:.2} | {:.2} | {:.2} | {:.2} | {:.2} | {} |",
            median(a),
            median(b),
            median(c),
            median(d),
            median(e),
            size / 1024
        );
    }
}
