//! A real browser for tests that click: Debian's chromedriver starts headless Chromium (with the
//! flags of [`crate::browser::FLAGS`]) and this small client speaks the W3C WebDriver protocol
//! to it, JSON over loopback HTTP: open a page, find, submit, type, read, run a script.

use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::{Value, json};

/// The driver binary: `ASSET_CHROMEDRIVER`, else Debian's `chromedriver`.
fn chromedriver() -> String {
    std::env::var("ASSET_CHROMEDRIVER").unwrap_or_else(|_| "chromedriver".into())
}

/// One browser window, driven through its own chromedriver; both end when it is dropped.
pub struct Browser {
    driver: Child,
    http: reqwest::Client,
    /// `http://127.0.0.1:<port>/session/<id>`.
    session: String,
    _profile: tempfile::TempDir,
}

impl Browser {
    /// Starts chromedriver and a `width`×`height` headless Chromium with a fresh profile.
    pub async fn start((width, height): (u32, u32)) -> Browser {
        let port = crate::free_port();
        // The browser is the driver's child: in a group of their own, they are stopped together.
        let driver = crate::process::own_group(&mut Command::new(chromedriver()))
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver runs (install Debian's chromium-driver package)");
        let http = reqwest::Client::new();
        let root = format!("http://127.0.0.1:{port}");
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            let ready = http.get(format!("{root}/status")).send().await;
            if let Ok(answer) = ready
                && let Ok(status) = answer.json::<Value>().await
                && status["value"]["ready"] == true
            {
                break;
            }
            assert!(Instant::now() < deadline, "chromedriver did not get ready");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let profile = tempfile::tempdir().expect("profile dir");
        let mut args: Vec<String> = crate::browser::FLAGS.iter().map(|f| f.to_string()).collect();
        args.push(format!("--user-data-dir={}", profile.path().display()));
        args.push(format!("--window-size={width},{height}"));
        let mut options = json!({ "args": args });
        if let Ok(binary) = std::env::var("ASSET_CHROMIUM") {
            options["binary"] = json!(binary);
        }
        let capabilities =
            json!({"capabilities": {"alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": options}}});
        let mut browser = Browser { driver, http, session: root.clone(), _profile: profile };
        let opened = browser.call(reqwest::Method::POST, "/session", Some(capabilities)).await;
        let id = opened["sessionId"].as_str().unwrap_or_else(|| panic!("no session: {opened}")).to_string();
        browser.session = format!("{root}/session/{id}");
        browser
    }

    /// One protocol call under the session; its `value`. A protocol error panics with its text.
    async fn call(&self, method: reqwest::Method, path: &str, body: Option<Value>) -> Value {
        let mut request = self.http.request(method, format!("{}{path}", self.session));
        if let Some(body) = body {
            request = request.json(&body);
        }
        let answer: Value = request.send().await.expect("chromedriver answers").json().await.expect("JSON");
        let value = answer["value"].clone();
        if let Some(error) = value.get("error") {
            panic!("webdriver {path}: {error}: {}", value["message"]);
        }
        value
    }

    /// Opens `url` and waits for it to load.
    pub async fn open(&self, url: &str) {
        self.call(reqwest::Method::POST, "/url", Some(json!({ "url": url }))).await;
    }

    /// Reloads the page (a plain GET of the address the page has now).
    pub async fn reload(&self) {
        self.call(reqwest::Method::POST, "/refresh", Some(json!({}))).await;
    }

    /// The page's address.
    pub async fn url(&self) -> String {
        self.call(reqwest::Method::GET, "/url", None).await.as_str().unwrap_or_default().to_string()
    }

    /// The page's visible text.
    pub async fn text(&self) -> String {
        self.script("return document.body ? document.body.innerText : '';", json!([]))
            .await
            .as_str()
            .unwrap_or_default()
            .to_string()
    }

    /// The page's HTML as the browser holds it now.
    pub async fn source(&self) -> String {
        self.call(reqwest::Method::GET, "/source", None).await.as_str().unwrap_or_default().to_string()
    }

