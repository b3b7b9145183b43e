//! RGBA pixmaps packed into RGB canvases, opaque vertical blends, and the bounds of pixels
//! painted in id colours.

/// Writes the RGB of `rgba` (rows of `width` RGBA pixels) into `canvas` (rows of `canvas_width`
/// RGB pixels) with its top-left corner at `at`; the caller has checked that it fits.
pub fn pack_rgb_at(canvas: &mut [u8], canvas_width: usize, rgba: &[u8], width: usize, at: (usize, usize)) {
    for (row, pixels) in rgba.chunks_exact(width * 4).enumerate() {
        let start = ((at.1 + row) * canvas_width + at.0) * 3;
        for (to, from) in canvas[start..start + width * 3].chunks_exact_mut(3).zip(pixels.chunks_exact(4)) {
            to.copy_from_slice(&from[..3]);
        }
    }
}

/// Fills `rgba` (rows of `width` RGBA pixels, the canvas's rows from `first_row` on) with the
/// opaque blend from `top` at the canvas's row 0 to `bottom` at its row `last_row`, each channel
/// rounded to the nearest level.
pub fn vertical_blend(rgba: &mut [u8], width: usize, first_row: usize, last_row: f32, top: [u8; 3], bottom: [u8; 3]) {
    for (row, pixels) in rgba.chunks_exact_mut(width * 4).enumerate() {
        let t = (first_row + row) as f32 / last_row;
        let mix = |a: u8, b: u8| (f32::from(a) + (f32::from(b) - f32::from(a)) * t).round() as u8;
        let colour = [mix(top[0], bottom[0]), mix(top[1], bottom[1]), mix(top[2], bottom[2]), 255];
        for pixel in pixels.chunks_exact_mut(4) {
            pixel.copy_from_slice(&colour);
        }
    }
}

/// `(x0, y0, x1, y1)`, inclusive-exclusive, of the opaque pixels of each id in `rgba` (rows of
/// `width` pixels), for ids `1..=ids`: an id is painted as red = its high byte, green = its low
/// byte, blue = `marker`. Anything else (clear, blended edges, other colours) is not counted.
pub fn bounds_by_id(rgba: &[u8], width: usize, marker: u8, ids: usize) -> Vec<Option<(usize, usize, usize, usize)>> {
    let mut bounds: Vec<Option<(usize, usize, usize, usize)>> = vec![None; ids];
    for (y, row) in rgba.chunks_exact(width * 4).enumerate() {
        // Most of a map is clear: 16 pixels at a time are skipped with one test.
        for (chunk, pixels) in row.chunks(64).enumerate() {
            if pixels.iter().all(|&byte| byte == 0) {
                continue;
            }
            for (k, pixel) in pixels.chunks_exact(4).enumerate() {
                if pixel[3] != 255 || pixel[2] != marker {
                    continue;
                }
                let id = (usize::from(pixel[0]) << 8) | usize::from(pixel[1]);
                let Some(slot) = id.checked_sub(1).and_then(|k| bounds.get_mut(k)) else { continue };
                let x = chunk * 16 + k;
                let b = slot.get_or_insert((x, y, x + 1, y + 1));
                *b = (b.0.min(x), b.1.min(y), b.2.max(x + 1), b.3.max(y + 1));
            }
        }
    }
    bounds
}

/// `rgba` (`width` × `height`) made `factor` times smaller (the rest of a row or column that
/// makes no whole block is dropped), each pixel the rounded mean of the block it stands for.
pub fn shrink_rgba(rgba: &[u8], (width, height): (usize, usize), factor: usize) -> Vec<u8> {
    let factor = factor.max(1);
    let (to_width, to_height) = (width / factor, height / factor);
    let area = (factor * factor) as u32;
    let mut out = Vec::with_capacity(to_width * to_height * 4);
    let mut sums = vec![0u32; to_width * 4];
    for y in 0..to_height {
        sums.fill(0);
        for row in rgba[y * factor * width * 4..].chunks_exact(width * 4).take(factor) {
            for (x, sum) in sums.chunks_exact_mut(4).enumerate() {
                for pixel in row[x * factor * 4..(x + 1) * factor * 4].chunks_exact(4) {
                    for c in 0..4 {
                        sum[c] += u32::from(pixel[c]);
                    }
                }
            }
        }
        out.extend(sums.iter().map(|&s| ((s + area / 2) / area) as u8));
    }
    out
}

