//! Pitch pages end to end against the real binary: each kind of input (a loopback website with
//! Open Graph tags, a site that never answers, an x.com link, a linkedin.com link, a sentence)
//! makes a page whose hook names the person, with 4–8 voiced beats, memes that decode and a
//! voice track as long as its beats; every bad input is a 400 with nothing charged; a pitch
//! page renders to an MP4.

use std::time::Duration;

use asset_tests::browser::decode_png;
use asset_tests::{Env, Storage, each_storage};
use reqwest::{Client, StatusCode};
use serde_json::{Value, json};

fn block_on<F: Future>(future: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap().block_on(future)
}

async fn post(base: &str, path: &str, key: &str, body: Value) -> (StatusCode, Value) {
    let response =
        Client::new().post(format!("{base}{path}")).header("x-api-key", key).json(&body).send().await.unwrap();
    let status = response.status();
    (status, response.json().await.unwrap_or(Value::Null))
}

async fn credits(base: &str, key: &str) -> i64 {
    let me: Value = Client::new()
        .get(format!("{base}/api/agent/me"))
        .header("x-api-key", key)
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    me["credits"].as_i64().unwrap()
}

/// A loopback website: `/` is a page with Open Graph tags; `/slow` never answers.
fn website() -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { continue };
            std::thread::spawn(move || {
                use std::io::{Read, Write};
                let mut buf = [0u8; 4096];
                let n = stream.read(&mut buf).unwrap_or(0);
                let request = String::from_utf8_lossy(&buf[..n]).to_string();
                if request.starts_with("GET /slow") {
                    std::thread::sleep(Duration::from_secs(30));
                    return;
                }
                let body = r#"<html><head><title>Acme Robotics | Home</title>
                    <meta property="og:site_name" content="Acme Robotics">
                    <meta property="og:description" content="Warehouse robots that never sleep.">
                    </head><body><h1>Robots for busy warehouses</h1><p>We ship pallets faster.</p></body></html>"#;
                let _ = write!(
                    stream,
                    "HTTP/1.1 200 OK\r\ncontent-type: text/html\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
                    body.len()
                );
            });
        }
    });
    base
}

/// Checks a made pitch: the hook names `name`, 4–8 beats in time order inside the voice, memes
/// and the voice track (16-bit mono at `rate` Hz) served and decodable.
async fn check_pitch(pitch: &Value, name: &str, rate: u64) {
    check_pitch_of(pitch, name, rate, 4..=8).await
}

