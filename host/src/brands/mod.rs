//! Brands: registered brands (name, voice, hashtag, token, bot) with their meme mode, the
//! validation shared with ad-hoc `brandProfile`s, and the operations the brand routes, the
//! admin API and `asset-host brands` all call.

pub mod routes;
pub mod types;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::ctx::Ctx;
use crate::error::Error;
use crate::store::{Db, brands, is_unique_violation};

/// A brand's voice as generators receive it (registered or ad hoc).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema, schemars::JsonSchema)]
pub struct BrandProfile {
    /// Display name, 1–60 characters.
    pub name: String,
    /// How the brand speaks, at most 300 characters.
    #[serde(default)]
    pub voice: String,
    /// `#TAG`: `#` and 1–30 letters, digits or `_`.
    pub hashtag: String,
    /// `$TICKER`: `$` and 1–10 capital letters or digits.
    pub token: String,
}

/// Why a brand field was refused: the field and the rule.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Invalid {
    pub field: &'static str,
    pub rule: &'static str,
}

impl From<Invalid> for Error {
    fn from(e: Invalid) -> Self {
        Error::bad_request("invalid_brand", format!("`{}` {}", e.field, e.rule))
    }
}

impl BrandProfile {
    /// Trims every field and checks it.
    pub fn validated(self) -> Result<BrandProfile, Invalid> {
        let profile = BrandProfile {
            name: self.name.trim().to_string(),
            voice: self.voice.trim().to_string(),
            hashtag: self.hashtag.trim().to_string(),
            token: self.token.trim().to_string(),
        };
        let count = |s: &str| s.chars().count();
        if !(1..=60).contains(&count(&profile.name)) || profile.name.chars().any(char::is_control) {
            return Err(Invalid { field: "name", rule: "must be 1 to 60 characters" });
        }
        if count(&profile.voice) > 300 || profile.voice.chars().any(|c| c.is_control() && c != '\n') {
            return Err(Invalid { field: "voice", rule: "must be at most 300 characters" });
        }
        let tag = profile.hashtag.strip_prefix('#').unwrap_or("");
        if !(1..=30).contains(&count(tag)) || !tag.chars().all(|c| c.is_alphanumeric() || c == '_') {
            return Err(Invalid { field: "hashtag", rule: "must look like #TAG (1 to 30 letters, digits or _)" });
        }
        let ticker = profile.token.strip_prefix('$').unwrap_or("");
        if !(1..=10).contains(&ticker.len()) || !ticker.bytes().all(|b| b.is_ascii_uppercase() || b.is_ascii_digit()) {
            return Err(Invalid { field: "token", rule: "must look like $TICKER (1 to 10 capital letters or digits)" });
        }
        Ok(profile)
    }
}

/// A registered brand.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Brand {
    pub key: String,
    #[serde(flatten)]
    pub profile: BrandProfile,
    pub bot_username: Option<String>,
    /// False when the brand's admin switched meme generation off.
    pub meme_mode: bool,
}

impl Brand {
    /// The brand bot's link, when it has a bot.
    pub fn telegram_url(&self) -> Option<String> {
        self.bot_username.as_ref().map(|bot| format!("https://t.me/{bot}"))
    }
}

/// Why a brand operation did not happen.
#[derive(Debug)]
pub enum BrandError {
    Invalid(Invalid),
    NotFound,
    Exists,
    Db(sqlx::Error),
}

impl From<sqlx::Error> for BrandError {
    fn from(e: sqlx::Error) -> Self {
        BrandError::Db(e)
    }
}

impl From<Invalid> for BrandError {
    fn from(e: Invalid) -> Self {
        BrandError::Invalid(e)
    }
}

impl From<BrandError> for Error {
    fn from(e: BrandError) -> Self {
        match e {
            BrandError::Invalid(invalid) => invalid.into(),
            BrandError::NotFound => Error::NotFound { message: "No such brand.".into() },
            BrandError::Exists => {
                Error::Conflict { code: "brand_exists", message: "A brand with this key already exists.".into() }
            }
            BrandError::Db(e) => e.into(),
        }
    }
}

