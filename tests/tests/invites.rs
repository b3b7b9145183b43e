//! Free-bot invites end to end against the real binary: the spec's fields with their types,
//! the caps (3 a UTC day, 10 open; the clock moved forward through `ASSET_CLOCK_OFFSET_MS`, not
//! by sleeping) answered 429 with nothing charged, and the claim: once, atomic, refused when
//! claimed, expired or unknown or made with the maker's own key, exactly one winner among 20
//! concurrent claims, on both storages.

use asset_tests::{Env, Server, Storage, each_storage};
use reqwest::{Client, StatusCode};
use serde_json::{Value, json};

fn block_on<F: Future>(future: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap().block_on(future)
}

const DAY_MS: i64 = 86_400_000;

async fn invite(server: &Server, key: &str, who: &str) -> (StatusCode, reqwest::header::HeaderMap, Value) {
    let response = Client::new()
        .post(server.url("/api/agent/invite-bot"))
        .header("x-api-key", key)
        .json(&json!({"input": who}))
        .send()
        .await
        .unwrap();
    let (status, headers) = (response.status(), response.headers().clone());
    (status, headers, response.json().await.unwrap_or(Value::Null))
}

async fn credits(server: &Server, key: &str) -> i64 {
    let me: Value = get_json(server, "/api/agent/me", key).await;
    me["credits"].as_i64().unwrap()
}

/// A keyed GET's JSON answer.
async fn get_json(server: &Server, path: &str, key: &str) -> Value {
    let response = Client::new().get(server.url(path)).header("x-api-key", key).send().await.unwrap();
    response.json().await.unwrap()
}

async fn claim(url: &str, name: &str) -> (StatusCode, Value) {
    let body = json!({"name": name, "voice": "warm", "hashtag": "#FRESH", "token": "$BREAD"});
    let response = Client::new().post(url).json(&body).send().await.unwrap();
    let status = response.status();
    (status, response.json().await.unwrap_or(Value::Null))
}

/// The claim link of a new invite for Maria.
async fn invite_url(server: &Server, key: &str) -> String {
    let (_, _, made) = invite(server, key, "Maria, a baker in Porto").await;
    made["inviteUrl"].as_str().unwrap().to_string()
}

/// A server whose clock is `days` ahead.
fn serve_at(env: &Env, days: i64) -> Server {
    env.serve_with(&[("ASSET_CLOCK_OFFSET_MS", &(days * DAY_MS).to_string())])
}

#[test]
fn invites_have_the_spec_fields_and_stop_at_three_a_day_and_ten_open() {
    let env = Env::new(Storage::Sqlite);
    let key = env.create_key(20, "agent");
    block_on(async {
        let server = serve_at(&env, 0);
        let (status, _, made) = invite(&server, &key, "Maria, a baker in Porto").await;
        assert_eq!(status, StatusCode::OK, "{made}");
        let code = made["code"].as_str().unwrap();
        let url = made["inviteUrl"].as_str().unwrap();
        assert!(url.ends_with(&format!("/i/{code}")), "{made}");
        assert!(made["beforeUrl"].as_str().unwrap().contains("/m/"), "{made}");
        assert!(made["who"].as_str().unwrap().contains("Maria"), "{made}");
        assert_eq!((made["freeGenerations"].as_u64(), made["expiresInDays"].as_u64()), (Some(200), Some(7)));
        assert_eq!(made["message"].as_str().unwrap().matches(url).count(), 1, "the message carries the link once");
        assert_eq!((made["creditCost"].as_i64(), made["creditsRemaining"].as_i64()), (Some(1), Some(19)));
        let page = Client::new().get(made["beforeUrl"].as_str().unwrap()).send().await.unwrap();
        assert_eq!(page.status(), StatusCode::OK);

        for n in 2..=3 {
            let (status, _, made) = invite(&server, &key, &format!("Person {n}, a florist")).await;
            assert_eq!(status, StatusCode::OK, "{made}");
        }
        let (status, headers, refused) = invite(&server, &key, "A fourth person").await;
        assert_eq!(
            (status, refused["code"].as_str()),
            (StatusCode::TOO_MANY_REQUESTS, Some("invite_daily_limit")),
            "{refused}"
        );
        assert!(headers.get("retry-after").is_some());
        assert_eq!(credits(&server, &key).await, 17, "the refused invite cost nothing");
        drop(server);

        // Three more on each of the next two days, then one: ten open; the eleventh is refused.
        for day in 1..=3 {
            let server = serve_at(&env, day);
            let count = if day == 3 { 1 } else { 3 };
            for n in 0..count {
                let (status, _, made) = invite(&server, &key, &format!("Day {day} person {n}")).await;
                assert_eq!(status, StatusCode::OK, "day {day}: {made}");
            }
            if day == 3 {
                let (status, headers, refused) = invite(&server, &key, "One too many").await;
                assert_eq!(
                    (status, refused["code"].as_str()),
                    (StatusCode::TOO_MANY_REQUESTS, Some("invite_open_limit")),
                    "{refused}"
                );
                assert!(headers.get("retry-after").is_some());
                assert_eq!(credits(&server, &key).await, 10, "ten invites charged, the eleventh not");
            }
        }
    });
}

