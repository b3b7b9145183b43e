//! Comparing RGB pictures, as the end-to-end tests compare what a screen or a video frame shows
//! with the pictures the service drew: a box-averaged smaller copy, the mean difference, where
//! two frames differ, and where a picture has sharp edges.

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

/// How many of the sampled pixels (every `step`th of every `step`th row, rows `0..rows`) differ
/// between `a` and `b` (`width` wide) by more than `over` summed over the channels, and the
/// bounds `[x0, y0, x1, y1]` (inclusive) of those pixels; `None` bounds when none do.
pub fn changed(a: &[u8], b: &[u8], (width, rows): (usize, usize), step: usize, over: u32) -> (u64, Option<[usize; 4]>) {
    let (mut count, mut bounds): (u64, Option<[usize; 4]>) = (0, None);
    for y in (0..rows).step_by(step.max(1)) {
        for x in (0..width).step_by(step.max(1)) {
            let at = (y * width + x) * 3;
            let d: u32 = (0..3).map(|c| u32::from(a[at + c].abs_diff(b[at + c]))).sum();
            if d > over {
                count += 1;
                bounds =
                    Some(bounds.map_or([x, y, x, y], |[x0, y0, x1, y1]| [x0.min(x), y0.min(y), x1.max(x), y1.max(y)]));
            }
        }
    }
    (count, bounds)
}

/// Where `rgb` (`width`×`height`) has sharp edges: pixels whose brightness steps by more than
/// `over` to their right neighbour, on every `step`th row, counted outside and inside the area
/// `[x0, y0, x1, y1]` (exclusive ends).
pub fn edges(rgb: &[u8], (width, height): (usize, usize), step: usize, over: u32, area: [usize; 4]) -> (u64, u64) {
    let luma = |at: usize| (u32::from(rgb[at]) * 3 + u32::from(rgb[at + 1]) * 6 + u32::from(rgb[at + 2])) / 10;
    let (mut outside, mut inside) = (0, 0);
    for y in (0..height).step_by(step.max(1)) {
        for x in 0..width.saturating_sub(1) {
            let at = (y * width + x) * 3;
            if luma(at).abs_diff(luma(at + 3)) > over {
                let within = (area[0]..area[2]).contains(&x)
                    && (area[0]..area[2]).contains(&(x + 1))
                    && (area[1]..area[3]).contains(&y);
                if within {
                    inside += 1;
                } else {
                    outside += 1;
                }
            }
        }
    }
    (outside, inside)
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

    #[test]
    fn changes_are_counted_and_bounded_where_they_are_sampled() {
        // 3×2: the middle of the top row and the right of the bottom row differ clearly.
        let a = [0u8; 18];
        let mut b = a;
        b[3..6].fill(200);
        b[15..18].fill(200);
        assert_eq!(changed(&a, &b, (3, 2), 1, 90), (2, Some([1, 0, 2, 1])));
        assert_eq!(changed(&a, &b, (3, 1), 1, 90), (1, Some([1, 0, 1, 0])), "the bottom row left out");
        assert_eq!(changed(&a, &a, (3, 2), 1, 90), (0, None));
    }

    #[test]
    fn sharp_edges_are_counted_inside_and_outside_an_area() {
        // 4×1: black, white, white, black — a step up after x 0 and down after x 2.
        let rgb = [0, 0, 0, 255, 255, 255, 255, 255, 255, 0, 0, 0];
        assert_eq!(edges(&rgb, (4, 1), 1, 90, [0, 0, 4, 1]), (0, 2));
        assert_eq!(edges(&rgb, (4, 1), 1, 90, [1, 0, 4, 1]), (1, 1), "the first step leaves the area");
    }
}
