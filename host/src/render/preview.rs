//! The picture a link card shows (Open Graph and Twitter's large card, 1200×630, the size both
//! crop least): the page's title large on its backdrop under a bar in the accent, a row of
//! illustrations of what it is about, who it is from, and its first picture whole on the right,
//! where a 9:16 picture alone would be cropped to a strip.

use std::fmt::Write;

use resvg::tiny_skia::{FilterQuality, Pixmap, PixmapPaint, Transform};

use super::fonts::Fonts;
use super::scenes;
use super::style::Style;
use super::text::{Paragraph, paragraph};
use super::{RenderError, encode_png, parse, rasterize_on};
use crate::illustrate::{self, Subject};

/// Width and height of a link card's picture.
pub const SIZE: (u32, u32) = (1200, 630);
/// The first picture's box on the card: (x, y, height); its width follows its shape.
const PICTURE: (f32, f32, f32) = (1200.0 - 40.0, 40.0, 550.0);

/// What a link card says.
pub struct Preview<'a> {
    pub title: &'a str,
    /// Who the page is from: a brand, a sender, or the service.
    pub name: &'a str,
    /// ISO 639-1, and whether the title runs right to left.
    pub language: &'a str,
    pub rtl: bool,
    pub style: &'a Style,
    /// What the page is about: its illustrations show what the title names, else this.
    pub subject: &'a Subject,
}

/// [`png`] on the render pool `renders` within `budget`, from owned parts: title, name,
/// language, style, subject and picture.
pub async fn drawn(
    (renders, budget): (&crate::cpu::CpuPool, std::time::Duration),
    (title, name, language): (String, String, String),
    (style, subject): (Style, Subject),
    picture: Option<Vec<u8>>,
) -> Result<Vec<u8>, crate::cpu::CpuError> {
    let rtl = crate::languages::find(&language).is_some_and(|l| l.direction == "rtl");
    renders
        .run(budget, move |_| {
            let preview =
                Preview { title: &title, name: &name, language: &language, rtl, style: &style, subject: &subject };
            png(&preview, picture.as_deref()).map_err(|e| e.to_string())
        })
        .await
}

/// The card as PNG, with `picture` (a PNG of the page's first picture, when it has one) on
/// its right.
pub fn png(preview: &Preview<'_>, picture: Option<&[u8]>) -> Result<Vec<u8>, RenderError> {
    let picture = picture.map(Pixmap::decode_png).transpose().map_err(|e| RenderError::Decode(e.to_string()))?;
    let width = picture.as_ref().map_or(0.0, |p| PICTURE.2 * p.width() as f32 / p.height().max(1) as f32);
    let svg = svg(super::fonts::get(), preview, width);
    let mut card = rasterize_on(preview.style.backdrop(), &parse(&svg)?, SIZE.0, SIZE.1)?;
    if let Some(picture) = picture {
        let scale = PICTURE.2 / picture.height().max(1) as f32;
        let at = Transform::from_row(scale, 0.0, 0.0, scale, PICTURE.0 - width, PICTURE.1);
        let paint = PixmapPaint { quality: FilterQuality::Bicubic, ..PixmapPaint::default() };
        card.draw_pixmap(0, 0, picture.as_ref(), &paint, at, None);
    }
    encode_png(&card)
}

/// The card's words as SVG, in the room a picture `picture_width` wide leaves.
fn svg(fonts: &Fonts, preview: &Preview<'_>, picture_width: f32) -> String {
    let room = SIZE.0 as f32 - 60.0 - if picture_width > 0.0 { picture_width + 80.0 } else { 60.0 };
    let (w, h) = SIZE;
    let style = preview.style;
    let mut svg = format!(r#"<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" viewBox="0 0 {w} {h}">"#);
    let _ = write!(svg, r##"<rect x="60" y="70" width="120" height="12" rx="6" fill="{}"/>"##, style.accent);
    let text = |top: f32, height: f32, sizes: &'static [f32]| {
        Paragraph::white(60.0 + room / 2.0, (top, room, height), sizes, style.typeface)
    };
    let title = text(104.0, 290.0, TITLE);
    svg.push_str(&paragraph(fonts, preview.title, preview.language, preview.rtl, &title).svg);
    let things = illustrate::choose(preview.title, preview.language, preview.subject);
    svg.push_str(&scenes::beside([60.0, 400.0, room, 92.0], &things, None));
    // White like the title: a brand's accent may not stand out on its own backdrop.
    let name = Paragraph { bold: false, ..text(500.0, 70.0, NAME) };
    svg.push_str(&paragraph(fonts, preview.name, preview.language, preview.rtl, &name).svg);
    svg.push_str("</svg>");
    svg
}

const TITLE: &[f32] = &[72.0, 64.0, 56.0, 48.0, 42.0];
const NAME: &[f32] = &[40.0, 34.0, 28.0];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_card_is_1200_by_630_with_the_picture_whole_on_its_right() {
        let style = Style::seeded(3);
        let mut tall = Pixmap::new(108, 192).unwrap();
        tall.fill(resvg::tiny_skia::Color::from_rgba8(10, 200, 30, 255));
        let picture = tall.encode_png().unwrap();
        let preview = Preview {
            title: "Fewer meetings, more shipping",
            name: "Acme",
            language: "en",
            rtl: false,
            style: &style,
            subject: &Subject::default(),
        };
        let card = Pixmap::decode_png(&png(&preview, Some(&picture)).unwrap()).unwrap();
        assert_eq!((card.width(), card.height()), SIZE);
        // The picture: 550 tall, 309 wide, ending 40 px from the right edge.
        let at = |x: u32, y: u32| card.pixel(x, y).map(|p| (p.red(), p.green(), p.blue())).unwrap();
        assert_eq!(at(1200 - 40 - 5, 300), (10, 200, 30));
        assert_eq!(at(1200 - 40 - 300, 60), (10, 200, 30));
        assert_ne!(at(1200 - 40 - 320, 300), (10, 200, 30), "nothing of it left of its box");
        assert_ne!(at(1200 - 20, 300), (10, 200, 30));
    }
}