fn check_key(key: &str) -> Result<(), Invalid> {
    let ok =
        (2..=32).contains(&key.len()) && key.bytes().all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
    if ok { Ok(()) } else { Err(Invalid { field: "key", rule: "must be 2 to 32 of a-z, 0-9 and -" }) }
}

fn check_bot(bot: Option<&str>) -> Result<(), Invalid> {
    match bot {
        Some(b) if !(3..=32).contains(&b.len()) || !b.bytes().all(|c| c.is_ascii_alphanumeric() || c == b'_') => {
            Err(Invalid { field: "botUsername", rule: "must be 3 to 32 of A-Z, a-z, 0-9 and _" })
        }
        _ => Ok(()),
    }
}

/// Registers a brand.
pub async fn create(
    db: &Db,
    key: &str,
    profile: BrandProfile,
    bot_username: Option<String>,
) -> Result<Brand, BrandError> {
    check_key(key)?;
    check_bot(bot_username.as_deref())?;
    let profile = profile.validated()?;
    match brands::insert(db, key, &fields(&profile, bot_username.as_deref())).await {
        Err(e) if is_unique_violation(&e) => Err(BrandError::Exists),
        Err(e) => Err(e.into()),
        Ok(()) => get(db, key).await?.ok_or(BrandError::NotFound),
    }
}

/// Makes sure a brand exists (for brand-admin keys made before the brand was described):
/// an absent brand is created with a name, hashtag and token derived from its key.
pub async fn ensure(db: &Db, key: &str) -> Result<(), BrandError> {
    check_key(key)?;
    let letters: String = key.chars().filter(char::is_ascii_alphanumeric).collect::<String>().to_uppercase();
    let profile = BrandProfile {
        name: key.to_string(),
        voice: String::new(),
        hashtag: format!("#{letters}"),
        token: format!("${}", letters.chars().take(10).collect::<String>()),
    };
    match create(db, key, profile, None).await {
        Ok(_) | Err(BrandError::Exists) => Ok(()),
        Err(e) => Err(e),
    }
}

/// Changes a brand's description; `None` fields stay as they are.
pub async fn update(db: &Db, key: &str, changes: BrandChanges) -> Result<Brand, BrandError> {
    let current = get(db, key).await?.ok_or(BrandError::NotFound)?;
    let profile = BrandProfile {
        name: changes.name.unwrap_or(current.profile.name),
        voice: changes.voice.unwrap_or(current.profile.voice),
        hashtag: changes.hashtag.unwrap_or(current.profile.hashtag),
        token: changes.token.unwrap_or(current.profile.token),
    }
    .validated()?;
    let bot = changes.bot_username.unwrap_or(current.bot_username);
    check_bot(bot.as_deref())?;
    brands::update(db, key, &fields(&profile, bot.as_deref())).await?;
    get(db, key).await?.ok_or(BrandError::NotFound)
}

/// A partial change of a brand (`botUsername: null` removes the bot).
#[derive(Debug, Default, Deserialize, ToSchema, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct BrandChanges {
    pub name: Option<String>,
    pub voice: Option<String>,
    pub hashtag: Option<String>,
    pub token: Option<String>,
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>)]
    #[schemars(with = "Option<String>")]
    pub bot_username: Option<Option<String>>,
}

/// Tells "absent" (`None`) from "null" (`Some(None)`).
fn present<'de, D: serde::Deserializer<'de>>(d: D) -> Result<Option<Option<String>>, D::Error> {
    Option::<String>::deserialize(d).map(Some)
}

/// Switches meme generation for a brand on or off.
pub async fn set_meme_mode(db: &Db, key: &str, enabled: bool) -> Result<Brand, BrandError> {
    if !brands::set_meme_mode(db, key, enabled).await? {
        return Err(BrandError::NotFound);
    }
    get(db, key).await?.ok_or(BrandError::NotFound)
}

/// The columns to write for `profile` and `bot_username`.
fn fields<'a>(profile: &'a BrandProfile, bot_username: Option<&'a str>) -> brands::Fields<'a> {
    brands::Fields {
        name: &profile.name,
        voice: &profile.voice,
        hashtag: &profile.hashtag,
        token: &profile.token,
        bot_username,
    }
}