    /// The elements matching a CSS selector (their WebDriver references).
    async fn find_all(&self, css: &str) -> Vec<String> {
        let found =
            self.call(reqwest::Method::POST, "/elements", Some(json!({"using": "css selector", "value": css}))).await;
        // Each reference is an object of one member whose name the protocol fixes.
        found
            .as_array()
            .map(|all| all.iter().filter_map(|e| e.as_object()?.values().next()?.as_str().map(String::from)).collect())
            .unwrap_or_default()
    }

    /// The first element matching `css`, waiting up to five seconds for it to appear.
    async fn find(&self, css: &str) -> String {
        let deadline = Instant::now() + Duration::from_secs(5);
        loop {
            if let Some(first) = self.find_all(css).await.into_iter().next() {
                return first;
            }
            assert!(Instant::now() < deadline, "no {css:?} on {}: {}", self.url().await, self.text().await);
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    /// How many elements match `css` now.
    pub async fn count(&self, css: &str) -> usize {
        self.find_all(css).await.len()
    }

    /// Clicks the button matching `css` that submits a form, and waits until the page that
    /// answers has loaded (a click returns before the post is even sent).
    pub async fn submit(&self, css: &str) {
        let element = self.find(css).await;
        self.script("window.__leaving = true;", json!([])).await;
        self.call(reqwest::Method::POST, &format!("/element/{element}/click"), Some(json!({}))).await;
        let deadline = Instant::now() + Duration::from_secs(10);
        let loaded = "return window.__leaving === undefined && document.readyState === 'complete';";
        while self.script(loaded, json!([])).await != json!(true) {
            assert!(Instant::now() < deadline, "{css:?} led to no new page");
            tokio::time::sleep(Duration::from_millis(25)).await;
        }
    }

    /// Clicks the element matching `css` as a person would (a user gesture, so it may play
    /// sound or open a tab).
    pub async fn click(&self, css: &str) {
        let element = self.find(css).await;
        self.call(reqwest::Method::POST, &format!("/element/{element}/click"), Some(json!({}))).await;
    }

    /// Types `text` into the field matching `css`.
    pub async fn type_into(&self, css: &str, text: &str) {
        let element = self.find(css).await;
        self.call(reqwest::Method::POST, &format!("/element/{element}/value"), Some(json!({ "text": text }))).await;
    }

    /// The visible text of the element matching `css`.
    pub async fn text_of(&self, css: &str) -> String {
        let element = self.find(css).await;
        self.call(reqwest::Method::GET, &format!("/element/{element}/text"), None)
            .await
            .as_str()
            .unwrap_or_default()
            .to_string()
    }

    /// Runs `script` in the page (it may `return` a value) with `args`.
    pub async fn script(&self, script: &str, args: Value) -> Value {
        self.call(reqwest::Method::POST, "/execute/sync", Some(json!({ "script": script, "args": args }))).await
    }

    /// Saves what the window shows as a PNG at `path` (for looking at).
    pub async fn save_screenshot(&self, path: &std::path::Path) {
        use base64::Engine as _;
        let shot = self.call(reqwest::Method::GET, "/screenshot", None).await;
        let png = base64::engine::general_purpose::STANDARD.decode(shot.as_str().unwrap_or_default()).expect("base64");
        std::fs::create_dir_all(path.parent().expect("a folder")).expect("the folder is made");
        std::fs::write(path, png).expect("the screenshot is written");
    }

    /// The page's cookies as the browser holds them (`HttpOnly` ones included).
    pub async fn cookies(&self) -> Vec<Value> {
        self.call(reqwest::Method::GET, "/cookie", None).await.as_array().cloned().unwrap_or_default()
    }

    /// Closes the window and the driver.
    pub async fn quit(self) {
        let _ = self.http.delete(&self.session).send().await;
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        crate::process::stop_group(&mut self.driver, Duration::from_secs(2));
    }
}
