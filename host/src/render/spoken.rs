//! Lighting spoken words: a beat's picture drawn plain and with every word lit, and where each
//! word landed, so a video lights one word at a time by copying that word's boxes from the lit
//! picture over the plain one. Where words land is read from the renderer itself (the caption
//! drawn alone, each word in its own colour without anti-aliasing), so it is right in every
//! script and direction, whatever the shaping did.

use std::ops::Range;

use resvg::tiny_skia::Pixmap;

use super::beats::{self, BeatSheet};
use super::text::{Ink, PIECE_BLUE};
use super::{fonts, rasterize, styled_area_png, styled_png};
use crate::cpu::Budget;

/// A beat's pictures.
#[derive(Debug, Clone)]
pub struct Pictures {
    /// The picture with its caption plain (PNG).
    pub plain: Vec<u8>,
    /// The same picture with every word lit (PNG), when the caption has words. Only the part a
    /// video copies from it ([`reach`] of the boxes) is drawn; the rest is black.
    pub lit: Option<Vec<u8>>,
    /// For each word, its boxes in both pictures (x, y, width, height; one per line it is on).
    pub boxes: Vec<Vec<[u32; 4]>>,
}

/// Where each of `units` (character ranges of the caption) lands when `sheet` is drawn at
/// `size`: the caption alone, each unit in its own colour, read back. One per unit, each a box
/// per line it is on; this is all a page needs of its pictures before they are drawn.
pub fn boxes(sheet: &BeatSheet<'_>, units: &[Range<usize>], size: (u32, u32)) -> Result<Vec<Vec<[u32; 4]>>, String> {
    if units.is_empty() {
        return Ok(Vec::new());
    }
    let ids = beats::draw(fonts::get(), sheet, size, Ink::Ids(units));
    let tree = super::parse(&ids.spoken).map_err(|e| format!("render: {e}"))?;
    let map = rasterize(&tree, size.0, size.1).map_err(|e| format!("render: {e}"))?;
    let pad = ids.laid.size * 0.14 + 8.0;
    Ok(find_boxes(&map, &ids.laid.pieces, units.len(), pad))
}

/// Draws `sheet` at `size` plain and, where `boxes` (from [`boxes`]) light any word, lit.
/// Stops between pictures once `budget` is spent.
pub fn pictures(
    sheet: &BeatSheet<'_>,
    boxes: Vec<Vec<[u32; 4]>>,
    size: (u32, u32),
    budget: &Budget,
) -> Result<Pictures, String> {
    let fonts = fonts::get();
    let plain = beats::draw(fonts, sheet, size, Ink::Plain);
    let plain = styled_png(sheet.style, &plain.svg, size, beats::logo_at(size)).map_err(|e| format!("render: {e}"))?;
    budget.check()?;
    let Some(area) = reach(&boxes, size) else { return Ok(Pictures { plain, lit: None, boxes }) };
    let pills: Vec<[f32; 4]> = boxes.iter().flatten().map(|b| b.map(|v| v as f32)).collect();
    let (fill, pill) = beats::lit(sheet.layout, sheet.style);
    let lit = beats::draw(fonts, sheet, size, Ink::Lit { fill, pill, boxes: &pills, style: sheet.caption });
    let lit = styled_area_png(sheet.style, &lit.svg, size, area).map_err(|e| format!("render: {e}"))?;
    budget.check()?;
    Ok(Pictures { plain, lit: Some(lit), boxes })
}

/// Both at once: `sheet`'s pictures with `units` lit.
pub fn draw(
    sheet: &BeatSheet<'_>,
    units: &[Range<usize>],
    size: (u32, u32),
    budget: &Budget,
) -> Result<Pictures, String> {
    let boxes = boxes(sheet, units, size)?;
    budget.check()?;
    pictures(sheet, boxes, size, budget)
}

