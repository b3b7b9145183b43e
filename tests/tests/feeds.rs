//! Public feeds on both storages: recent memes newest first with a cursor that walks every
//! meme once, per-brand feeds, today's leaderboard under pseudonyms, no key needed.

use asset_tests::{Env, each_storage};
use reqwest::{Client, StatusCode};
use serde_json::{Value, json};

fn block_on<F: Future>(future: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap().block_on(future)
}

async fn get(url: String) -> (StatusCode, Value) {
    let response = Client::new().get(url).send().await.unwrap();
    let status = response.status();
    (status, response.json().await.unwrap_or(Value::Null))
}

#[test]
fn recent_feeds_paginate_newest_first_and_the_leaderboard_ranks_creators() {
    each_storage(|storage| {
        let env = Env::new(storage);
        let busy = env.create_key(10, "operator");
        let calm = env.create_key(10, "operator");
        assert!(
            env.run(&["brands", "create", "acme", "--name", "Acme", "--hashtag", "#ACME", "--token", "$ACME"])
                .status
                .success()
        );
        let server = env.serve();
        block_on(async {
            let mut made = Vec::new();
            for (i, (key, brand)) in
                [(&busy, None), (&calm, Some("acme")), (&busy, None), (&calm, Some("acme")), (&busy, None)]
                    .into_iter()
                    .enumerate()
            {
                let mut body = json!({"input": format!("idea number {i}")});
                if let Some(b) = brand {
                    body["brand"] = json!(b);
                }
                let response = Client::new()
                    .post(server.url("/api/agent/brands/memes"))
                    .header("x-api-key", key)
                    .json(&body)
                    .send()
                    .await
                    .unwrap();
                assert_eq!(response.status(), StatusCode::OK);
                let url = response.json::<Value>().await.unwrap()["meme"]["url"].as_str().unwrap().to_string();
                made.push(url.rsplit('/').next().unwrap().to_string());
                tokio::time::sleep(std::time::Duration::from_millis(3)).await;
            }
            made.reverse(); // newest first

            let mut seen = Vec::new();
            let mut cursor: Option<String> = None;
            loop {
                let url = match &cursor {
                    Some(c) => server.url(&format!("/api/legacy/recent?limit=2&cursor={c}")),
                    None => server.url("/api/legacy/recent?limit=2"),
                };
                let (status, page) = get(url).await;
                assert_eq!(status, StatusCode::OK, "{page}");
                seen.extend(page["items"].as_array().unwrap().iter().map(|i| i["id"].as_str().unwrap().to_string()));
                match page["nextCursor"].as_str() {
                    Some(next) => cursor = Some(next.to_string()),
                    None => break,
                }
            }
            assert_eq!(seen, made, "every meme once, newest first");

            // Browsers get pages; the same routes.
            for path in ["/api/legacy/recent", "/api/legacy/leaderboard", "/api/brands/acme/recent"] {
                let response = Client::new()
                    .get(server.url(path))
                    .header("accept", "text/html,application/xhtml+xml")
                    .send()
                    .await
                    .unwrap();
                assert!(response.headers()["content-type"].to_str().unwrap().starts_with("text/html"), "{path}");
                let html = response.text().await.unwrap();
                assert!(html.starts_with("<!doctype html>") && html.contains("<ol class="), "{path}: {html}");
            }
            let html = Client::new()
                .get(server.url("/api/legacy/recent"))
                .header("accept", "text/html")
                .send()
                .await
                .unwrap()
                .text()
                .await
                .unwrap();
            assert!(html.contains(&made[0]), "links to the newest meme");

            let (status, acme) = get(server.url("/api/brands/acme/recent")).await;
            assert_eq!(status, StatusCode::OK);
            let ids: Vec<&str> = acme["items"].as_array().unwrap().iter().map(|i| i["id"].as_str().unwrap()).collect();
            assert_eq!(ids, [made[1].as_str(), made[3].as_str()]);
            assert!(acme["items"].as_array().unwrap().iter().all(|i| i["brand"] == "acme" && i["brandName"] == "Acme"));
            assert_eq!(get(server.url("/api/brands/nope/recent")).await.0, StatusCode::NOT_FOUND);
            let (status, body) = get(server.url("/api/legacy/recent?cursor=garbage")).await;
            assert_eq!((status, body["code"].as_str()), (StatusCode::BAD_REQUEST, Some("invalid_cursor")));

            let (status, board) = get(server.url("/api/legacy/leaderboard")).await;
            assert_eq!(status, StatusCode::OK);
            let leaders = board["leaders"].as_array().unwrap();
            assert_eq!(leaders.iter().map(|l| l["memes"].as_i64().unwrap()).collect::<Vec<_>>(), [3, 2]);
            assert_eq!((leaders[0]["rank"].as_i64(), leaders[1]["rank"].as_i64()), (Some(1), Some(2)));
            assert!(
                !board.to_string().contains(&busy[..11]) && !board.to_string().contains(&calm[..11]),
                "no key prefixes"
            );
            let (_, acme_board) = get(server.url("/api/brands/acme/leaderboard")).await;
            assert_eq!(acme_board["leaders"].as_array().unwrap().len(), 1);
            assert_eq!(acme_board["leaders"][0]["creator"], leaders[1]["creator"]);

            // The hall of fame is curated by operators.
            let post = |path: &str, key: &String, body: Value| {
                Client::new().post(server.url(path)).header("x-api-key", key.as_str()).json(&body).send()
            };
            assert_eq!(get(server.url("/api/legacy/featured")).await.1["items"], json!([]));
            let featured = post("/api/admin/featured", &busy, json!({"memeId": made[3], "note": "Best of the week"}))
                .await
                .unwrap();
            assert_eq!(featured.status(), StatusCode::OK);
            assert_eq!(
                post("/api/admin/featured", &busy, json!({"memeId": "nope"})).await.unwrap().status(),
                StatusCode::NOT_FOUND
            );
            let (_, hall) = get(server.url("/api/legacy/featured")).await;
            assert_eq!(
                (hall["items"][0]["id"].as_str(), hall["items"][0]["note"].as_str()),
                (Some(made[3].as_str()), Some("Best of the week"))
            );
            assert_eq!(get(server.url("/api/brands/acme/featured")).await.1["items"].as_array().unwrap().len(), 1);

            // Contests: none open, then one scheduled around now with its reward schedule.
            assert_eq!(get(server.url("/api/legacy/contest")).await.1["contest"], Value::Null);
            let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap().as_millis() as i64;
            let contest = json!({"title": "Meme week", "rules": "Most memes wins.", "startsAt": now - 60_000, "endsAt": now + 3_600_000,
                                 "rewards": [{"rank": 1, "reward": "100 credits"}, {"rank": 2, "reward": "50 credits"}]});
            assert_eq!(
                post("/api/admin/contests", &busy, contest.clone()).await.unwrap().status(),
                StatusCode::CREATED
            );
            let mut backwards = contest.clone();
            backwards["endsAt"] = json!(now - 120_000);
            assert_eq!(post("/api/admin/contests", &busy, backwards).await.unwrap().status(), StatusCode::BAD_REQUEST);
            let mut duplicate_ranks = contest;
            duplicate_ranks["rewards"] = json!([{"rank": 1, "reward": "a"}, {"rank": 1, "reward": "b"}]);
            assert_eq!(
                post("/api/admin/contests", &busy, duplicate_ranks).await.unwrap().status(),
                StatusCode::BAD_REQUEST
            );
            let (_, open) = get(server.url("/api/legacy/contest")).await;
            assert_eq!(open["contest"]["title"], "Meme week");
            assert_eq!(open["contest"]["rewards"][1]["reward"], "50 credits");
        });
    });
}
