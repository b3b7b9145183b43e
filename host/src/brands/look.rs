//! How a brand looks: its palette, typeface and logo, set by its admin (or an operator) and
//! applied to every picture drawn for the brand. Ad-hoc brands, and registered brands that set
//! no palette, get one derived from their name.

use std::sync::Arc;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::ctx::{Ctx, Services};
use crate::error::Error;
use crate::pages::PageLook;
use crate::render::fonts::Typeface;
use crate::render::logo::{Logo, Stamp};
use crate::render::style::{Palette, Style};
use crate::store::{self, brands};

/// A brand's look as stored and as admins set it.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema, schemars::JsonSchema)]
pub struct LookSettings {
    /// The backdrop's gradient and the accent; `null` derives them from the brand's name.
    #[serde(default)]
    pub palette: Option<Palette>,
    /// The typeface of Latin, Greek and Cyrillic text.
    #[serde(default)]
    pub typeface: Typeface,
}

/// A brand's look as answered.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BrandLook {
    pub success: bool,
    pub key: String,
    #[serde(flatten)]
    pub settings: LookSettings,
    /// The logo's media type (`image/png`, `image/svg+xml`), or null without one.
    pub logo: Option<String>,
}

/// Side of the square a logo is drawn into, in pixels.
pub const LOGO_SIDE: u32 = 120;

fn no_brand() -> Error {
    Error::NotFound { message: "No such brand.".into() }
}

async fn answer(ctx: &Ctx, key: &str) -> Result<BrandLook, Error> {
    let stored = brands::look(&ctx.db, key).await?.ok_or_else(no_brand)?;
    Ok(BrandLook {
        success: true,
        key: key.into(),
        settings: settings(stored.look.as_deref())?,
        logo: stored.logo.map(|(_, media_type)| media_type),
    })
}

/// Stored look JSON that does not parse is an error, never a default.
fn settings(json: Option<&str>) -> Result<LookSettings, Error> {
    json.map_or(Ok(LookSettings::default()), |json| {
        serde_json::from_str(json).map_err(|e| Error::internal(format!("stored brand look: {e}")))
    })
}

/// The brand's look (its admin, or an operator).
pub async fn get(ctx: &Ctx, key: &str) -> Result<BrandLook, Error> {
    ctx.caller.require_brand(key)?;
    answer(ctx, key).await
}

/// Sets the brand's palette and typeface (its admin, or an operator).
pub async fn set(ctx: &Ctx, key: &str, look: LookSettings) -> Result<BrandLook, Error> {
    ctx.caller.require_brand(key)?;
    if look.palette.as_ref().is_some_and(|p| !p.valid()) {
        return Err(Error::bad_request(
            "invalid_palette",
            "Palette colours are `#rrggbb`: `top`, `bottom` and `accent`.",
        ));
    }
    let json = serde_json::to_string(&look).map_err(Error::internal)?;
    if !brands::set_look(&ctx.db, key, &json).await? {
        return Err(no_brand());
    }
    answer(ctx, key).await
}

/// Sets the brand's logo from an upload of `media_type` (its admin, or an operator): a PNG is
/// re-encoded, an SVG that could run or fetch anything is refused. The blob is written before
/// the row names it; the logo it replaces is removed after.
pub async fn set_logo(ctx: &Ctx, key: &str, media_type: &str, bytes: &[u8]) -> Result<BrandLook, Error> {
    ctx.caller.require_brand(key)?;
    let logo = Logo::checked(media_type, bytes).map_err(|e| Error::bad_request("invalid_logo", e.to_string()))?;
    if brands::look(&ctx.db, key).await?.is_none() {
        return Err(no_brand());
    }
    let blob = format!("brands/{key}/logo-{}", &store::public_id());
    ctx.blobs.put(&blob, logo.bytes).await?;
    match brands::set_logo(&ctx.db, key, Some((&blob, logo.media_type))).await? {
        None => {
            let _ = ctx.blobs.delete(&blob).await;
            return Err(no_brand());
        }
        Some(Some(before)) => {
            let _ = ctx.blobs.delete(&before).await;
        }
        Some(None) => {}
    }
    answer(ctx, key).await
}

/// Removes the brand's logo (its admin, or an operator).
pub async fn remove_logo(ctx: &Ctx, key: &str) -> Result<BrandLook, Error> {
    ctx.caller.require_brand(key)?;
    match brands::set_logo(&ctx.db, key, None).await? {
        None => return Err(no_brand()),
        Some(Some(before)) => {
            let _ = ctx.blobs.delete(&before).await;
        }
        Some(None) => {}
    }
    answer(ctx, key).await
}

/// Brand `key`'s logo as stored (its bytes and media type), if it has one.
pub async fn logo(services: &Services, key: &str) -> Result<Option<(Vec<u8>, String)>, Error> {
    let Some((blob, media_type)) = brands::look(&services.db, key).await?.and_then(|l| l.logo) else {
        return Ok(None);
    };
    Ok(Some((crate::blobs::expect(services.blobs.as_ref(), &blob).await?, media_type)))
}

/// Where brand `key`'s logo is served, when it has one.
pub async fn logo_url(services: &Services, key: &str, base_url: &str) -> Result<Option<String>, Error> {
    let has_logo = brands::look(&services.db, key).await?.is_some_and(|l| l.logo.is_some());
    Ok(has_logo.then(|| format!("{base_url}/api/brands/{key}/logo")))
}

/// The look of a brand's pages (accent and typeface): a registered brand's (`key`), else an
/// ad-hoc brand's (`name` and the `palette` it was sent with, else the accent derived from its
/// name); none without a brand.
pub async fn page_look(
    services: &Services,
    key: Option<&str>,
    (name, palette): (&str, Option<&Palette>),
) -> Result<Option<PageLook>, Error> {
    match key {
        Some(key) => {
            let Some(brand) = super::get(&services.db, key).await? else { return Ok(None) };
            let stored = brands::look(&services.db, key).await?.unwrap_or_default();
            let look = settings(stored.look.as_deref())?;
            let style = Style::branded(&brand.profile.name, look.palette.as_ref(), look.typeface, None);
            Ok(Some(PageLook { accent: style.accent, typeface: style.typeface }))
        }
        None if !name.trim().is_empty() => {
            let accent = Style::branded(name, palette, Typeface::Sans, None).accent;
            Ok(Some(PageLook { accent, typeface: Typeface::Sans }))
        }
        None => Ok(None),
    }
}

/// The style pictures of a brand are drawn in: a registered brand's look (`key`), else the
/// palette derived from `name` (ad hoc).
pub async fn style(services: &Services, key: Option<&str>, name: &str) -> Result<Style, Error> {
    let Some(key) = key else { return Ok(Style::derived(name)) };
    let stored = brands::look(&services.db, key).await?.unwrap_or_default();
    let look = settings(stored.look.as_deref())?;
    let stamp = match stored.logo {
        Some((blob, media_type)) => {
            let bytes = crate::blobs::expect(services.blobs.as_ref(), &blob).await?;
            let logo = Logo {
                media_type: if media_type == crate::render::logo::SVG {
                    crate::render::logo::SVG
                } else {
                    crate::render::logo::PNG
                },
                bytes,
            };
            let pixels =
                services.renders.run(services.settings.picture_budget(), move |_| logo.pixels(LOGO_SIDE)).await?;
            Some(Stamp(Arc::new(pixels)))
        }
        None => None,
    };
    Ok(Style::branded(name, look.palette.as_ref(), look.typeface, stamp))
}
