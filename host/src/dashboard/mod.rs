//! The dashboard for people, server-rendered at `/dashboard`: sign-in by a one-time link (the
//! bot's `/login`, or `asset-host dashboard link`), a session cookie (`HttpOnly`,
//! `SameSite=Lax`, `Secure` when the service is reached over https), sign-out, and a CSRF token
//! on every form (the session's; before sign-in, a cookie the form must repeat). Tabs: API (keys:
//! Generate key, shown once; revoke), Credits (balances, ledger, packs by card or USDC), Jobs
//! (recent work with its links), and a tab per brand the account administers (profile, meme
//! mode, its bot). Every page calls the operations the HTTP API and the bot call.

pub mod views;

use std::collections::HashMap;

use axum::{
    Router,
    body::Bytes,
    extract::{Path, State},
    http::{HeaderMap, HeaderValue, StatusCode, header},
    response::{Html, IntoResponse, Redirect, Response},
    routing::{get, post},
};
use maud::Markup;

use crate::account::{keys, login};
use crate::auth::{self, Caller};
use crate::billing::packs::PACKS;
use crate::ctx::{Ctx, Services};
use crate::error::Error;
use crate::http::{AppState, BaseUrl};
use crate::purchases::{self, BuyRequest};
use crate::store::{accounts, credits};
use views::Tab;

const SESSION_COOKIE: &str = "asset_session";
const LOGIN_COOKIE: &str = "asset_login";
/// Ledger rows the Credits tab shows.
const LEDGER_ROWS: usize = 50;
/// Items the Jobs tab shows.
const WORK_ROWS: i64 = 30;

/// A signed-in request: the account and its session.
struct Signed {
    account: accounts::Account,
    session: login::Session,
    /// The brands the account administers.
    brands: Vec<String>,
    keys: Vec<accounts::OwnedKey>,
}

impl Signed {
    fn administers(&self, brand: &str) -> bool {
        self.brands.iter().any(|b| b == brand)
    }

    fn page(&self, tab: Tab<'_>, body: Markup) -> Response {
        page(views::shell(&self.account, &self.brands, &self.session.csrf, tab, body))
    }
}

/// An HTML response that no cache keeps (keys and balances are on it).
fn page(html: String) -> Response {
    let mut response = Html(html).into_response();
    let headers = response.headers_mut();
    headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    headers.insert(header::REFERRER_POLICY, HeaderValue::from_static("no-referrer"));
    headers.insert("x-frame-options", HeaderValue::from_static("DENY"));
    response
}

/// An error page with its status.
fn problem(status: StatusCode, title: &str, message: &str) -> Response {
    (status, page(views::bare(title, views::problem(title, message)))).into_response()
}

fn from_error(error: Error) -> Response {
    let status = crate::http::error::status(error.kind());
    let (message, _) = error.message_and_details();
    problem(status, "That did not work", &message)
}

/// The value of cookie `name`.
fn cookie<'a>(headers: &'a HeaderMap, name: &str) -> Option<&'a str> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(n, _)| *n == name)
        .map(|(_, v)| v)
}

/// A `Set-Cookie` for the dashboard's paths; `max_age` 0 clears it.
fn set_cookie(name: &str, value: &str, max_age: i64, secure: bool) -> HeaderValue {
    let secure = if secure { "; Secure" } else { "" };
    HeaderValue::from_str(&format!(
        "{name}={value}; Path=/dashboard; HttpOnly; SameSite=Lax; Max-Age={max_age}{secure}"
    ))
    .unwrap_or_else(|_| HeaderValue::from_static("asset_invalid=1"))
}

/// The fields of a form body.
fn form(body: &[u8]) -> HashMap<String, String> {
    url::form_urlencoded::parse(body).into_owned().collect()
}

/// The signed-in account behind the request, or `None`.
async fn signed(services: &Services, headers: &HeaderMap) -> Result<Option<Signed>, Error> {
    let Some(value) = cookie(headers, SESSION_COOKIE) else { return Ok(None) };
    let Some(session) = login::session(&services.db, value).await? else { return Ok(None) };
    let Some(account) = accounts::get(&services.db, session.account_id).await? else { return Ok(None) };
    let keys = keys::list(&services.db, &account).await?;
    let mut brands: Vec<String> = keys.iter().filter_map(|k| k.brand.clone()).collect();
    brands.sort();
    brands.dedup();
    Ok(Some(Signed { account, session, brands, keys }))
}

