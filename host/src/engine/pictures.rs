//! A page's pictures, drawn when first needed. A page is stored as soon as its words are
//! placed; its pictures are then drawn in the background, and whoever needs one before that (the
//! page opened in a browser, an MP4 render) draws it. Callers in one process wanting the same
//! picture share one drawing. What is drawn is kept under the keys the page's rows already name,
//! the lit picture before the plain one, so a plain picture present means both are.

use std::sync::{Arc, LazyLock};

use tokio::sync::OnceCell;

use super::Page;
use crate::aspect::Aspect;
use crate::blobs::kept::Flights;
use crate::blobs::{self, BlobError};
use crate::brands;
use crate::caption_style::CaptionStyle;
use crate::cpu::Lane;
use crate::ctx::Services;
use crate::error::Error;
use crate::languages;
use crate::pipeline::{Drawing, Sheets, Words, boxes_of, shown};
use crate::render::style::Style;
use crate::store;

/// A beat's pictures as PNG: plain, and lit when its words are placed.
pub type Pair = (Vec<u8>, Option<Vec<u8>>);

/// Where each word of a beat landed in its pictures: a box per line it is on.
pub type Boxes = Vec<Vec<[u32; 4]>>;

/// A picture of a video: plain, lit, and where its words are.
#[derive(Clone)]
pub struct Shot {
    pub plain: Vec<u8>,
    pub lit: Option<Vec<u8>>,
    pub boxes: Boxes,
}

/// Drawings under way in this process, by the plain picture's blob key (unique per page).
static FLIGHTS: LazyLock<Flights<Result<Pair, Error>>> = LazyLock::new(Flights::default);
/// Drawings done ahead of a page's first view, kept apart: a request never waits on work at the
/// lowest priority (nor inherits its failure); it draws its own copy if it comes first.
static AHEAD: LazyLock<Flights<Result<Pair, Error>>> = LazyLock::new(Flights::default);
/// The same for pictures in another shape.
static SHAPED: LazyLock<Flights<Result<Shot, Error>>> = LazyLock::new(Flights::default);

/// Reads, or draws and keeps, the pictures of one page. The page is read from the store only if
/// a picture has to be drawn, and its sheets are built once, on the first such picture.
pub struct Painter<'a> {
    services: &'a Services,
    id: &'a str,
    /// The page, when the caller has read it already.
    given: Option<&'a Page>,
    loaded: OnceCell<Page>,
    sheets: OnceCell<Arc<Sheets>>,
    /// The shape it draws in: the page's own 9:16 unless told.
    aspect: Aspect,
    /// How its lit pictures mark the words: the page's own style unless told.
    caption: Option<CaptionStyle>,
    /// Who waits for the pictures: a request, or nobody yet ([`draw_soon`]).
    lane: Lane,
}

