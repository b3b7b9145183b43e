//! Meme pages in a real browser: headless Chromium at phone size opens a meme page in Latin,
//! Arabic, Hindi and Japanese text and takes a screenshot of each (kept in
//! `<target>/tmp/screenshots` for looking at), and each screenshot must show the meme's picture:
//! the colour of the card's centre, read from the PNG the service serves, covers the area where
//! the picture is drawn.

use std::path::PathBuf;

use asset_tests::browser::{decode_png, screenshot};
use asset_tests::{Env, Storage};
use reqwest::Client;
use serde_json::json;

#[test]
fn meme_pages_show_their_picture_in_chromium_in_four_scripts() {
    let env = Env::new(Storage::Sqlite);
    let key = env.create_key(10, "agent");
    let server = env.serve();
    let client = Client::new();
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("screenshots");
    for (language, input) in [("en", "Agents paying their own way"), ("ar", "الوكلاء يدفعون"), ("hi", "एजेंट भुगतान करते हैं"), ("ja", "自分で払うエージェント")] {
        let body: serde_json::Value = runtime.block_on(async {
            client
            .post(server.url("/api/agent/brands/memes"))
            .header("x-api-key", &key)
            .json(&json!({"input": input, "language": language, "kind": "image",
                "brandProfile": {"name": "Acme", "voice": "loud", "hashtag": "#ACME", "token": "$ACME"}}))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap()
        });
        let page = body["meme"]["url"].as_str().unwrap_or_else(|| panic!("{language}: {body}")).to_string();
        let card = runtime.block_on(async {
            let response = client.get(format!("{page}/1.png")).send().await.unwrap();
            assert_eq!(response.headers()["content-type"], "image/png");
            response.bytes().await.unwrap()
        });
        let (width, _, pixels) = decode_png(&card);
        let at = |x: usize, y: usize| &pixels[(y * width as usize + x) * 3..][..3];
        let centre = at(540, 960).to_vec();

        let shot = dir.join(format!("meme-{language}.png"));
        screenshot(&page, &shot, (412, 915), 5000);
        let (_, _, shown) = decode_png(&std::fs::read(&shot).unwrap());
        let matching = shown.chunks_exact(3).filter(|p| p.iter().zip(&centre).all(|(a, b)| a.abs_diff(*b) <= 10)).count();
        // The face at the card's centre is about 130 px across at this size; without the picture
        // the page has at most a few hundred pixels of any one accent colour (the sign-off text).
        assert!(matching > 6000, "{language}: the picture is not shown ({matching} pixels of {centre:?}); see {}", shot.display());
    }
}
