//! Pictures: SVG layouts rasterized with resvg and encoded as PNG, with fonts for every
//! supported script. Layouts are built by the features (meme cards, video frames) from
//! [`text::paragraph`]; this module owns turning them into pixels.

pub mod fonts;
pub mod text;

use resvg::tiny_skia::{Pixmap, Transform};
use resvg::usvg;

/// Why a picture could not be made. Layouts are ours, so any of these is a bug or a missing
/// font package, never the caller's fault.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    #[error("layout is not valid SVG: {0}")]
    Svg(#[from] usvg::Error),
    #[error("cannot allocate a {0}×{1} picture")]
    Size(u32, u32),
    #[error("PNG encoding failed: {0}")]
    Png(#[from] png::EncodingError),
}

/// Parses a layout, shaping its text with the process's fonts.
pub fn parse(svg: &str) -> Result<usvg::Tree, RenderError> {
    let options = usvg::Options { fontdb: fonts::get().database(), ..usvg::Options::default() };
    Ok(usvg::Tree::from_str(svg, &options)?)
}

/// Draws a parsed layout onto a `width`×`height` canvas, scaled to fit. The pixels are RGBA,
/// premultiplied; the layouts paint an opaque background, so the alpha is 255 everywhere.
pub fn rasterize(tree: &usvg::Tree, width: u32, height: u32) -> Result<Pixmap, RenderError> {
    let mut pixmap = Pixmap::new(width, height).ok_or(RenderError::Size(width, height))?;
    let size = tree.size();
    let transform = Transform::from_scale(width as f32 / size.width(), height as f32 / size.height());
    resvg::render(tree, transform, &mut pixmap.as_mut());
    Ok(pixmap)
}

/// Encodes an opaque pixmap as an RGB PNG. Fast deflate: a card is mostly flat colour, which
/// compresses well even at the fastest setting, and encoding is a fifth of the render budget.
pub fn encode_png(pixmap: &Pixmap) -> Result<Vec<u8>, RenderError> {
    let rgb: Vec<u8> = pixmap.data().chunks_exact(4).flat_map(|p| [p[0], p[1], p[2]]).collect();
    let mut out = Vec::with_capacity(rgb.len() / 8);
    let mut encoder = png::Encoder::new(&mut out, pixmap.width(), pixmap.height());
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Fast);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(&rgb)?;
    writer.finish()?;
    Ok(out)
}

/// `svg` as a `width`×`height` PNG.
pub fn png(svg: &str, width: u32, height: u32) -> Result<Vec<u8>, RenderError> {
    encode_png(&rasterize(&parse(svg)?, width, height)?)
}