/// [`check_pitch`] with `count` beats.
async fn check_pitch_of(pitch: &Value, name: &str, rate: u64, count: std::ops::RangeInclusive<usize>) {
    let hook = pitch["hook"].as_str().unwrap();
    assert!(hook.contains(name), "the hook names {name}: {hook}");
    let beats = pitch["beats"].as_array().unwrap();
    assert!(count.contains(&beats.len()), "{pitch}");
    let duration = pitch["durationMs"].as_u64().unwrap();
    let mut last = 0;
    for beat in beats {
        let (start, end) = (beat["start"].as_u64().unwrap(), beat["end"].as_u64().unwrap());
        assert!(start >= last && end > start && end <= duration, "{beats:?}");
        last = end;
    }
    let memes = pitch["memes"].as_array().unwrap();
    assert!((1..=3).contains(&memes.len()), "{pitch}");
    for meme in memes {
        let png = Client::new().get(meme["imageUrl"].as_str().unwrap()).send().await.unwrap();
        assert_eq!(png.status(), StatusCode::OK);
        let (width, height, _) = decode_png(&png.bytes().await.unwrap());
        assert_eq!((width, height), (1080, 1920));
    }
    let voice = Client::new().get(pitch["voiceUrl"].as_str().unwrap()).send().await.unwrap().bytes().await.unwrap();
    let ms = (voice.len() as u64 - 44) / 2 * 1000 / rate;
    assert!(ms.abs_diff(duration) <= 1, "the voice lasts {ms} ms, the pitch says {duration}");
    let html = Client::new().get(pitch["url"].as_str().unwrap()).send().await.unwrap().text().await.unwrap();
    assert!(html.contains(r#"class="beats chat""#) && html.contains("og:image"), "{html}");
}

#[test]
fn every_kind_of_input_makes_a_pitch_that_names_the_person() {
    each_storage(|storage| {
        let mut env = Env::new(storage).neural();
        env.extra.push(("ASSET_FETCH_ALLOW".into(), "127.0.0.1/32".into()));
        let key = env.create_key(10, "agent");
        let server = env.serve();
        let site = website();
        block_on(async {
            let base = &server.base;
            let cases = [
                (
                    json!({"input": format!("{site}/"), "offer": "a robot that files invoices"}),
                    "Acme Robotics",
                    "website",
                    true,
                ),
                (json!({"input": "https://x.com/jack"}), "@jack", "x", false),
                (json!({"input": "https://www.linkedin.com/in/jane-doe-4a1b2c/"}), "Jane", "linkedin", false),
                (json!({"input": "Maria, a baker in Porto who posts every morning"}), "Maria", "sentence", false),
            ];
            let mut spent = 0;
            for (body, name, source, read) in cases {
                let (status, made) = post(base, "/api/agent/before", &key, body.clone()).await;
                assert_eq!(status, StatusCode::OK, "{body}: {made}");
                spent += 1;
                assert_eq!(
                    (made["creditCost"].as_i64(), made["creditsRemaining"].as_i64()),
                    (Some(1), Some(10 - spent))
                );
                let pitch = &made["pitch"];
                assert_eq!(
                    (pitch["about"]["source"].as_str(), pitch["about"]["read"].as_bool()),
                    (Some(source), Some(read))
                );
                check_pitch(pitch, name, 22_050).await;
            }
            // A site that never answers is not an error: the pitch is written from its address.
            let (status, made) = post(base, "/api/agent/before", &key, json!({"input": format!("{site}/slow")})).await;
            assert_eq!(status, StatusCode::OK, "{made}");
            assert_eq!(made["pitch"]["about"]["read"], false);
            assert_eq!(credits(base, &key).await, 5);
        });
    });
}

#[test]
fn bad_input_is_a_400_and_costs_nothing_and_a_pitch_renders_to_mp4() {
    let env = Env::new(Storage::Sqlite).neural();
    let key = env.create_key(10, "agent");
    let server = env.serve();
    block_on(async {
        let base = &server.base;
        for (body, code) in [
            (json!({}), "missing_input"),
            (json!({"input": "   "}), "missing_input"),
            (json!({"input": "x".repeat(1501)}), "input_too_long"),
            (json!({"input": "A baker", "offer": "y".repeat(601)}), "offer_too_long"),
            (json!({"input": "A baker", "language": "klingon"}), "unsupported_language"),
            (json!({"input": "A baker", "language": "es", "voice": "jf_alpha"}), "unsupported_voice"),
        ] {
            let (status, answer) = post(base, "/api/agent/before", &key, body.clone()).await;
            assert_eq!((status, answer["code"].as_str()), (StatusCode::BAD_REQUEST, Some(code)), "{body}: {answer}");
        }
        assert_eq!(credits(base, &key).await, 10, "nothing was charged");

        let (status, made) = post(
            base,
            "/api/agent/before",
            &key,
            json!({"input": "Ravi, a chemistry teacher in Pune", "language": "hi"}),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{made}");
        // Hindi is spoken by Kokoro, at 24 kHz.
        check_pitch(&made["pitch"], "Ravi", 24_000).await;
        assert_eq!(made["pitch"]["voice"], "kokoro", "{made}");
        // Written Arabic (no vowel marks) is voiced by espeak-ng, Japanese (kanji) by Kokoro in the
        // voice the request chose.
        for (language, input, name, voice, engine) in [
            ("ar", "Layla, a baker in Amman", "Layla", None, "espeak-ng"),
            ("ja", "Yuki, a baker in Osaka", "Yuki", Some("jm_kumo"), "kokoro"),
        ] {
            let body = json!({"input": input, "language": language, "voice": voice});
            let (status, voiced) = post(base, "/api/agent/before", &key, body).await;
            assert_eq!((status, voiced["pitch"]["voice"].as_str()), (StatusCode::OK, Some(engine)), "{voiced}");
            check_pitch(&voiced["pitch"], name, if engine == "kokoro" { 24_000 } else { 22_050 }).await;
        }
        let (status, accepted) = post(base, "/api/agent/mp4", &key, json!({"pageUrl": made["pitch"]["url"]})).await;
        assert_eq!(status, StatusCode::ACCEPTED, "{accepted}");
        let status_url = accepted["statusUrl"].as_str().unwrap().to_string();
        let done = loop {
            let job: Value =
                Client::new().get(&status_url).header("x-api-key", &key).send().await.unwrap().json().await.unwrap();
            if job["status"] == "succeeded" || job["status"] == "failed" {
                break job;
            }
            tokio::time::sleep(Duration::from_millis(300)).await;
        };
        assert_eq!(done["status"], "succeeded", "{done}");
        let video = Client::new().get(done["mp4Url"].as_str().unwrap()).send().await.unwrap().bytes().await.unwrap();
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("pitch.mp4");
        std::fs::write(&file, &video).unwrap();
        let probe =
            std::process::Command::new("ffprobe").args(["-v", "error", "-show_streams"]).arg(&file).output().unwrap();
        assert!(probe.status.success() && String::from_utf8_lossy(&probe.stdout).contains("codec_name=h264"));
    });
}

#[test]
fn arabic_and_japanese_pitches_are_voiced_by_a_configured_speech_endpoint() {
    let env = Env::new(Storage::Sqlite).neural();
    let key = env.create_key(10, "agent");
    // The fake speech server answers 24 kHz WAV.
    let server = env.serve_with(&[("ASSET_SPEECH_URL", &asset_tests::fakes::fake_speaker())]);
    block_on(async {
        for (language, input, name) in
            [("ar", "مريم، خبازة في عمّان تنشر كل صباح", "مريم"), ("ja", "https://x.com/sakura_dev", "@sakura_dev")]
        {
            let body = json!({"input": input, "language": language, "offer": "ボット"});
            let (status, made) = post(&server.base, "/api/agent/before", &key, body).await;
            assert_eq!(status, StatusCode::OK, "{language}: {made}");
            assert_eq!(made["pitch"]["language"], language);
            // The fake speaks 50 letters a second, three times as fast as a person: its lines are
            // too short to read alone and are joined, two or more to a beat.
            check_pitch_of(&made["pitch"], name, 24_000, 2..=8).await;
        }
    });
}

/// Without the voices folder nothing reads Japanese kanji: a Japanese pitch is still made, its
/// beats paced at reading speed over a silent track (an audioscript of the same text is refused,
/// `tests/tests/audio.rs`).
#[test]
fn a_pitch_in_a_language_no_voice_reads_is_made_without_narration() {
    let env = Env::new(Storage::Sqlite);
    let key = env.create_key(10, "agent");
    let server = env.serve_with(&[("ASSET_VOICE_DIR", "off")]);
    block_on(async {
        let body = json!({"input": "https://x.com/sakura_dev", "language": "ja", "offer": "ボット"});
        let (status, made) = post(&server.base, "/api/agent/before", &key, body).await;
        assert_eq!(status, StatusCode::OK, "{made}");
        let pitch = &made["pitch"];
        assert_eq!((pitch["language"].as_str(), pitch["wordTimes"].as_str()), (Some("ja"), Some("none")), "{pitch}");
        check_pitch(pitch, "@sakura_dev", 22_050).await;
        let voice = Client::new().get(pitch["voiceUrl"].as_str().unwrap()).send().await.unwrap().bytes().await.unwrap();
        assert!(voice[44..].iter().all(|&b| b == 0), "a silent track");
        // Each beat lasts about as long as reading it takes.
        for beat in pitch["beats"].as_array().unwrap() {
            // About 14 letters a second, a kana or kanji counting as two.
            let text = beat["text"].as_str().unwrap();
            let weight: u64 =
                text.chars().filter(|c| c.is_alphanumeric()).map(|c| if u32::from(c) >= 0x3000 { 2 } else { 1 }).sum();
            let ms = beat["end"].as_u64().unwrap() - beat["start"].as_u64().unwrap();
            assert!(ms.abs_diff((weight * 1000 / 14).max(1_500)) <= 5, "{ms} ms for {beat}");
        }
        assert_eq!(credits(&server.base, &key).await, 10 - 1, "charged as any pitch");
    });
}

/// A chat-completions stand-in on loopback, speaking the wire format: `mode` 0 answers the
/// structured output asked for (two beats naming the person), 1 an HTTP 500, 2 lines with
/// links, 3 a good answer after 5 s (past the service's model timeout).
fn model(mode: std::sync::Arc<std::sync::atomic::AtomicU8>) -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(mut stream) = stream else { continue };
            let mode = mode.load(std::sync::atomic::Ordering::SeqCst);
            std::thread::spawn(move || {
                use std::io::{BufRead, BufReader, Read, Write};
                let mut reader = BufReader::new(stream.try_clone().unwrap());
                let mut length = 0;
                loop {
                    let mut line = String::new();
                    if reader.read_line(&mut line).unwrap_or(0) == 0 || line == "\r\n" {
                        break;
                    }
                    if let Some(v) = line.to_ascii_lowercase().strip_prefix("content-length:") {
                        length = v.trim().parse().unwrap_or(0);
                    }
                }
                let mut body = vec![0; length];
                reader.read_exact(&mut body).unwrap();
                let asked: Value = serde_json::from_slice(&body).unwrap();
                let structured = asked["response_format"]["type"] == "json_schema";
                let lines = match mode {
                    0 | 3 => {
                        json!({"lines": ["Maria, the onboarding posts are sharp.", "Ledgerly chases the invoices for you."]})
                    }
                    _ => json!({"lines": ["see https://spam.example/now", "see https://spam.example/now"]}),
                };
                if mode == 3 {
                    std::thread::sleep(Duration::from_secs(5));
                }
                let content = if structured { lines.to_string() } else { "not what was asked".into() };
                let answer = json!({"choices": [{"index": 0, "message": {"role": "assistant", "content": content}}]})
                    .to_string();
                let status = if mode == 1 { "500 Internal Server Error" } else { "200 OK" };
                let _ = write!(
                    stream,
                    "HTTP/1.1 {status}\r\ncontent-type: application/json\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{answer}",
                    answer.len()
                );
            });
        }
    });
    base
}

