//! Brand logos: a PNG or an SVG an admin uploads, checked before it is kept and drawn on the
//! brand's pictures. A PNG must decode and is re-encoded (nothing but its pixels is kept). An
//! SVG is refused when it could run or fetch anything: scripts, event handlers, foreign
//! objects, links or styles that point outside the file, entities. Either is drawn into a
//! square box on the picture, its aspect kept.

use std::sync::Arc;

use resvg::tiny_skia::{FilterQuality, Pixmap, PixmapPaint, Transform};
use resvg::usvg::roxmltree;

/// Largest logo accepted, in bytes.
pub const MAX_BYTES: usize = 256 * 1024;
/// Largest PNG logo side, in pixels.
const MAX_SIDE: u32 = 2048;

/// A logo as kept: its media type and bytes (a re-encoded PNG, or an SVG that passed the checks).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Logo {
    pub media_type: &'static str,
    pub bytes: Vec<u8>,
}

pub const PNG: &str = "image/png";
pub const SVG: &str = "image/svg+xml";

/// Why a logo was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LogoError {
    #[error("the logo is larger than {} KiB", MAX_BYTES / 1024)]
    TooLarge,
    #[error("a logo is a PNG (image/png) or an SVG (image/svg+xml)")]
    Type,
    #[error("the PNG does not decode: {0}")]
    Png(String),
    #[error("the PNG is larger than {MAX_SIDE}×{MAX_SIDE} pixels")]
    Dimensions,
    #[error("the SVG is not well-formed: {0}")]
    Svg(String),
    #[error("the SVG has {0}, which a logo may not have (no scripts, event handlers or external references)")]
    Unsafe(String),
}

impl Logo {
    /// Checks an uploaded logo of `media_type`.
    pub fn checked(media_type: &str, bytes: &[u8]) -> Result<Logo, LogoError> {
        if bytes.len() > MAX_BYTES {
            return Err(LogoError::TooLarge);
        }
        match media_type.split(';').next().map(str::trim) {
            Some(PNG) => Ok(Logo { media_type: PNG, bytes: clean_png(bytes)? }),
            Some(SVG) => {
                let text = std::str::from_utf8(bytes).map_err(|_| LogoError::Svg("not UTF-8".into()))?;
                check_svg(text)?;
                Ok(Logo { media_type: SVG, bytes: bytes.to_vec() })
            }
            _ => Err(LogoError::Type),
        }
    }

    /// The logo's pixels, fitted into a `side`×`side` square (premultiplied RGBA).
    pub fn pixels(&self, side: u32) -> Result<Pixmap, String> {
        let source = match self.media_type {
            PNG => decode_png(&self.bytes)?,
            _ => {
                let tree = super::parse(std::str::from_utf8(&self.bytes).map_err(|e| e.to_string())?)
                    .map_err(|e| e.to_string())?;
                let size = tree.size();
                let scale = side as f32 / size.width().max(size.height());
                let (w, h) = ((size.width() * scale).round() as u32, (size.height() * scale).round() as u32);
                let mut pixmap = Pixmap::new(w.max(1), h.max(1)).ok_or("logo size")?;
                resvg::render(&tree, Transform::from_scale(scale, scale), &mut pixmap.as_mut());
                return Ok(pixmap);
            }
        };
        let scale = side as f32 / source.width().max(source.height()) as f32;
        let (w, h) = ((source.width() as f32 * scale).round() as u32, (source.height() as f32 * scale).round() as u32);
        let mut pixmap = Pixmap::new(w.max(1), h.max(1)).ok_or("logo size")?;
        let paint = PixmapPaint { quality: FilterQuality::Bilinear, ..PixmapPaint::default() };
        pixmap.draw_pixmap(0, 0, source.as_ref(), &paint, Transform::from_scale(scale, scale), None);
        Ok(pixmap)
    }
}

/// A logo drawn on pictures: its pixels at the size they are drawn.
#[derive(Debug, Clone)]
pub struct Stamp(pub Arc<Pixmap>);

impl Stamp {
    /// Draws the logo centred in the square at (`x`, `y`) of side `side` (the pixels' size).
    pub fn draw(&self, on: &mut Pixmap, x: f32, y: f32, side: f32) {
        let (w, h) = (self.0.width() as f32, self.0.height() as f32);
        let (left, top) = ((x + (side - w) / 2.0).round() as i32, (y + (side - h) / 2.0).round() as i32);
        on.draw_pixmap(left, top, Pixmap::as_ref(&self.0), &PixmapPaint::default(), Transform::identity(), None);
    }
}

