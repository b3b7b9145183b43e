//! The service's Telegram bot and the dashboard's sign-in, end to end against the real binary
//! and a loopback Bot API stand-in whose updates are built with python-telegram-bot's types:
//! `/apikey` answers a key that works over HTTP, once per update however often Telegram
//! redelivers it; a delivery without the webhook's secret changes nothing; a group never sees
//! a key; a 429 from the Bot API is waited out without holding up other chats; `/login` opens
//! the dashboard once, its forms refuse a post without the CSRF token, and a key revoked there
//! is refused at once. On both storages.

use asset_tests::telegram::{BotApi, SERVICE_BOT, SERVICE_SECRET, key_in};
use asset_tests::{Server, Storage, each_storage};
use reqwest::header::{COOKIE, LOCATION, SET_COOKIE};
use reqwest::{Client, StatusCode, redirect};
use serde_json::{Value, json};

fn block_on<F: Future>(future: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap().block_on(future)
}

fn text_of(call: &Value) -> String {
    call["params"]["text"].as_str().unwrap_or_default().to_string()
}

async fn me(server: &Server, key: &str) -> StatusCode {
    Client::new().get(server.url("/api/agent/me")).header("x-api-key", key).send().await.unwrap().status()
}

/// A client that shows redirects instead of following them.
fn browser() -> Client {
    Client::builder().redirect(redirect::Policy::none()).build().unwrap()
}

/// The value of the cookie `name` a response sets.
fn set_cookie(response: &reqwest::Response, name: &str) -> Option<String> {
    response.headers().get_all(SET_COOKIE).iter().filter_map(|v| v.to_str().ok()).find_map(|v| {
        let (pair, _) = v.split_once(';').unwrap_or((v, ""));
        let (n, value) = pair.split_once('=')?;
        (n == name).then(|| value.to_string())
    })
}

/// Posts a form with `cookie` the way a browser would, without following a redirect.
async fn post_form(client: &Client, url: &str, cookie: &str, fields: &[(&str, &str)]) -> reqwest::Response {
    client.post(url).header(COOKIE, cookie).form(fields).send().await.unwrap()
}

