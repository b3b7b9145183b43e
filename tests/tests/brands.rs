//! Brands end to end on both storages: operators register and edit brands, agents list them
//! with the ad-hoc shape, a brand's admin switches its meme mode and nobody else's, and the
//! `brands` CLI works on the same records.

use asset_tests::{Env, Server, each_storage};
use reqwest::{Client, StatusCode};
use serde_json::{Value, json};

fn block_on<F: Future>(future: F) -> F::Output {
    tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap().block_on(future)
}

async fn call(server: &Server, method: &str, path: &str, key: &str, body: Option<Value>) -> (StatusCode, Value) {
    let mut request = Client::new().request(method.parse().unwrap(), server.url(path)).header("x-api-key", key);
    if let Some(body) = body {
        request = request.json(&body);
    }
    let response = request.send().await.unwrap();
    let status = response.status();
    (status, response.json().await.unwrap_or(Value::Null))
}

#[test]
fn brands_are_registered_listed_edited_and_switched_by_the_right_keys() {
    each_storage(|storage| {
        let env = Env::new(storage);
        let operator = env.create_key(0, "operator");
        let agent = env.create_key(1, "agent");
        let out = env.run(&["keys", "create", "--role", "brand-admin", "--brand", "globex"]);
        let globex_admin = String::from_utf8(out.stdout).unwrap().trim().to_string();
        let created =
            env.run(&["brands", "create", "initech", "--name", "Initech", "--hashtag", "#TPS", "--token", "$INIT"]);
        assert!(created.status.success(), "{}", String::from_utf8_lossy(&created.stderr));
        let server = env.serve();
        block_on(async {
            let acme = json!({"key": "acme", "name": "Acme", "voice": "Loud, proud, anvil-shaped.", "hashtag": "#ACME", "token": "$ACME", "botUsername": "acme_bot"});
            let (status, body) = call(&server, "POST", "/api/admin/brands", &operator, Some(acme.clone())).await;
            assert_eq!(status, StatusCode::CREATED, "{body}");
            assert_eq!(body["brand"]["telegramUrl"], "https://t.me/acme_bot");
            let (status, body) = call(&server, "POST", "/api/admin/brands", &operator, Some(acme)).await;
            assert_eq!((status, body["code"].as_str()), (StatusCode::CONFLICT, Some("brand_exists")));
            for (field, value) in [("hashtag", "ACME"), ("token", "$acme"), ("name", ""), ("key", "Bad Key")] {
                let mut bad = json!({"key": "other", "name": "Other", "hashtag": "#O", "token": "$O"});
                bad[field] = json!(value);
                let (status, body) = call(&server, "POST", "/api/admin/brands", &operator, Some(bad)).await;
                assert_eq!(
                    (status, body["code"].as_str()),
                    (StatusCode::BAD_REQUEST, Some("invalid_brand")),
                    "{field}: {body}"
                );
            }
            let (status, _) = call(&server, "POST", "/api/admin/brands", &agent, Some(json!({}))).await;
            assert_eq!(status, StatusCode::FORBIDDEN);

            let (status, list) = call(&server, "GET", "/api/agent/brands", &agent, None).await;
            assert_eq!(status, StatusCode::OK);
            assert_eq!(list["success"], true);
            assert_eq!(list["custom"]["field"], "brandProfile");
            assert_eq!(list["custom"]["shape"]["hashtag"], "#TAG");
            let keys: Vec<&str> =
                list["brands"].as_array().unwrap().iter().map(|b| b["key"].as_str().unwrap()).collect();
            assert_eq!(keys, ["acme", "globex", "initech"]);
            let initech = &list["brands"][2];
            assert_eq!(
                (initech["token"].as_str(), initech["botUsername"].as_str(), initech["telegramUrl"].as_str()),
                (Some("$INIT"), Some(""), Some(""))
            );
            assert_eq!(list["brands"][1]["hashtag"], "#GLOBEX", "a brand-admin's brand gets derived defaults");

            let (status, body) = call(
                &server,
                "PATCH",
                "/api/admin/brands/acme",
                &operator,
                Some(json!({"voice": "Quiet now.", "botUsername": null})),
            )
            .await;
            assert_eq!(status, StatusCode::OK, "{body}");
            assert_eq!(
                (body["brand"]["botUsername"].as_str(), body["brand"]["name"].as_str()),
                (Some(""), Some("Acme"))
            );
            let (status, _) =
                call(&server, "PATCH", "/api/admin/brands/nope", &operator, Some(json!({"name": "X"}))).await;
            assert_eq!(status, StatusCode::NOT_FOUND);

            let (status, body) = call(
                &server,
                "POST",
                "/api/admin/brands/globex/meme-mode",
                &globex_admin,
                Some(json!({"enabled": false})),
            )
            .await;
            assert_eq!((status, body["brand"]["memeMode"].as_bool()), (StatusCode::OK, Some(false)), "{body}");
            let (status, body) = call(
                &server,
                "POST",
                "/api/admin/brands/acme/meme-mode",
                &globex_admin,
                Some(json!({"enabled": false})),
            )
            .await;
            assert_eq!((status, body["code"].as_str()), (StatusCode::FORBIDDEN, Some("forbidden_scope")));
        });
        let listed = String::from_utf8(env.run(&["brands", "list"]).stdout).unwrap();
        assert!(listed.contains("globex") && listed.contains("memes off"), "{listed}");
        assert!(env.run(&["brands", "meme-mode", "globex", "on"]).status.success());
        let listed = String::from_utf8(env.run(&["brands", "list"]).stdout).unwrap();
        assert!(!listed.contains("memes off"), "{listed}");
    });
}
