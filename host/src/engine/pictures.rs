//! A page's pictures, drawn when first needed. A page is stored as soon as its words are
//! placed; its pictures are then drawn in the background, and whoever needs one before that (the
//! page opened in a browser, an MP4 render) draws it. Callers in one process wanting the same
//! picture share one drawing. What is drawn is kept under the keys the page's rows already name,
//! the lit picture before the plain one, so a plain picture present means both are.

use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex};

use tokio::sync::OnceCell;

use super::Page;
use crate::blobs::{self, BlobError};
use crate::brands;
use crate::ctx::Services;
use crate::error::Error;
use crate::languages;
use crate::render::pipeline::{Drawing, Sheets, boxes_of, shown};
use crate::render::style::Style;
use crate::store;

/// A beat's pictures as PNG: plain, and lit when its words are placed.
pub type Pair = (Vec<u8>, Option<Vec<u8>>);

/// One drawing under way, which later callers wait for instead of drawing again.
type Flight = Arc<OnceCell<Result<Pair, String>>>;

/// Drawings under way in this process, by the plain picture's blob key (unique per page).
static FLIGHTS: LazyLock<Mutex<HashMap<String, Flight>>> = LazyLock::new(Default::default);

/// Reads, or draws and keeps, the pictures of one page; its sheets are built once, on the first
/// picture it has to draw.
pub struct Painter<'a> {
    services: &'a Services,
    page: &'a Page,
    sheets: OnceCell<Arc<Sheets>>,
}

impl<'a> Painter<'a> {
    pub fn new(services: &'a Services, page: &'a Page) -> Painter<'a> {
        Painter { services, page, sheets: OnceCell::new() }
    }

    /// Picture `position` (0 the opening card, n beat n): plain, and lit when it has one.
    /// `None` when the page has no such picture.
    pub async fn picture(&self, position: i64) -> Result<Option<Pair>, Error> {
        let (services, page) = (self.services, self.page);
        let Some((plain_key, lit_key)) = store::engine::frame(&services.db, &page.id, position).await? else {
            return Ok(None);
        };
        if let Some(plain) = services.blobs.get(&plain_key).await? {
            let lit = match &lit_key {
                Some(key) => Some(blobs::expect(services.blobs.as_ref(), key).await?),
                None => None,
            };
            return Ok(Some((plain, lit)));
        }
        // Pages made before pictures were drawn later have no way to draw a lost one.
        let Some(drawing) = &page.drawing else { return Err(BlobError::Missing(plain_key).into()) };
        let flight = FLIGHTS
            .lock()
            .map_err(|_| Error::internal("drawings poisoned"))?
            .entry(plain_key.clone())
            .or_default()
            .clone();
        let drawn = flight.get_or_init(|| self.draw(drawing, position, &plain_key, lit_key.as_deref())).await.clone();
        if let Ok(mut flights) = FLIGHTS.lock()
            && flights.get(&plain_key).is_some_and(|f| Arc::ptr_eq(f, &flight))
        {
            flights.remove(&plain_key);
        }
        drawn.map(Some).map_err(Error::Internal)
    }

    /// Every picture of the page, the opening card first (`None` for pages made before opening
    /// cards), drawn side by side where they must be.
    pub async fn all(&self) -> Result<(Option<Vec<u8>>, Vec<Pair>), Error> {
        let beats = (1..=self.page.beats.len() as i64).map(|position| async move {
            self.picture(position).await?.ok_or_else(|| Error::internal(format!("beat {position} has no picture")))
        });
        let (opening, beats) = tokio::try_join!(self.picture(0), futures::future::try_join_all(beats))?;
        Ok((opening.map(|(plain, _)| plain), beats))
    }

    async fn draw(
        &self,
        drawing: &Drawing,
        position: i64,
        plain_key: &str,
        lit_key: Option<&str>,
    ) -> Result<Pair, String> {
        let services = self.services;
        let sheets =
            self.sheets.get_or_try_init(|| sheets(services, self.page, drawing)).await.map_err(|e| e.to_string())?;
        let boxes =
            usize::try_from(position - 1).ok().and_then(|i| self.page.beats.get(i)).map(boxes_of).unwrap_or_default();
        let pictures = sheets.draw(services, position as usize, boxes).await.map_err(|e| e.to_string())?;
        if let (Some(key), Some(png)) = (lit_key, &pictures.lit) {
            services.blobs.put(key, png.clone()).await.map_err(|e| e.to_string())?;
        }
        services.blobs.put(plain_key, pictures.plain.clone()).await.map_err(|e| e.to_string())?;
        Ok((pictures.plain, pictures.lit))
    }
}

/// The sheets a page's pictures are drawn from: its brand's look as it is now (a brand that is
/// gone leaves the page's own palette), in the typeface its words were placed in.
async fn sheets(services: &Services, page: &Page, drawing: &Drawing) -> Result<Arc<Sheets>, Error> {
    let language = languages::find(&page.language).ok_or_else(|| Error::internal("the page's language is unknown"))?;
    let brand = match &page.brand {
        Some(key) => brands::get(&services.db, key).await?.map(|brand| (key, brand)),
        None => None,
    };
    let mut style = match brand {
        Some((key, brand)) => brands::look::style(services, Some(key), &brand.profile.name).await?,
        None => Style::seeded(drawing.seed),
    };
    style.typeface = drawing.typeface;
    let texts = shown(&page.beats, page.captioned);
    Ok(Arc::new(Sheets::new(texts, &drawing.title, language, style, drawing.seed)))
}

/// Draws the pictures of page `id` in the background, so they are ready by the time the page is
/// opened or rendered; a failure is only logged (the picture is drawn again when asked for).
pub fn draw_soon(services: &Services, id: &str) {
    let (services, id) = (services.clone(), id.to_string());
    tokio::spawn(async move {
        let drawn = async {
            let page = store::engine::get(&services.db, &id).await?.ok_or_else(|| Error::internal("no such page"))?;
            Painter::new(&services, &page).all().await.map(drop)
        };
        if let Err(e) = drawn.await {
            tracing::warn!(page = %id, error = %e, "could not draw a page's pictures ahead");
        }
    });
}
