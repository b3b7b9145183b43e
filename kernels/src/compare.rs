//! Comparing RGB pictures, as the end-to-end tests compare what a screen or a video frame shows
//! with the pictures the service drew: a box-averaged smaller copy, and the mean difference.

/// `rgb` (`width`×`height`) shrunk to `to_width`×`to_height` by averaging boxes of pixels.
pub fn shrink(rgb: &[u8], (width, height): (u32, u32), (to_width, to_height): (u32, u32)) -> Vec<u8> {
    let (w, h, tw, th) = (width as usize, height as usize, to_width as usize, to_height as usize);
    let mut out = Vec::with_capacity(tw * th * 3);
    for ty in 0..th {
        let (y0, y1) = (ty * h / th, ((ty + 1) * h / th).max(ty * h / th + 1));
        for tx in 0..tw {
            let (x0, x1) = (tx * w / tw, ((tx + 1) * w / tw).max(tx * w / tw + 1));
            let mut sum = [0u64; 3];
            for y in y0..y1 {
                for pixel in rgb[(y * w + x0) * 3..(y * w + x1) * 3].chunks_exact(3) {
                    for (s, &c) in sum.iter_mut().zip(pixel) {
                        *s += u64::from(c);
                    }
                }
            }
            let n = ((y1 - y0) * (x1 - x0)) as u64;
            out.extend(sum.iter().map(|s| (s / n) as u8));
        }
    }
    out
}

/// The mean over pixels of the summed absolute difference of their three channels, between two
/// RGB pictures `width` pixels wide, over every `step`th pixel that is in none of `outside`
/// (boxes `[x, y, w, h]`).
pub fn difference(a: &[u8], b: &[u8], width: usize, step: usize, outside: &[[u32; 4]]) -> f64 {
    let inside = |i: usize| {
        let (x, y) = ((i % width) as u32, (i / width) as u32);
        outside.iter().any(|b| (b[0]..b[0] + b[2]).contains(&x) && (b[1]..b[1] + b[3]).contains(&y))
    };
    let (mut sum, mut n) = (0u64, 0u64);
    for (i, (p, q)) in a.chunks_exact(3).zip(b.chunks_exact(3)).enumerate().step_by(step.max(1)) {
        if !outside.is_empty() && inside(i) {
            continue;
        }
        sum += p.iter().zip(q).map(|(x, y)| u64::from(x.abs_diff(*y))).sum::<u64>();
        n += 1;
    }
    sum as f64 / n.max(1) as f64
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shrunk_picture_averages_each_box() {
        // 4×2 to 2×1: the left box holds 0, 10, 20 and 30 in red, the right 100 four times.
        let rgb = [0, 0, 0, 10, 0, 0, 100, 1, 2, 100, 1, 2, 20, 0, 0, 30, 0, 0, 100, 1, 2, 100, 1, 2];
        assert_eq!(shrink(&rgb, (4, 2), (2, 1)), [15, 0, 0, 100, 1, 2]);
    }

    #[test]
    fn the_difference_counts_sampled_pixels_outside_the_boxes() {
        // Three pixels in a row, differing by 3, 30 and 300 (as 100 in each channel).
        let a = [0u8; 9];
        let b = [1, 1, 1, 10, 10, 10, 100, 100, 100];
        assert_eq!(difference(&a, &b, 3, 1, &[]), 111.0);
        assert_eq!(difference(&a, &b, 3, 2, &[]), 151.5);
        assert_eq!(difference(&a, &b, 3, 1, &[[2, 0, 1, 1]]), 16.5);
        assert_eq!(difference(&a, &a, 3, 1, &[[0, 0, 3, 1]]), 0.0);
    }
}