/// A hidden `csrf` field's value in a page.
fn csrf_in(page: &str) -> String {
    let at = page.find(r#"name="csrf" value=""#).expect("a form with a CSRF field") + r#"name="csrf" value=""#.len();
    page[at..].split('"').next().unwrap().to_string()
}

#[test]
fn the_bot_gives_keys_in_private_once_per_update_and_signs_people_in() {
    each_storage(|storage| block_on(bot_and_dashboard(storage)));
}

async fn bot_and_dashboard(storage: Storage) {
    let api = BotApi::start();
    let mut env = api.env(storage);
    let server = api.serve_hooked(&mut env);
    let hooks = api.webhooks().await;
    assert_eq!(hooks[SERVICE_BOT]["url"], format!("{}/api/bot/telegram", server.base).as_str());
    assert_eq!(hooks[SERVICE_BOT]["secret_token"], SERVICE_SECRET);

    // /apikey in a private chat: a key, shown once, that works.
    let delivered = api.deliver(SERVICE_BOT, json!({"text": "/apikey", "user_id": 42, "update_id": 1001})).await;
    assert_eq!(delivered["status"], 200, "{delivered}");
    let sent = api.wait_sent("sendMessage", 42, 1).await;
    let key = key_in(&text_of(&sent[0])).unwrap_or_else(|| panic!("no key in {}", sent[0]));
    assert_eq!(me(&server, &key).await, StatusCode::OK);
    assert_eq!(sent[0]["params"]["link_preview_options"]["is_disabled"], true);

    // Telegram redelivers the same update: acknowledged, nothing minted or sent again.
    let again = api.deliver(SERVICE_BOT, json!({"text": "/apikey", "user_id": 42, "update_id": 1001})).await;
    assert_eq!(again["status"], 200, "{again}");
    // Without the secret, or with another: refused, nothing done.
    for secret in [json!(null), json!("not-the-secret")] {
        let forged = api.deliver(SERVICE_BOT, json!({"text": "/apikey", "user_id": 42, "secret": secret})).await;
        assert_eq!(forged["status"], 401, "{forged}");
        let body: Value = serde_json::from_str(forged["body"].as_str().unwrap()).unwrap();
        assert_eq!(body["code"], "bad_bot_secret", "{body}");
    }
    // A later /apikey from the same person is a second key, and says how many are live.
    api.deliver(SERVICE_BOT, json!({"text": "/apikey", "user_id": 42, "update_id": 1002})).await;
    let sent = api.wait_sent("sendMessage", 42, 2).await;
    assert_eq!(sent.len(), 2, "the redelivered and forged updates sent nothing: {sent:?}");
    let second = key_in(&text_of(&sent[1])).unwrap();
    assert_ne!(second, key);
    assert!(text_of(&sent[1]).contains("You hold 2 live keys"), "{}", text_of(&sent[1]));

    // In a group: no key, an invitation to talk privately.
    let group =
        api.deliver(SERVICE_BOT, json!({"text": "/apikey@asset_test_bot", "user_id": 43, "chat_type": "group"})).await;
    assert_eq!(group["status"], 200, "{group}");
    let chat = group["update"]["message"]["chat"]["id"].as_i64().unwrap();
    let told = api.wait_sent("sendMessage", chat, 1).await;
    assert!(key_in(&text_of(&told[0])).is_none() && text_of(&told[0]).contains("privately"), "{}", text_of(&told[0]));

    // The Bot API asks to wait: the reply is retried after it, and another chat is not held up.
    api.fail("sendMessage", 429, 1, 1).await;
    api.deliver(SERVICE_BOT, json!({"text": "/apikey", "user_id": 44})).await;
    api.deliver(SERVICE_BOT, json!({"text": "/help", "user_id": 45})).await;
    let retried = api.wait_sent("sendMessage", 44, 2).await;
    let help = api.wait_sent("sendMessage", 45, 1).await;
    let (first, last) = (retried[0]["at"].as_f64().unwrap(), retried[1]["at"].as_f64().unwrap());
    assert!(last - first >= 0.95, "retried after retry_after: {first} → {last}");
    assert!(help[0]["at"].as_f64().unwrap() < last, "the other chat was answered while the first waited");
    let help = text_of(&help[0]);
    assert!(help.contains("/apikey"), "{help}");
    // The price list is the menu's: what is served, never what is only announced.
    assert!(help.contains("Multilingual meme: 1 credit") && !help.contains("Product pack"), "{help}");
    assert_eq!(me(&server, &key_in(&text_of(&retried[1])).unwrap()).await, StatusCode::OK);

    // /credits: balances by key and how to buy.
    api.deliver(SERVICE_BOT, json!({"text": "/credits", "user_id": 42})).await;
    let sent = api.wait_sent("sendMessage", 42, 3).await;
    assert!(text_of(&sent[2]).contains(&key[..11]) && text_of(&sent[2]).contains("pack-50"), "{}", text_of(&sent[2]));

    // /login: a one-time link into the dashboard.
    api.deliver(SERVICE_BOT, json!({"text": "/login", "user_id": 42})).await;
    let sent = api.wait_sent("sendMessage", 42, 4).await;
    let text = text_of(&sent[3]);
    let link = text.split_whitespace().find(|w| w.contains("/dashboard/login/")).unwrap().to_string();
    assert!(link.starts_with(&server.base), "{link}");
    let client = browser();
    let form = client.get(&link).send().await.unwrap();
    assert_eq!(form.status(), StatusCode::OK);
    let login_cookie = set_cookie(&form, "asset_login").expect("a login cookie");
    let page = form.text().await.unwrap();
    let token = csrf_in(&page);
    // Without the form's token the link is not spent.
    let forged = post_form(&client, &link, &format!("asset_login={login_cookie}"), &[("csrf", "x")]).await;
    assert_eq!(forged.status(), StatusCode::FORBIDDEN);
    let signed = post_form(&client, &link, &format!("asset_login={login_cookie}"), &[("csrf", token.as_str())]).await;
    assert_eq!(signed.status(), StatusCode::SEE_OTHER);
    assert_eq!(signed.headers()[LOCATION], "/dashboard/api");
    let set = signed.headers().get_all(SET_COOKIE).iter().map(|v| v.to_str().unwrap().to_string()).collect::<Vec<_>>();
    let session_header = set.iter().find(|c| c.starts_with("asset_session=")).unwrap();
    assert!(session_header.contains("HttpOnly") && session_header.contains("SameSite=Lax"), "{session_header}");
    let session = format!("asset_session={}", set_cookie(&signed, "asset_session").unwrap());
    // The link works once.
    let reused = post_form(&client, &link, &format!("asset_login={login_cookie}"), &[("csrf", token.as_str())]).await;
    assert_eq!(reused.status(), StatusCode::GONE);

    // The API tab lists the keys by prefix, never the keys.
    let tab = client.get(server.url("/dashboard/api")).header(COOKIE, &session).send().await.unwrap();
    assert_eq!(tab.status(), StatusCode::OK);
    assert_eq!(tab.headers()["cache-control"], "no-store");
    let page = tab.text().await.unwrap();
    assert!(page.contains(&key[..11]) && page.contains(&second[..11]) && !page.contains(&key), "{page}");
    let csrf = csrf_in(&page);
    // A form without the session's token is refused and does nothing.
    let forged = post_form(&client, &server.url("/dashboard/keys"), &session, &[("label", "x")]).await;
    assert_eq!(forged.status(), StatusCode::FORBIDDEN);
    // Generate key: shown once on the answer.
    let made = post_form(
        &client,
        &server.url("/dashboard/keys"),
        &session,
        &[("csrf", csrf.as_str()), ("label", "from <the> dashboard")],
    )
    .await;
    assert_eq!(made.status(), StatusCode::OK);
    let page = made.text().await.unwrap();
    let third = key_in(&page).expect("the new key on the page");
    assert!(page.contains("from &lt;the&gt; dashboard"), "labels are escaped");
    assert_eq!(me(&server, &third).await, StatusCode::OK);
    let reloaded = client.get(server.url("/dashboard/api")).header(COOKIE, &session).send().await.unwrap();
    let page = reloaded.text().await.unwrap();
    assert!(page.contains(&third[..11]) && !page.contains(&third), "shown once");
    // Revoke: the key is refused at once.
    let revoked = post_form(
        &client,
        &server.url(&format!("/dashboard/keys/{}/revoke", &third[..11])),
        &session,
        &[("csrf", csrf.as_str())],
    )
    .await;
    assert_eq!(revoked.status(), StatusCode::SEE_OTHER);
    assert_eq!(me(&server, &third).await, StatusCode::UNAUTHORIZED);
    // The credits tab offers the packs; the jobs tab answers.
    let credits = client.get(server.url("/dashboard/credits")).header(COOKIE, &session).send().await.unwrap();
    let page = credits.text().await.unwrap();
    assert!(page.contains("/api/agent/credits/packs/pack-50/buy"), "{page}");
    let jobs = client.get(server.url("/dashboard/jobs")).header(COOKIE, &session).send().await.unwrap();
    assert_eq!(jobs.status(), StatusCode::OK);
    // Sign out: the session is over.
    let out = post_form(&client, &server.url("/dashboard/logout"), &session, &[("csrf", csrf.as_str())]).await;
    assert_eq!(out.status(), StatusCode::SEE_OTHER);
    let after = client.get(server.url("/dashboard/api")).header(COOKIE, &session).send().await.unwrap();
    assert_eq!((after.status(), after.headers()[LOCATION].to_str().unwrap()), (StatusCode::SEE_OTHER, "/dashboard"));

    // At most five live keys per account.
    // Two live now (the third was revoked): three more are minted, the fourth is refused.
    for update in 0..4 {
        api.deliver(SERVICE_BOT, json!({"text": "/apikey", "user_id": 42, "update_id": 2000 + update})).await;
    }
    let sent = api.wait_sent("sendMessage", 42, 8).await;
    let texts: Vec<String> = sent[4..].iter().map(text_of).collect();
    assert_eq!(texts.iter().filter(|t| key_in(t).is_some()).count(), 3, "{texts:?}");
    assert_eq!(texts.iter().filter(|t| key_in(t).is_none() && t.contains("at most 5")).count(), 1, "{texts:?}");
}

const BRAND_TOKEN: &str = "7000002:AABrandBotTokenForTheTestsOnly_abcdefgh";
const BRAND_BOT: &str = "bakery_test_bot";

#[test]
fn a_claimed_invites_bot_makes_memes_from_its_free_generations_then_says_how_to_buy() {
    each_storage(|storage| block_on(brand_bot(storage)));
}

async fn brand_bot(storage: Storage) {
    let api = BotApi::start();
    api.add_bot(BRAND_TOKEN, BRAND_BOT).await;
    let env = api.env(storage);
    let agent = env.create_key(5, "agent");
    let server = env.serve();
    let client = Client::new();
    let invite =
        server.post_json("/api/agent/invite-bot", Some(&agent), &json!({"input": "Maria, a baker in Porto"})).await;
    let claim_url = invite["inviteUrl"].as_str().unwrap_or_else(|| panic!("{invite}"));
    // A token Telegram does not know fails the claim, and the invite stays open.
    let bad = json!({"name": "Maria's Bakery", "hashtag": "#BREAD", "token": "$BREAD",
                     "bot_token": "7000003:AAUnknownBotTokenForTheTestsOnly_abcdefg"});
    let refused = client.post(claim_url).json(&bad).send().await.unwrap();
    assert_eq!(refused.status(), StatusCode::BAD_REQUEST);
    let body = json!({"name": "Maria's Bakery", "hashtag": "#BREAD", "token": "$BREAD", "bot_token": BRAND_TOKEN});
    let claimed: Value = client.post(claim_url).json(&body).send().await.unwrap().json().await.unwrap();
    assert_eq!(
        (claimed["botStatus"].as_str(), claimed["botUsername"].as_str()),
        (Some("connected"), Some(BRAND_BOT)),
        "{claimed}"
    );
    let brand = claimed["brand"].as_str().unwrap().to_string();
    let admin = claimed["apiKey"].as_str().unwrap().to_string();
    assert!(claimed["dashboardUrl"].as_str().unwrap().contains("/dashboard/login/"), "{claimed}");
    let hook = &api.webhooks().await[BRAND_BOT];
    assert_eq!(hook["url"], format!("{}/api/bot/telegram/brands/{brand}", server.base).as_str());
    assert_ne!(hook["secret_token"], SERVICE_SECRET);
    // The token is never shown back.
    let listed = client.get(server.url("/api/agent/brands")).header("x-api-key", &admin).send().await.unwrap();
    assert!(!listed.text().await.unwrap().contains(&BRAND_TOKEN[8..]));

    // /meme: a picture in the brand's name, one free generation spent.
    let asked = api.deliver(BRAND_BOT, json!({"text": "/meme a cat that bakes bread at dawn", "user_id": 50})).await;
    assert_eq!(asked["status"], 200, "{asked}");
    let photos = api.wait_sent("sendPhoto", 50, 1).await;
    let png = base64_decode(photos[0]["params"]["photo_base64"].as_str().unwrap());
    let decoder = png::Decoder::new(std::io::Cursor::new(&png)).read_info().expect("the photo is a PNG");
    assert!(decoder.info().width >= 512, "a real picture");
    assert!(photos[0]["params"]["caption"].as_str().unwrap().contains("#BREAD"), "{}", photos[0]["params"]);
    let me = server.get_json("/api/agent/me", Some(&admin)).await;
    assert_eq!((me["botGenerations"].as_i64(), me["credits"].as_i64()), (Some(199), Some(0)), "{me}");
    let recent = server.get_json(&format!("/api/brands/{brand}/recent"), None).await;
    assert!(recent.to_string().contains("cat"), "the meme is in the brand's feed: {recent}");
    // Without the brand's secret: refused.
    let forged = api.deliver(BRAND_BOT, json!({"text": "/meme x", "user_id": 50, "secret": SERVICE_SECRET})).await;
    assert_eq!(forged["status"], 401);

    // Telegram takes no photo (five 5xx in a row): the meme was made and paid, so the chat
    // gets its page instead.
    api.fail("sendPhoto", 500, 0, 5).await;
    api.deliver(BRAND_BOT, json!({"text": "/meme a dog that delivers bread", "user_id": 51})).await;
    let told = api.wait_sent("sendMessage", 51, 1).await;
    assert!(told[0]["params"]["text"].as_str().unwrap().contains("/memes/"), "{}", told[0]);

    // All but the last ten of the 198 left are written off in the ledger as spent (each
    // generation is the /meme above again; making 188 more shows nothing new), then the last
    // ten are spent at once from a group by mentioning the bot; then neither generations nor
    // credits are left.
    let db = env.database().await;
    sqlx::query(
        "INSERT INTO bot_allowance (brand_key, kind, amount, balance_after, reason, created_at) \
         VALUES ($1, 'spend', -188, 10, 'the test spent these', 0)",
    )
    .bind(&brand)
    .execute(&db)
    .await
    .unwrap();
    let asks = (0..10).map(|n| {
        let text = format!("@{BRAND_BOT} idea number {n}");
        api.deliver(BRAND_BOT, json!({"text": text, "user_id": 60, "chat_id": -6060, "chat_type": "group"}))
    });
    futures::future::join_all(asks).await;
    api.wait_sent("sendPhoto", -6060, 10).await;
    let me = server.get_json("/api/agent/me", Some(&admin)).await;
    assert_eq!(me["botGenerations"].as_i64(), Some(0), "{me}");
    api.deliver(BRAND_BOT, json!({"text": "/meme one more", "user_id": 50})).await;
    let told = api.wait_sent("sendMessage", 50, 1).await;
    assert!(told[0]["params"]["text"].as_str().unwrap().contains("credit pack"), "{}", told[0]);
    tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    assert_eq!(api.sent("sendPhoto", 50).await.len(), 1, "nothing more was made");
}

fn base64_decode(text: &str) -> Vec<u8> {
    use base64::Engine;
    base64::engine::general_purpose::STANDARD.decode(text).expect("base64")
}

#[test]
fn a_person_makes_memes_and_audio_pages_from_the_chat_paid_from_their_key() {
    each_storage(|storage| block_on(operations_from_the_chat(storage)));
}

/// The bot's command per paid operation: derived from the catalog, paid from the sender's key
/// with the most credits, answered with what it made.
async fn operations_from_the_chat(storage: Storage) {
    let api = BotApi::start();
    let mut env = api.env(storage);
    let server = api.serve_hooked(&mut env);
    let said = |n: usize| {
        let api = &api;
        async move { text_of(&api.wait_sent("sendMessage", 70, n).await[n - 1]) }
    };

    // No key yet, then a key without credits: told how to get both, nothing made.
    api.deliver(SERVICE_BOT, json!({"text": "/meme a bakery that opens at dawn", "user_id": 70})).await;
    assert!(said(1).await.contains("/apikey"), "{}", said(1).await);
    api.deliver(SERVICE_BOT, json!({"text": "/apikey", "user_id": 70})).await;
    let key = key_in(&said(2).await).unwrap();
    api.deliver(SERVICE_BOT, json!({"text": "/meme a bakery that opens at dawn", "user_id": 70})).await;
    assert!(said(3).await.starts_with("Your keys hold no credits"), "{}", said(3).await);
    let granted = env.run(&["keys", "grant", &key[..11], "10"]);
    assert!(granted.status.success(), "{}", String::from_utf8_lossy(&granted.stderr));

    // The help lists each command with its price; a command without its text says how.
    api.deliver(SERVICE_BOT, json!({"text": "/help", "user_id": 70})).await;
    let help = said(4).await;
    assert!(help.contains("Multilingual meme: 1 credit · /meme <input>"), "{help}");
    assert!(help.contains("/audioscript <script>") && help.contains("/invite_bot <input>"), "{help}");
    api.deliver(SERVICE_BOT, json!({"text": "/meme", "user_id": 70})).await;
    assert!(said(5).await.starts_with("Send /meme followed by the input"), "{}", said(5).await);

    // A meme: its page, its price, the balance left.
    api.deliver(SERVICE_BOT, json!({"text": "/meme a bakery that opens at dawn", "user_id": 70})).await;
    let meme = said(6).await;
    assert!(meme.contains("It cost 1 credit; the key holds 9 more."), "{meme}");
    let page = meme.split_whitespace().find(|w| w.contains("/memes/")).unwrap_or_else(|| panic!("{meme}"));
    assert_eq!(reqwest::get(page).await.unwrap().status(), StatusCode::OK);

    // An audio page is a job: the bot follows it and sends the page once it is made.
    let script = "/audioscript Mornings are hard. Coffee helps. Our app brews it before you wake up.";
    api.deliver(SERVICE_BOT, json!({"text": script, "user_id": 70})).await;
    let audio = said(7).await;
    assert!(audio.starts_with("Your audioscript is ready"), "{audio}");
    let page = audio.split_whitespace().find(|w| w.contains("/m/")).unwrap_or_else(|| panic!("{audio}"));
    assert_eq!(reqwest::get(page).await.unwrap().status(), StatusCode::OK);
    assert!(audio.contains("It cost 3 credits; the key holds 6 more."), "{audio}");
    let lines: Vec<&str> = audio.lines().collect();
    assert!(lines[1] == page && lines[2].starts_with("Captions: "), "the page, then its captions: {audio}");
    let me = server.get_json("/api/agent/me", Some(&key)).await;
    assert_eq!(me["credits"], 6, "charged as the routes charge: {me}");

    // Bad text is refused as the route refuses it, and costs nothing.
    api.deliver(SERVICE_BOT, json!({"text": "/mp4 not a page of this service", "user_id": 70})).await;
    let refused = said(8).await;
    assert!(!refused.contains("ready") && !refused.contains("cost"), "{refused}");
    assert_eq!(server.get_json("/api/agent/me", Some(&key)).await["credits"], 6);
}