impl<'a> Painter<'a> {
    /// The painter of page `id`.
    pub fn new(services: &'a Services, id: &'a str) -> Painter<'a> {
        let (loaded, sheets) = (OnceCell::new(), OnceCell::new());
        Painter { services, id, given: None, loaded, sheets, aspect: Aspect::Tall, caption: None, lane: Lane::Waited }
    }

    /// The painter drawing in `aspect`, its words lit in `caption`'s style (the page's own when
    /// `None`).
    pub fn shaped(self, aspect: Aspect, caption: Option<CaptionStyle>) -> Painter<'a> {
        Painter { aspect, caption, ..self }
    }

    /// The style the painter lights words in.
    pub fn caption_of(&self, page: &Page) -> CaptionStyle {
        self.caption.or(page.drawing.as_ref().map(|d| d.caption)).unwrap_or_default()
    }

    /// The painter of a page already read.
    pub fn of(services: &'a Services, page: &'a Page) -> Painter<'a> {
        Painter { given: Some(page), ..Painter::new(services, &page.id) }
    }

    async fn page(&self) -> Result<&Page, Error> {
        if let Some(page) = self.given {
            return Ok(page);
        }
        let read = || async {
            store::engine::get(&self.services.db, self.id).await?.ok_or_else(|| Error::internal("the page is gone"))
        };
        self.loaded.get_or_try_init(read).await
    }

    /// Picture `position` (0 the opening card, n beat n): plain, and lit when it has one.
    /// `None` when the page has no such picture.
    pub async fn picture(&self, position: i64) -> Result<Option<Pair>, Error> {
        match store::engine::frame(&self.services.db, self.id, position).await? {
            Some(keys) => Ok(Some(self.read_or_draw(position, keys).await?)),
            None => Ok(None),
        }
    }

    /// Every picture of the page: the opening card (`None` for pages made before opening
    /// cards) and each beat's, drawn side by side where they must be.
    pub async fn all(&self) -> Result<(Option<Vec<u8>>, Vec<Pair>), Error> {
        let (frames, page) = tokio::try_join!(
            async { Ok::<_, Error>(store::engine::frames(&self.services.db, self.id).await?) },
            self.page()
        )?;
        let pictures = frames.into_iter().map(|(position, keys)| async move {
            Ok::<_, Error>((position, self.read_or_draw(position, keys).await?))
        });
        let mut beats = futures::future::try_join_all(pictures).await?;
        let opening = match beats.first() {
            Some((0, _)) => Some(beats.remove(0).1.0),
            _ => None,
        };
        if beats.len() != page.beats.len() {
            return Err(Error::internal(format!("{} of {} beats have a picture", beats.len(), page.beats.len())));
        }
        Ok((opening, beats.into_iter().map(|(_, pair)| pair).collect()))
    }

    /// A video's pictures in the painter's shape: the opening card (`None` for pages made
    /// before opening cards) and each beat's with where its words are.
    pub async fn shots(&self) -> Result<(Option<Vec<u8>>, Vec<Shot>), Error> {
        let page = self.page().await?;
        let own = page.drawing.as_ref().map(|d| d.caption).unwrap_or_default();
        if self.aspect == Aspect::Tall && self.caption_of(page) == own {
            let (opening, pairs) = self.all().await?;
            let shots = pairs.into_iter().zip(&page.beats);
            let shots = shots.map(|((plain, lit), beat)| Shot { plain, lit, boxes: boxes_of(beat) }).collect();
            return Ok((opening, shots));
        }
        let drawing = (0..=page.beats.len() as i64).map(|position| self.read_or_draw_shaped(page, position));
        let mut shots = futures::future::try_join_all(drawing).await?;
        let opening = shots.remove(0).plain;
        Ok((Some(opening), shots))
    }

    /// Picture `position` in the painter's shape, kept or drawn and kept now.
    async fn read_or_draw_shaped(&self, page: &Page, position: i64) -> Result<Shot, Error> {
        let store = self.services.blobs.as_ref();
        let look = (self.aspect, self.caption_of(page));
        let [plain_key, lit_key, boxes_key] = store::engine::shaped_keys(page, look, position);
        if let Some(plain) = store.get(&plain_key).await? {
            let boxes = blobs::expect(store, &boxes_key).await?;
            let boxes: Boxes =
                serde_json::from_slice(&boxes).map_err(|e| Error::internal(format!("kept boxes: {e}")))?;
            let lit = match boxes.is_empty() {
                true => None,
                false => Some(blobs::expect(store, &lit_key).await?),
            };
            return Ok(Shot { plain, lit, boxes });
        }
        SHAPED
            .run(&plain_key, || async {
                let sheets = self.sheets(page).await?;
                // Words are lit where the page lights them: in a captioned page's timed beats.
                let lit = usize::try_from(position - 1)
                    .ok()
                    .and_then(|i| page.beats.get(i))
                    .is_some_and(|beat| page.captioned && !beat.words.is_empty());
                let drawn = sheets.draw(self.services, self.lane, position as usize, Words::ToPlace { lit }).await?;
                let boxes = serde_json::to_vec(&drawn.boxes).map_err(|e| Error::internal(e.to_string()))?;
                if let Some(png) = &drawn.lit {
                    store.put(&lit_key, png.clone()).await?;
                }
                store.put(&boxes_key, boxes).await?;
                store.put(&plain_key, drawn.plain.clone()).await?;
                Ok(Shot { plain: drawn.plain, lit: drawn.lit, boxes: drawn.boxes })
            })
            .await
    }

    /// The sheets the page's pictures are drawn from, in the painter's shape.
    async fn sheets(&self, page: &Page) -> Result<&Arc<Sheets>, Error> {
        let drawing = page.drawing.as_ref().ok_or_else(|| Error::internal("the page has no drawing"))?;
        let look = (self.aspect, self.caption_of(page));
        self.sheets.get_or_try_init(|| sheets(self.services, page, drawing, look)).await
    }

    /// The page's end card, pointing at `link` unless the page has its own call to action (a
    /// pitch's): from its brand (else the service), in its language and look.
    pub async fn ending(&self, link: &str) -> Result<Vec<u8>, Error> {
        let services = self.services;
        let page = self.page().await?;
        let sheets = self.sheets(page).await?;
        let brand = match &page.brand {
            Some(key) => brands::get(&services.db, key).await?.map(|brand| brand.profile.name),
            None => None,
        };
        let name = brand.as_deref().unwrap_or(crate::render::ending::SERVICE_NAME);
        let link = page.extra["ctaUrl"].as_str().unwrap_or(link);
        let card = (name, page.extra["cta"].as_str(), link);
        Ok(sheets.ending(services, card).await?)
    }

    /// The picture kept under `keys` (plain, lit), or drawn and kept now if it never was.
    async fn read_or_draw(&self, position: i64, (plain_key, lit_key): (String, Option<String>)) -> Result<Pair, Error> {
        let services = self.services;
        if let Some(plain) = services.blobs.get(&plain_key).await? {
            let lit = match &lit_key {
                Some(key) => Some(blobs::expect(services.blobs.as_ref(), key).await?),
                None => None,
            };
            return Ok((plain, lit));
        }
        let flights = if self.lane == Lane::Ahead { &AHEAD } else { &FLIGHTS };
        flights.run(&plain_key, || self.draw(position, &plain_key, lit_key.as_deref())).await
    }

    async fn draw(&self, position: i64, plain_key: &str, lit_key: Option<&str>) -> Result<Pair, Error> {
        let services = self.services;
        let page = self.page().await?;
        // Pages made before pictures were drawn later have no way to draw a lost one.
        if page.drawing.is_none() {
            return Err(BlobError::Missing(plain_key.to_string()).into());
        }
        let sheets = self.sheets(page).await?;
        let boxes =
            usize::try_from(position - 1).ok().and_then(|i| page.beats.get(i)).map(boxes_of).unwrap_or_default();
        let pictures = sheets.draw(services, self.lane, position as usize, Words::Placed(boxes)).await?;
        if let (Some(key), Some(png)) = (lit_key, &pictures.lit) {
            services.blobs.put(key, png.clone()).await?;
        }
        services.blobs.put(plain_key, pictures.plain.clone()).await?;
        Ok((pictures.plain, pictures.lit))
    }
}

