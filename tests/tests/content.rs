//! Brand content end to end against the real binary, on SQLite and PostgreSQL: every category
//! in English, Japanese and Arabic, for a registered brand and an ad-hoc one, within its
//! platform's limits and in the language's own script, 1 credit each; `meme` answers as the
//! meme route; a brand with the mode off is 403 and every refusal charges nothing.

use asset_tests::{Env, Server, each_storage};
use reqwest::{Client, StatusCode};
use serde_json::{Value, json};

fn block_on<F: Future>(future: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap().block_on(future)
}

async fn post(server: &Server, key: &str, body: &Value) -> (StatusCode, Value) {
    let response =
        Client::new().post(server.url("/api/agent/content")).header("x-api-key", key).json(body).send().await.unwrap();
    let status = response.status();
    (status, response.json().await.unwrap_or(Value::Null))
}

async fn credits(server: &Server, key: &str) -> i64 {
    server.get_json("/api/agent/me", Some(key)).await["credits"].as_i64().unwrap()
}

/// As X weighs a post: characters up to U+10FF (and some punctuation) 1, others 2.
fn x_weight(text: &str) -> usize {
    text.chars()
        .map(|c| {
            if matches!(u32::from(c), 0..=0x10FF | 0x2000..=0x200D | 0x2010..=0x201F | 0x2032..=0x2037) { 1 } else { 2 }
        })
        .sum()
}

fn blocks<'a>(post: &'a Value, role: &str) -> Vec<&'a str> {
    post["blocks"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|b| b["role"] == role)
        .map(|b| b["text"].as_str().unwrap())
        .collect()
}

fn chars(text: &str) -> usize {
    text.chars().count()
}

/// The platform limits of each category, checked from the outside.
fn within_limits(category: &str, post: &Value) {
    let one = |role: &str| {
        let found = blocks(post, role);
        assert_eq!(found.len(), 1, "{category}: one {role}: {post}");
        found[0]
    };
    let tags = |text: &str, most: usize| {
        let tags: Vec<&str> = text.split(' ').collect();
        assert!(tags.len() <= most && tags.iter().all(|t| t.starts_with('#') && t.len() > 1), "{category}: {text}");
    };
    match category {
        "tweet" => assert!(x_weight(one("post")) <= 280, "{post}"),
        "thread" => {
            let posts = blocks(post, "post");
            assert!((3..=10).contains(&posts.len()));
            for (k, text) in posts.iter().enumerate() {
                assert!(text.starts_with(&format!("{}/{} ", k + 1, posts.len())) && x_weight(text) <= 280, "{text}");
            }
        }
        "linkedin" => {
            assert!(chars(one("hook")) <= 150);
            tags(one("hashtags"), 5);
            assert!(chars(post["text"].as_str().unwrap()) <= 3000);
        }
        "instagram" => {
            assert!(chars(one("caption").lines().next().unwrap()) <= 125);
            tags(one("hashtags"), 30);
            assert!(chars(post["text"].as_str().unwrap()) <= 2200);
        }
        "tiktok-script" => {
            let timed: Vec<&Value> =
                post["blocks"].as_array().unwrap().iter().filter(|b| b["role"] != "caption").collect();
            let seconds: u64 =
                timed.iter().map(|b| b["attributes"]["seconds"].as_str().unwrap().parse::<u64>().unwrap()).sum();
            assert!(seconds <= 60, "{seconds} s");
            assert!(timed.iter().all(|b| chars(b["attributes"]["onScreen"].as_str().unwrap()) <= 60));
            assert!(chars(one("hook")) <= 100 && chars(one("cta")) <= 100 && chars(one("caption")) <= 300);
        }
        "email" => {
            assert!(chars(one("subject")) <= 60 && chars(one("preheader")) <= 100 && chars(one("cta")) <= 40);
            assert!(blocks(post, "paragraph").iter().map(|p| chars(p)).sum::<usize>() <= 2000);
        }
        "blog-intro" => {
            assert!(chars(one("title")) <= 70 && (50..=160).contains(&chars(one("meta"))), "{post}");
            assert!(blocks(post, "paragraph").iter().map(|p| chars(p)).sum::<usize>() <= 1500);
        }
        "press-release" => {
            assert!(chars(one("headline")) <= 120 && chars(one("subheadline")) <= 200);
            assert!(chars(post["text"].as_str().unwrap()) <= 5000);
        }
        other => panic!("no limits for {other}"),
    }
}

/// Whether `text` has words in `language`'s own script.
fn in_script(text: &str, language: &str) -> bool {
    match language {
        "ja" => text.chars().any(|c| matches!(u32::from(c), 0x3040..=0x30FF | 0x4E00..=0x9FFF)),
        "ar" => text.chars().any(|c| matches!(u32::from(c), 0x0600..=0x06FF)),
        _ => text.chars().any(|c| c.is_ascii_alphabetic()),
    }
}

const WRITTEN: [&str; 8] =
    ["tweet", "thread", "linkedin", "instagram", "tiktok-script", "email", "blog-intro", "press-release"];