/// 8-bit pixels of `channels` samples (1 grey, 2 grey and alpha, 3 RGB, 4 RGBA) as RGBA;
/// `None` for another count.
pub fn to_rgba(samples: &[u8], channels: usize) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(samples.len() / channels.max(1) * 4);
    match channels {
        4 => out.extend_from_slice(samples),
        3 => samples.chunks_exact(3).for_each(|p| out.extend_from_slice(&[p[0], p[1], p[2], 255])),
        2 => samples.chunks_exact(2).for_each(|p| out.extend_from_slice(&[p[0], p[0], p[0], p[1]])),
        1 => samples.iter().for_each(|&g| out.extend_from_slice(&[g, g, g, 255])),
        _ => return None,
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pixmap_lands_at_its_place_without_its_alpha() {
        let rgba = [1, 2, 3, 255, 4, 5, 6, 128];
        let mut canvas = vec![0u8; 3 * 2 * 3];
        pack_rgb_at(&mut canvas, 3, &rgba, 2, (1, 1));
        assert_eq!(canvas, [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 2, 3, 4, 5, 6]);
    }

    #[test]
    fn a_shrunk_picture_is_the_mean_of_each_block() {
        // 4×2 RGBA, halved: two pixels, each the mean of a 2×2 block (rounded).
        let rgba = [[0, 0, 0, 255], [10, 20, 30, 255], [100, 0, 0, 255], [100, 0, 0, 255]].concat();
        let rows =
            [rgba.clone(), [[1, 2, 3, 255], [2, 3, 4, 255], [100, 0, 0, 255], [100, 0, 1, 255]].concat()].concat();
        assert_eq!(shrink_rgba(&rows, (4, 2), 2), [3, 6, 9, 255, 100, 0, 0, 255]);
        assert_eq!(to_rgba(&[9, 8, 7], 3), Some(vec![9, 8, 7, 255]));
        assert_eq!(to_rgba(&[9, 128], 2), Some(vec![9, 9, 9, 128]));
        assert_eq!(to_rgba(&[9], 5), None);
    }

    #[test]
    fn a_blend_runs_from_top_to_bottom_over_the_whole_canvas() {
        // Rows 1 and 2 of a canvas whose last row is 4, two pixels wide: a quarter and half way.
        let mut rgba = vec![0u8; 2 * 2 * 4];
        vertical_blend(&mut rgba, 2, 1, 4.0, [0, 100, 200], [100, 0, 201]);
        assert_eq!(rgba, [25, 75, 200, 255, 25, 75, 200, 255, 50, 50, 201, 255, 50, 50, 201, 255]);
    }

    #[test]
    fn each_id_is_bounded_by_its_opaque_marked_pixels_only() {
        // 20×2: id 1 at x 2 and x 17 (past the first 16-pixel block), id 2 at (5, 1); a blended
        // pixel of id 2 and an unmarked one are ignored, as is an id past the count.
        let mut rgba = vec![0u8; 20 * 2 * 4];
        let mut put = |x: usize, y: usize, p: [u8; 4]| rgba[(y * 20 + x) * 4..][..4].copy_from_slice(&p);
        put(2, 0, [0, 1, 9, 255]);
        put(17, 1, [0, 1, 9, 255]);
        put(5, 1, [0, 2, 9, 255]);
        put(9, 0, [0, 2, 9, 200]);
        put(11, 0, [0, 2, 8, 255]);
        put(12, 0, [0, 3, 9, 255]);
        assert_eq!(bounds_by_id(&rgba, 20, 9, 2), [Some((2, 0, 18, 2)), Some((5, 1, 6, 2))]);
    }
}
