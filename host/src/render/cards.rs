//! Meme cards: one SVG layout per meme kind (a 1080×1920 card, with a row of illustrations of
//! what its words and its subject name — beside a drawn reaction picked by the line's tone where
//! the kind has one — in a band of its own that no text enters; a carousel's 1080×1350 slides each
//! in the beat layout its text fits), in the meme's style (a brand's palette, typeface and logo),
//! filled with the generator's text and rendered to PNG. The text is untrusted, so it only ever
//! reaches the SVG through [`paragraph`], which escapes it.

use std::fmt::Write;
use std::sync::Arc;

use crate::cpu::{Budget, CpuError, CpuPool};
use crate::illustrate::{self, Illustration, Subject};
use crate::render::beats::{self, BeatSheet};
use crate::render::fonts::{self, Fonts, Typeface};
use crate::render::style::Style;
use crate::render::text::{Ink, Paragraph, paragraph};
use crate::render::{self, scenes};

/// Size of a card.
pub const CARD: (u32, u32) = (1080, 1920);
/// Size of a carousel slide.
pub const SLIDE: (u32, u32) = (1080, 1350);

/// One rendered picture.
#[derive(Debug, Clone)]
pub struct Picture {
    pub width: u32,
    pub height: u32,
    pub png: Vec<u8>,
}

/// What a meme's pictures are drawn from.
pub struct Sheet<'a> {
    pub kind: &'a str,
    /// ISO 639-1.
    pub language: &'a str,
    pub rtl: bool,
    /// The generator's blocks as (role, text).
    pub blocks: Vec<(&'a str, &'a str)>,
    /// Colours, typeface and logo.
    pub style: &'a Style,
    /// Picks among equals (the reaction when the line has no tone), so one meme always looks
    /// the same.
    pub seed: u64,
    /// What the meme is about, besides its words: what its illustrations show when its words
    /// name nothing.
    pub subject: &'a Subject,
}

/// A [`Sheet`] that owns its text, to be drawn on another thread.
#[derive(Debug, Clone)]
pub struct OwnedSheet {
    pub kind: String,
    pub language: &'static str,
    pub rtl: bool,
    pub blocks: Vec<(String, String)>,
    pub style: Style,
    pub seed: u64,
    pub subject: Subject,
    /// The size every picture is composed at for a video in another shape (see [`shaped`]);
    /// `None` for the kind's own layouts.
    pub shape: Option<(u32, u32)>,
}

impl OwnedSheet {
    fn sheet(&self) -> Sheet<'_> {
        Sheet {
            kind: &self.kind,
            language: self.language,
            rtl: self.rtl,
            blocks: self.blocks.iter().map(|(r, t)| (r.as_str(), t.as_str())).collect(),
            style: &self.style,
            seed: self.seed,
            subject: &self.subject,
        }
    }

    /// How many pictures the sheet draws.
    pub fn pictures(&self) -> usize {
        pictures_of(&self.kind, self.blocks.iter().map(|(role, _)| role.as_str()))
    }
}

/// How many pictures a meme of `kind` with blocks of these `roles` has: a carousel one per
/// `card` block, any other kind one.
pub fn pictures_of<'a>(kind: &str, roles: impl Iterator<Item = &'a str>) -> usize {
    match kind {
        "carousel" => roles.filter(|role| *role == "card").count(),
        _ => 1,
    }
}

/// Draws each sheet's pictures on the render pool (about 15 ms of CPU a card), each within
/// `per_picture`, so rendering never stalls the async workers nor runs on. The layouts come
/// first (shaping, a millisecond or two a picture); then every picture is rasterized and
/// encoded as a piece of work of its own, so a carousel's slides are drawn on all cores at once.
pub async fn draw(
    pool: &CpuPool,
    per_picture: std::time::Duration,
    sheets: Vec<OwnedSheet>,
) -> Result<Vec<Vec<Picture>>, CpuError> {
    let laid_out = pool
        .run(per_picture, move |_| {
            let laid = |s: &OwnedSheet| match s.shape {
                Some(size) => shaped(fonts::get(), &s.sheet(), size),
                None => layouts(fonts::get(), &s.sheet()),
            };
            Ok(sheets.into_iter().map(|s| (laid(&s), s.style)).collect::<Vec<_>>())
        })
        .await?;
    let drawn = laid_out.into_iter().map(|(layouts, style)| {
        let style = Arc::new(style);
        futures::future::try_join_all(layouts.into_iter().map(|layout| {
            let style = style.clone();
            pool.run(per_picture, move |budget| picture(&style, layout, budget))
        }))
    });
    futures::future::try_join_all(drawn).await
}

