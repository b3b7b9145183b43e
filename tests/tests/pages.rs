//! Meme pages in a real browser: headless Chromium at phone size opens a meme page in Latin,
//! Arabic, Hindi and Japanese text and takes a screenshot of each (kept in
//! `<target>/tmp/screenshots` for looking at), and each screenshot must show the meme's picture:
//! the colour of the card's centre, read from the PNG the service serves, covers the area where
//! the picture is drawn. An engine page plays in Chromium: caught mid-play, it shows the picture
//! and caption of the beat the voice has reached.

use std::path::PathBuf;
use std::time::Duration;

use asset_tests::browser::{decode_png, late_resource, screenshot, screenshot_playing, shrink};
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
    for (language, input) in [
        ("en", "Agents paying their own way"),
        ("ar", "الوكلاء يدفعون"),
        ("hi", "एजेंट भुगतान करते हैं"),
        ("ja", "自分で払うエージェント"),
    ] {
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
        let matching =
            shown.chunks_exact(3).filter(|p| p.iter().zip(&centre).all(|(a, b)| a.abs_diff(*b) <= 10)).count();
        // The face at the card's centre is about 130 px across at this size; without the picture
        // the page has at most a few hundred pixels of any one accent colour (the sign-off text).
        assert!(
            matching > 6000,
            "{language}: the picture is not shown ({matching} pixels of {centre:?}); see {}",
            shot.display()
        );
    }
}

#[test]
fn an_engine_page_plays_and_shows_the_beat_being_spoken() {
    let env = Env::new(Storage::Sqlite);
    let key = env.create_key(10, "operator");
    let server = env.serve();
    let client = Client::new();
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    let script = "Agents pay for their own tools. They ship pages in seconds. Then they render the video. Everyone wins in the end.";
    let (page, beats, pictures) = runtime.block_on(async {
        let accepted: serde_json::Value = client
            .post(server.url("/api/agent/audioscript"))
            .header("x-api-key", &key)
            .json(&json!({"script": script}))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let status_url = accepted["statusUrl"].as_str().unwrap().to_string();
        let page = loop {
            let job: serde_json::Value =
                client.get(&status_url).header("x-api-key", &key).send().await.unwrap().json().await.unwrap();
            if job["status"] == "succeeded" {
                break job["pageUrl"].as_str().unwrap().to_string();
            }
            assert_ne!(job["status"], "failed", "{job}");
            tokio::time::sleep(Duration::from_millis(200)).await;
        };
        let html = client.get(&page).send().await.unwrap().text().await.unwrap();
        let beats: Vec<(u64, u64)> = html
            .split("<li data-start=\"")
            .skip(1)
            .map(|li| {
                let start = li.split('"').next().unwrap().parse().unwrap();
                let end = li.split("data-end=\"").nth(1).unwrap().split('"').next().unwrap().parse().unwrap();
                (start, end)
            })
            .collect();
        let mut pictures = Vec::new();
        for n in 1..=beats.len() {
            let png = client.get(format!("{page}/{n}.png")).send().await.unwrap().bytes().await.unwrap();
            pictures.push(shrink(&decode_png(&png).2, (1080, 1920), (190, 338)));
        }
        (page, beats, pictures)
    });

    // A harness page holds the screenshot back with a late resource while the page plays.
    let hold = Duration::from_millis(3_200);
    let dir = tempfile::tempdir().unwrap();
    let harness = dir.path().join("harness.html");
    std::fs::write(
        &harness,
        format!(
            r#"<html><body style="margin:0"><iframe src="{page}?autoplay=1" allow="autoplay" style="width:412px;height:900px;border:0"></iframe><img src="{}"></body></html>"#,
            late_resource(hold)
        ),
    )
    .unwrap();
    let shot = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("screenshots").join("engine-mid-play.png");
    screenshot_playing(&format!("file://{}", harness.display()), &shot, (412, 900));
    let (width, height, shown) = decode_png(&std::fs::read(&shot).unwrap());

    // Find the beat picture on screen: the page draws it 52 % of the viewport high (468 px of
    // 900, so 263 px wide), centred below the title.
    let (w, h) = (263, 468);
    let crop = |x0: usize, y0: usize| {
        let mut out = Vec::with_capacity(w * h * 3);
        for y in y0..y0 + h {
            let row = (y * width as usize + x0) * 3;
            out.extend_from_slice(&shown[row..row + w * 3]);
        }
        shrink(&out, (w as u32, h as u32), (190, 338))
    };
    // Per channel: the summed difference of a pixel's three.
    let distance = |a: &[u8], b: &[u8]| kernels::compare::difference(a, b, 190, 1, &[]) / 3.0;
    let mut best = (f64::MAX, 0, 0);
    for x0 in (66..=84).step_by(2) {
        for y0 in (20..(height as usize - h).min(200)).step_by(2) {
            let region = crop(x0, y0);
            for (beat, picture) in pictures.iter().enumerate() {
                let d = distance(&region, picture);
                if d < best.0 {
                    best = (d, beat, y0);
                }
            }
        }
    }
    let (d, beat, _) = best;
    assert!(d < 12.0, "no beat picture is on screen (closest {d:.1}); see {}", shot.display());
    // The voice started after the page loaded and ran at most `hold`; the beat shown must be
    // one the voice was in during the last 1.6 s of that window.
    let (from, to) = (hold.as_millis() as u64 - 1_600, hold.as_millis() as u64);
    let next_start = beats.get(beat + 1).map_or(u64::MAX, |b| b.0);
    assert!(beat > 0, "the page did not play (still on the first beat); see {}", shot.display());
    assert!(
        beats[beat].0 <= to && next_start > from,
        "beat {beat} {:?} shown, voice at {from}..{to} ms; beats {beats:?}",
        beats[beat]
    );
}