/// The signed-in account, or the sign-in page.
async fn require(state: &AppState, headers: &HeaderMap) -> Result<Signed, Response> {
    match signed(&state.services, headers).await {
        Ok(Some(signed)) => Ok(signed),
        Ok(None) => Err(Redirect::to("/dashboard").into_response()),
        Err(e) => Err(from_error(e)),
    }
}

/// A form post of a signed-in account, its CSRF token checked: the account and the fields.
async fn posted(
    state: &AppState,
    headers: &HeaderMap,
    body: &[u8],
) -> Result<(Signed, HashMap<String, String>), Response> {
    let signed = require(state, headers).await?;
    let fields = form(body);
    if !login::csrf_ok(&signed.session, fields.get("csrf").map_or("", String::as_str)) {
        return Err(forbidden_form());
    }
    Ok((signed, fields))
}

/// A form post about brand `key`, from an account that administers it.
async fn posted_for_brand(
    state: &AppState,
    headers: &HeaderMap,
    body: &[u8],
    key: &str,
) -> Result<(Signed, HashMap<String, String>), Response> {
    let (signed, fields) = posted(state, headers, body).await?;
    if !signed.administers(key) {
        return Err(not_yours());
    }
    Ok((signed, fields))
}

fn not_yours() -> Response {
    problem(StatusCode::NOT_FOUND, "No such brand", "You administer no brand with this key.")
}

fn forbidden_form() -> Response {
    problem(
        StatusCode::FORBIDDEN,
        "Form refused",
        "This form did not come from your dashboard (its CSRF token is missing or wrong). Reload the page and try again.",
    )
}

async fn home(State(state): State<AppState>, headers: HeaderMap) -> Response {
    match signed(&state.services, &headers).await {
        Ok(Some(_)) => Redirect::to("/dashboard/api").into_response(),
        Ok(None) => {
            let bot = state.services.telegram.as_ref().map(|b| b.username());
            page(views::bare("Sign in", views::sign_in(bot)))
        }
        Err(e) => from_error(e),
    }
}

async fn login_form(BaseUrl(base): BaseUrl) -> Response {
    let csrf = auth::random_token();
    let mut response = page(views::bare("Sign in", views::login(&csrf)));
    response.headers_mut().insert(header::SET_COOKIE, set_cookie(LOGIN_COOKIE, &csrf, 600, base.starts_with("https:")));
    response
}

async fn login_post(
    State(state): State<AppState>,
    BaseUrl(base): BaseUrl,
    Path(token): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let fields = form(&body);
    let presented = fields.get("csrf").map_or("", String::as_str);
    let expected = cookie(&headers, LOGIN_COOKIE).unwrap_or_default();
    if presented.is_empty() || !bool::from(subtle::ConstantTimeEq::ct_eq(presented.as_bytes(), expected.as_bytes())) {
        return forbidden_form();
    }
    match login::redeem(&state.services.db, &token).await {
        Ok(opened) => {
            let secure = base.starts_with("https:");
            let mut response = Redirect::to("/dashboard/api").into_response();
            let headers = response.headers_mut();
            let max_age = login::SESSION_DAYS * 86_400;
            headers.append(header::SET_COOKIE, set_cookie(SESSION_COOKIE, &opened.cookie, max_age, secure));
            headers.append(header::SET_COOKIE, set_cookie(LOGIN_COOKIE, "", 0, secure));
            response
        }
        Err(e) => from_error(e),
    }
}

async fn logout(State(state): State<AppState>, BaseUrl(base): BaseUrl, headers: HeaderMap, body: Bytes) -> Response {
    if let Err(refused) = posted(&state, &headers, &body).await {
        return refused;
    }
    if let Some(value) = cookie(&headers, SESSION_COOKIE)
        && let Err(e) = login::end(&state.services.db, value).await
    {
        return from_error(e);
    }
    let mut response = Redirect::to("/dashboard").into_response();
    response.headers_mut().insert(header::SET_COOKIE, set_cookie(SESSION_COOKIE, "", 0, base.starts_with("https:")));
    response
}

