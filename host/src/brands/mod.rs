//! Brands: registered brands (name, voice, hashtag, token, bot) with their meme mode, the
//! validation shared with ad-hoc `brandProfile`s, and the operations the brand routes, the
//! admin API and `asset-host brands` all call.

pub mod bot;
pub mod look;
pub mod routes;
pub mod types;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa::openapi::schema::Object;

use crate::ctx::Ctx;
use crate::error::Error;
use crate::rules::{self, BRAND_KEY, Text};
use crate::store::{Db, brands, is_unique_violation};

/// A brand's display name.
pub static NAME: Text = Text::new(1, 60, Some(rules::LINE), ", not blank, without control characters");
/// How a brand speaks: lines of text.
pub static VOICE: Text =
    Text::new(0, 300, Some(r"^[^\x00-\x09\x0B-\x1F\x7F-\x9F]*$"), ", without control characters but line breaks");
/// A brand's hashtag: `#` and a tag of letters, digits, `_` and other non-ASCII characters.
pub static HASHTAG: Text = Text::new(
    2,
    31,
    Some(concat!("^#[^", rules::whitespace!(), rules::controls!(), r"!-/:-@\[-^`{-~", "]+$")),
    ": `#`, then no spaces, control characters or ASCII punctuation but `_`",
);
/// A brand's ticker: `$` and capital letters or digits.
/// Empty for a brand without one (a bakery has no ticker).
pub static TOKEN: Text =
    Text::new(0, 11, Some(r"^(\$[A-Z0-9]{1,10})?$"), ": empty, or `$` then capital letters or digits");
/// What a palette's colours are (checked by `Palette::valid`; the rule explains it).
pub static PALETTE: Text =
    Text::new(0, u64::MAX, None, ": `top`, `bottom` and `accent`, each a colour written `#rrggbb`");
/// A brand bot's username.
pub static BOT: Text = Text::new(3, 32, Some("^[A-Za-z0-9_]*$"), " of A-Z, a-z, 0-9 and _");

/// A brand's voice as generators receive it (registered or ad hoc).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema, schemars::JsonSchema)]
pub struct BrandProfile {
    #[schema(schema_with = name_schema)]
    pub name: String,
    #[serde(default)]
    #[schema(schema_with = voice_schema)]
    pub voice: String,
    #[schema(schema_with = hashtag_schema)]
    pub hashtag: String,
    #[schema(schema_with = token_schema)]
    pub token: String,
    /// The brand's colours on every picture drawn for it (`#rrggbb`: the backdrop's gradient
    /// and the accent); derived from its name when absent. A registered brand keeps it as its
    /// look (`PUT /api/agent/brands/{key}/look` changes it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub palette: Option<crate::render::style::Palette>,
}

pub(crate) fn name_schema() -> Object {
    NAME.schema("Display name (surrounding spaces are trimmed)")
}

pub(crate) fn voice_schema() -> Object {
    VOICE.schema("How the brand speaks, in words generators read, e.g. `bold, playful`")
}

pub(crate) fn hashtag_schema() -> Object {
    HASHTAG.schema("Hashtag, e.g. `#ACME`")
}

pub(crate) fn token_schema() -> Object {
    TOKEN.schema("Ticker, e.g. `$ACME`; empty for a brand without a token")
}

/// Why a brand field was refused: the field and its rule.
#[derive(Debug, Clone, Copy)]
pub struct Invalid {
    pub field: &'static str,
    pub rule: &'static Text,
}

impl From<Invalid> for Error {
    fn from(e: Invalid) -> Self {
        Error::bad_request("invalid_brand", format!("`{}` must be {}.", e.field, e.rule.explain()))
    }
}

/// `value` of `field` if it follows `rule`.
fn checked(field: &'static str, rule: &'static Text, value: &str) -> Result<(), Invalid> {
    if rule.check(value) { Ok(()) } else { Err(Invalid { field, rule }) }
}

