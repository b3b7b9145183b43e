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