/// Rows of a screenshot column `x` in a bubble's colour: `said` bubbles are the fully opaque
/// `#262b33`, the rest a faint blend over the page's `#111111`. Answers (said rows, faint rows).
fn bubble_rows(shown: &[u8], width: usize, x: usize) -> (usize, usize) {
    let near = |p: &[u8], c: [u8; 3]| p.iter().zip(c).all(|(a, b)| a.abs_diff(b) <= 3);
    let rows = shown.len() / 3 / width;
    (0..rows).map(|y| &shown[(y * width + x) * 3..][..3]).fold((0, 0), |(said, faint), p| {
        (said + usize::from(near(p, [0x26, 0x2b, 0x33])), faint + usize::from(near(p, [0x15, 0x16, 0x18])))
    })
}

#[test]
fn a_pitch_page_shows_its_beats_as_chat_bubbles_as_they_are_said_left_to_right_and_right_to_left() {
    let env = Env::new(Storage::Sqlite);
    let key = env.create_key(10, "agent");
    let server = env.serve_with(&[("ASSET_SPEECH_URL", &asset_tests::fakes::fake_speaker())]);
    let client = Client::new();
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    let dir = tempfile::tempdir().unwrap();
    for (language, input, column) in
        [("en", "Maria, a baker in Porto who posts every morning", 20), ("ar", "مريم، خبازة في عمّان تنشر كل صباح", 340)]
    {
        let made: serde_json::Value = runtime.block_on(async {
            client
                .post(server.url("/api/agent/before"))
                .header("x-api-key", &key)
                .json(&json!({"input": input, "language": language, "offer": "a bot that writes her posts"}))
                .send()
                .await
                .unwrap()
                .json()
                .await
                .unwrap()
        });
        let page = made["pitch"]["url"].as_str().unwrap_or_else(|| panic!("{language}: {made}")).to_string();
        let html = runtime.block_on(async { client.get(&page).send().await.unwrap().text().await.unwrap() });
        let direction = if language == "ar" { "rtl" } else { "ltr" };
        assert!(html.contains(&format!(r#"lang="{language}" dir="{direction}""#)), "{html}");
        // Its buttons speak the page's language.
        let (play, share) = if language == "ar" { ("تشغيل", "مشاركة") } else { ("Play", "Share") };
        assert!(html.contains(&format!(">{play}</button>")) && html.contains(&format!(">{share}</button>")), "{html}");
        let beats = made["pitch"]["beats"].as_array().unwrap().len();

        // A phone-wide, page-tall window, caught mid-play (before the second beat, whatever the
        // beats' lengths): the first bubble said, the rest faint.
        let second = made["pitch"]["beats"][1]["start"].as_u64().unwrap_or_else(|| panic!("{language}: {made}"));
        let hold = Duration::from_millis(second.saturating_sub(200).max(300));
        let harness = dir.path().join(format!("pitch-{language}.html"));
        std::fs::write(
            &harness,
            format!(
                r#"<html><body style="margin:0"><iframe src="{page}?autoplay=1" allow="autoplay" style="width:360px;height:2400px;border:0"></iframe><img src="{}"></body></html>"#,
                late_resource(hold)
            ),
        )
        .unwrap();
        let shot = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("screenshots").join(format!("pitch-{language}.png"));
        screenshot_playing(&format!("file://{}", harness.display()), &shot, (360, 2400));
        let (width, _, shown) = decode_png(&std::fs::read(&shot).unwrap());
        let (said, faint) = bubble_rows(&shown, width as usize, column);
        assert!(said > 30, "{language}: no said bubble at x = {column} ({said} rows); see {}", shot.display());
        assert!(
            faint > 30,
            "{language}: every bubble already said mid-play ({faint} faint rows, {beats} beats); see {}",
            shot.display()
        );
        // The other side of the column holds no bubble: bubbles sit on the reading side.
        let other = if column < 180 { 340 } else { 20 };
        let (wrong_side, _) = bubble_rows(&shown, width as usize, other);
        assert_eq!(wrong_side, 0, "{language}: bubbles on the wrong side; see {}", shot.display());
    }
}

#[test]
fn an_invites_claim_page_shows_its_form_on_a_phone() {
    let env = Env::new(Storage::Sqlite);
    let key = env.create_key(5, "agent");
    let server = env.serve();
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    let made: serde_json::Value = runtime.block_on(async {
        Client::new()
            .post(server.url("/api/agent/invite-bot"))
            .header("x-api-key", &key)
            .json(&json!({"input": "Maria, a baker in Porto"}))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap()
    });
    let url = made["inviteUrl"].as_str().unwrap_or_else(|| panic!("{made}"));
    let shot = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("screenshots").join("invite-claim.png");
    screenshot(url, &shot, (360, 800), 5000);
    let (_, _, shown) = decode_png(&std::fs::read(&shot).unwrap());
    // The claim button is the page's accent yellow; the inputs are white.
    let near = |c: [u8; 3]| shown.chunks_exact(3).filter(|p| p.iter().zip(c).all(|(a, b)| a.abs_diff(b) <= 12)).count();
    assert!(near([0xf5, 0xc5, 0x18]) > 1_500, "no claim button on screen; see {}", shot.display());
    assert!(near([0xff, 0xff, 0xff]) > 20_000, "no form fields on screen; see {}", shot.display());
}

/// Where an element sits on the first screen of a 390×844 phone, and whether the page scrolls
/// sideways: `[bottom of the element, scroll width, window width]`.
async fn placed(browser: &asset_tests::webdriver::Browser, css: &str) -> (f64, f64, f64) {
    let got = browser
        .script(
            "const el = document.querySelector(arguments[0]); \
             return [el ? el.getBoundingClientRect().bottom : 1e9, document.documentElement.scrollWidth, window.innerWidth];",
            json!([css]),
        )
        .await;
    (got[0].as_f64().unwrap(), got[1].as_f64().unwrap(), got[2].as_f64().unwrap())
}

/// The first `og:image` of the page at `page` (its link card) is 1200×630, decodes and is not
/// blank.
async fn assert_link_card(client: &Client, page: &str) {
    let html = client.get(page).header("accept", "text/html").send().await.unwrap().text().await.unwrap();
    let tag = r#"<meta property="og:image" content=""#;
    let at = html.find(tag).unwrap_or_else(|| panic!("{page}: no og:image in {html}")) + tag.len();
    let image = &html[at..at + html[at..].find('"').unwrap()];
    assert!(html.contains(r#"<meta property="og:image:width" content="1200">"#), "{html}");
    assert!(html.contains(r#"<meta name="twitter:card" content="summary_large_image">"#), "{html}");
    let png = client.get(image).send().await.unwrap().bytes().await.unwrap();
    let (width, height, pixels) = decode_png(&png);
    assert_eq!((width, height), (1200, 630), "{page}: {image}");
    assert!(pixels.chunks_exact(3).any(|p| p != &pixels[..3]), "{image} is not blank");
}

/// The job at `path` (its jobId unquoted), once it finished: its status body. Success expected.
async fn finished(client: &Client, server: &asset_tests::Server, key: &str, path: &str) -> serde_json::Value {
    let path = path.replace('"', "");
    for _ in 0..6 {
        let url = server.url(&format!("{path}?wait=30"));
        let status: serde_json::Value =
            client.get(url).header("x-api-key", key).send().await.unwrap().json().await.unwrap();
        match status["status"].as_str() {
            Some("succeeded") => return status,
            Some("failed") => panic!("{path}: {status}"),
            _ => {}
        }
    }
    panic!("{path} did not finish within three minutes");
}

/// Every page for people on a phone (390×844 in Chromium) — pitch, meme, hosted video, invite
/// claim, the public feed and an audioscript's page: its main actions (Play, the call to action,
/// Share; Copy link, Post on X, Telegram; the video; Claim; the feed's memes; Play and the beat's
/// picture) end inside the first screen without
/// scrolling, nothing scrolls sideways, each has a 1200×630 link card, and the meme's text is not
/// repeated under its picture. Screenshots of each go to `<target>/tmp/screenshots`.
#[test]
fn pages_for_people_put_their_main_actions_on_a_phones_first_screen() {
    let env = Env::new(Storage::Sqlite);
    let key = env.create_key(20, "agent");
    let server = env.serve();
    let client = Client::new();
    let post = |path: &str, body: serde_json::Value| {
        let request = client.post(server.url(path)).header("x-api-key", &key).json(&body);
        async move { request.send().await.unwrap().json::<serde_json::Value>().await.unwrap() }
    };
    tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap().block_on(async {
        let pitch = post(
            "/api/agent/before",
            json!({"input": "Maria, a baker in Porto who posts every morning", "offer": "a bot that answers orders",
                   "cta": {"label": "Book a call", "url": "https://example.com/book"}}),
        )
        .await;
        let pitch_url = pitch["pitch"]["url"].as_str().unwrap_or_else(|| panic!("{pitch}")).to_string();
        let meme =
            post("/api/agent/brands/memes", json!({"input": "Agents paying their own way", "kind": "image"})).await;
        let meme_url = meme["meme"]["url"].as_str().unwrap_or_else(|| panic!("{meme}")).to_string();
        let invite = post("/api/agent/invite-bot", json!({"input": "Tomás, who roasts coffee in Lisbon"})).await;
        let claim_url = invite["inviteUrl"].as_str().unwrap_or_else(|| panic!("{invite}")).to_string();
        let script = "Agents pay their own way now. They make pages, memes and videos. Try one today.";
        let spoken = post("/api/agent/audioscript", json!({"script": script, "title": "Agents pay their way"})).await;
        let spoken = finished(&client, &server, &key, &format!("/api/agent/audioscript/{}", spoken["jobId"])).await;
        let engine_url = spoken["pageUrl"].as_str().unwrap_or_else(|| panic!("{spoken}")).to_string();
        let render = post("/api/agent/mp4", json!({"pageUrl": pitch_url})).await;
        let render = finished(&client, &server, &key, &format!("/api/agent/mp4/{}", render["jobId"])).await;
        let video_url = render["videoPageUrl"].as_str().unwrap_or_else(|| panic!("{render}")).to_string();
        let feed_url = server.url("/api/legacy/recent");
        let pages: [(&str, &str, &[&str]); 6] = [
            ("pitch", &pitch_url, &["#play", "#share", "a.cta[href='https://example.com/book']"]),
            ("engine", &engine_url, &["#play", "#frame"]),
            (
                "meme",
                &meme_url,
                &["#copy", "a[href^='https://x.com/intent/post']", "a[href^='https://t.me/share/url']"],
            ),
            ("video", &video_url, &["video"]),
            ("claim", &claim_url, &["button[type=submit]"]),
            ("feed", &feed_url, &["ol li a"]),
        ];
        let shots = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("screenshots");
        for (name, page, _) in &pages {
            assert_link_card(&client, page).await;
            screenshot(page, &shots.join(format!("{name}-phone.png")), (390, 844), 4000);
        }
        let browser = asset_tests::webdriver::Browser::start((390, 844)).await;
        for (name, page, actions) in pages {
            browser.open(page).await;
            for css in actions {
                let (bottom, scroll, width) = placed(&browser, css).await;
                assert!(bottom <= 844.0, "{name}: {css} ends at {bottom} px, below the first screen");
                assert!(scroll <= width, "{name}: the page scrolls sideways ({scroll} > {width})");
            }
        }
        browser.open(&pitch_url).await;
        assert!(browser.text().await.contains("For Maria"), "{}", browser.text().await);
        browser.open(&meme_url).await;
        let visible =
            browser.script("return document.querySelector('.said').getBoundingClientRect().height;", json!([])).await;
        assert!(visible.as_f64().unwrap() <= 1.0, "the meme's words are in its picture, not again under it");
        browser.quit().await;
    });
}

/// A desktop browser's user agent, for reports sent without one.
const BROWSER: &str =
    "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";

/// A report to pitch page `page` as a script would send it: from `agent`, on `origin`, with
/// `token`.
async fn report(
    page: &str,
    (agent, origin): (&str, &str),
    action: &str,
    token: Option<&str>,
) -> (reqwest::StatusCode, serde_json::Value) {
    let answer = Client::new()
        .post(format!("{page}/activity"))
        .header("user-agent", agent)
        .header("origin", origin)
        .header("content-type", "text/plain;charset=UTF-8")
        .body(json!({ "action": action, "token": token }).to_string())
        .send()
        .await
        .unwrap();
    (answer.status(), answer.json().await.unwrap_or_default())
}

/// The token pitch page `page` carries when served now (fetched as `agent`); the page is never
/// to be kept by a cache.
async fn served_token(page: &str, agent: &str) -> String {
    let served = Client::new().get(page).header("user-agent", agent).send().await.unwrap();
    assert_eq!(served.status(), reqwest::StatusCode::OK);
    assert_eq!(served.headers()["cache-control"], "private, no-store");
    let html = served.text().await.unwrap();
    let start = html.find("data-token=\"").expect("a pitch page carries a token") + "data-token=\"".len();
    html[start..].split('"').next().unwrap().to_string()
}

/// `GET path` with `key`: its status and JSON.
async fn read(server: &asset_tests::Server, path: &str, key: &str) -> (reqwest::StatusCode, serde_json::Value) {
    let answer = Client::new().get(server.url(path)).header("x-api-key", key).send().await.unwrap();
    (answer.status(), answer.json().await.unwrap_or_default())
}

/// Reads the pitch's status until `done` holds of its activity (up to 10 s).
async fn activity_until(
    server: &asset_tests::Server,
    id: &str,
    key: &str,
    done: impl Fn(&serde_json::Value) -> bool,
) -> serde_json::Value {
    let mut last = serde_json::Value::Null;
    for _ in 0..200 {
        let (status, body) = read(server, &format!("/api/agent/before/{id}"), key).await;
        assert_eq!(status, reqwest::StatusCode::OK, "{body}");
        if done(&body["activity"]) {
            return body;
        }
        last = body;
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("the activity never got there: {last}");
}

/// Makes a pitch with a call to action and `callbackUrl`; answers its id, its page and its
/// webhook secret.
async fn pitch_with_callback(server: &asset_tests::Server, key: &str, callback: &str) -> (String, String, String) {
    let made = server
        .post_json(
            "/api/agent/before",
            Some(key),
            &json!({"input": "Maria, a baker in Porto who posts every morning", "offer": "a bot that answers orders",
                    "cta": {"label": "Book a call", "url": "https://example.com/book"}, "callbackUrl": callback}),
        )
        .await;
    assert_eq!(
        (made["webhook"]["registered"].clone(), made["webhook"]["callbackUrl"].as_str()),
        (json!(true), Some(callback)),
        "{made}"
    );
    let secret = made["webhook"]["webhookSecret"].as_str().unwrap();
    assert!(secret.starts_with("whsec_"), "{made}");
    let id = made["pitch"]["id"].as_str().unwrap().to_string();
    (id, made["pitch"]["url"].as_str().unwrap().to_string(), secret.to_string())
}

/// A pitch tells its sender what happens to it. Opened in Chromium on a phone, played, shared
/// and its call to action clicked, its status counts each once (a link-preview fetch, a
/// crawler's report and another site's report not at all); a reload is a second view but not a
/// second `page.viewed`; `/api/agent/me` and the MCP tool say the same as the status; the
/// pitch's `callbackUrl` receives `page.viewed` and `page.cta_clicked`, each signed over the raw
/// body both ways, and the status lists both deliveries. Another key reads nothing.
#[test]
fn a_pitch_page_tells_its_sender_when_it_is_opened_played_shared_and_clicked() {
    let env = Env::new(Storage::Sqlite);
    let (key, other) = (env.create_key(10, "agent"), env.create_key(0, "agent"));
    let receiver = asset_tests::webhooks::Receiver::default();
    let callback = receiver.start();
    let server = env.serve_with(&[("ASSET_FETCH_ALLOW", "127.0.0.0/8")]);
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    let status = runtime.block_on(async {
        let (id, page, secret) = pitch_with_callback(&server, &key, &callback).await;
        receiver.expect(&id, &secret);
        let origin = server.url("");
        for agent in [
            "TelegramBot (like TwitterBot)",
            "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)",
            "Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)",
            "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
        ] {
            // Even with the token of the page it fetched, a crawler's report is not a person's.
            let token = served_token(&page, agent).await;
            let (answered, body) = report(&page, (agent, &origin), "view", Some(&token)).await;
            assert_eq!((answered.as_u16(), body["counted"].clone()), (200, json!(false)), "{agent}: {body}");
        }
        let token = served_token(&page, BROWSER).await;
        let (_, body) = report(&page, (BROWSER, "https://elsewhere.example"), "cta", Some(&token)).await;
        assert_eq!(body["counted"], false, "another site's script is not the page's");
        let (answered, body) = report(&page, (BROWSER, &origin), "like", Some(&token)).await;
        assert_eq!((answered.as_u16(), body["code"].as_str()), (400, Some("invalid_action")), "{body}");
        for agent in [BROWSER, "TelegramBot (like TwitterBot)"] {
            let (answered, body) = report(&server.url("/m/nope"), (agent, &origin), "view", Some(&token)).await;
            assert_eq!((answered.as_u16(), body["code"].as_str()), (404, Some("not_found")), "{agent}: {body}");
        }
        let untouched = activity_until(&server, &id, &key, |_| true).await;
        assert_eq!(untouched["activity"]["views"], json!({"count": 0, "firstAt": null, "lastAt": null}), "{untouched}");
        assert_eq!(untouched["webhook"]["deliveries"], json!([]), "{untouched}");

        let browser = asset_tests::webdriver::Browser::start((390, 844)).await;
        browser.open(&page).await;
        browser.click("#play").await;
        browser.click("#share").await;
        browser.click("#cta").await;
        let all_once = |a: &serde_json::Value| ["views", "plays", "shares", "ctaClicks"].iter().all(|k| a[k]["count"] == 1);
        let counted = activity_until(&server, &id, &key, all_once).await;
        for (action, tally) in counted["activity"].as_object().unwrap() {
            let (first, last) = (tally["firstAt"].as_str().unwrap_or_default(), tally["lastAt"].as_str().unwrap_or_default());
            assert!(first.ends_with('Z') && first == last, "{action}: {tally}");
        }
        let events = receiver.wait_for(&id, 2).await;
        let names: Vec<&str> = events.iter().map(|e| e.body["event"].as_str().unwrap_or_default()).collect();
        assert_eq!(names, ["page.viewed", "page.cta_clicked"], "{events:?}");
        for event in &events {
            assert!(event.ours && event.standard, "signed over the raw body: {event:?}");
            assert_eq!((event.body["pageId"].as_str(), event.body["pageUrl"].as_str()), (Some(id.as_str()), Some(page.as_str())));
            assert_eq!(event.headers["x-service-event"], event.body["event"].as_str().unwrap());
        }
        assert_eq!(events[1].body["activity"]["ctaClicks"]["count"], 1, "{:?}", events[1]);

        browser.reload().await;
        let twice = activity_until(&server, &id, &key, |a| a["views"]["count"] == 2).await;
        assert_eq!(twice["activity"]["ctaClicks"]["count"], 1);
        browser.quit().await;
        tokio::time::sleep(Duration::from_millis(500)).await;
        assert_eq!(receiver.of(&id).len(), 2, "one page.viewed, on the first view only");
        let delivered = activity_until(&server, &id, &key, |_| true).await;
        let codes: Vec<_> = delivered["webhook"]["deliveries"].as_array().unwrap().iter().map(|d| d["statusCode"].clone()).collect();
        assert_eq!(codes, [json!(200), json!(200)], "{delivered}");
        assert!(!delivered.to_string().contains(&secret), "the secret is shown only once");

        let (_, me) = read(&server, "/api/agent/me", &key).await;
        assert_eq!((me["pages"][0]["id"].as_str(), &me["pages"][0]["activity"]), (Some(id.as_str()), &delivered["activity"]), "{me}");
        let (answered, body) = read(&server, &format!("/api/agent/before/{id}"), &other).await;
        assert_eq!((answered.as_u16(), body["code"].as_str()), (404, Some("not_found")), "{body}");
        (id, delivered)
    });
    let (id, delivered) = status;
    let mut client = asset_tests::mcp::McpClient::connect(
        &server.url("/api/mcp"),
        &key,
        asset_tests::mcp::Options { mode: "2026-07-28", ..Default::default() },
    );
    let called = client.call("get_pitch_activity", json!({"pageId": id}));
    assert_eq!(called["structuredContent"], delivered, "{called}");
}

/// The same counting on PostgreSQL, from reports as a browser's script sends them: a view
/// counted twice (two loads of the page, two tokens) sends one `page.viewed`, a click one
/// `page.cta_clicked`.
#[test]
fn a_pitch_pages_activity_counts_on_postgresql_too() {
    let pg = asset_tests::PgDatabase::create();
    let env = Env::new(Storage::Postgres(pg.url.clone()));
    let key = env.create_key(10, "agent");
    let receiver = asset_tests::webhooks::Receiver::default();
    let callback = receiver.start();
    let server = env.serve_with(&[("ASSET_FETCH_ALLOW", "127.0.0.0/8")]);
    tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap().block_on(async {
        let (id, page, secret) = pitch_with_callback(&server, &key, &callback).await;
        receiver.expect(&id, &secret);
        let origin = server.url("");
        let (first, second) = (served_token(&page, BROWSER).await, served_token(&page, BROWSER).await);
        for (action, token) in [("view", &first), ("view", &second), ("play", &first), ("cta", &second)] {
            let (answered, body) = report(&page, (BROWSER, &origin), action, Some(token)).await;
            assert_eq!((answered.as_u16(), body["counted"].clone()), (200, json!(true)), "{action}: {body}");
        }
        let counted = activity_until(&server, &id, &key, |a| a["ctaClicks"]["count"] == 1).await;
        let counts: Vec<_> =
            ["views", "plays", "shares", "ctaClicks"].iter().map(|k| counted["activity"][k]["count"].clone()).collect();
        assert_eq!(counts, [json!(2), json!(1), json!(0), json!(1)], "{counted}");
        let events = receiver.wait_for(&id, 2).await;
        assert!(events.iter().all(|e| e.ours && e.standard), "{events:?}");
        let mut names: Vec<&str> = events.iter().map(|e| e.body["event"].as_str().unwrap_or_default()).collect();
        names.sort();
        assert_eq!(names, ["page.cta_clicked", "page.viewed"]);
    });
}

/// What a review proved, closed: headers anyone can set count nothing. Forty reports with a
/// browser's user agent and the service's own origin but no token, a made-up token, another
/// pitch's token, and a token issued seven hours ago (by a replica whose clock says so) are
/// answered `counted: false` and send nothing; one token counts its click once however often it
/// is sent; and past `ASSET_PAGE_CTA_EVENTS_PER_HOUR` (3 here) clicks from fresh page loads are
/// counted but send no more `page.cta_clicked`.
#[test]
fn forged_reused_and_expired_tokens_count_nothing_and_a_pages_clicks_send_a_bounded_number_of_events() {
    let env = Env::new(Storage::Sqlite);
    let key = env.create_key(10, "agent");
    let receiver = asset_tests::webhooks::Receiver::default();
    let callback = receiver.start();
    let vars = [("ASSET_FETCH_ALLOW", "127.0.0.0/8"), ("ASSET_PAGE_CTA_EVENTS_PER_HOUR", "3")];
    let server = env.serve_with(&vars);
    // The same database, its clock seven hours behind: the tokens it serves have expired here.
    let behind = env.serve_with(&[("ASSET_CLOCK_OFFSET_MS", "-25200000")]);
    tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap().block_on(async {
        let (id, page, secret) = pitch_with_callback(&server, &key, &callback).await;
        let (other_id, other_page, _) = pitch_with_callback(&server, &key, &callback).await;
        receiver.expect(&id, &secret);
        let sender = (BROWSER, &*server.url(""));
        let other_token = served_token(&other_page, BROWSER).await;
        let expired = served_token(&behind.url(&format!("/m/{id}")), BROWSER).await;
        let forged = [None, Some("bm90IGEgdG9rZW4"), Some(other_token.as_str()), Some(expired.as_str())];
        for token in forged.iter().cycle().take(40) {
            let (answered, body) = report(&page, sender, "cta", *token).await;
            assert_eq!((answered.as_u16(), body["counted"].clone()), (200, json!(false)), "{token:?}: {body}");
        }
        let token = served_token(&page, BROWSER).await;
        let counted: Vec<bool> = futures::future::join_all((0..40).map(|_| report(&page, sender, "cta", Some(&token))))
            .await
            .into_iter()
            .map(|(_, body)| body["counted"] == true)
            .collect();
        assert_eq!(counted.iter().filter(|c| **c).count(), 1, "one token, one click");
        for _ in 0..5 {
            let fresh = served_token(&page, BROWSER).await;
            assert_eq!(report(&page, sender, "cta", Some(&fresh)).await.1["counted"], true);
        }
        let status = activity_until(&server, &id, &key, |a| a["ctaClicks"]["count"] == 6).await;
        assert_eq!(status["activity"]["views"]["count"], 0, "{status}");
        receiver.wait_for(&id, 3).await;
        tokio::time::sleep(Duration::from_millis(500)).await;
        let names: Vec<String> =
            receiver.of(&id).iter().map(|e| e.body["event"].as_str().unwrap_or_default().to_string()).collect();
        assert_eq!(names, ["page.cta_clicked"; 3], "three events an hour, the other clicks counted only");
        let other = activity_until(&server, &other_id, &key, |_| true).await;
        assert_eq!(other["activity"]["ctaClicks"]["count"], 0, "its token counted nothing anywhere: {other}");
    });
}

/// Sixty reports at once, each with the token of its own load of the page, are all counted: the
/// report's write takes the database's write lock first, so SQLite never answers `database is
/// locked` for one.
async fn sixty_reports_at_once(storage: Storage) {
    let env = Env::new(storage);
    let key = env.create_key(10, "agent");
    let receiver = asset_tests::webhooks::Receiver::default();
    let callback = receiver.start();
    let server = env.serve_with(&[("ASSET_FETCH_ALLOW", "127.0.0.0/8")]);
    let (id, page, secret) = pitch_with_callback(&server, &key, &callback).await;
    receiver.expect(&id, &secret);
    let mut tokens = Vec::new();
    for _ in 0..60 {
        tokens.push(served_token(&page, BROWSER).await);
    }
    let origin = server.url("");
    let answers = futures::future::join_all(tokens.iter().enumerate().map(|(n, token)| {
        let action = if n % 2 == 0 { "view" } else { "play" };
        report(&page, (BROWSER, &origin), action, Some(token))
    }))
    .await;
    for (answered, body) in &answers {
        assert_eq!((answered.as_u16(), body["counted"].clone()), (200, json!(true)), "{body}");
    }
    let status = activity_until(&server, &id, &key, |_| true).await;
    assert_eq!(
        (status["activity"]["views"]["count"].clone(), status["activity"]["plays"]["count"].clone()),
        (json!(30), json!(30)),
        "{status}"
    );
    assert_eq!(receiver.wait_for(&id, 1).await.len(), 1, "one page.viewed");
}

#[test]
fn sixty_reports_at_once_are_all_counted_on_sqlite() {
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    runtime.block_on(sixty_reports_at_once(Storage::Sqlite));
}

#[test]
fn sixty_reports_at_once_are_all_counted_on_postgres() {
    let pg = asset_tests::PgDatabase::create();
    let runtime = tokio::runtime::Builder::new_multi_thread().worker_threads(2).enable_all().build().unwrap();
    runtime.block_on(sixty_reports_at_once(Storage::Postgres(pg.url.clone())));
}

/// Every `card.png` under `folder`.
fn cards_under(folder: &std::path::Path) -> Vec<PathBuf> {
    let mut found = Vec::new();
    for entry in std::fs::read_dir(folder).into_iter().flatten().flatten() {
        let path = entry.path();
        if path.is_dir() {
            found.extend(cards_under(&path));
        } else if path.file_name().is_some_and(|n| n == "card.png") {
            found.push(path);
        }
    }
    found
}

/// What a review proved, closed: a link card was drawn anew on every public request (42 ms of
/// CPU each, on the pool paid renders use). Now a pitch's and a meme's cards are drawn once —
/// twenty requests at once for a new card get the same bytes — and kept as blobs: a later read
/// answers what the store holds (here a stand-in the test wrote there), never a drawing.
#[test]
fn link_cards_are_drawn_once_and_then_read_from_the_store() {
    let env = Env::new(Storage::Sqlite);
    let key = env.create_key(10, "agent");
    let server = env.serve();
    tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap().block_on(async {
        let pitch = server
            .post_json(
                "/api/agent/before",
                Some(&key),
                &json!({"input": "Maria, a baker in Porto", "offer": "a bot that answers orders"}),
            )
            .await;
        let meme = server
            .post_json("/api/agent/brands/memes", Some(&key), &json!({"input": "Sourdough at dawn", "kind": "image"}))
            .await;
        let cards = [
            format!("{}/preview.png", pitch["pitch"]["url"].as_str().unwrap()),
            format!("{}/preview.png", meme["meme"]["url"].as_str().unwrap()),
        ];
        for card in &cards {
            let at_once = futures::future::join_all((0..20).map(|_| async {
                let answer = Client::new().get(card).send().await.unwrap();
                assert_eq!(answer.headers()["content-type"], "image/png");
                answer.bytes().await.unwrap()
            }))
            .await;
            assert_eq!(decode_png(&at_once[0]).0, 1200, "{card}");
            assert!(at_once.iter().all(|png| png == &at_once[0]), "{card}: one drawing for all");
        }
        let kept = cards_under(&env.data_dir.path().join("blobs"));
        assert_eq!(kept.len(), 2, "{kept:?}");
        for path in &kept {
            std::fs::write(path, b"the stored card").unwrap();
        }
        for card in &cards {
            let body = Client::new().get(card).send().await.unwrap().bytes().await.unwrap();
            assert_eq!(&body[..], b"the stored card", "{card} is read from the store");
        }
    });
}
