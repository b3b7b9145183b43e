//! What stands for a video where it does not play: its poster (the opening card, a PNG of the
//! video's size) and a short looping preview, an animated GIF of its first pictures at a third of
//! their size — at most six seconds and 2 MB — for chats and feeds that show a moving picture but
//! not a video.

use std::io::Cursor;

/// The preview's longest run and largest file.
pub const LOOP_MS: u32 = 6_000;
pub const LOOP_BYTES: usize = 2 * 1024 * 1024;
/// The most pictures it shows, each for a second.
const FRAMES: usize = 6;
const FRAME_MS: u32 = 1_000;
/// How much smaller than the video the preview is drawn, tried in turn until it fits in
/// [`LOOP_BYTES`].
const SHRINKS: [u32; 3] = [3, 4, 6];
/// NeuQuant's sampling step: 10 is its fast setting, good enough for flat illustrations and text.
const QUANTIZE_SPEED: i32 = 10;

/// An RGBA picture.
struct Rgba {
    width: u32,
    height: u32,
    pixels: Vec<u8>,
}

/// A looping GIF of the first pictures (PNGs of one size), a second each, at most [`LOOP_MS`]
/// and [`LOOP_BYTES`].
pub fn looping(pictures: &[&[u8]]) -> Result<Vec<u8>, String> {
    let decoded: Vec<Rgba> = pictures.iter().take(FRAMES).map(|png| decode(png)).collect::<Result<_, _>>()?;
    let first = decoded.first().ok_or("no pictures to preview")?;
    if decoded.iter().any(|p| (p.width, p.height) != (first.width, first.height)) {
        return Err("the pictures differ in size".into());
    }
    for shrink in SHRINKS {
        let gif = encode(&decoded, shrink)?;
        if gif.len() <= LOOP_BYTES {
            return Ok(gif);
        }
    }
    Err("the preview does not fit in 2 MB".into())
}

/// The frames `shrink` times smaller, as a GIF that repeats forever.
fn encode(pictures: &[Rgba], shrink: u32) -> Result<Vec<u8>, String> {
    let failed = |e: gif::EncodingError| format!("the preview: {e}");
    let (width, height) = (pictures[0].width / shrink, pictures[0].height / shrink);
    let size = |n: u32| u16::try_from(n).map_err(|_| "the preview is too large".to_string());
    let (w, h) = (size(width)?, size(height)?);
    let mut out = Vec::new();
    {
        let mut encoder = gif::Encoder::new(&mut out, w, h, &[]).map_err(failed)?;
        encoder.set_repeat(gif::Repeat::Infinite).map_err(failed)?;
        for picture in pictures {
            let mut small = smaller(picture, shrink);
            let mut frame = gif::Frame::from_rgba_speed(w, h, &mut small.pixels, QUANTIZE_SPEED);
            frame.delay = (FRAME_MS / 10) as u16;
            encoder.write_frame(&frame).map_err(failed)?;
        }
    }
    Ok(out)
}

/// `picture` `shrink` times smaller, each pixel the mean of the block it stands for.
fn smaller(picture: &Rgba, shrink: u32) -> Rgba {
    let size = (picture.width as usize, picture.height as usize);
    let pixels = kernels::pixels::shrink_rgba(&picture.pixels, size, shrink as usize);
    Rgba { width: picture.width / shrink, height: picture.height / shrink, pixels }
}

/// A PNG as 8-bit RGBA.
fn decode(png_bytes: &[u8]) -> Result<Rgba, String> {
    let failed = |e: png::DecodingError| format!("a picture: {e}");
    let mut decoder = png::Decoder::new(Cursor::new(png_bytes));
    decoder.set_transformations(png::Transformations::normalize_to_color8());
    let mut reader = decoder.read_info().map_err(failed)?;
    let mut buffer = vec![0; reader.output_buffer_size().ok_or("a picture too large")?];
    let info = reader.next_frame(&mut buffer).map_err(failed)?;
    let samples = &buffer[..info.buffer_size()];
    // Expanded on decoding, so never indexed here: the samples are grey or colour, with alpha or not.
    let channels = if info.color_type == png::ColorType::Indexed { 0 } else { info.color_type.samples() };
    let pixels = kernels::pixels::to_rgba(samples, channels).ok_or("a picture left indexed")?;
    Ok(Rgba { width: info.width, height: info.height, pixels })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn png_of(width: u32, height: u32, colour: [u8; 3]) -> Vec<u8> {
        let mut out = Vec::new();
        let mut encoder = png::Encoder::new(&mut out, width, height);
        encoder.set_color(png::ColorType::Rgb);
        let mut writer = encoder.write_header().unwrap();
        let pixels: Vec<u8> = (0..width * height).flat_map(|_| colour).collect();
        writer.write_image_data(&pixels).unwrap();
        writer.finish().unwrap();
        out
    }

    #[test]
    fn the_preview_loops_through_the_first_pictures_a_third_of_their_size() {
        let pictures: Vec<Vec<u8>> = (0..8).map(|n| png_of(1080, 1920, [n * 30, 100, 200])).collect();
        let refs: Vec<&[u8]> = pictures.iter().map(Vec::as_slice).collect();
        let gif_bytes = looping(&refs).unwrap();
        assert!(gif_bytes.len() <= LOOP_BYTES);
        let mut options = gif::DecodeOptions::new();
        options.set_color_output(gif::ColorOutput::RGBA);
        let mut decoder = options.read_info(Cursor::new(&gif_bytes)).unwrap();
        assert_eq!((decoder.width(), decoder.height()), (360, 640));
        let mut frames = Vec::new();
        while let Some(frame) = decoder.read_next_frame().unwrap() {
            frames.push((frame.delay, frame.buffer[0]));
        }
        assert_eq!(frames.len(), FRAMES, "six of the eight pictures, a second each");
        assert!(frames.iter().all(|f| u32::from(f.0) * 10 == FRAME_MS));
        assert!(frames.windows(2).all(|w| w[0].1 < w[1].1), "in order: {frames:?}");
        assert!(frames.len() as u32 * FRAME_MS <= LOOP_MS);
        assert!(gif_bytes.windows(11).any(|w| w == b"NETSCAPE2.0"), "it repeats");
    }

    #[test]
    fn pictures_of_other_sizes_or_none_are_refused() {
        assert!(looping(&[]).is_err());
        let (a, b) = (png_of(90, 160, [0; 3]), png_of(160, 90, [0; 3]));
        assert!(looping(&[&a, &b]).is_err());
        assert!(looping(&[b"not a png"]).is_err());
    }
}