async fn api_tab(State(state): State<AppState>, headers: HeaderMap) -> Response {
    match require(&state, &headers).await {
        Ok(signed) => {
            signed.page(Tab::Api, views::api(&signed.keys, keys::PER_ACCOUNT, &signed.session.csrf, None, None))
        }
        Err(response) => response,
    }
}

async fn generate_key(State(state): State<AppState>, headers: HeaderMap, body: Bytes) -> Response {
    let (mut signed, fields) = match posted(&state, &headers, &body).await {
        Ok(posted) => posted,
        Err(response) => return response,
    };
    let label: String = fields.get("label").map_or("", |l| l.trim()).chars().take(60).collect();
    let label = if label.is_empty() { "dashboard".to_string() } else { label };
    let outcome = keys::mint(&state.services.db, &signed.account, &label).await;
    let listed = keys::list(&state.services.db, &signed.account).await;
    let Ok(listed) = listed else { return from_error(listed.err().unwrap_or_else(|| Error::internal("keys"))) };
    signed.keys = listed;
    let csrf = signed.session.csrf.clone();
    match outcome {
        Ok(minted) => {
            signed.page(Tab::Api, views::api(&signed.keys, keys::PER_ACCOUNT, &csrf, Some(&minted.secret), None))
        }
        Err(Error::Conflict { message, .. }) => {
            let body = views::api(&signed.keys, keys::PER_ACCOUNT, &csrf, None, Some(&message));
            (StatusCode::CONFLICT, signed.page(Tab::Api, body)).into_response()
        }
        Err(e) => from_error(e),
    }
}

/// A form about the account's key `prefix`: `revoke` it, or `confirm` (set its Ask above).
async fn key_form(
    State(state): State<AppState>,
    Path((prefix, action)): Path<(String, String)>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let (signed, fields) = match posted(&state, &headers, &body).await {
        Ok(posted) => posted,
        Err(response) => return response,
    };
    let (db, account) = (&state.services.db, &signed.account);
    let done = match action.as_str() {
        "revoke" => keys::revoke(db, account, &prefix).await,
        "confirm" => {
            keys::set_confirm_above(db, account, &prefix, fields.get("above").map_or("", String::as_str)).await
        }
        _ => Err(Error::NotFound { message: "No such form.".into() }),
    };
    match done {
        Ok(()) => Redirect::to("/dashboard/api").into_response(),
        Err(e) => from_error(e),
    }
}

async fn credits_tab(State(state): State<AppState>, BaseUrl(base): BaseUrl, headers: HeaderMap) -> Response {
    let signed = match require(&state, &headers).await {
        Ok(signed) => signed,
        Err(response) => return response,
    };
    let mut ledger = Vec::new();
    for key in &signed.keys {
        match credits::ledger(&state.services.db, key.id).await {
            Ok(rows) => ledger.extend(rows.into_iter().map(|entry| (key.prefix.clone(), entry))),
            Err(e) => return from_error(e.into()),
        }
    }
    ledger.sort_by_key(|(_, entry)| std::cmp::Reverse(entry.id));
    ledger.truncate(LEDGER_ROWS);
    let card = state.services.stripe.is_some();
    signed.page(Tab::Credits, views::credits(&signed.keys, &ledger, &signed.session.csrf, card, &base))
}

async fn buy_pack(State(state): State<AppState>, BaseUrl(base): BaseUrl, headers: HeaderMap, body: Bytes) -> Response {
    let (signed, fields) = match posted(&state, &headers, &body).await {
        Ok(posted) => posted,
        Err(response) => return response,
    };
    let prefix = fields.get("key").map_or("", String::as_str);
    let Some(key) = signed.keys.iter().find(|k| k.prefix == prefix) else {
        return problem(StatusCode::NOT_FOUND, "No such key", "Choose one of your live keys.");
    };
    let pack = fields.get("pack").map_or("", String::as_str);
    if !PACKS.iter().any(|p| p.id == pack) {
        return problem(StatusCode::NOT_FOUND, "No such pack", "Choose one of the packs listed.");
    }
    let caller = Caller {
        key_id: key.id,
        prefix: key.prefix.clone(),
        label: key.label.clone(),
        role: key.role,
        brand: key.brand.clone(),
        keyless: false,
    };
    let ctx = Ctx::new(state.services.clone(), caller, base, crate::store::public_id());
    match purchases::buy(&ctx, pack, BuyRequest { method: Some("card".into()) }).await {
        Ok(bought) => match bought.checkout_url {
            Some(url) => Redirect::to(&url).into_response(),
            None => Redirect::to("/dashboard/credits").into_response(),
        },
        Err(e) => from_error(e),
    }
}

