//! Pictures: SVG layouts rasterized with resvg and encoded as PNG, with fonts for every
//! supported script. Layouts are built by the features (meme cards, video frames) from
//! [`text::paragraph`]; this module owns turning them into pixels.

pub mod beats;
pub mod cards;
pub mod ending;
pub mod fonts;
pub mod logo;
pub mod preview;
pub mod scenes;
pub mod spoken;
pub mod style;
pub mod text;
pub mod words;

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
    #[error("picture does not decode: {0}")]
    Decode(String),
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

/// A vertical gradient behind a layout, painted row by row before the layout is drawn on top:
/// tiny-skia's gradient shader takes ~23 ms to fill a 1080×1920 canvas, row fills ~1 ms.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Backdrop {
    pub top: [u8; 3],
    pub bottom: [u8; 3],
}

/// Draws `tree` over `backdrop` on a `width`×`height` canvas.
pub fn rasterize_on(backdrop: Backdrop, tree: &usvg::Tree, width: u32, height: u32) -> Result<Pixmap, RenderError> {
    rasterize_area(backdrop, tree, (width, height), [0, 0, width, height])
}

/// The part `area` (x, y, width, height) of `tree` drawn over `backdrop` on a `canvas`-sized
/// picture, as a pixmap of the area's size: the same pixels a whole drawing has there (whole
/// pixels moved, the gradient's rows at their place on the canvas), for a fraction of the work.
pub fn rasterize_area(
    backdrop: Backdrop,
    tree: &usvg::Tree,
    canvas: (u32, u32),
    area: [u32; 4],
) -> Result<Pixmap, RenderError> {
    let [x, y, width, height] = area;
    let mut pixmap = Pixmap::new(width, height).ok_or(RenderError::Size(width, height))?;
    let last = f32::from(u16::try_from(canvas.1.saturating_sub(1).max(1)).unwrap_or(u16::MAX));
    // Opaque, so premultiplied as it is.
    kernels::pixels::vertical_blend(pixmap.data_mut(), width as usize, y as usize, last, backdrop.top, backdrop.bottom);
    let size = tree.size();
    let transform = Transform::from_scale(canvas.0 as f32 / size.width(), canvas.1 as f32 / size.height())
        .post_translate(-(x as f32), -(y as f32));
    resvg::render(tree, transform, &mut pixmap.as_mut());
    Ok(pixmap)
}

/// `svg` over `backdrop` as a `width`×`height` PNG.
pub fn png_on(backdrop: Backdrop, svg: &str, width: u32, height: u32) -> Result<Vec<u8>, RenderError> {
    encode_png(&rasterize_on(backdrop, &parse(svg)?, width, height)?)
}

/// `svg` drawn in `style` as a `size` PNG: over its backdrop, with its logo (if it has one) in
/// the square `logo_at` (x, y, side).
pub fn styled_png(
    style: &style::Style,
    svg: &str,
    size: (u32, u32),
    logo_at: [f32; 3],
) -> Result<Vec<u8>, RenderError> {
    let mut pixmap = rasterize_on(style.backdrop(), &parse(svg)?, size.0, size.1)?;
    if let Some(logo) = &style.logo {
        let [x, y, side] = logo_at;
        logo.draw(&mut pixmap, x, y, side);
    }
    encode_png(&pixmap)
}

/// Only the part `area` of `svg` drawn in `style`, as a `size` PNG that is black elsewhere (and
/// has no logo): for pictures of which only that part is ever used.
pub fn styled_area_png(
    style: &style::Style,
    svg: &str,
    size: (u32, u32),
    area: [u32; 4],
) -> Result<Vec<u8>, RenderError> {
    let pixmap = rasterize_area(style.backdrop(), &parse(svg)?, size, area)?;
    encode_png_at(&pixmap, size, (area[0], area[1]))
}

/// Encodes an opaque pixmap as an RGB PNG. Fast deflate: a card is mostly flat colour, which
/// compresses well even at the fastest setting, and encoding is a fifth of the render budget.
pub fn encode_png(pixmap: &Pixmap) -> Result<Vec<u8>, RenderError> {
    encode_png_at(pixmap, (pixmap.width(), pixmap.height()), (0, 0))
}

/// Encodes an opaque pixmap placed at `at` on a black `canvas` as an RGB PNG.
fn encode_png_at(pixmap: &Pixmap, canvas: (u32, u32), at: (u32, u32)) -> Result<Vec<u8>, RenderError> {
    let (width, height) = (canvas.0 as usize, canvas.1 as usize);
    let (x, y, w) = (at.0 as usize, at.1 as usize, pixmap.width() as usize);
    if x + w > width || y + pixmap.height() as usize > height {
        return Err(RenderError::Size(canvas.0, canvas.1));
    }
    // Black around the pixmap, whose rows land at their place.
    let mut rgb = vec![0u8; width * height * 3];
    kernels::pixels::pack_rgb_at(&mut rgb, width, pixmap.data(), w, (x, y));
    let mut out = Vec::with_capacity(rgb.len() / 8);
    let mut encoder = png::Encoder::new(&mut out, canvas.0, canvas.1);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.set_compression(png::Compression::Fast);
    let mut writer = encoder.write_header()?;
    writer.write_image_data(&rgb)?;
    writer.finish()?;
    Ok(out)
}

/// `png` fitted and centred on a `width`×`height` canvas filled with its top-left colour (its
/// backdrop): a carousel slide as a video frame. A picture of that size is returned as it is.
pub fn framed(png: &[u8], width: u32, height: u32) -> Result<Vec<u8>, RenderError> {
    let picture = Pixmap::decode_png(png).map_err(|e| RenderError::Decode(e.to_string()))?;
    if (picture.width(), picture.height()) == (width, height) {
        return Ok(png.to_vec());
    }
    let mut canvas = Pixmap::new(width, height).ok_or(RenderError::Size(width, height))?;
    if let Some(corner) = picture.pixel(0, 0) {
        canvas.fill(resvg::tiny_skia::Color::from_rgba8(corner.red(), corner.green(), corner.blue(), 255));
    }
    let scale = (width as f32 / picture.width() as f32).min(height as f32 / picture.height() as f32).min(1.0);
    let (x, y) = (
        (width as f32 - picture.width() as f32 * scale) / 2.0,
        (height as f32 - picture.height() as f32 * scale) / 2.0,
    );
    let paint = resvg::tiny_skia::PixmapPaint {
        quality: resvg::tiny_skia::FilterQuality::Bilinear,
        ..resvg::tiny_skia::PixmapPaint::default()
    };
    canvas.draw_pixmap(0, 0, picture.as_ref(), &paint, Transform::from_row(scale, 0.0, 0.0, scale, x, y), None);
    encode_png(&canvas)
}

/// `svg` as a `width`×`height` PNG.
pub fn png(svg: &str, width: u32, height: u32) -> Result<Vec<u8>, RenderError> {
    encode_png(&rasterize(&parse(svg)?, width, height)?)
}