#[test]
fn every_category_in_three_scripts_keeps_its_platforms_limits_and_costs_a_credit() {
    each_storage(|storage| {
        let mut env = Env::new(storage);
        env.extra.push(("ASSET_RATE_LIMITS".into(), "create=1000".into()));
        assert!(
            env.run(&["brands", "create", "acme", "--name", "Acme", "--hashtag", "#ACME", "--token", "$ACME"])
                .status
                .success()
        );
        let key = env.create_key(100, "agent");
        let server = env.serve();
        block_on(async {
            let mut left = 100;
            for language in ["en", "ja", "ar"] {
                for (n, category) in WRITTEN.iter().enumerate() {
                    // Registered and ad-hoc brands in turn.
                    let body = if n % 2 == 0 {
                        json!({"category": category, "input": "Our API now renders vertical video", "language": language, "brand": "acme"})
                    } else {
                        json!({"category": category, "brief": "Our API now renders vertical video", "language": language,
                               "brandProfile": {"name": "Globex", "voice": "Calm and precise", "hashtag": "#GLOBEX", "token": "$GLX"}})
                    };
                    let (status, made) = post(&server, &key, &body).await;
                    assert_eq!(status, StatusCode::OK, "{category} in {language}: {made}");
                    left -= 1;
                    assert_eq!((made["creditCost"].as_i64(), made["creditsRemaining"].as_i64()), (Some(1), Some(left)));
                    assert_eq!(
                        (made["category"].as_str(), made["language"].as_str()),
                        (Some(*category), Some(language))
                    );
                    let brand = if n % 2 == 0 { ("acme", "#ACME") } else { ("adhoc", "#GLOBEX") };
                    assert_eq!(
                        (made["brand"]["key"].as_str(), made["brand"]["hashtag"].as_str()),
                        (Some(brand.0), Some(brand.1))
                    );
                    let content = &made["content"];
                    within_limits(category, content);
                    let text = content["text"].as_str().unwrap();
                    assert!(in_script(text, language), "{category} in {language}: {text}");
                    assert!(content["limits"].as_array().is_some_and(|l| !l.is_empty()));
                }
            }
            assert_eq!(credits(&server, &key).await, left);

            // `meme` answers as the meme route does.
            let body =
                json!({"category": "meme", "input": "when the build passes", "kind": "hottake", "brand": "acme"});
            let (status, meme) = post(&server, &key, &body).await;
            assert_eq!(status, StatusCode::OK, "{meme}");
            assert_eq!(
                (meme["meme"]["kind"].as_str(), meme["brand"]["key"].as_str(), meme["creditCost"].as_i64()),
                (Some("hottake"), Some("acme"), Some(1))
            );
            assert!(meme["meme"]["url"].as_str().unwrap().contains("/memes/"));
            left -= 1;

            // Refusals: 400s, and 403 for a brand with the mode off; none charged.
            assert!(env.run(&["brands", "meme-mode", "acme", "off"]).status.success());
            for (body, status, code) in [
                (json!({"category": "tweet", "input": "x", "brand": "acme"}), StatusCode::FORBIDDEN, "meme_mode_off"),
                (json!({"category": "meme", "input": "x", "brand": "acme"}), StatusCode::FORBIDDEN, "meme_mode_off"),
                (json!({"input": "x", "brand": "acme"}), StatusCode::BAD_REQUEST, "missing_category"),
                (
                    json!({"category": "fax", "input": "x", "brand": "acme"}),
                    StatusCode::BAD_REQUEST,
                    "unsupported_category",
                ),
                (json!({"category": "tweet", "input": "x"}), StatusCode::BAD_REQUEST, "missing_brand"),
                (
                    json!({"category": "tweet", "input": "x", "brand": "nosuch"}),
                    StatusCode::BAD_REQUEST,
                    "unknown_brand",
                ),
                (
                    json!({"category": "tweet", "input": "x", "brand": "acme", "brandProfile": {"name": "G", "voice": "Calm", "hashtag": "#G", "token": "$G"}}),
                    StatusCode::BAD_REQUEST,
                    "conflicting_brand",
                ),
                (
                    json!({"category": "tweet", "input": " ", "brandProfile": {"name": "G", "voice": "Calm", "hashtag": "#G", "token": "$G"}}),
                    StatusCode::BAD_REQUEST,
                    "missing_input",
                ),
                (
                    json!({"category": "tweet", "input": "x".repeat(2001), "brandProfile": {"name": "G", "voice": "Calm", "hashtag": "#G", "token": "$G"}}),
                    StatusCode::BAD_REQUEST,
                    "input_too_long",
                ),
                (
                    json!({"category": "tweet", "input": "x", "language": "klingon", "brandProfile": {"name": "G", "voice": "Calm", "hashtag": "#G", "token": "$G"}}),
                    StatusCode::BAD_REQUEST,
                    "unsupported_language",
                ),
                (
                    json!({"category": "tweet", "input": "x", "kind": "hottake", "brandProfile": {"name": "G", "voice": "Calm", "hashtag": "#G", "token": "$G"}}),
                    StatusCode::BAD_REQUEST,
                    "kind_not_applicable",
                ),
            ] {
                let (got, error) = post(&server, &key, &body).await;
                assert_eq!((got, error["code"].as_str()), (status, Some(code)), "{body}: {error}");
            }
            assert_eq!(credits(&server, &key).await, left, "no refusal was charged");
        });
    });
}