impl From<brands::Stored> for Brand {
    fn from(row: brands::Stored) -> Self {
        Brand {
            key: row.key,
            profile: BrandProfile { name: row.name, voice: row.voice, hashtag: row.hashtag, token: row.token },
            bot_username: row.bot_username,
            meme_mode: row.meme_mode,
        }
    }
}

/// One brand.
pub async fn get(db: &Db, key: &str) -> Result<Option<Brand>, sqlx::Error> {
    Ok(brands::get(db, key).await?.map(Brand::from))
}

/// Every brand, by key.
pub async fn list(db: &Db) -> Result<Vec<Brand>, sqlx::Error> {
    Ok(brands::list(db).await?.into_iter().map(Brand::from).collect())
}

/// Registered brands as agents see them, and the shape of an ad-hoc `brandProfile`.
pub async fn agents_list(ctx: &Ctx) -> Result<types::BrandList, Error> {
    let brands = list(&ctx.db).await?.into_iter().map(types::BrandEntry::from).collect();
    let shape = serde_json::json!({ "name": "string", "voice": "string", "hashtag": "#TAG", "token": "$TICKER" });
    Ok(types::BrandList { success: true, brands, custom: types::CustomBrand { field: "brandProfile", shape } })
}

/// Registers a brand (operators only).
pub async fn register(ctx: &Ctx, body: types::CreateBrand) -> Result<types::BrandResponse, Error> {
    ctx.caller.require_operator("Only operators manage brands.")?;
    let brand = create(&ctx.db, &body.key, body.profile, body.bot_username).await?;
    Ok(types::BrandResponse { success: true, brand: brand.into() })
}

/// Edits a brand (operators only).
pub async fn edit(ctx: &Ctx, key: &str, changes: BrandChanges) -> Result<types::BrandResponse, Error> {
    ctx.caller.require_operator("Only operators manage brands.")?;
    let brand = update(&ctx.db, key, changes).await?;
    Ok(types::BrandResponse { success: true, brand: brand.into() })
}

/// Switches a brand's meme mode (its brand admin, or an operator).
pub async fn switch_meme_mode(ctx: &Ctx, key: &str, body: types::MemeMode) -> Result<types::BrandResponse, Error> {
    ctx.caller.require_brand(key)?;
    let brand = set_meme_mode(&ctx.db, key, body.enabled).await?;
    Ok(types::BrandResponse { success: true, brand: brand.into() })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn profile(name: &str, hashtag: &str, token: &str) -> BrandProfile {
        BrandProfile {
            name: name.into(),
            voice: "Bold and brief.".into(),
            hashtag: hashtag.into(),
            token: token.into(),
        }
    }

    #[test]
    fn profiles_are_trimmed_and_checked_field_by_field() {
        let ok = profile("  Acme ", " #ACME_1 ", "$ACME").validated().unwrap();
        assert_eq!((ok.name.as_str(), ok.hashtag.as_str(), ok.token.as_str()), ("Acme", "#ACME_1", "$ACME"));
        assert!(profile("Ünïcode ☕", "#café", "$C0FFEE").validated().is_ok());
        for (bad, field) in [
            (profile("", "#A", "$A"), "name"),
            (profile(&"x".repeat(61), "#A", "$A"), "name"),
            (profile("A", "ACME", "$A"), "hashtag"),
            (profile("A", "#", "$A"), "hashtag"),
            (profile("A", "#two words", "$A"), "hashtag"),
            (profile("A", "#A", "ACME"), "token"),
            (profile("A", "#A", "$acme"), "token"),
            (profile("A", "#A", "$TOOLONGTICKER"), "token"),
        ] {
            assert_eq!(bad.validated().unwrap_err().field, field);
        }
        let mut long_voice = profile("A", "#A", "$A");
        long_voice.voice = "v".repeat(301);
        assert_eq!(long_voice.validated().unwrap_err().field, "voice");
    }
}