/// The part of a `size` picture a video copies from a lit picture with `boxes`: their bounds,
/// widened to the even pixels a frame's 2×2 colour samples reach (`film::Planes::copy_box`).
/// `None` without boxes.
pub fn reach(boxes: &[Vec<[u32; 4]>], size: (u32, u32)) -> Option<[u32; 4]> {
    let all = boxes.iter().flatten().filter(|b| b[2] > 0 && b[3] > 0);
    let (x0, y0, x1, y1) = all.fold(None, |bounds: Option<(u32, u32, u32, u32)>, b| {
        let (x1, y1) = (b[0] + b[2], b[1] + b[3]);
        Some(bounds.map_or((b[0], b[1], x1, y1), |(a, c, d, e)| (a.min(b[0]), c.min(b[1]), d.max(x1), e.max(y1))))
    })?;
    let (x0, y0) = (x0 & !1, y0 & !1);
    let (x1, y1) = (((x1 + 1) & !1).min(size.0), ((y1 + 1) & !1).min(size.1));
    (x0 < x1 && y0 < y1).then(|| [x0, y0, x1 - x0, y1 - y0])
}

/// Each unit's boxes in `map` (pieces drawn in their id colours on a clear canvas): each piece's
/// ink, widened by `pad` but never past halfway to its neighbour on the line, and as tall as its
/// line's ink plus `pad`.
pub fn find_boxes(map: &Pixmap, pieces: &[(usize, usize)], units: usize, pad: f32) -> Vec<Vec<[u32; 4]>> {
    let (w, h) = (map.width() as usize, map.height() as usize);
    // (x0, y0, x1, y1), inclusive-exclusive, of each piece's pixels.
    let ink = kernels::pixels::bounds_by_id(map.data(), w, PIECE_BLUE, pieces.len());
    let mut out = vec![Vec::new(); units];
    let lines = pieces.iter().map(|&(_, line)| line).max().map_or(0, |l| l + 1);
    // Each line's ink, top to bottom, so a line's boxes stop halfway to the next line's ink.
    let extent: Vec<Option<(usize, usize)>> = (0..lines)
        .map(|line| {
            let on: Vec<_> = pieces.iter().zip(&ink).filter(|((_, l), _)| *l == line).filter_map(|(_, b)| *b).collect();
            Some((on.iter().map(|b| b.1).min()?, on.iter().map(|b| b.3).max()?))
        })
        .collect();
    for line in 0..lines {
        let mut on_line: Vec<(usize, (usize, usize, usize, usize))> = pieces
            .iter()
            .enumerate()
            .filter(|(_, (_, l))| *l == line)
            .filter_map(|(k, _)| ink[k].map(|b| (k, b)))
            .collect();
        if on_line.is_empty() {
            continue;
        }
        on_line.sort_by_key(|(_, b)| b.0);
        let Some((ink_top, ink_bottom)) = extent[line] else { continue };
        let above =
            extent[..line].iter().rev().flatten().next().map_or(pad, |a| (ink_top as f32 - a.1 as f32).max(0.0) / 2.0);
        let below =
            extent[line + 1..].iter().flatten().next().map_or(pad, |b| (b.0 as f32 - ink_bottom as f32).max(0.0) / 2.0);
        let top = ink_top as f32 - pad.min(above);
        let bottom = ink_bottom as f32 + pad.min(below);
        for (n, &(k, b)) in on_line.iter().enumerate() {
            let left_room = n.checked_sub(1).map_or(pad, |p| (b.0 as f32 - on_line[p].1.2 as f32).max(0.0) / 2.0);
            let right_room = on_line.get(n + 1).map_or(pad, |next| (next.1.0 as f32 - b.2 as f32).max(0.0) / 2.0);
            let x0 = (b.0 as f32 - pad.min(left_room)).max(0.0);
            let x1 = (b.2 as f32 + pad.min(right_room)).min(w as f32);
            let (y0, y1) = (top.max(0.0), bottom.min(h as f32));
            let unit = pieces[k].0;
            if let Some(boxes) = out.get_mut(unit) {
                boxes.push([x0 as u32, y0 as u32, (x1 - x0).ceil() as u32, (y1 - y0).ceil() as u32]);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::render::beats::Layout;
    use crate::render::style::Style;
    use crate::render::words::units;

    fn pictures(text: &str, language: &str, rtl: bool, layout: Layout) -> Pictures {
        let style = Style::seeded(1);
        let sheet = BeatSheet {
            layout,
            text,
            title: "Title",
            language,
            rtl,
            index: 0,
            count: 3,
            style: &style,
            seed: 1,
            subject: None,
            caption: Default::default(),
        };
        let budget = Budget::new(std::time::Duration::from_secs(60));
        draw(&sheet, &units(text), (1080, 1920), &budget).unwrap()
    }

    fn decode(png: &[u8]) -> (Vec<u8>, usize) {
        let mut reader = png::Decoder::new(std::io::Cursor::new(png)).read_info().unwrap();
        let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
        let info = reader.next_frame(&mut pixels).unwrap();
        (pixels, info.width as usize)
    }

    /// Pixels that differ between the plain and lit pictures inside the boxes, and outside them
    /// within the part a video copies from the lit picture.
    fn changed(p: &Pictures) -> (usize, usize) {
        let (plain, width) = decode(&p.plain);
        let (lit, _) = decode(p.lit.as_ref().unwrap());
        let within = |b: [u32; 4], x: usize, y: usize| {
            (b[0] as usize..(b[0] + b[2]) as usize).contains(&x) && (b[1] as usize..(b[1] + b[3]) as usize).contains(&y)
        };
        let area = reach(&p.boxes, (1080, 1920)).unwrap();
        let (mut i, mut o) = (0, 0);
        for (n, (a, b)) in plain.chunks_exact(3).zip(lit.chunks_exact(3)).enumerate() {
            let (x, y) = (n % width, n / width);
            if a != b {
                if p.boxes.iter().flatten().any(|&b| within(b, x, y)) {
                    i += 1
                } else if within(area, x, y) {
                    o += 1
                }
            }
        }
        (i, o)
    }

    #[test]
    fn every_word_has_boxes_and_lighting_changes_nothing_outside_them() {
        for (text, lang, rtl) in [
            ("Ship the page, then render the video.", "en", false),
            ("مَرْحَبًا بِالْعَالَمِ الْجَمِيلِ", "ar", true),
            ("नमस्ते दुनिया, यह एक परीक्षण है", "hi", false),
            ("今日は天気がいいですね。散歩に行きましょう", "ja", false),
        ] {
            for layout in [Layout::Statement, Layout::Quote, Layout::Chat] {
                let p = pictures(text, lang, rtl, layout);
                assert_eq!(p.boxes.len(), units(text).len());
                assert!(p.boxes.iter().all(|b| !b.is_empty()), "{lang} {layout:?}: {:?}", p.boxes);
                let (inside, outside) = changed(&p);
                assert!(inside > 1_000, "{lang} {layout:?}: lit words differ from plain ones");
                assert_eq!(outside, 0, "{lang} {layout:?}: lighting changed pixels outside the words' boxes");
                let area = reach(&p.boxes, (1080, 1920)).unwrap();
                assert!(area[2] * area[3] < 1080 * 1920 / 2, "{lang} {layout:?}: only the caption's part is drawn");
            }
        }
    }

    #[test]
    fn a_caption_drawn_in_parts_lights_every_word_in_its_own_part() {
        for (text, layout) in [
            ("Pages, videos, memes and invites.", Layout::List),
            ("Others wait for renders but we ship today", Layout::Split),
        ] {
            let p = pictures(text, "en", false, layout);
            assert_eq!(p.boxes.len(), units(text).len());
            assert!(p.boxes.iter().all(|b| b.len() == 1), "{layout:?}: each word on one line: {:?}", p.boxes);
            let (inside, outside) = changed(&p);
            assert!(inside > 1_000 && outside == 0, "{layout:?}");
            // The parts are apart: the last word sits well below the first.
            assert!(p.boxes.last().unwrap()[0][1] > p.boxes[0][0][1] + 200, "{layout:?}: {:?}", p.boxes);
        }
    }

    #[test]
    fn boxes_follow_reading_order_left_to_right_or_right_to_left() {
        let first_x = |p: &Pictures, unit: usize| p.boxes[unit][0][0];
        let en = pictures("one two three", "en", false, Layout::Statement);
        assert!(first_x(&en, 0) < first_x(&en, 1) && first_x(&en, 1) < first_x(&en, 2), "{:?}", en.boxes);
        let ar = pictures("واحد اثنان", "ar", true, Layout::Statement);
        assert!(first_x(&ar, 0) > first_x(&ar, 1), "{:?}", ar.boxes);
    }
}
