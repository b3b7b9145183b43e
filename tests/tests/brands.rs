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

/// A PNG's RGB pixels and width.
fn pixels(png: &[u8]) -> (Vec<u8>, usize) {
    let (width, _, rgb) = asset_tests::browser::decode_png(png);
    (rgb, width as usize)
}

/// How many pixels in the rectangle (x, y, w, h) are within 40 of `colour` on every channel.
fn count_near(rgb: &[u8], width: usize, area: [usize; 4], colour: [u8; 3]) -> usize {
    let [x0, y0, w, h] = area;
    (y0..y0 + h)
        .flat_map(|y| (x0..x0 + w).map(move |x| (y * width + x) * 3))
        .filter(|&at| rgb[at..at + 3].iter().zip(colour).all(|(a, b)| a.abs_diff(b) <= 40))
        .count()
}

async fn put_logo(server: &Server, key: &str, brand: &str, media_type: &str, body: &[u8]) -> (StatusCode, Value) {
    let response = Client::new()
        .put(server.url(&format!("/api/admin/brands/{brand}/logo")))
        .header("x-api-key", key)
        .header("content-type", media_type)
        .body(body.to_vec())
        .send()
        .await
        .unwrap();
    let status = response.status();
    (status, response.json().await.unwrap_or(Value::Null))
}

const GREEN_LOGO: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="#00c800"/></svg>"##;