async fn jobs_tab(State(state): State<AppState>, headers: HeaderMap) -> Response {
    let signed = match require(&state, &headers).await {
        Ok(signed) => signed,
        Err(response) => return response,
    };
    match accounts::recent_work(&state.services.db, signed.account.id, WORK_ROWS).await {
        Ok(work) => signed.page(Tab::Jobs, views::jobs(&work)),
        Err(e) => from_error(e.into()),
    }
}

/// The brand tab, with an error to show above it.
async fn brand_page(state: &AppState, signed: &Signed, key: &str, error: Option<&str>) -> Response {
    if !signed.administers(key) {
        return not_yours();
    }
    let services = &state.services;
    let brand = match crate::brands::get(&services.db, key).await {
        Ok(Some(brand)) => brand,
        Ok(None) => return problem(StatusCode::NOT_FOUND, "No such brand", "This brand no longer exists."),
        Err(e) => return from_error(e.into()),
    };
    let bot = match crate::store::bots::brand_bot(&services.db, key).await {
        Ok(bot) => bot,
        Err(e) => return from_error(e.into()),
    };
    let free_left = match crate::store::invites::allowance(&services.db, key).await {
        Ok(left) => left,
        Err(e) => return from_error(e.into()),
    };
    let view = views::BotView {
        username: bot.as_ref().map(|b| b.username.as_str()),
        status: bot.as_ref().map(|b| b.status.as_str()),
        free_left,
        can_connect: services.sealer.is_some(),
    };
    let body = views::brand(&brand, &view, &signed.session.csrf, error);
    let response = signed.page(Tab::Brand(key), body);
    match error {
        Some(_) => (StatusCode::BAD_REQUEST, response).into_response(),
        None => response,
    }
}

async fn brand_tab(State(state): State<AppState>, Path(key): Path<String>, headers: HeaderMap) -> Response {
    match require(&state, &headers).await {
        Ok(signed) => brand_page(&state, &signed, &key, None).await,
        Err(response) => response,
    }
}

async fn meme_mode(
    State(state): State<AppState>,
    Path(key): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let (_, fields) = match posted_for_brand(&state, &headers, &body, &key).await {
        Ok(posted) => posted,
        Err(response) => return response,
    };
    let enabled = fields.get("enabled").is_some_and(|v| v == "true");
    match crate::brands::set_meme_mode(&state.services.db, &key, enabled).await {
        Ok(_) => Redirect::to(&format!("/dashboard/brands/{key}")).into_response(),
        Err(e) => from_error(e.into()),
    }
}

async fn connect_bot(
    State(state): State<AppState>,
    BaseUrl(base): BaseUrl,
    Path(key): Path<String>,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let (signed, fields) = match posted_for_brand(&state, &headers, &body, &key).await {
        Ok(posted) => posted,
        Err(response) => return response,
    };
    let token = fields.get("token").map_or("", |t| t.trim());
    match crate::brands::bot::connect(&state.services, &key, token, &base).await {
        Ok(_) => Redirect::to(&format!("/dashboard/brands/{key}")).into_response(),
        Err(e) => {
            let (message, _) = e.message_and_details();
            brand_page(&state, &signed, &key, Some(&message)).await
        }
    }
}

/// The dashboard's routes (pages for people: not in the API's description).
pub fn router() -> Router<AppState> {
    Router::new()
        .route("/dashboard", get(home))
        .route("/dashboard/login/{token}", get(login_form).post(login_post))
        .route("/dashboard/logout", post(logout))
        .route("/dashboard/api", get(api_tab))
        .route("/dashboard/keys", post(generate_key))
        .route("/dashboard/keys/{prefix}/{action}", post(key_form))
        .route("/dashboard/credits", get(credits_tab))
        .route("/dashboard/credits/buy", post(buy_pack))
        .route("/dashboard/jobs", get(jobs_tab))
        .route("/dashboard/brands/{key}", get(brand_tab))
        .route("/dashboard/brands/{key}/meme-mode", post(meme_mode))
        .route("/dashboard/brands/{key}/bot", post(connect_bot))
}
