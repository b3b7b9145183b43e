//! The Telegram Bot API stand-in (`telegram/botapi.py`): bots registered by token, the calls the
//! service makes recorded, updates built with python-telegram-bot's own types and delivered to
//! the webhook a bot registered, with its secret, as Telegram delivers them.

use std::process::Child;

use serde_json::{Value, json};

/// The service's bot in the tests.
pub const SERVICE_TOKEN: &str = "7000001:AAServiceBotTokenForTheTestsOnly_0123456";
pub const SERVICE_BOT: &str = "asset_test_bot";
/// The webhook secret of the service's bot in the tests.
pub const SERVICE_SECRET: &str = "svc-webhook-secret_0123456789";

/// The first `ak_…` key in a text (a bot's reply, a page).
pub fn key_in(text: &str) -> Option<String> {
    let at = text.find("ak_")?;
    Some(text[at..].chars().take_while(|c| c.is_ascii_alphanumeric() || *c == '_' || *c == '-').collect())
}

/// A running stand-in; killed when dropped.
pub struct BotApi {
    child: Child,
    pub url: String,
}

impl BotApi {
    pub fn start() -> BotApi {
        let bot = format!("{SERVICE_TOKEN}={SERVICE_BOT}");
        let (child, port) = crate::process::python_stand_in(
            "telegram/botapi.py",
            &["--port", "0", "--bot", &bot],
            "the Bot API stand-in (python-telegram-bot)",
        );
        BotApi { url: format!("http://127.0.0.1:{port}"), child }
    }

    /// The settings that give `serve` its bot, talking to this stand-in.
    pub fn vars(&self) -> Vec<(&'static str, String)> {
        vec![
            ("ASSET_TELEGRAM_BOT_TOKEN", SERVICE_TOKEN.into()),
            ("ASSET_TELEGRAM_WEBHOOK_SECRET", SERVICE_SECRET.into()),
            ("ASSET_TELEGRAM_API_URL", self.url.clone()),
            ("ASSET_SECRETS_KEY", "5eb63bbbe01eeed093cb22bb8f5acdc35eb63bbbe01eeed093cb22bb8f5acdc3".into()),
        ]
    }

    /// A test environment whose commands and servers talk to this stand-in.
    pub fn env(&self, storage: crate::Storage) -> crate::Env {
        let mut env = crate::Env::new(storage);
        env.extra = self.vars().into_iter().map(|(k, v)| (k.to_string(), v)).collect();
        env
    }

    /// Starts `serve` and runs `asset-host bot set-webhook` for it (its address as the public
    /// URL), so the service's bot's updates reach it.
    pub fn serve_hooked(&self, env: &mut crate::Env) -> crate::Server {
        let server = env.serve();
        env.extra.push(("ASSET_PUBLIC_URL".into(), server.base.clone()));
        let out = env.run(&["bot", "set-webhook"]);
        assert!(out.status.success(), "set-webhook: {}", String::from_utf8_lossy(&out.stderr));
        server
    }

    async fn post(&self, path: &str, body: Value) -> Value {
        let response = reqwest::Client::new().post(format!("{}{path}", self.url)).json(&body).send().await;
        response.expect("the stand-in answers").json().await.expect("JSON")
    }

    /// Registers another bot.
    pub async fn add_bot(&self, token: &str, username: &str) {
        self.post("/_bots", json!({"token": token, "username": username})).await;
    }

    /// Makes the next `times` calls of `method` fail with `status` (429 asks to retry after
    /// `retry_after` seconds).
    pub async fn fail(&self, method: &str, status: u16, retry_after: u64, times: u32) {
        self.post("/_fail", json!({"method": method, "status": status, "retry_after": retry_after, "times": times}))
            .await;
    }

    /// Delivers a message update to `bot`'s webhook (`fields`: text, user_id, chat_type,
    /// update_id, secret); the webhook's `{status, body, update}`.
    pub async fn deliver(&self, bot: &str, fields: Value) -> Value {
        let mut request = json!({"bot": bot});
        request.as_object_mut().unwrap().extend(fields.as_object().cloned().unwrap_or_default());
        self.post("/_deliver", request).await
    }

    /// Every call made so far: `{token, method, params, at}`.
    pub async fn calls(&self) -> Vec<Value> {
        let response = reqwest::get(format!("{}/_calls", self.url)).await.expect("the stand-in answers");
        response.json::<Value>().await.expect("JSON").as_array().cloned().unwrap_or_default()
    }

    /// The calls of `method` to chat `chat_id`.
    pub async fn sent(&self, method: &str, chat_id: i64) -> Vec<Value> {
        self.calls()
            .await
            .into_iter()
            .filter(|c| {
                c["method"] == method && c["params"]["chat_id"].to_string().trim_matches('"') == chat_id.to_string()
            })
            .collect()
    }

    /// Waits (at most 20 s) until `chat_id` got `count` calls of `method`; returns them.
    pub async fn wait_sent(&self, method: &str, chat_id: i64, count: usize) -> Vec<Value> {
        for _ in 0..200 {
            let sent = self.sent(method, chat_id).await;
            if sent.len() >= count {
                return sent;
            }
            tokio::time::sleep(std::time::Duration::from_millis(100)).await;
        }
        panic!("chat {chat_id} got fewer than {count} {method}: {:?}", self.sent(method, chat_id).await);
    }

    /// The webhooks bots registered: `{username: {url, secret_token}}`.
    pub async fn webhooks(&self) -> Value {
        reqwest::get(format!("{}/_webhooks", self.url)).await.expect("answers").json().await.expect("JSON")
    }
}

impl Drop for BotApi {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}