#[test]
fn a_brands_palette_and_logo_reach_its_memes_pages_and_videos_and_unsafe_logos_are_refused() {
    each_storage(|storage| {
        let env = Env::new(storage);
        let operator = env.create_key(0, "operator");
        let agent = env.create_key(20, "agent");
        let out = env.run(&["keys", "create", "--role", "brand-admin", "--brand", "acme"]);
        let acme_admin = String::from_utf8(out.stdout).unwrap().trim().to_string();
        let out = env.run(&["keys", "create", "--role", "brand-admin", "--brand", "globex"]);
        let globex_admin = String::from_utf8(out.stdout).unwrap().trim().to_string();
        let out = env.run(&["keys", "create", "--credits", "5", "--role", "brand-admin", "--brand", "acme"]);
        let acme_paying = String::from_utf8(out.stdout).unwrap().trim().to_string();
        let server = env.serve();
        block_on(async {
            let acme = json!({"key": "acme", "name": "Acme", "hashtag": "#ACME", "token": "$ACME"});
            let (status, body) = call(&server, "POST", "/api/admin/brands", &operator, Some(acme)).await;
            assert!(status == StatusCode::CREATED || status == StatusCode::CONFLICT, "{body}");

            // The look: only the brand's admin (or an operator) sets it, colours as #rrggbb.
            let look =
                json!({"palette": {"top": "#102030", "bottom": "#203040", "accent": "#ff0080"}, "typeface": "serif"});
            let path = "/api/admin/brands/acme/look";
            let (status, _) = call(&server, "PUT", path, &globex_admin, Some(look.clone())).await;
            assert_eq!(status, StatusCode::FORBIDDEN);
            let bad = json!({"palette": {"top": "#102030", "bottom": "blue", "accent": "#ff0080"}});
            let (status, body) = call(&server, "PUT", path, &acme_admin, Some(bad)).await;
            assert_eq!((status, body["code"].as_str()), (StatusCode::BAD_REQUEST, Some("invalid_palette")), "{body}");
            let (status, body) = call(&server, "PUT", path, &acme_admin, Some(look)).await;
            assert_eq!(status, StatusCode::OK, "{body}");
            assert_eq!(
                (body["palette"]["accent"].as_str(), body["typeface"].as_str()),
                (Some("#ff0080"), Some("serif"))
            );

            // Logos: scripts and external references are refused and change nothing.
            let svg = |inner: &str| {
                format!(r#"<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40">{inner}</svg>"#)
            };
            for bad in [
                svg("<script>alert(1)</script>"),
                svg(r#"<image href="https://evil.example/x.png" width="40" height="40"/>"#),
                svg(r#"<rect width="40" height="40" fill="url(http://evil.example/p#x)"/>"#),
                svg(r#"<rect width="40" height="40" onload="alert(1)"/>"#),
            ] {
                let (status, body) = put_logo(&server, &acme_admin, "acme", "image/svg+xml", bad.as_bytes()).await;
                assert_eq!(
                    (status, body["code"].as_str()),
                    (StatusCode::BAD_REQUEST, Some("invalid_logo")),
                    "{bad}: {body}"
                );
            }
            let (status, body) = put_logo(&server, &acme_admin, "acme", "image/gif", b"GIF89a").await;
            assert_eq!((status, body["code"].as_str()), (StatusCode::BAD_REQUEST, Some("invalid_logo")));
            let (_, body) = call(&server, "GET", path, &acme_admin, None).await;
            assert_eq!(body["logo"], Value::Null, "nothing refused was kept");
            let (status, body) = put_logo(&server, &acme_admin, "acme", "image/svg+xml", GREEN_LOGO.as_bytes()).await;
            assert_eq!((status, body["logo"].as_str()), (StatusCode::OK, Some("image/svg+xml")), "{body}");

            // Served to pages as set, so that nothing in it could run; a pitch its admin sends
            // shows it beside the brand's name.
            let served = Client::new().get(server.url("/api/brands/acme/logo")).send().await.unwrap();
            let header = |name: &str| served.headers()[name].to_str().unwrap().to_string();
            assert_eq!(
                (header("content-type"), header("x-content-type-options")),
                ("image/svg+xml".into(), "nosniff".into())
            );
            assert!(header("content-security-policy").starts_with("default-src 'none'"));
            assert_eq!(served.bytes().await.unwrap(), GREEN_LOGO.as_bytes());
            let (status, _) = call(&server, "GET", "/api/brands/globex/logo", &agent, None).await;
            assert_eq!(status, StatusCode::NOT_FOUND, "a brand without a logo");
            let pitch = json!({"input": "Maria, a baker in Porto"});
            let (status, made) = call(&server, "POST", "/api/agent/before", &acme_paying, Some(pitch)).await;
            assert_eq!(status, StatusCode::OK, "{made}");
            let html =
                Client::new().get(made["pitch"]["url"].as_str().unwrap()).send().await.unwrap().text().await.unwrap();
            let logo = format!(r#"<img class="logo" src="{}""#, server.url("/api/brands/acme/logo"));
            assert!(
                html.contains(&logo) && html.to_lowercase().contains("from <strong>acme</strong> for maria"),
                "{html}"
            );

            // The meme: the palette's backdrop, the accent (the reaction's face), the logo.
            let meme = json!({"input": "Agents that pay for their own tools", "kind": "image", "brand": "acme"});
            let (status, made) = call(&server, "POST", "/api/agent/brands/memes", &agent, Some(meme)).await;
            assert_eq!(status, StatusCode::OK, "{made}");
            let meme_url = made["meme"]["url"].as_str().unwrap().to_string();
            let picture_url = format!("{meme_url}/1.png");
            let png = Client::new().get(&picture_url).send().await.unwrap().bytes().await.unwrap();
            let (rgb, width) = pixels(&png);
            assert!(count_near(&rgb, width, [40, 36, 110, 110], [0, 200, 0]) > 5_000, "the logo, top left");
            assert!(count_near(&rgb, width, [0, 0, 1080, 1920], [0xff, 0, 0x80]) > 20_000, "the accent");
            assert!(count_near(&rgb, width, [0, 1900, 1080, 20], [0x20, 0x30, 0x40]) > 15_000, "the gradient's foot");
            let html = Client::new().get(&meme_url).send().await.unwrap().text().await.unwrap();
            assert!(html.contains("--accent: #ff0080"), "the meme page takes the accent");
            assert!(html.contains(r#"--font: "Noto Serif""#), "and the typeface");

            // An audioscript for the brand: its page, pictures and video take the look.
            let body = json!({"script": "Agents pay for their tools. They ship pages fast.", "brand": "acme"});
            let (status, accepted) = call(&server, "POST", "/api/agent/audioscript", &agent, Some(body)).await;
            assert_eq!(status, StatusCode::ACCEPTED, "{accepted}");
            let unknown = json!({"script": "Hello there.", "brand": "nobody"});
            let (status, refused) = call(&server, "POST", "/api/agent/audioscript", &agent, Some(unknown)).await;
            assert_eq!((status, refused["code"].as_str()), (StatusCode::BAD_REQUEST, Some("unknown_brand")));
            let done = finished(accepted["statusUrl"].as_str().unwrap(), &agent).await;
            let page_url = done["pageUrl"].as_str().unwrap().to_string();
            let html = Client::new().get(&page_url).send().await.unwrap().text().await.unwrap();
            assert!(
                html.contains("--accent: #ff0080") && html.contains(r#"--font: "Noto Serif""#),
                "the engine page takes the look"
            );
            let foot = [480, 1710, 120, 120];
            let png = Client::new().get(format!("{page_url}/1.png")).send().await.unwrap().bytes().await.unwrap();
            let (rgb, width) = pixels(&png);
            assert!(count_near(&rgb, width, foot, [0, 200, 0]) > 5_000, "the logo at the beat's foot");
            let (status, accepted) =
                call(&server, "POST", "/api/agent/mp4", &agent, Some(json!({"pageUrl": page_url}))).await;
            assert_eq!(status, StatusCode::ACCEPTED, "{accepted}");
            let done = finished(accepted["statusUrl"].as_str().unwrap(), &agent).await;
            let video =
                Client::new().get(done["mp4Url"].as_str().unwrap()).send().await.unwrap().bytes().await.unwrap();
            let dir = tempfile::tempdir().unwrap();
            let (file, frame) = (dir.path().join("v.mp4"), dir.path().join("f.png"));
            std::fs::write(&file, &video).unwrap();
            // A frame in the first beat (the voice starts after the 1.2 s opening card).
            let status = std::process::Command::new("ffmpeg")
                .args(["-v", "error", "-y", "-ss", "1.8", "-i"])
                .arg(&file)
                .args(["-frames:v", "1"])
                .arg(&frame)
                .status()
                .unwrap();
            assert!(status.success());
            let (rgb, width) = pixels(&std::fs::read(&frame).unwrap());
            assert!(count_near(&rgb, width, foot, [0, 200, 0]) > 4_000, "the logo in the video");
            assert!(count_near(&rgb, width, [0, 0, 1080, 1920], [0xff, 0, 0x80]) > 1_000, "the accent in the video");

            // An ad-hoc brand gets a palette of its own from its name.
            let adhoc = json!({"input": "Ship it", "kind": "hottake",
                "brandProfile": {"name": "Globex", "hashtag": "#GLOBEX", "token": "$GLX"}});
            let (status, made) = call(&server, "POST", "/api/agent/brands/memes", &agent, Some(adhoc)).await;
            assert_eq!(status, StatusCode::OK, "{made}");
            let html =
                Client::new().get(made["meme"]["url"].as_str().unwrap()).send().await.unwrap().text().await.unwrap();
            assert!(html.contains("--accent: #") && !html.contains("--accent: #ff0080"), "derived from the name");

            // One that sends its colours gets them on its pictures and its page (issue 57).
            let palette = json!({"top": "#0a3d62", "bottom": "#3c6382", "accent": "#f8c291"});
            let adhoc = json!({"input": "A dental clinic in Porto", "kind": "image",
                "brandProfile": {"name": "Sorriso", "hashtag": "#SORRISO", "token": "", "palette": palette}});
            let (status, made) = call(&server, "POST", "/api/agent/brands/memes", &agent, Some(adhoc)).await;
            assert_eq!(status, StatusCode::OK, "{made}");
            let meme_url = made["meme"]["url"].as_str().unwrap().to_string();
            let html = Client::new().get(&meme_url).send().await.unwrap().text().await.unwrap();
            assert!(html.contains("--accent: #f8c291"), "the page takes the brand's accent");
            let png = Client::new().get(format!("{meme_url}/1.png")).send().await.unwrap().bytes().await.unwrap();
            let (rgb, width) = pixels(&png);
            assert!(count_near(&rgb, width, [0, 1900, 1080, 20], [0x3c, 0x63, 0x82]) > 15_000, "the gradient's foot");
            let bad = json!({"input": "A dental clinic", "brandProfile": {"name": "Sorriso", "hashtag": "#SORRISO",
                "token": "", "palette": {"top": "#0a3d62", "bottom": "navy", "accent": "#f8c291"}}});
            let (status, refused) = call(&server, "POST", "/api/agent/brands/memes", &agent, Some(bad)).await;
            assert_eq!((status, refused["code"].as_str()), (StatusCode::BAD_REQUEST, Some("invalid_brand")));
            assert!(refused["message"].as_str().unwrap().contains("`palette`"), "{refused}");
        });
    });
}

/// Polls a job until it finishes, and expects success.
async fn finished(status_url: &str, key: &str) -> Value {
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(120);
    loop {
        let response = Client::new().get(status_url).header("x-api-key", key).send().await.unwrap();
        let body: Value = response.json().await.unwrap();
        if body["status"] == "succeeded" {
            return body;
        }
        assert!(body["status"] != "failed" && std::time::Instant::now() < deadline, "{body}");
        tokio::time::sleep(std::time::Duration::from_millis(300)).await;
    }
}
