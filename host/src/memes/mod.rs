//! Memes: the first priced operation. A request is validated completely (input, language, kind,
//! brand or ad-hoc profile, meme mode, what the active generator can write) before anything is
//! charged; then `credits::pay_for` charges 1 or 2 credits, the meme generator plugin writes
//! the content, the brand-voice generator gives it the brand's tone, hashtag and token, the
//! pictures are rendered, and the meme and its pictures are stored in one transaction.

pub mod card;
pub mod page;
pub mod routes;

use serde::{Deserialize, Serialize};
use sqlx::Row;
use utoipa::ToSchema;

use crate::app::AppState;
use crate::auth::Caller;
use crate::billing::credits;
use crate::brands::{self, BrandProfile};
use crate::catalog::MEME_KINDS;
use crate::error::ApiError;
use crate::languages::{self, Language};
use crate::plugins::routes::content_json;
use crate::plugins::{Brand as WitBrand, Content, PluginError, Registry, Request as WitRequest};
use crate::store::{now_ms, public_id};

/// The generator slot memes come from.
pub const SLOT: &str = "meme";
/// The generator slot that puts lines in a brand's voice.
pub const VOICE_SLOT: &str = "brand-voice";
/// The brand key reported for an ad-hoc `brandProfile`.
pub const ADHOC: &str = "adhoc";
/// Longest accepted `input`.
pub const MAX_INPUT_CHARS: usize = 2000;

/// Body of `POST /api/agent/brands/memes`.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MemeRequest {
    /// The idea: a sentence, a website or an X post; at most 2000 characters. Canonical name.
    pub input: Option<String>,
    /// Accepted alias of `input` (the spec's worked examples use it); if both are sent they must match.
    pub brief: Option<String>,
    /// Language by ISO 639-1 code, English name or native name; English when absent.
    pub language: Option<String>,
    /// One of `image`, `carousel`, `confession`, `hottake`, `reply`, `hybrid`; `image` when absent.
    pub kind: Option<String>,
    /// A registered brand's key.
    pub brand: Option<String>,
    /// An ad-hoc brand instead of a registered one.
    pub brand_profile: Option<BrandProfile>,
}

/// The meme part of the result.
#[derive(Debug, Serialize, Deserialize, ToSchema, Clone)]
#[serde(rename_all = "camelCase")]
pub struct MemeView {
    pub kind: String,
    /// The meme's live public page.
    pub url: String,
    /// A PNG for carousels, otherwise null.
    pub image_url: Option<String>,
    pub title: String,
}

/// The brand part of the result.
#[derive(Debug, Serialize, Deserialize, ToSchema, Clone)]
#[serde(rename_all = "camelCase")]
pub struct BrandView {
    /// The registered brand's key, or `adhoc`.
    pub key: String,
    pub name: String,
    pub hashtag: String,
    pub token: String,
}

/// The meme result of the spec.
#[derive(Debug, Serialize, Deserialize, ToSchema, Clone)]
#[serde(rename_all = "camelCase")]
pub struct MemeResult {
    pub success: bool,
    pub meme: MemeView,
    pub brand: BrandView,
    /// 1, or 2 for `hybrid`.
    pub credit_cost: i64,
    /// The key's balance after the call.
    pub credits_remaining: i64,
}

/// A request that passed validation.
struct Checked {
    input: String,
    language: &'static Language,
    kind: String,
    cost: i64,
    brand_key: Option<String>,
    profile: Option<BrandProfile>,
}

fn check(request: MemeRequest) -> Result<(Checked, Option<String>), ApiError> {
    let input = match (request.input.as_deref().map(str::trim), request.brief.as_deref().map(str::trim)) {
        (Some(a), Some(b)) if a != b => {
            return Err(ApiError::bad_request("conflicting_input", "`input` and its alias `brief` differ; send one."));
        }
        (Some(text), _) | (None, Some(text)) if !text.is_empty() => text.to_string(),
        _ => {
            return Err(ApiError::bad_request(
                "missing_input",
                "`input` is required: a sentence, idea, website or X post.",
            ));
        }
    };
    if input.chars().count() > MAX_INPUT_CHARS {
        return Err(ApiError::bad_request(
            "input_too_long",
            format!("`input` is limited to {MAX_INPUT_CHARS} characters."),
        ));
    }
    let language = languages::resolve(request.language.as_deref())?;
    let kind = request.kind.as_deref().map(str::trim).filter(|k| !k.is_empty()).unwrap_or("image").to_lowercase();
    let Some(spec) = MEME_KINDS.iter().find(|k| k.kind == kind) else {
        let kinds: Vec<&str> = MEME_KINDS.iter().map(|k| k.kind).collect();
        return Err(ApiError::bad_request(
            "unsupported_kind",
            format!("Unknown meme kind; use one of: {}.", kinds.join(", ")),
        ));
    };
    if request.brand.is_some() && request.brand_profile.is_some() {
        return Err(ApiError::bad_request("conflicting_brand", "Send either `brand` or `brandProfile`, not both."));
    }
    let profile = request.brand_profile.map(BrandProfile::validated).transpose()?;
    Ok((Checked { input, language, kind, cost: i64::from(spec.credits), brand_key: None, profile }, request.brand))
}