/// One picture of a layout, within `budget`.
fn picture(
    style: &Style,
    Layout { size: (width, height), svg, logo_at }: Layout,
    budget: &Budget,
) -> Result<Picture, String> {
    budget.check()?;
    let png = render::styled_png(style, &svg, (width, height), logo_at).map_err(|e| format!("render: {e}"))?;
    // A picture that took longer than the budget fails too, even if it is done.
    budget.check()?;
    Ok(Picture { width, height, png })
}

impl Sheet<'_> {
    fn text(&self, role: &str) -> &str {
        self.blocks.iter().find(|(r, _)| *r == role).map_or("", |(_, t)| t)
    }
}

/// The words each picture of a meme of `kind` with `blocks` (role, text) carries, in order: what
/// its illustrations are matched against.
fn lines(kind: &str, blocks: &[(&str, &str)]) -> Vec<String> {
    // No roles: every block but the sign-off and the moods.
    let joined = |roles: &[&str]| {
        let wanted =
            |role: &str| if roles.is_empty() { !["signoff", "mood"].contains(&role) } else { roles.contains(&role) };
        blocks.iter().filter(|(r, _)| wanted(r)).map(|(_, t)| *t).collect::<Vec<_>>().join(" ")
    };
    match kind {
        "carousel" => blocks.iter().filter(|(r, _)| *r == "card").map(|(_, t)| t.to_string()).collect(),
        "hottake" => vec![joined(&["take"])],
        "confession" => vec![joined(&["confession"])],
        "reply" => vec![joined(&["post", "reply"])],
        "image" | "hybrid" => vec![joined(&["top", "bottom", "take"])],
        _ => vec![joined(&[])],
    }
}

/// What each picture of a meme shows besides its words (the illustrations drawn on it), named in
/// its `language`: what the pictures' alt text says.
pub fn shown(kind: &str, language: &str, blocks: &[(&str, &str)], subject: &Subject) -> Vec<Vec<Illustration>> {
    lines(kind, blocks).iter().map(|line| illustrate::choose(line, language, subject)).collect()
}

/// One picture to draw: its size, its layout, and the gradient behind it.
#[derive(Debug, Clone)]
pub struct Layout {
    pub size: (u32, u32),
    pub svg: String,
    /// Where the logo goes: x, y, side.
    pub logo_at: [f32; 3],
}

/// Renders every picture of the meme: the card, or each slide of a carousel; stops between
/// pictures once `budget` is spent, and fails when the last one ended past it.
pub fn render(sheet: &Sheet<'_>, budget: &Budget) -> Result<Vec<Picture>, String> {
    layouts(fonts::get(), sheet).into_iter().map(|layout| picture(sheet.style, layout, budget)).collect()
}

/// What every card's layout draws with: the fonts, the sheet and its style.
struct Card<'a> {
    fonts: &'a Fonts,
    sheet: &'a Sheet<'a>,
    /// The illustrations of the card (of a carousel, of its first slide).
    things: Vec<Illustration>,
}

const BIG: &[f32] = &[104.0, 92.0, 80.0, 70.0, 60.0, 52.0, 44.0];
const MID: &[f32] = &[84.0, 74.0, 64.0, 56.0, 48.0, 42.0, 36.0];

impl Card<'_> {
    fn accent(&self) -> &str {
        self.sheet.style.accent.as_str()
    }

    /// The card's illustrations in a row across `area`, with the reaction `mood` among them.
    fn things(&self, area: [f32; 4], mood: Option<scenes::Tone>) -> String {
        scenes::beside(area, &self.things, mood.map(|tone| (tone, self.accent())))
    }

    /// `text` set as paragraph `p` in the sheet's typeface, language and direction.
    fn draw(&self, text: &str, p: Paragraph<'_>) -> String {
        let sheet = self.sheet;
        paragraph(self.fonts, text, sheet.language, sheet.rtl, &Paragraph { typeface: sheet.style.typeface, ..p }).svg
    }

    /// A card of `size` with `body` and the sheet's sign-off along its foot.
    fn canvas(&self, (w, h): (u32, u32), body: String) -> Layout {
        let signoff = self.draw(
            self.sheet.text("signoff"),
            Paragraph {
                top: h as f32 - 170.0,
                height: 110.0,
                sizes: &[46.0, 40.0, 34.0],
                fill: self.accent(),
                ..plain(w)
            },
        );
        let svg = format!(
            r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">
{body}{signoff}</svg>"#
        );
        Layout { size: (w, h), svg, logo_at: [40.0, 36.0, 110.0] }
    }
}