/// A PNG decoded to premultiplied RGBA.
fn decode_png(bytes: &[u8]) -> Result<Pixmap, String> {
    let mut decoder = png::Decoder::new(std::io::Cursor::new(bytes));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().map_err(|e| e.to_string())?;
    let (width, height) = (reader.info().width, reader.info().height);
    if width > MAX_SIDE || height > MAX_SIDE || width == 0 || height == 0 {
        return Err(LogoError::Dimensions.to_string());
    }
    let mut buffer = vec![0; reader.output_buffer_size().ok_or("too large")?];
    let info = reader.next_frame(&mut buffer).map_err(|e| e.to_string())?;
    buffer.truncate(info.buffer_size());
    let rgba: Vec<u8> = match info.color_type {
        png::ColorType::Rgba => buffer,
        png::ColorType::Rgb => buffer.chunks_exact(3).flat_map(|p| [p[0], p[1], p[2], 255]).collect(),
        png::ColorType::GrayscaleAlpha => buffer.chunks_exact(2).flat_map(|p| [p[0], p[0], p[0], p[1]]).collect(),
        png::ColorType::Grayscale => buffer.iter().flat_map(|&g| [g, g, g, 255]).collect(),
        png::ColorType::Indexed => return Err("indexed colours were not expanded".into()),
    };
    let premultiplied: Vec<u8> = rgba
        .chunks_exact(4)
        .flat_map(|p| {
            let a = u16::from(p[3]);
            let m = |c: u8| ((u16::from(c) * a + 127) / 255) as u8;
            [m(p[0]), m(p[1]), m(p[2]), p[3]]
        })
        .collect();
    Pixmap::from_vec(premultiplied, resvg::tiny_skia::IntSize::from_wh(info.width, info.height).ok_or("logo size")?)
        .ok_or_else(|| "logo size".to_string())
}

/// The PNG decoded and encoded again: only its pixels survive (no text chunks, no profiles).
fn clean_png(bytes: &[u8]) -> Result<Vec<u8>, LogoError> {
    let pixmap = decode_png(bytes)
        .map_err(|e| if e == LogoError::Dimensions.to_string() { LogoError::Dimensions } else { LogoError::Png(e) })?;
    let mut out = Vec::new();
    let mut encoder = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    encoder.set_color(png::ColorType::Rgba);
    encoder.set_depth(png::BitDepth::Eight);
    let mut writer = encoder.write_header().map_err(|e| LogoError::Png(e.to_string()))?;
    let straight: Vec<u8> = pixmap
        .pixels()
        .iter()
        .flat_map(|p| {
            let c = p.demultiply();
            [c.red(), c.green(), c.blue(), c.alpha()]
        })
        .collect();
    writer.write_image_data(&straight).map_err(|e| LogoError::Png(e.to_string()))?;
    writer.finish().map_err(|e| LogoError::Png(e.to_string()))?;
    Ok(out)
}

/// Elements that run code, embed other documents or media, or animate attributes.
const FORBIDDEN: [&str; 11] =
    ["script", "foreignObject", "iframe", "object", "embed", "audio", "video", "animate", "set", "handler", "listener"];

/// Refuses an SVG that could run or fetch anything.
fn check_svg(text: &str) -> Result<(), LogoError> {
    if text.contains("<!ENTITY") {
        return Err(LogoError::Unsafe("an entity declaration".into()));
    }
    let options = roxmltree::ParsingOptions { allow_dtd: false, ..roxmltree::ParsingOptions::default() };
    let document = roxmltree::Document::parse_with_options(text, options).map_err(|e| LogoError::Svg(e.to_string()))?;
    let root = document.root_element();
    if root.tag_name().name() != "svg" {
        return Err(LogoError::Svg("the root element is not <svg>".into()));
    }
    for node in document.descendants() {
        if node.is_pi() {
            return Err(LogoError::Unsafe("a processing instruction".into()));
        }
        let name = node.tag_name().name();
        if node.is_element() && FORBIDDEN.iter().any(|f| f.eq_ignore_ascii_case(name) || name.starts_with("animate")) {
            return Err(LogoError::Unsafe(format!("a <{name}> element")));
        }
        if name == "style" && node.text().is_some_and(external) {
            return Err(LogoError::Unsafe("a style that loads from outside the file".into()));
        }
        for attribute in node.attributes() {
            let (key, value) = (attribute.name(), attribute.value());
            if key.to_ascii_lowercase().starts_with("on") {
                return Err(LogoError::Unsafe(format!("an event handler ({key})")));
            }
            if key == "href" && !value.trim_start().starts_with('#') {
                return Err(LogoError::Unsafe("a link outside the file".into()));
            }
            if external(value) {
                return Err(LogoError::Unsafe(format!("an external reference in {key}")));
            }
        }
    }
    super::parse(text).map_err(|e| LogoError::Svg(e.to_string()))?;
    Ok(())
}

