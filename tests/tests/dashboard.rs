//! The dashboard as a person uses it, in headless Chromium driven over WebDriver against the
//! real binary: signed in through the bot's one-time link (a button press, on a phone-sized
//! window), Generate key shown once and gone after a reload, revoke refusing the key at once,
//! the packs offered, sign-out; a reused link, an expired link and a form without its CSRF token
//! refused. On both storages.

use asset_tests::telegram::{BotApi, SERVICE_BOT, key_in};
use asset_tests::webdriver::Browser;
use asset_tests::{Env, Server, Storage, each_storage};
use reqwest::{Client, StatusCode};
use serde_json::json;

fn block_on<F: Future>(future: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap().block_on(future)
}

async fn me(server: &Server, key: &str) -> StatusCode {
    Client::new().get(server.url("/api/agent/me")).header("x-api-key", key).send().await.unwrap().status()
}

/// What the bot answered user `user` to `text` (its `count`th message to them).
async fn ask_bot(api: &BotApi, text: &str, user: i64, count: usize) -> String {
    api.deliver(SERVICE_BOT, json!({"text": text, "user_id": user})).await;
    let sent = api.wait_sent("sendMessage", user, count).await;
    sent[count - 1]["params"]["text"].as_str().unwrap_or_default().to_string()
}

/// The dashboard link in a text.
fn link_in(text: &str) -> String {
    text.split_whitespace()
        .find(|w| w.contains("/dashboard/login/"))
        .unwrap_or_else(|| panic!("no link in {text}"))
        .into()
}

#[test]
fn a_person_signs_in_from_the_bot_makes_and_revokes_a_key_and_signs_out_in_chromium() {
    each_storage(|storage| block_on(in_chromium(storage)));
}

