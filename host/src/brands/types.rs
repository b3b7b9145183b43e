//! What brand operations take and answer.

use serde::{Deserialize, Serialize};
use utoipa::openapi::schema::Object;
use utoipa::{IntoParams, ToSchema};

use super::{Brand, BrandProfile};
use crate::rules::BRAND_KEY;

/// A brand as agents see it. Absent bots are empty strings, as every field is a string.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BrandEntry {
    pub key: String,
    pub name: String,
    /// Ticker, e.g. `$ACME`.
    pub token: String,
    /// Hashtag, e.g. `#ACME`.
    pub hashtag: String,
    pub bot_username: String,
    pub telegram_url: String,
    /// False when the brand switched memes off (meme requests for it answer 403).
    pub meme_mode: bool,
}

impl From<Brand> for BrandEntry {
    fn from(b: Brand) -> Self {
        BrandEntry {
            telegram_url: b.telegram_url().unwrap_or_default(),
            key: b.key,
            name: b.profile.name,
            token: b.profile.token,
            hashtag: b.profile.hashtag,
            bot_username: b.bot_username.unwrap_or_default(),
            meme_mode: b.meme_mode,
        }
    }
}

/// How to describe an ad-hoc brand instead of naming a registered one.
#[derive(Debug, Serialize, ToSchema)]
pub struct CustomBrand {
    /// The request field: `brandProfile`.
    pub field: &'static str,
    /// Its fields and their formats.
    #[schema(value_type = Object)]
    pub shape: serde_json::Value,
}

/// Body of `GET /api/agent/brands`.
#[derive(Debug, Serialize, ToSchema)]
pub struct BrandList {
    pub success: bool,
    pub brands: Vec<BrandEntry>,
    pub custom: CustomBrand,
}

/// Body of brand creation.
#[derive(Debug, Deserialize, ToSchema, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct CreateBrand {
    #[schema(schema_with = new_key)]
    pub key: String,
    #[serde(flatten)]
    pub profile: BrandProfile,
    #[schema(schema_with = super::bot_schema)]
    pub bot_username: Option<String>,
}

fn new_key() -> Object {
    BRAND_KEY.schema("The new brand's key, as requests and routes name it")
}

/// The brand a route names (`{key}`).
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Path)]
pub struct BrandPath {
    #[param(schema_with = path_key)]
    pub key: String,
}

fn path_key() -> Object {
    BRAND_KEY.schema("A registered brand's key (any other answers 404)")
}

/// A brand after a change.
#[derive(Debug, Serialize, ToSchema)]
pub struct BrandResponse {
    pub success: bool,
    pub brand: BrandEntry,
}

/// Body of the meme-mode switch.
#[derive(Debug, Deserialize, ToSchema, schemars::JsonSchema)]
pub struct MemeMode {
    pub enabled: bool,
}