/// Whether CSS or an attribute value reaches outside the file (`url(…)` not to a `#` fragment,
/// `@import`, a `javascript:` URL).
fn external(value: &str) -> bool {
    let lower = value.to_ascii_lowercase();
    if lower.contains("@import") || lower.contains("javascript:") {
        return true;
    }
    lower.match_indices("url(").any(|(at, _)| {
        let target = lower[at + 4..].trim_start().trim_start_matches(['"', '\'']);
        !target.starts_with('#')
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const CIRCLE: &str = r##"<svg xmlns="http://www.w3.org/2000/svg" width="100" height="50"><defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/></linearGradient></defs><circle cx="25" cy="25" r="20" fill="url(#g)"/><use href="#g"/></svg>"##;

    #[test]
    fn a_plain_svg_is_kept_and_drawn_in_its_box() {
        let logo = Logo::checked("image/svg+xml", CIRCLE.as_bytes()).unwrap();
        let pixels = logo.pixels(120).unwrap();
        assert_eq!((pixels.width(), pixels.height()), (120, 60), "the aspect is kept");
        assert!(pixels.pixels().iter().any(|p| p.alpha() == 255 && p.red() > 200));
    }

    #[test]
    fn svgs_that_could_run_or_fetch_anything_are_refused() {
        let wrap = |inner: &str| {
            format!(
                r#"<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" width="10" height="10">{inner}</svg>"#
            )
        };
        for bad in [
            wrap("<script>alert(1)</script>"),
            wrap(r#"<rect width="5" height="5" onclick="alert(1)"/>"#),
            wrap(r#"<image href="https://evil.example/x.png" width="5" height="5"/>"#),
            wrap(r#"<image xlink:href="http://evil.example/x.png" width="5" height="5"/>"#),
            wrap(r#"<rect width="5" height="5" fill="url(https://evil.example/p.svg#x)"/>"#),
            wrap(r#"<rect width="5" height="5" style="fill: url('http://evil.example/a')"/>"#),
            wrap("<style>@import url(https://evil.example/a.css);</style>"),
            wrap(r#"<foreignObject width="5" height="5"><div xmlns="http://www.w3.org/1999/xhtml">hi</div></foreignObject>"#),
            wrap(r#"<a href="javascript:alert(1)"><rect width="5" height="5"/></a>"#),
            wrap(r#"<animate attributeName="href" to="javascript:alert(1)"/>"#),
            r#"<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg">&x;</svg>"#.to_string(),
        ] {
            let refused = Logo::checked("image/svg+xml", bad.as_bytes());
            assert!(matches!(refused, Err(LogoError::Unsafe(_) | LogoError::Svg(_))), "{bad}: {refused:?}");
        }
        assert_eq!(
            Logo::checked("image/svg+xml", b"<html/>").unwrap_err(),
            LogoError::Svg("the root element is not <svg>".into())
        );
        assert_eq!(Logo::checked("image/gif", b"GIF89a").unwrap_err(), LogoError::Type);
        assert_eq!(Logo::checked("image/png", &vec![0; MAX_BYTES + 1]).unwrap_err(), LogoError::TooLarge);
    }

    #[test]
    fn a_png_is_reencoded_with_nothing_but_its_pixels() {
        let mut png = Vec::new();
        {
            let mut encoder = png::Encoder::new(&mut png, 4, 2);
            encoder.set_color(png::ColorType::Rgb);
            encoder.add_text_chunk("Comment".into(), "<script>alert(1)</script>".into()).unwrap();
            encoder.write_header().unwrap().write_image_data(&[200; 4 * 2 * 3]).unwrap();
        }
        let logo = Logo::checked("image/png", &png).unwrap();
        assert!(!logo.bytes.windows(6).any(|w| w == b"script"), "text chunks are dropped");
        let pixels = logo.pixels(40).unwrap();
        assert_eq!((pixels.width(), pixels.height()), (40, 20));
        assert!(matches!(Logo::checked("image/png", b"\x89PNG\r\n\x1a\nnope"), Err(LogoError::Png(_))));
    }
}