async fn in_chromium(storage: Storage) {
    let api = BotApi::start();
    let mut env = api.env(storage);
    let server = api.serve_hooked(&mut env);
    let first = key_in(&ask_bot(&api, "/apikey", 77, 1).await).expect("a key from the bot");
    let link = link_in(&ask_bot(&api, "/login", 77, 2).await);

    // A phone opens the link and presses Sign in.
    let browser = Browser::start((390, 844)).await;
    browser.open(&link).await;
    browser.submit("#sign-in").await;
    assert!(browser.url().await.ends_with("/dashboard/api"), "{}", browser.url().await);
    let cookies = browser.cookies().await;
    let session = cookies.iter().find(|c| c["name"] == "asset_session").expect("a session cookie");
    assert_eq!((session["httpOnly"].as_bool(), session["sameSite"].as_str()), (Some(true), Some("Lax")), "{session}");
    assert!(browser.text().await.contains(&first[..11]), "the bot's key is listed");
    let widths = browser.script("return [document.documentElement.scrollWidth, window.innerWidth];", json!([])).await;
    assert!(widths[0].as_f64() <= widths[1].as_f64(), "the page fits a phone's width (page, window): {widths}");

    // Generate key: shown once, it works, and a reload shows the tab without it.
    browser.type_into("#label", "phone <agent>").await;
    browser.submit("#generate").await;
    let minted = browser.text_of("#new-key").await;
    assert!(minted.starts_with("ak_"), "{minted}");
    assert_eq!(me(&server, &minted).await, StatusCode::OK);
    assert!(browser.text().await.contains("phone <agent>"), "the label is shown as text");
    assert!(browser.source().await.contains("phone &lt;agent&gt;"), "and escaped in the page");
    browser.reload().await;
    assert!(browser.url().await.ends_with("/dashboard/api"));
    assert_eq!(browser.count("#new-key").await, 0, "gone after a reload");
    let page = browser.source().await;
    assert!(page.contains(&minted[..11]) && !page.contains(&minted), "listed by prefix only");

    // A form posted without its CSRF token is refused and does nothing.
    browser
        .script("document.querySelector('form[action=\"/dashboard/keys\"] input[name=csrf]').remove();", json!([]))
        .await;
    browser.submit("#generate").await;
    assert!(browser.text().await.contains("Form refused"), "{}", browser.text().await);
    browser.open(&server.url("/dashboard/api")).await;
    assert_eq!(browser.count("tr[data-prefix]").await, 2, "no key was made");

    // Ask above: the owner's threshold is kept, and an MCP call over it that cannot ask is refused.
    let row = format!("tr[data-prefix=\"{}\"]", &minted[..11]);
    browser.type_into(&format!("{row} input[name=above]"), "0").await;
    browser.submit(&format!("{row} form.inline button")).await;
    assert!(browser.url().await.ends_with("/dashboard/api"), "{}", browser.text().await);
    let kept =
        browser.script(&format!("return document.querySelector('{row} input[name=above]').value;"), json!([])).await;
    assert_eq!(kept, "0", "the threshold is shown as set");
    let url = server.url("/api/mcp");
    let mut client = asset_tests::mcp::McpClient::connect(&url, &minted, asset_tests::mcp::Options::default());
    let refused = client.call("create_meme", json!({"input": "A bakery opens"}));
    assert_eq!(refused["structuredContent"]["code"], "confirmation_required", "{refused}");
    assert_eq!(refused["structuredContent"]["status"], 403);
    drop(client);

    // Revoke: the key is refused at once; the other still works.
    browser.submit(&format!("{row} button.revoke")).await;
    assert_eq!(me(&server, &minted).await, StatusCode::UNAUTHORIZED);
    assert_eq!(me(&server, &first).await, StatusCode::OK);
    assert_eq!(browser.count("tr[data-prefix]").await, 1);
    browser
        .save_screenshot(
            &std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("screenshots/dashboard-keys-phone.png"),
        )
        .await;

    // Credits: every pack's USDC route is shown for agents to post to, never as a link a
    // person could click; the tables fit the phone.
    browser.open(&server.url("/dashboard/credits")).await;
    assert_eq!(browser.count("a.buy-usdc, a[href*='/buy']").await, 0);
    let widths = browser.script("return [document.documentElement.scrollWidth, window.innerWidth];", json!([])).await;
    assert!(widths[0].as_f64() <= widths[1].as_f64(), "the credits tab fits a phone's width: {widths}");
    let shots = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("screenshots");
    browser.save_screenshot(&shots.join("dashboard-credits-phone.png")).await;
    let packs: Vec<String> = browser
        .script("return [...document.querySelectorAll('code.buy-usdc')].map(c => c.dataset.route);", json!([]))
        .await
        .as_array()
        .unwrap()
        .iter()
        .map(|h| h.as_str().unwrap().to_string())
        .collect();
    assert!(packs.iter().any(|h| h.ends_with("/api/agent/credits/packs/pack-50/buy")), "{packs:?}");

    // Sign out: the session is over.
    browser.submit("header form button").await;
    assert!(browser.url().await.ends_with("/dashboard"), "{}", browser.url().await);
    browser.open(&server.url("/dashboard/api")).await;
    assert!(browser.url().await.ends_with("/dashboard") && browser.text().await.contains("/login"));

    // The bot's link again: it worked once.
    browser.open(&link).await;
    browser.submit("#sign-in").await;
    assert!(browser.text().await.contains("used already or has expired"), "{}", browser.text().await);

    // An operator's link works; one made eleven minutes ago has expired.
    let operator_link = |env: &Env| {
        let out = env.run(&["dashboard", "link", &first[..11]]);
        assert!(out.status.success(), "dashboard link: {}", String::from_utf8_lossy(&out.stderr));
        String::from_utf8(out.stdout).unwrap().trim().to_string()
    };
    let fresh = operator_link(&env);
    env.extra.push(("ASSET_CLOCK_OFFSET_MS".into(), (-11 * 60_000).to_string()));
    let stale = operator_link(&env);
    browser.open(&stale).await;
    browser.submit("#sign-in").await;
    assert!(browser.text().await.contains("used already or has expired"), "{}", browser.text().await);
    browser.open(&fresh).await;
    browser.submit("#sign-in").await;
    assert!(browser.url().await.ends_with("/dashboard/api"), "{}", browser.text().await);
    browser.quit().await;
}