/// Bold white words outlined in black, as meme captions are.
fn bold_white(top: f32, height: f32, sizes: &'static [f32]) -> Paragraph<'static> {
    Paragraph { top, height, sizes, bold: true, outline: Some(("#000000", 9.0)), ..plain(CARD.0) }
}

/// The layout of each picture.
pub fn layouts(fonts: &Fonts, sheet: &Sheet<'_>) -> Vec<Layout> {
    // A carousel's slides choose their own (`beats`), as [`shown`] does.
    let things = match sheet.kind {
        "carousel" => Vec::new(),
        _ => shown(sheet.kind, sheet.language, &sheet.blocks, sheet.subject).into_iter().next().unwrap_or_default(),
    };
    let card = Card { fonts, sheet, things };
    match sheet.kind {
        "carousel" => carousel(&card),
        "hottake" => vec![hottake(&card)],
        "confession" => vec![confession(&card)],
        "reply" => vec![reply(&card)],
        "image" => vec![image(&card, false)],
        "hybrid" => vec![image(&card, true)],
        // A kind some operator's generator added.
        _ => vec![every_block(&card)],
    }
}

/// Each slide in the beat layout its text fits, a layout used again only when none left fits:
/// no two slides in a row look alike.
fn carousel(card: &Card<'_>) -> Vec<Layout> {
    shaped(card.fonts, card.sheet, SLIDE)
}

/// Every picture of the meme (its words as [`lines`] gives them) composed at `size` in the beat
/// layout its words fit, no two in a row alike, with the illustrations and reaction the layout
/// has room for: a carousel's slides, and every kind's pictures in a video of another shape
/// than the card's.
pub fn shaped(fonts: &Fonts, sheet: &Sheet<'_>, size: (u32, u32)) -> Vec<Layout> {
    let lines = lines(sheet.kind, &sheet.blocks);
    let texts: Vec<&str> = lines.iter().map(String::as_str).collect();
    // A picture of its own has no counter.
    let count = if texts.len() > 1 { texts.len() } else { 0 };
    texts
        .iter()
        .zip(beats::choose_distinct(&texts))
        .enumerate()
        .map(|(index, (text, layout))| {
            let slide = BeatSheet {
                layout,
                text,
                title: "",
                language: sheet.language,
                rtl: sheet.rtl,
                index,
                count,
                style: sheet.style,
                seed: sheet.seed,
                subject: Some(sheet.subject),
                caption: Default::default(),
            };
            let drawn = beats::draw(fonts, &slide, size, Ink::Plain);
            Layout { size, svg: drawn.svg, logo_at: beats::logo_at(size) }
        })
        .collect()
}

fn hottake(card: &Card<'_>) -> Layout {
    let accent = card.accent();
    let take = card.draw(
        card.sheet.text("take"),
        Paragraph { top: 260.0, height: 940.0, middle: true, ..bold_white(0.0, 0.0, BIG) },
    );
    let things = card.things([90.0, 1230.0, 900.0, 300.0], None);
    let body = format!(
        r#"<rect x="0" y="180" width="1080" height="24" fill="{accent}"/>
<rect x="0" y="1560" width="1080" height="24" fill="{accent}"/>
{take}{things}"#
    );
    card.canvas(CARD, body)
}

fn confession(card: &Card<'_>) -> Layout {
    let accent = card.accent();
    let confession = card.draw(
        card.sheet.text("confession"),
        Paragraph { top: 460.0, height: 720.0, sizes: MID, fill: "#222222", middle: true, ..plain(CARD.0) },
    );
    let things = card.things([130.0, 1200.0, 820.0, 280.0], None);
    let body = format!(
        r##"<rect x="70" y="360" width="940" height="1160" rx="56" fill="#fbf7ef"/>
<circle cx="540" cy="360" r="70" fill="{accent}"/><text x="540" y="392" text-anchor="middle" font-family="Noto Sans" font-size="90" font-weight="700" fill="#222222">…</text>
{confession}{things}"##
    );
    card.canvas(CARD, body)
}

fn reply(card: &Card<'_>) -> Layout {
    let post = card.draw(
        card.sheet.text("post"),
        Paragraph { top: 400.0, height: 230.0, sizes: MID, fill: "#1f2933", middle: true, ..plain(CARD.0) },
    );
    // Attached to the post, as a picture is.
    let things = card.things([120.0, 650.0, 840.0, 220.0], None);
    let reply = card.draw(
        card.sheet.text("reply"),
        Paragraph {
            center_x: 570.0,
            top: 1060.0,
            width: 820.0,
            height: 480.0,
            sizes: MID,
            bold: true,
            middle: true,
            ..plain(CARD.0)
        },
    );
    let body = format!(
        r##"<rect x="60" y="260" width="960" height="640" rx="40" fill="#ffffff"/>
<circle cx="140" cy="340" r="44" fill="#9aa5b1"/><rect x="210" y="318" width="260" height="20" rx="10" fill="#cbd2d9"/><rect x="210" y="350" width="170" height="16" rx="8" fill="#e4e7eb"/>
<rect x="128" y="900" width="8" height="120" fill="#ffffff" fill-opacity="0.6"/>
<rect x="120" y="1020" width="900" height="560" rx="40" fill="#1d9bf0"/>
{post}{things}{reply}"##
    );
    card.canvas(CARD, body)
}

/// The classic captioned reaction; `hybrid` adds the take on a panel below.
fn image(card: &Card<'_>, hybrid: bool) -> Layout {
    let (sheet, accent) = (card.sheet, card.accent());
    // The top line, the row of the subject's things and the reaction, the bottom line.
    let (top, row, bottom) =
        if hybrid { (100.0, [60.0, 510.0, 960.0, 330.0], 860.0) } else { (150.0, [60.0, 730.0, 960.0, 480.0], 1250.0) };
    let mut body = card.draw(sheet.text("top"), bold_white(top, if hybrid { 400.0 } else { 560.0 }, BIG));
    let line = format!("{} {}", sheet.text("top"), sheet.text("bottom"));
    let tone = scenes::mood(sheet.text("mood")).unwrap_or_else(|| scenes::tone(&line, sheet.seed));
    body.push_str(&card.things(row, Some(tone)));
    body.push_str(&card.draw(
        sheet.text("bottom"),
        Paragraph { fill: accent, ..bold_white(bottom, if hybrid { 300.0 } else { 460.0 }, BIG) },
    ));
    if hybrid {
        let _ = write!(body, r##"<rect x="60" y="1200" width="960" height="500" rx="40" fill="#fbf7ef"/>"##);
        body.push_str(&card.draw(
            sheet.text("take"),
            Paragraph {
                top: 1230.0,
                height: 440.0,
                sizes: MID,
                fill: "#1f2933",
                bold: true,
                middle: true,
                ..plain(CARD.0)
            },
        ));
    }
    card.canvas(CARD, body)
}

/// Every block but the sign-off, in order, on one card.
fn every_block(card: &Card<'_>) -> Layout {
    let all: Vec<&str> = card.sheet.blocks.iter().filter(|(r, _)| *r != "signoff").map(|(_, t)| *t).collect();
    let body = card.draw(
        &all.join(" · "),
        Paragraph { top: 200.0, height: 1000.0, sizes: MID, bold: true, middle: true, ..plain(CARD.0) },
    ) + &card.things([90.0, 1260.0, 900.0, 320.0], None);
    card.canvas(CARD, body)
}

/// A paragraph spanning the width of a `width`-wide canvas with 60 px margins, white, regular.
fn plain(width: u32) -> Paragraph<'static> {
    Paragraph {
        center_x: width as f32 / 2.0,
        top: 0.0,
        width: width as f32 - 120.0,
        height: 0.0,
        sizes: &[64.0],
        bold: false,
        fill: "#ffffff",
        outline: None,
        middle: false,
        typeface: Typeface::Sans,
    }
}