#[test]
fn an_invite_is_claimed_once_and_refused_when_claimed_expired_or_unknown() {
    let env = Env::new(Storage::Sqlite);
    let key = env.create_key(5, "agent");
    block_on(async {
        let server = serve_at(&env, 0);
        let url = invite_url(&server, &key).await;
        let page = Client::new().get(&url).send().await.unwrap();
        assert_eq!(page.status(), StatusCode::OK);
        let html = page.text().await.unwrap();
        assert!(html.contains("<form") && html.contains(r#"name="hashtag""#), "{html}");

        let (status, bad) = claim(&url, "").await;
        assert_eq!((status, bad["code"].as_str()), (StatusCode::BAD_REQUEST, Some("invalid_brand")), "{bad}");
        let (status, claimed) = claim(&url, "Maria's Bakery").await;
        assert_eq!(status, StatusCode::OK, "{claimed}");
        assert_eq!(claimed["freeGenerations"], 200);
        let admin = claimed["apiKey"].as_str().unwrap();
        let me: Value = get_json(&server, "/api/agent/me", admin).await;
        assert_eq!(
            (me["key"]["role"].as_str(), me["botGenerations"].as_i64()),
            (Some("brand-admin"), Some(200)),
            "{me}"
        );
        let brands: Value = get_json(&server, "/api/agent/brands", &key).await;
        let brand = brands["brands"]
            .as_array()
            .unwrap()
            .iter()
            .find(|b| b["key"] == claimed["brand"])
            .expect("the brand is registered")
            .clone();
        assert_eq!(
            (brand["name"].as_str(), brand["botUsername"].as_str()),
            (Some("Maria's Bakery"), claimed["botUsername"].as_str())
        );

        let (status, again) = claim(&url, "Someone Else").await;
        assert_eq!((status, again["code"].as_str()), (StatusCode::CONFLICT, Some("invite_claimed")), "{again}");
        assert_eq!(Client::new().get(&url).send().await.unwrap().status(), StatusCode::CONFLICT);
        let unknown = format!("{}/i/nosuchcode", server.base);
        assert_eq!(claim(&unknown, "X Y").await.0, StatusCode::NOT_FOUND);
        assert_eq!(Client::new().get(&unknown).send().await.unwrap().status(), StatusCode::NOT_FOUND);

        // A fresh invite, seen eight days later: expired, and claiming it changes nothing.
        let (_, _, fresh) = invite(&server, &key, "Ravi, a teacher").await;
        let fresh_url = fresh["inviteUrl"].as_str().unwrap().to_string();
        drop(server);
        let later = serve_at(&env, 8);
        let late_url = fresh_url.replace(&fresh_url[..fresh_url.find("/i/").unwrap()], &later.base);
        assert_eq!(Client::new().get(&late_url).send().await.unwrap().status(), StatusCode::GONE);
        let (status, expired) = claim(&late_url, "Late Bakery").await;
        assert_eq!((status, expired["code"].as_str()), (StatusCode::GONE, Some("gone")), "{expired}");
    });
}

#[test]
fn the_invites_maker_cannot_claim_it_and_nothing_changes() {
    each_storage(|storage| {
        let env = Env::new(storage);
        let key = env.create_key(5, "agent");
        let server = env.serve();
        block_on(async {
            let (_, _, made) = invite(&server, &key, "Maria, a baker in Porto").await;
            let url = made["inviteUrl"].as_str().unwrap().to_string();
            let balance = credits(&server, &key).await;
            let form = json!({"name": "Self Bakery", "voice": "warm", "hashtag": "#SELF", "token": "$SELF"});
            let own = |auth: (&'static str, String)| Client::new().post(&url).header(auth.0, auth.1).json(&form);
            for auth in [("x-api-key", key.clone()), ("authorization", format!("Bearer {key}"))] {
                let response = own(auth).send().await.unwrap();
                assert_eq!(response.status(), StatusCode::FORBIDDEN);
                let body: Value = response.json().await.unwrap();
                assert_eq!((body["success"].as_bool(), body["code"].as_str()), (Some(false), Some("own_invite")));
            }
            // The claim form posted with the maker's key answers a page with the same status.
            let page = Client::new()
                .post(&url)
                .header("x-api-key", &key)
                .form(&[("name", "Self Bakery"), ("hashtag", "#SELF"), ("token", "$SELF")])
                .send()
                .await
                .unwrap();
            assert_eq!(page.status(), StatusCode::FORBIDDEN);
            assert_eq!(credits(&server, &key).await, balance, "nothing spent");
            let brands: Value = get_json(&server, "/api/agent/brands", &key).await;
            assert!(!brands.to_string().contains("Self Bakery"), "no brand registered: {brands}");
            // The invite stays open for its recipient.
            assert_eq!(Client::new().get(&url).send().await.unwrap().status(), StatusCode::OK);
            let (status, claimed) = claim(&url, "Maria's Bakery").await;
            assert_eq!(status, StatusCode::OK, "{claimed}");
        });
    });
}

#[test]
fn twenty_concurrent_claims_of_one_code_make_exactly_one_brand() {
    each_storage(|storage| {
        let env = Env::new(storage);
        let key = env.create_key(5, "agent");
        let server = env.serve();
        block_on(async {
            let (_, _, made) = invite(&server, &key, "Maria, a baker in Porto").await;
            let url = made["inviteUrl"].as_str().unwrap().to_string();
            let claims: Vec<_> = (0..20)
                .map(|n| {
                    let url = url.clone();
                    tokio::spawn(async move { claim(&url, &format!("Racer {n}")).await })
                })
                .collect();
            let mut won = Vec::new();
            for c in claims {
                let (status, body) = c.await.unwrap();
                match status {
                    StatusCode::OK => won.push(body),
                    StatusCode::CONFLICT => {}
                    other => panic!("{other}: {body}"),
                }
            }
            assert_eq!(won.len(), 1, "exactly one claim wins: {won:?}");
            let brands: Value = get_json(&server, "/api/agent/brands", &key).await;
            let racers = brands["brands"]
                .as_array()
                .unwrap()
                .iter()
                .filter(|b| b["name"].as_str().is_some_and(|n| n.starts_with("Racer")))
                .count();
            assert_eq!(racers, 1, "one brand registered: {brands}");
        });
    });
}

/// A bakery claims its bot with a name alone: the page says who invited it, asks no ticker, and
/// after the claim says plainly that no bot is connected yet and what the admin key it shows
/// once is for; the brand has a hashtag made from its name and no token. The claim's schema
/// states that the name is required and not empty.
#[test]
fn a_brand_without_a_token_claims_with_a_name_and_is_told_the_truth_about_its_bot() {
    let env = Env::new(Storage::Sqlite);
    let key = env.create_key(5, "agent");
    block_on(async {
        let server = serve_at(&env, 0);
        let url = invite_url(&server, &key).await;
        let html = Client::new().get(&url).send().await.unwrap().text().await.unwrap();
        assert!(!html.contains("Someone made") && html.contains("this page for you"), "{html}");
        assert!(
            !html.contains(r#"name="token" required"#) && html.contains("only if your brand has a token"),
            "{html}"
        );
        let page = Client::new().post(&url).form(&[("name", "Maria's Bakery")]).send().await.unwrap();
        assert_eq!(page.status(), StatusCode::OK);
        let html = page.text().await.unwrap();
        assert!(html.contains("Your brand is registered") && !html.contains("Your bot is ready"), "{html}");
        assert!(html.contains("No bot is connected yet") && html.contains("password manager"), "{html}");
        let brands = get_json(&server, "/api/agent/brands", &key).await;
        let listed = brands["brands"].as_array().unwrap_or_else(|| panic!("{brands}"));
        let bakery = listed.iter().find(|b| b["name"] == "Maria's Bakery").unwrap_or_else(|| panic!("{brands}"));
        assert_eq!(
            (bakery["hashtag"].as_str(), bakery["token"].as_str()),
            (Some("#MariasBakery"), Some("")),
            "{bakery}"
        );
        let document: Value =
            Client::new().get(server.url("/api/agent/openapi.json")).send().await.unwrap().json().await.unwrap();
        let form = &document["components"]["schemas"]["ClaimForm"];
        assert_eq!(form["required"], json!(["name"]), "{form}");
        assert_eq!(form["properties"]["name"]["minLength"], 1, "{form}");
    });
}
