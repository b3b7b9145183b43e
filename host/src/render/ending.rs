//! The end card of a video: who it is from (the brand's logo and name, or the service's), one
//! line of call to action and the link to follow, large and still, so a viewer who pauses on the
//! last frame can read and type it.

use std::fmt::Write;

use super::fonts::Fonts;
use super::style::Style;
use super::text::{Paragraph, paragraph};

/// What the end card says.
pub struct EndCard<'a> {
    /// The brand's name, or the service's.
    pub name: &'a str,
    /// The call to action: the pitch's, else [`call_to_action`] in the video's language.
    pub line: &'a str,
    /// The link as a person reads it ([`shown_link`]).
    pub link: &'a str,
    /// ISO 639-1.
    pub language: &'a str,
    pub rtl: bool,
    pub style: &'a Style,
}

/// The name on the end card of a video made without a brand.
pub const SERVICE_NAME: &str = "Agent Assets";

/// How tall the card's column is at full size: the logo (260), the name, the button and the link.
const COLUMN: f32 = 1080.0;

/// How much the column is scaled to fit a picture of `size` with 80 pixels above and below it,
/// and where it starts: a fifth of the way down a tall picture, centred in a shorter one.
fn column(size: (u32, u32)) -> (f32, f32) {
    let h = size.1 as f32;
    let scale = ((h - 160.0) / COLUMN).min(1.0);
    (scale, (h * 0.2).min((h - COLUMN * scale) / 2.0))
}

/// Where the logo goes on an end card of `size`: a square above the name.
pub fn logo_at(size: (u32, u32)) -> [f32; 3] {
    let (scale, top) = column(size);
    let side = 260.0 * scale;
    [size.0 as f32 / 2.0 - side / 2.0, top, side]
}

/// "Find out more" as each language says it on a button.
pub fn call_to_action(language: &str) -> &'static str {
    match language {
        "es" => "Descubre más",
        "pt" => "Saiba mais",
        "fr" => "En savoir plus",
        "de" => "Mehr erfahren",
        "it" => "Scopri di più",
        "nl" => "Meer weten",
        "pl" => "Dowiedz się więcej",
        "tr" => "Daha fazlasını keşfet",
        "ru" => "Узнать больше",
        "uk" => "Дізнатися більше",
        "ar" => "اعرف المزيد",
        "fa" => "بیشتر بدانید",
        "hi" => "और जानें",
        "bn" => "আরও জানুন",
        "id" => "Selengkapnya",
        "ms" => "Ketahui lebih lanjut",
        "vi" => "Tìm hiểu thêm",
        "th" => "ดูเพิ่มเติม",
        "zh" => "了解更多",
        "ja" => "詳しくはこちら",
        "ko" => "자세히 알아보기",
        "sw" => "Jifunze zaidi",
        _ => "Find out more",
    }
}

/// A link as a person reads and types it: without the scheme, `www.` or a trailing slash.
pub fn shown_link(url: &str) -> String {
    let bare = url.split_once("://").map_or(url, |(_, rest)| rest);
    let bare = bare.strip_prefix("www.").unwrap_or(bare);
    bare.trim_end_matches('/').to_string()
}

/// The end card as a PNG of `size`, in its style (with its logo, when it has one).
pub fn png(card: &EndCard<'_>, size: (u32, u32)) -> Result<Vec<u8>, super::RenderError> {
    super::styled_png(card.style, &svg(super::fonts::get(), card, size), size, logo_at(size))
}

/// The end card as SVG of `size`: the logo's square left free for [`logo_at`] when the style has
/// a logo, else a monogram of the name in it.
pub fn svg(fonts: &Fonts, card: &EndCard<'_>, size: (u32, u32)) -> String {
    let (w, h) = (size.0 as f32, size.1 as f32);
    let style = card.style;
    let accent = style.accent.as_str();
    let [x, y, side] = logo_at(size);
    let mut svg = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{}" height="{}" viewBox="0 0 {w} {h}">"#,
        size.0, size.1
    );
    if style.logo.is_none() {
        let initial: String = card.name.chars().find(|c| c.is_alphanumeric()).into_iter().collect();
        let _ = write!(
            svg,
            r##"<circle cx="{cx}" cy="{cy}" r="{r}" fill="{accent}"/>"##,
            cx = x + side / 2.0,
            cy = y + side / 2.0,
            r = side / 2.0
        );
        let mono = Paragraph {
            center_x: x + side / 2.0,
            top: y + side * 0.12,
            width: side,
            height: side * 0.76,
            sizes: &[150.0, 120.0],
            bold: true,
            fill: "#111111",
            outline: None,
            middle: true,
            typeface: style.typeface,
        };
        svg.push_str(&paragraph(fonts, &initial.to_uppercase(), card.language, false, &mono).svg);
    }
    // A wide picture keeps the column as wide as a tall one's, so lines stay short enough to read.
    let (scale, width) = (column(size).0, (w - 160.0).min(1400.0));
    let text = |top: f32, height: f32, sizes: &'static [f32], fill: &'static str| Paragraph {
        center_x: w / 2.0,
        top,
        width,
        height: height * scale,
        sizes,
        bold: true,
        fill,
        outline: None,
        middle: true,
        typeface: style.typeface,
    };
    let name_top = y + side + 50.0 * scale;
    svg.push_str(&paragraph(fonts, card.name, card.language, card.rtl, &text(name_top, 170.0, NAME, "#ffffff")).svg);
    // The call to action on a button in the accent, the link under it.
    let button_top = name_top + 300.0 * scale;
    let _ = write!(
        svg,
        r##"<rect x="{bx}" y="{button_top}" width="{bw}" height="{bh}" rx="{r}" fill="{accent}"/>"##,
        bx = (w - width) / 2.0 + 20.0,
        bw = width - 40.0,
        bh = 260.0 * scale,
        r = 130.0 * scale,
    );
    let line = text(button_top + 30.0 * scale, 200.0, LINE, "#111111");
    svg.push_str(&paragraph(fonts, card.line, card.language, card.rtl, &line).svg);
    let link = text(button_top + 330.0 * scale, 140.0, LINK, "#ffffff");
    svg.push_str(&paragraph(fonts, card.link, "en", false, &link).svg);
    svg.push_str("</svg>");
    svg
}

const NAME: &[f32] = &[96.0, 84.0, 72.0, 60.0, 52.0];
const LINE: &[f32] = &[80.0, 70.0, 60.0, 52.0, 44.0];
const LINK: &[f32] = &[56.0, 48.0, 42.0, 36.0];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_are_shown_as_people_type_them() {
        assert_eq!(shown_link("https://www.acme.example/offer/"), "acme.example/offer");
        assert_eq!(shown_link("http://127.0.0.1:8080/m/abc"), "127.0.0.1:8080/m/abc");
        assert_eq!(shown_link("t.me/acme_bot"), "t.me/acme_bot");
    }

    #[test]
    fn every_language_has_its_own_call_to_action() {
        let lines: std::collections::HashSet<&str> =
            crate::languages::LANGUAGES.iter().map(|l| call_to_action(l.code)).collect();
        assert_eq!(lines.len(), crate::languages::LANGUAGES.len());
    }
}