/// Makes a meme for `caller`: validates, charges, generates, stores; refunds if generation fails.
pub async fn create(
    state: &AppState,
    caller: &Caller,
    request: MemeRequest,
    base_url: &str,
    reference: &str,
) -> Result<MemeResult, ApiError> {
    let (mut checked, brand) = check(request)?;
    if let Some(key) = brand {
        let key = key.trim().to_string();
        let registered = brands::get(&state.db, &key).await?.ok_or_else(|| {
            ApiError::bad_request("unknown_brand", "No registered brand has this key; see GET /api/agent/brands.")
        })?;
        if !registered.meme_mode {
            return Err(ApiError::Forbidden {
                code: "meme_mode_off",
                message: "This brand has switched memes off.".into(),
            });
        }
        checked.profile = Some(registered.profile);
        checked.brand_key = Some(registered.key);
    }
    let generator = state
        .plugins
        .resolve(SLOT, checked.brand_key.as_deref())
        .ok_or(ApiError::Unavailable { message: "No meme generator is active; retrying later is safe." })?;
    writes(&generator.manifest.languages, "meme", checked.language)?;
    if checked.profile.is_some() {
        let voice = state
            .plugins
            .resolve(VOICE_SLOT, checked.brand_key.as_deref())
            .ok_or(ApiError::Unavailable { message: "No brand-voice generator is active; retrying later is safe." })?;
        writes(&voice.manifest.languages, "brand-voice", checked.language)?;
    }

    let id = public_id();
    let plugin_request = WitRequest {
        task: "meme".into(),
        kind: Some(checked.kind.clone()),
        input: checked.input.clone(),
        language: checked.language.code.into(),
        seed: seed_of(&id),
        brand: checked.profile.as_ref().map(|p| WitBrand {
            key: checked.brand_key.clone().unwrap_or_else(|| ADHOC.into()),
            name: p.name.clone(),
            voice: p.voice.clone(),
            hashtag: p.hashtag.clone(),
            token: p.token.clone(),
        }),
        options: Vec::new(),
    };
    let (plugins, db, key_id) = (state.plugins.clone(), state.db.clone(), caller.key_id);
    let (brand_key, profile, kind, language, cost) =
        (checked.brand_key.clone(), checked.profile.clone(), checked.kind.clone(), checked.language, checked.cost);
    let meme_id = id.clone();
    let work = async move {
        let (mut content, _) =
            plugins.generate(SLOT, brand_key.as_deref(), &plugin_request).await.map_err(ApiError::from)?;
        if plugin_request.brand.is_some() {
            content = in_brand_voice(&plugins, brand_key.as_deref(), &plugin_request, content).await?;
        }
        let pictures = draw(&content, &kind, language, plugin_request.seed).await?;
        let title = content.title.clone();
        let mut tx = db.pool().begin().await?;
        sqlx::query(
            "INSERT INTO memes (id, api_key_id, brand_key, brand_name, kind, language, title, content, credits, created_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
        )
        .bind(&meme_id)
        .bind(key_id)
        .bind(brand_key.as_deref())
        .bind(profile.as_ref().map_or("", |p| p.name.as_str()))
        .bind(&kind)
        .bind(language.code)
        .bind(&title)
        .bind(content_json(&content).to_string())
        .bind(cost)
        .bind(now_ms())
        .execute(&mut *tx)
        .await?;
        for (position, picture) in (1i64..).zip(&pictures) {
            sqlx::query("INSERT INTO meme_images (meme_id, position, width, height, png) VALUES ($1, $2, $3, $4, $5)")
                .bind(&meme_id)
                .bind(position)
                .bind(i64::from(picture.width))
                .bind(i64::from(picture.height))
                .bind(picture.png.as_slice())
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok::<String, ApiError>(title)
    };
    let (title, charge) = credits::pay_for(&state.db, caller.key_id, checked.cost, "meme", reference, work).await?;
    // The spec gives carousels a PNG (the cover slide); the other kinds' pictures are on the page.
    let image_url = (checked.kind == "carousel").then(|| image_url(base_url, &id, 1));
    Ok(MemeResult {
        success: true,
        meme: MemeView { kind: checked.kind, url: format!("{base_url}/memes/{id}"), image_url, title },
        brand: match checked.profile {
            Some(p) => BrandView {
                key: checked.brand_key.unwrap_or_else(|| ADHOC.into()),
                name: p.name,
                hashtag: p.hashtag,
                token: p.token,
            },
            None => BrandView { key: String::new(), name: String::new(), hashtag: String::new(), token: String::new() },
        },
        credit_cost: checked.cost,
        credits_remaining: charge.balance_after,
    })
}

/// Refuses, before anything is charged, a language the active generator of `slot` cannot write.
fn writes(languages: &[String], slot: &str, language: &Language) -> Result<(), ApiError> {
    if languages.iter().any(|l| l == language.code) {
        return Ok(());
    }
    Err(ApiError::bad_request(
        "language_not_available",
        format!(
            "The active {slot} generator does not write {} yet; it writes: {}.",
            language.name,
            languages.join(", ")
        ),
    ))
}

/// The address of a meme's picture (1-based position).
pub fn image_url(base_url: &str, id: &str, position: usize) -> String {
    format!("{base_url}/memes/{id}/{position}.png")
}

/// `content` with its lines in the brand's voice and the brand's sign-off, from the brand-voice
/// generator. Its answer is untrusted like any plugin output: one line per row, or it failed.
async fn in_brand_voice(
    plugins: &Registry,
    brand_key: Option<&str>,
    request: &WitRequest,
    mut content: Content,
) -> Result<Content, ApiError> {
    if content.blocks.is_empty() {
        return Ok(content);
    }
    let rows: Vec<String> = content.blocks.iter().map(|b| b.text.replace(['\n', '\r'], " ")).collect();
    let asked = WitRequest { task: "voice".into(), kind: None, input: rows.join("\n"), ..request.clone() };
    let (voiced, _) = plugins.generate(VOICE_SLOT, brand_key, &asked).await?;
    let lines: Vec<_> = voiced.blocks.iter().filter(|b| b.role == "line").collect();
    if lines.len() != rows.len() {
        return Err(PluginError::InvalidOutput(format!(
            "the brand-voice generator answered {} lines for {} rows",
            lines.len(),
            rows.len()
        ))
        .into());
    }
    for (block, line) in content.blocks.iter_mut().zip(lines) {
        block.text.clone_from(&line.text);
    }
    content.blocks.extend(voiced.blocks.iter().filter(|b| b.role == "signoff").cloned());
    Ok(content)
}

/// The meme's pictures, rendered on a blocking thread (about 40 ms of CPU a card).
async fn draw(
    content: &Content,
    kind: &str,
    language: &'static Language,
    seed: u64,
) -> Result<Vec<card::Picture>, ApiError> {
    let blocks: Vec<(String, String)> = content.blocks.iter().map(|b| (b.role.clone(), b.text.clone())).collect();
    let kind = kind.to_string();
    tokio::task::spawn_blocking(move || {
        card::render(&card::Sheet {
            kind: &kind,
            language: language.code,
            rtl: language.direction == "rtl",
            blocks: blocks.iter().map(|(r, t)| (r.as_str(), t.as_str())).collect(),
            seed,
        })
    })
    .await
    .map_err(|e| ApiError::Internal(format!("render task: {e}")))?
    .map_err(|e| ApiError::Internal(format!("render: {e}")))
}

/// A stored meme, for its page.
pub struct Stored {
    pub id: String,
    pub kind: String,
    pub language: String,
    pub title: String,
    pub brand_name: String,
    pub content: serde_json::Value,
    /// How many pictures it has (one card, or a carousel's slides).
    pub pictures: i64,
}

/// The PNG of a meme's picture at `position` (1-based).
pub async fn image(state: &AppState, id: &str, position: i64) -> Result<Option<Vec<u8>>, sqlx::Error> {
    sqlx::query_scalar("SELECT png FROM meme_images WHERE meme_id = $1 AND position = $2")
        .bind(id)
        .bind(position)
        .fetch_optional(state.db.pool())
        .await
}

/// The meme with this id.
pub async fn get(state: &AppState, id: &str) -> Result<Option<Stored>, sqlx::Error> {
    let row = sqlx::query(
        "SELECT id, kind, language, title, brand_name, content, \
         (SELECT COUNT(*) FROM meme_images WHERE meme_id = memes.id) AS pictures FROM memes WHERE id = $1",
    )
    .bind(id)
    .fetch_optional(state.db.pool())
    .await?;
    row.map(|r| {
        Ok(Stored {
            id: r.try_get("id")?,
            kind: r.try_get("kind")?,
            language: r.try_get("language")?,
            title: r.try_get("title")?,
            brand_name: r.try_get("brand_name")?,
            content: serde_json::from_str(&r.try_get::<String, _>("content")?).unwrap_or_default(),
            pictures: r.try_get("pictures")?,
        })
    })
    .transpose()
}

/// The generator's seed, derived from the meme id so a meme can be regenerated identically.
pub fn seed_of(id: &str) -> u64 {
    id.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
}