#[test]
fn with_a_model_the_beats_are_its_checked_lines_and_the_tables_stand_in_for_the_rest() {
    let mode = std::sync::Arc::new(std::sync::atomic::AtomicU8::new(0));
    let mut env = Env::new(Storage::Sqlite).neural();
    env.extra.push(("ASSET_MODEL_URL".into(), format!("{}/v1", model(mode.clone()))));
    env.extra.push(("ASSET_MODEL_TIMEOUT_SECS".into(), "1".into()));
    let key = env.create_key(10, "agent");
    let server = env.serve();
    block_on(async {
        let body = json!({
            "input": "Maria Lopez, head of growth at Fintechly in Berlin, posts about onboarding.",
            "offer": "Ledgerly, invoicing that chases late payments for you",
            "cta": {"label": "See Ledgerly", "url": "https://ledgerly.example/try"},
        });
        for m in [0, 1, 2, 3] {
            mode.store(m, std::sync::atomic::Ordering::SeqCst);
            let (status, made) = post(&server.base, "/api/agent/before", &key, body.clone()).await;
            assert_eq!(status, StatusCode::OK, "{made}");
            let pitch = &made["pitch"];
            assert!(pitch["hook"].as_str().unwrap().contains("Maria"), "greeted by first name: {pitch}");
            assert_eq!(
                (pitch["cta"].as_str(), pitch["ctaUrl"].as_str()),
                (Some("See Ledgerly"), Some("https://ledgerly.example/try"))
            );
            let beats: Vec<&str> =
                pitch["beats"].as_array().unwrap().iter().map(|b| b["text"].as_str().unwrap()).collect();
            let from_model = beats
                .iter()
                .filter(|b| b.starts_with("Maria, the onboarding") || b.starts_with("Ledgerly chases"))
                .count();
            // A good structured answer gives the two lines it holds; an error, lines with links
            // or an answer too late leave every beat to the tables, which never link, and say
            // what the offer is once, in its own words (it is written in the pitch's language).
            assert_eq!(from_model, if m == 0 { 2 } else { 0 }, "mode {m}: {beats:?}");
            assert!(beats.iter().all(|b| !b.contains("http")), "{beats:?}");
            let said = beats.iter().filter(|b| b.contains("invoicing that chases")).count();
            assert!(said <= 1 && (m == 0 || said == 1), "mode {m}: {beats:?}");
        }
        // The page shows the call to action as a button to its link.
        let (_, made) = post(&server.base, "/api/agent/before", &key, body).await;
        let html =
            Client::new().get(made["pitch"]["url"].as_str().unwrap()).send().await.unwrap().text().await.unwrap();
        assert!(
            html.contains(r#"<a class="cta" id="cta" href="https://ledgerly.example/try""#)
                && html.contains(">See Ledgerly</a>")
                && html.contains(r#"data-text="See Ledgerly: https://ledgerly.example/try""#),
            "{html}"
        );
        // A link that is not one a page may show is refused before anything is charged.
        let before = credits(&server.base, &key).await;
        let bad = json!({"input": "Maria Lopez", "cta": {"url": "javascript:alert(1)"}});
        let (status, refused) = post(&server.base, "/api/agent/before", &key, bad).await;
        assert_eq!((status, refused["code"].as_str()), (StatusCode::BAD_REQUEST, Some("invalid_cta")), "{refused}");
        assert_eq!(credits(&server.base, &key).await, before);
    });
}