/// The sheets a page's pictures are drawn from: its brand's look as it is now (a brand that is
/// gone leaves the page's own palette), in the typeface its words were placed in, in `aspect`
/// with its words lit in `caption`'s style.
async fn sheets(
    services: &Services,
    page: &Page,
    drawing: &Drawing,
    (aspect, caption): (Aspect, CaptionStyle),
) -> Result<Arc<Sheets>, Error> {
    let language = languages::find(&page.language).ok_or_else(|| Error::internal("the page's language is unknown"))?;
    let brand = match &page.brand {
        Some(key) => brands::get(&services.db, key).await?.map(|brand| (key, brand)),
        None => None,
    };
    let (mut style, name) = match brand {
        Some((key, brand)) => {
            (brands::look::style(services, Some(key), &brand.profile.name).await?, brand.profile.name)
        }
        None => (Style::seeded(drawing.seed), String::new()),
    };
    style.typeface = drawing.typeface;
    let texts = shown(&page.beats, page.captioned);
    let sheets = Sheets::new(texts, &drawing.title, language, style, drawing.seed);
    Ok(Arc::new(sheets.branded(&name).about(drawing.subject.clone()).shaped(aspect).lit_as(caption)))
}

/// Draws the pictures of page `id` in the background, so they are ready by the time the page is
/// opened or rendered, with only the CPU that waited work leaves ([`Lane::Ahead`]: the next
/// page submitted is not slowed by this one's pictures); a failure is only logged (the picture
/// is drawn again when asked for).
pub fn draw_soon(services: &Services, id: &str) {
    let (services, id) = (services.clone(), id.to_string());
    tokio::spawn(async move {
        let painter = Painter { lane: Lane::Ahead, ..Painter::new(&services, &id) };
        if let Err(e) = painter.all().await {
            tracing::warn!(page = %id, error = %e, "could not draw a page's pictures ahead");
        }
    });
}