impl BrandProfile {
    /// Checks every field as sent, then trims the free text ones.
    pub fn validated(self) -> Result<BrandProfile, Invalid> {
        checked("name", &NAME, &self.name)?;
        checked("voice", &VOICE, &self.voice)?;
        checked("hashtag", &HASHTAG, &self.hashtag)?;
        checked("token", &TOKEN, &self.token)?;
        if self.palette.as_ref().is_some_and(|p| !p.valid()) {
            return Err(Invalid { field: "palette", rule: &PALETTE });
        }
        Ok(BrandProfile { name: self.name.trim().to_string(), voice: self.voice.trim().to_string(), ..self })
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

/// Checks a brand key wherever one is named (`field`: how the request names it).
pub fn check_key(field: &'static str, key: &str) -> Result<(), Invalid> {
    checked(field, &BRAND_KEY, key)
}

fn check_bot(bot: Option<&str>) -> Result<(), Invalid> {
    bot.map_or(Ok(()), |bot| checked("botUsername", &BOT, bot))
}

/// Registers a brand.
pub async fn create(
    db: &Db,
    key: &str,
    profile: BrandProfile,
    bot_username: Option<String>,
) -> Result<Brand, BrandError> {
    check_key("key", key)?;
    check_bot(bot_username.as_deref())?;
    let profile = profile.validated()?;
    let look =
        profile.palette.clone().map(|palette| look::LookSettings { palette: Some(palette), ..Default::default() });
    let look = look.and_then(|l| serde_json::to_string(&l).ok());
    let fields = brands::Fields { look: look.as_deref(), ..fields(&profile, bot_username.as_deref()) };
    match brands::insert(db, key, &fields).await {
        Err(e) if is_unique_violation(&e) => Err(BrandError::Exists),
        Err(e) => Err(e.into()),
        Ok(()) => get(db, key).await?.ok_or(BrandError::NotFound),
    }
}

/// Makes sure a brand exists (for brand-admin keys made before the brand was described):
/// an absent brand is created with a name, hashtag and token derived from its key.
pub async fn ensure(db: &Db, key: &str) -> Result<(), BrandError> {
    check_key("key", key)?;
    match create(db, key, derived_profile(key), None).await {
        Ok(_) | Err(BrandError::Exists) => Ok(()),
        Err(e) => Err(e),
    }
}

/// The profile [`ensure`] gives a brand it creates: name, hashtag and token from its key.
pub fn derived_profile(key: &str) -> BrandProfile {
    let mut letters: String = key.chars().filter(char::is_ascii_alphanumeric).collect::<String>().to_uppercase();
    // A key of dashes alone (`--` is a valid key) leaves nothing for the hashtag and token,
    // which need a character after `#` and `$`.
    if letters.is_empty() {
        letters = "BRAND".into();
    }
    BrandProfile {
        name: key.to_string(),
        voice: String::new(),
        // A key has up to 32 characters, a hashtag 31 with its `#`, a token 11 with its `$`.
        hashtag: format!("#{}", letters.chars().take(30).collect::<String>()),
        token: format!("${}", letters.chars().take(10).collect::<String>()),
        palette: None,
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
        palette: None,
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
    #[schema(schema_with = changed_name)]
    pub name: Option<String>,
    #[schema(schema_with = changed_voice)]
    pub voice: Option<String>,
    #[schema(schema_with = changed_hashtag)]
    pub hashtag: Option<String>,
    #[schema(schema_with = changed_token)]
    pub token: Option<String>,
    #[serde(default, deserialize_with = "present")]
    #[schema(schema_with = bot_schema)]
    #[schemars(with = "Option<String>")]
    pub bot_username: Option<Option<String>>,
}

fn changed_name() -> Object {
    NAME.nullable("New display name; absent or null keeps it")
}

fn changed_voice() -> Object {
    VOICE.nullable("New voice; absent or null keeps it")
}

fn changed_hashtag() -> Object {
    HASHTAG.nullable("New hashtag; absent or null keeps it")
}

fn changed_token() -> Object {
    TOKEN.nullable("New ticker; absent or null keeps it")
}

/// The brand bot's username (the `t.me` link's name); `null` for none.
pub fn bot_schema() -> Object {
    BOT.nullable("The brand bot's Telegram username; null for none")
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
        look: None,
    }
}

impl From<brands::Stored> for Brand {
    fn from(row: brands::Stored) -> Self {
        Brand {
            key: row.key,
            profile: BrandProfile {
                name: row.name,
                voice: row.voice,
                hashtag: row.hashtag,
                token: row.token,
                palette: None,
            },
            bot_username: row.bot_username,
            meme_mode: row.meme_mode,
        }
    }
}

/// One brand.
pub async fn get(db: &Db, key: &str) -> Result<Option<Brand>, sqlx::Error> {
    Ok(brands::get(db, key).await?.map(Brand::from))
}

/// The registered brand a request names in `brand`, or 400 `unknown_brand`.
pub async fn registered(db: &Db, key: &str) -> Result<Brand, Error> {
    check_key("brand", key)?;
    get(db, key).await?.ok_or_else(|| {
        Error::bad_request("unknown_brand", "No registered brand has this key; see GET /api/agent/brands.")
    })
}

/// Whose voice a meme or post is written in: a registered brand (its key) or an ad-hoc profile.
#[derive(Clone, Debug)]
pub struct Speaker {
    /// The registered brand's key; `None` for an ad-hoc `brandProfile`.
    pub key: Option<String>,
    pub profile: BrandProfile,
}

/// The brand a request writes for, by the meme rules: at most one of `brand` (a registered
/// brand, 403 `meme_mode_off` when its admin switched the mode off) and `brandProfile` (always
/// allowed); `None` when neither is sent. Every refusal comes before any charge.
pub async fn speaker(db: &Db, brand: Option<String>, profile: Option<BrandProfile>) -> Result<Option<Speaker>, Error> {
    match (brand, profile) {
        (Some(_), Some(_)) => {
            Err(Error::bad_request("conflicting_brand", "Send either `brand` or `brandProfile`, not both."))
        }
        (Some(key), None) => {
            let registered = registered(db, &key).await?;
            if !registered.meme_mode {
                return Err(Error::Forbidden {
                    code: "meme_mode_off",
                    message: "This brand has switched this mode off.".into(),
                });
            }
            Ok(Some(Speaker { key: Some(registered.key), profile: registered.profile }))
        }
        (None, Some(profile)) => Ok(Some(Speaker { key: None, profile: profile.validated()? })),
        (None, None) => Ok(None),
    }
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

    #[test]
    fn every_valid_key_derives_a_valid_profile() {
        // Found by the brand_profile fuzz target: `--` derived `#` and `$`, a key of 31 or 32
        // letters and digits a hashtag over 31 characters.
        for key in ["--", "a-", "-1", &"x".repeat(32), &"7".repeat(31), "acme"] {
            assert!(check_key("key", key).is_ok(), "{key}");
            let profile = derived_profile(key);
            assert!(profile.clone().validated().is_ok(), "{key}: {profile:?}");
        }
        assert_eq!(derived_profile("acme-2").hashtag, "#ACME2");
        assert_eq!(derived_profile("--").token, "$BRAND");
    }

    fn profile(name: &str, hashtag: &str, token: &str) -> BrandProfile {
        BrandProfile {
            name: name.into(),
            voice: "Bold and brief.".into(),
            hashtag: hashtag.into(),
            token: token.into(),
            palette: None,
        }
    }

    #[test]
    fn profiles_are_checked_field_by_field_as_sent_then_trimmed() {
        let ok = profile("  Acme ", "#ACME_1", "$ACME").validated().unwrap();
        assert_eq!((ok.name.as_str(), ok.hashtag.as_str(), ok.token.as_str()), ("Acme", "#ACME_1", "$ACME"));
        assert!(profile("Ünïcode ☕", "#café", "$C0FFEE").validated().is_ok());
        assert!(profile(&"x".repeat(60), &format!("#{}", "日".repeat(30)), "$ABCDEFGHIJ").validated().is_ok());
        for (bad, field) in [
            (profile("", "#A", "$A"), "name"),
            (profile("   ", "#A", "$A"), "name"),
            (profile("a\tb", "#A", "$A"), "name"),
            (profile(&"x".repeat(61), "#A", "$A"), "name"),
            (profile("A", "ACME", "$A"), "hashtag"),
            (profile("A", "#", "$A"), "hashtag"),
            (profile("A", " #A", "$A"), "hashtag"),
            (profile("A", "#two words", "$A"), "hashtag"),
            (profile("A", "#a-b", "$A"), "hashtag"),
            (profile("A", &format!("#{}", "a".repeat(31)), "$A"), "hashtag"),
            (profile("A", "#A", "ACME"), "token"),
            (profile("A", "#A", "$acme"), "token"),
            (profile("A", "#A", "$TOOLONGTICKER"), "token"),
        ] {
            assert_eq!(bad.validated().unwrap_err().field, field);
        }
        let mut long_voice = profile("A", "#A", "$A");
        long_voice.voice = "v".repeat(301);
        assert_eq!(long_voice.clone().validated().unwrap_err().field, "voice");
        long_voice.voice = "Bold.\nBrief.".into();
        assert!(long_voice.validated().is_ok(), "a voice may have lines");
        for rule in [&NAME, &VOICE, &HASHTAG, &TOKEN, &BOT] {
            assert!(rule.pattern.as_ref().is_some_and(rules::Pattern::compiles), "{rule:?}");
        }
    }
}
