//! Beat layouts: the picture of each beat of an engine page (and each frame of its video), in
//! twelve layouts of different structure, chosen from what the beat says and where it stands so
//! that no two beats in a row look alike. Every layout draws the beat's caption exactly once, as
//! the spoken paragraph, so its words can be lit one at a time (`render::spoken`).

use std::cell::RefCell;
use std::fmt::Write;

use super::scenes;
use super::style::Style;
use super::text::{Ink, Laid, Paragraph, inked, paragraph};
use crate::render::fonts::Fonts;

/// A beat layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Layout {
    /// The opening card, and a short first beat: the line large under a play mark.
    Title,
    /// A big statement over the backdrop.
    Statement,
    /// A quote card.
    Quote,
    /// A chat thread ending in the line.
    Chat,
    /// A number, huge, over the line.
    Stat,
    /// A bar chart rising to the number.
    Chart,
    /// A checklist on a notepad.
    List,
    /// A split screen: a versus badge over the line.
    Split,
    /// A drawn reaction under the line.
    Reaction,
    /// A large question mark behind the line.
    Question,
    /// A poll: the line and two answers with their bars.
    Poll,
    /// The call to action: the line and a button.
    Action,
}

/// Layouts a beat with no particular content rotates through.
const ROTATION: [Layout; 7] =
    [Layout::Statement, Layout::Chat, Layout::Reaction, Layout::Quote, Layout::Split, Layout::List, Layout::Title];

/// Layouts that fit `text` at position `i` of `count`, best first.
fn wanted(text: &str, i: usize, count: usize) -> Vec<Layout> {
    let trimmed = text.trim_end();
    let words = text.split_whitespace().count();
    if count >= 2 && i == count - 1 {
        vec![Layout::Action]
    } else if number(text).is_some() {
        vec![Layout::Stat, Layout::Chart]
    } else if trimmed.ends_with(['?', '？', '؟']) {
        vec![Layout::Question, Layout::Poll]
    } else if i == 0 && words <= 6 && !trimmed.ends_with(['.', '。']) {
        vec![Layout::Title]
    } else if text.contains(['"', '“', '”', '«', '»', '「', '」']) {
        vec![Layout::Quote]
    } else if text.matches([',', ';', '、', '،']).count() >= 2 {
        vec![Layout::List]
    } else if [" but ", " vs", " versus ", " instead ", " pero ", " mais ", " aber ", " — "]
        .iter()
        .any(|w| text.contains(w))
    {
        vec![Layout::Split]
    } else {
        Vec::new()
    }
}

/// The layout of each beat of a page: a number gets a number layout (stat or chart), a
/// question a question layout (question or poll), the last beat the call to action, a short
/// opening line the title layout, quotes, lists and contrasts their own; the rest rotate. No
/// two beats in a row share a layout.
pub fn choose(texts: &[&str]) -> Vec<Layout> {
    pick(texts, false)
}

/// The layout of each slide of a carousel: as [`choose`], but no layout is used twice (there
/// are twelve, and a carousel has at most twelve slides).
pub fn choose_distinct(texts: &[&str]) -> Vec<Layout> {
    pick(texts, true)
}

fn pick(texts: &[&str], distinct: bool) -> Vec<Layout> {
    let mut out: Vec<Layout> = Vec::with_capacity(texts.len());
    let all = [
        Layout::Statement,
        Layout::Chat,
        Layout::Reaction,
        Layout::Quote,
        Layout::Split,
        Layout::List,
        Layout::Title,
        Layout::Stat,
        Layout::Chart,
        Layout::Question,
        Layout::Poll,
        Layout::Action,
    ];
    for (i, text) in texts.iter().enumerate() {
        let free = |l: &Layout| out.last() != Some(l) && !(distinct && out.contains(l));
        let rotation = ROTATION.iter().cycle().skip(i % ROTATION.len()).take(ROTATION.len());
        let chosen = wanted(text, i, texts.len())
            .into_iter()
            .find(|l| free(l))
            .or_else(|| rotation.copied().find(|l| free(l)))
            .or_else(|| all.iter().copied().find(|l| free(l)))
            .unwrap_or(Layout::Statement);
        out.push(chosen);
    }
    out
}

/// The first number in `text` with its sign, unit or suffix (`$4.99`, `70%`, `3x`, `10k`).
pub fn number(text: &str) -> Option<String> {
    let chars: Vec<char> = text.chars().collect();
    let start = chars.iter().position(|c| c.is_ascii_digit())?;
    let mut from = start;
    while from > 0 && matches!(chars[from - 1], '$' | '€' | '£' | '¥' | '+' | '-' | '#') {
        from -= 1;
    }
    let mut end = start;
    while end < chars.len()
        && (chars[end].is_ascii_digit()
            || (matches!(chars[end], '.' | ',') && chars.get(end + 1).is_some_and(char::is_ascii_digit)))
    {
        end += 1;
    }
    if end < chars.len() && matches!(chars[end], '%' | 'x' | '×' | 'k' | 'K' | 'M' | 'B' | '+') {
        end += 1;
    }
    let n: String = chars[from..end].iter().collect();
    (n.chars().count() <= 12).then_some(n)
}

/// Where a beat's logo goes in a picture of `size`: a square at the foot, above the progress bar.
pub fn logo_at(size: (u32, u32)) -> [f32; 3] {
    [size.0 as f32 / 2.0 - 60.0, size.1 as f32 - 210.0, 120.0]
}

/// The colours of a lit word in `layout`: its text, and the pill behind it (the accent, or
/// dark where the caption already sits on the accent).
pub fn lit(layout: Layout, style: &Style) -> (&'static str, &str) {
    match layout {
        Layout::Chat => ("#ffffff", "#111111"),
        _ => ("#111111", style.accent.as_str()),
    }
}

/// What a beat's picture is drawn from.
pub struct BeatSheet<'a> {
    pub layout: Layout,
    /// The caption: what is spoken.
    pub text: &'a str,
    /// The page's title, shown small at the top.
    pub title: &'a str,
    /// ISO 639-1.
    pub language: &'a str,
    pub rtl: bool,
    /// Position (from 0) and count of the beats; `count` 0 for the opening card.
    pub index: usize,
    pub count: usize,
    pub style: &'a Style,
    /// Picks among equals (the reaction's face when the line has no tone).
    pub seed: u64,
}

/// A beat's layout as SVG.
pub struct Drawn {
    pub svg: String,
    /// The spoken paragraph alone, as SVG of the same size (for [`Ink::Ids`]).
    pub spoken: String,
    pub laid: Laid,
}

/// The beat drawn in `size`, its caption painted with `ink`.
pub fn draw(fonts: &Fonts, sheet: &BeatSheet<'_>, size: (u32, u32), ink: Ink<'_>) -> Drawn {
    let (w, h) = (size.0 as f32, size.1 as f32);
    let style = sheet.style;
    let accent = style.accent.as_str();
    let spoken: RefCell<Option<Laid>> = RefCell::new(None);
    let say = |p: Paragraph<'_>| {
        let laid = inked(fonts, sheet.text, sheet.language, sheet.rtl, &p, ink);
        let svg = laid.svg.clone();
        *spoken.borrow_mut() = Some(laid);
        svg
    };
    let plain = |text: &str, p: Paragraph<'_>| paragraph(fonts, text, sheet.language, sheet.rtl, &p).svg;
    let base = Paragraph {
        center_x: w / 2.0,
        top: 0.0,
        width: w - 160.0,
        height: 0.0,
        sizes: MID,
        bold: true,
        fill: "#ffffff",
        outline: None,
        middle: true,
        typeface: style.typeface,
    };
    // The body: between the top bar (title, counter) and the foot (logo, progress bar).
    let (top, bottom) = (200.0, h - 230.0);
    let body = bottom - top;
    let mut svg = String::new();
    match sheet.layout {
        Layout::Title => {
            let cy = top + body * 0.28;
            let _ = write!(
                svg,
                r##"<circle cx="{cx}" cy="{cy}" r="110" fill="{accent}"/><path d="M {x0} {y0} L {x0} {y1} L {x1} {cy} Z" fill="#111111"/>
<rect x="{bx}" y="{by}" width="240" height="14" rx="7" fill="{accent}"/>"##,
                cx = w / 2.0,
                x0 = w / 2.0 - 35.0,
                x1 = w / 2.0 + 55.0,
                y0 = cy - 55.0,
                y1 = cy + 55.0,
                bx = w / 2.0 - 120.0,
                by = top + body * 0.88,
            );
            svg.push_str(&say(Paragraph { top: top + body * 0.45, height: body * 0.4, sizes: BIG, ..base }));
        }
        Layout::Statement => {
            let _ = write!(
                svg,
                r##"<rect x="80" y="{y}" width="140" height="18" rx="9" fill="{accent}"/>"##,
                y = top + 40.0
            );
            svg.push_str(&say(Paragraph {
                top: top + 100.0,
                height: body - 140.0,
                sizes: BIG,
                outline: Some(("#000000", 8.0)),
                ..base
            }));
        }
        Layout::Quote => {
            let _ = write!(
                svg,
                r##"<rect x="70" y="{y}" width="{cw}" height="{ch}" rx="48" fill="{card}"/>
<text x="130" y="{qy}" font-family="Noto Serif, Noto Sans" font-size="300" font-weight="700" fill="{accent}">“</text>
<rect x="130" y="{ly}" width="90" height="10" rx="5" fill="{accent}"/>"##,
                y = top + 60.0,
                cw = w - 140.0,
                ch = body - 120.0,
                card = style.card,
                qy = top + 330.0,
                ly = bottom - 130.0,
            );
            svg.push_str(&say(Paragraph {
                top: top + 300.0,
                height: body - 480.0,
                sizes: MID,
                fill: style.dark,
                ..base
            }));
        }
        Layout::Chat => {
            let y = top + 60.0;
            let _ = write!(
                svg,
                r##"<circle cx="120" cy="{ay}" r="44" fill="#9aa5b1"/><rect x="190" y="{y}" width="520" height="150" rx="40" fill="#ffffff" fill-opacity="0.9"/>
<rect x="230" y="{l1}" width="380" height="22" rx="11" fill="#cbd2d9"/><rect x="230" y="{l2}" width="250" height="22" rx="11" fill="#cbd2d9"/>
<rect x="110" y="{by}" width="{bw}" height="{bh}" rx="48" fill="{accent}"/><path d="M {tx} {ty} l 60 50 l -90 -10 z" fill="{accent}"/>
<circle cx="{ax2}" cy="{ay2}" r="44" fill="#ffffff" fill-opacity="0.85"/>"##,
                ay = y + 75.0,
                l1 = y + 40.0,
                l2 = y + 85.0,
                by = y + 230.0,
                bw = w - 220.0,
                bh = body - 420.0,
                tx = w - 190.0,
                ty = y + 230.0 + body - 420.0 - 20.0,
                ax2 = w - 70.0,
                ay2 = y + 230.0 + body - 420.0 + 60.0,
            );
            svg.push_str(&say(Paragraph {
                top: y + 270.0,
                width: w - 320.0,
                height: body - 500.0,
                sizes: MID,
                fill: "#111111",
                ..base
            }));
        }
        Layout::Stat | Layout::Chart => {
            let figure = number(sheet.text).unwrap_or_else(|| "#1".into());
            if sheet.layout == Layout::Stat {
                let _ = write!(
                    svg,
                    r##"<circle cx="{cx}" cy="{cy}" r="{r}" fill="{accent}" fill-opacity="0.18"/>"##,
                    cx = w / 2.0,
                    cy = top + body * 0.25,
                    r = body * 0.22
                );
                svg.push_str(&plain(
                    &figure,
                    Paragraph { top: top + 20.0, height: body * 0.45, sizes: HUGE, fill: accent, ..base },
                ));
            } else {
                let floor = top + body * 0.5;
                for (k, share) in [0.25f32, 0.45, 0.6, 1.0].iter().enumerate() {
                    let bar_h = body * 0.36 * share;
                    let x = 140.0 + k as f32 * (w - 280.0) / 4.0;
                    let fill = if k == 3 { accent } else { "#ffffff" };
                    let opacity = if k == 3 { 1.0 } else { 0.35 };
                    let _ = write!(
                        svg,
                        r##"<rect x="{x}" y="{y}" width="{bw}" height="{bar_h}" rx="18" fill="{fill}" fill-opacity="{opacity}"/>"##,
                        y = floor - bar_h,
                        bw = (w - 280.0) / 4.0 - 40.0
                    );
                }
                let _ = write!(
                    svg,
                    r##"<rect x="100" y="{floor}" width="{lw}" height="8" fill="#ffffff" fill-opacity="0.6"/>"##,
                    lw = w - 200.0
                );
                svg.push_str(&plain(
                    &figure,
                    Paragraph { top, height: body * 0.16, sizes: BIG, fill: accent, middle: false, ..base },
                ));
            }
            svg.push_str(&say(Paragraph { top: top + body * 0.55, height: body * 0.42, sizes: MID, ..base }));
        }
        Layout::List => {
            let _ = write!(
                svg,
                r##"<rect x="70" y="{y}" width="{cw}" height="{ch}" rx="36" fill="{card}"/>"##,
                y = top + 40.0,
                cw = w - 140.0,
                ch = body - 80.0,
                card = style.card
            );
            for k in 0..6 {
                let ly = top + 200.0 + k as f32 * (body - 320.0) / 6.0;
                let _ = write!(
                    svg,
                    r##"<rect x="110" y="{ly}" width="{lw}" height="3" fill="#9aa5b1" fill-opacity="0.5"/>"##,
                    lw = w - 220.0
                );
            }
            for k in 0..3 {
                let cy = top + 120.0 + k as f32 * 90.0;
                let _ = write!(
                    svg,
                    r##"<rect x="110" y="{y}" width="56" height="56" rx="12" fill="none" stroke="{accent}" stroke-width="8"/><path d="M 120 {a} l 16 18 l 28 -34" fill="none" stroke="{dark}" stroke-width="9" stroke-linecap="round"/>"##,
                    y = cy - 28.0,
                    a = cy,
                    dark = style.dark
                );
            }
            svg.push_str(&say(Paragraph {
                top: top + 420.0,
                height: body - 520.0,
                sizes: MID,
                fill: style.dark,
                ..base
            }));
        }
        Layout::Split => {
            let mid = top + body * 0.42;
            let _ = write!(
                svg,
                r##"<rect x="0" y="{top}" width="{w}" height="{hh}" fill="{accent}" fill-opacity="0.9"/><rect x="0" y="{mid}" width="{w}" height="{hh2}" fill="#000000" fill-opacity="0.35"/>
<path d="M {x0} {a0} L {x1} {a1}" stroke="#ffffff" stroke-width="10"/><circle cx="{cx}" cy="{mid}" r="90" fill="#111111" stroke="#ffffff" stroke-width="10"/>
<text x="{cx}" y="{ty}" text-anchor="middle" font-family="Noto Sans" font-size="80" font-weight="700" fill="#ffffff">VS</text>"##,
                hh = mid - top,
                hh2 = bottom - mid,
                x0 = w * 0.25,
                x1 = w * 0.75,
                a0 = top + 60.0,
                a1 = mid - 60.0,
                cx = w / 2.0,
                ty = mid + 28.0,
            );
            let tone = scenes::tone(sheet.text, sheet.seed);
            svg.push_str(&scenes::reaction(tone, w * 0.22, top + (mid - top) / 2.0, 0.45, "#ffffff"));
            svg.push_str(&say(Paragraph { top: mid + 120.0, height: bottom - mid - 160.0, sizes: MID, ..base }));
        }
        Layout::Reaction => {
            svg.push_str(&say(Paragraph {
                top: top + 20.0,
                height: body * 0.42,
                sizes: BIG,
                outline: Some(("#000000", 9.0)),
                ..base
            }));
            let tone = scenes::tone(sheet.text, sheet.seed);
            svg.push_str(&scenes::reaction(tone, w / 2.0, top + body * 0.72, (body * 0.5 / 460.0).min(1.0), accent));
        }
        Layout::Question => {
            let _ = write!(
                svg,
                r##"<text x="{cx}" y="{y}" text-anchor="middle" font-family="Noto Sans" font-size="{fs}" font-weight="700" fill="{accent}" fill-opacity="0.22">?</text>"##,
                cx = w / 2.0,
                y = top + body * 0.82,
                fs = body * 0.9,
            );
            svg.push_str(&say(Paragraph { top: top + 60.0, height: body - 120.0, sizes: BIG, ..base }));
        }
        Layout::Poll => {
            svg.push_str(&say(Paragraph { top: top + 20.0, height: body * 0.45, sizes: MID, ..base }));
            for (k, share) in [(0, 0.72f32), (1, 0.28)] {
                let y = top + body * 0.55 + k as f32 * 190.0;
                let full = w - 200.0;
                let fill = if k == 0 { accent } else { "#ffffff" };
                let _ = write!(
                    svg,
                    r##"<rect x="100" y="{y}" width="{full}" height="140" rx="70" fill="#ffffff" fill-opacity="0.15"/><rect x="100" y="{y}" width="{bw}" height="140" rx="70" fill="{fill}" fill-opacity="0.85"/>
<text x="{px}" y="{ty}" text-anchor="end" font-family="Noto Sans" font-size="64" font-weight="700" fill="#ffffff">{pct}%</text>"##,
                    bw = full * share,
                    px = w - 140.0,
                    ty = y + 92.0,
                    pct = (share * 100.0).round(),
                );
                let mark = if k == 0 {
                    format!("M 150 {} l 30 32 l 52 -62", y + 78.0)
                } else {
                    format!("M 150 {b} l 60 60 M 210 {b} l -60 60", b = y + 40.0)
                };
                let _ = write!(
                    svg,
                    r##"<path d="{mark}" fill="none" stroke="#111111" stroke-width="14" stroke-linecap="round"/>"##
                );
            }
        }
        Layout::Action => {
            svg.push_str(&say(Paragraph { top: top + 40.0, height: body * 0.55, sizes: BIG, ..base }));
            let y = top + body * 0.68;
            let _ = write!(
                svg,
                r##"<rect x="140" y="{y}" width="{bw}" height="200" rx="100" fill="{accent}"/><path d="M {x0} {a} L {x1} {a} M {x2} {b} L {x1} {a} L {x2} {c}" fill="none" stroke="#111111" stroke-width="22" stroke-linecap="round" stroke-linejoin="round"/>"##,
                bw = w - 280.0,
                x0 = w / 2.0 - 110.0,
                x1 = w / 2.0 + 110.0,
                x2 = w / 2.0 + 40.0,
                a = y + 100.0,
                b = y + 40.0,
                c = y + 160.0,
            );
        }
    }
    let chrome = chrome(fonts, sheet, w);
    let (width, height) = size;
    let open = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}">"#
    );
    let laid = spoken.into_inner().unwrap_or_default();
    Drawn { svg: format!("{open}\n{svg}{chrome}</svg>"), spoken: format!("{open}\n{}</svg>", laid.svg), laid }
}

/// The top bar: the title, and the beat's number.
fn chrome(fonts: &Fonts, sheet: &BeatSheet<'_>, w: f32) -> String {
    let mut svg = String::new();
    if sheet.count > 0 {
        svg.push_str(
            &paragraph(
                fonts,
                sheet.title,
                sheet.language,
                sheet.rtl,
                &Paragraph {
                    center_x: w / 2.0 - 80.0,
                    top: 70.0,
                    width: w - 320.0,
                    height: 70.0,
                    sizes: &[44.0, 38.0, 32.0],
                    bold: true,
                    fill: "#ffffff",
                    outline: None,
                    middle: true,
                    typeface: sheet.style.typeface,
                },
            )
            .svg,
        );
        let _ = write!(
            svg,
            r##"<text x="{x}" y="122" text-anchor="end" font-family="Noto Sans" font-size="42" font-weight="700" fill="{accent}">{n}/{count}</text>"##,
            x = w - 60.0,
            accent = sheet.style.accent,
            n = sheet.index + 1,
            count = sheet.count,
        );
    }
    svg
}

const HUGE: &[f32] = &[300.0, 260.0, 220.0, 180.0, 150.0];
const BIG: &[f32] = &[104.0, 92.0, 80.0, 70.0, 60.0, 52.0, 44.0];
const MID: &[f32] = &[84.0, 74.0, 64.0, 56.0, 48.0, 42.0, 36.0];

#[cfg(test)]
mod tests {
    use super::*;

    fn script(n: usize) -> Vec<String> {
        let lines = [
            "Agents pay for their own tools.",
            "They ship pages in seconds.",
            "Revenue grew 70% in a month.",
            "Why would anyone wait?",
            "Pages, videos, memes and invites.",
            "Slow renders — but not here.",
            "\"It just works,\" they said.",
            "Every beat gets its own picture.",
            "Twice as fast, 2x the reach.",
            "Who pays for the renders?",
            "The video opens with a title.",
            "Try it today.",
        ];
        (0..n).map(|i| lines[i % lines.len()].to_string()).collect()
    }

    #[test]
    fn beats_get_their_layouts_by_content_and_never_repeat_one_in_a_row() {
        for n in 3..=12 {
            let texts = script(n);
            let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
            let layouts = choose(&refs);
            assert_eq!(layouts.len(), n);
            assert!(layouts.windows(2).all(|p| p[0] != p[1]), "{n}: {layouts:?}");
            assert_eq!(layouts[n - 1], Layout::Action, "the last beat calls to action");
            for (text, layout) in refs.iter().zip(&layouts).take(n - 1) {
                if number(text).is_some() {
                    assert!(matches!(layout, Layout::Stat | Layout::Chart), "{text}: {layout:?}");
                } else if text.ends_with('?') {
                    assert!(matches!(layout, Layout::Question | Layout::Poll), "{text}: {layout:?}");
                }
            }
        }
        // Numbers in a row alternate between the two number layouts.
        let layouts = choose(&["1 tool", "2 tools", "3 tools", "Go."]);
        assert_eq!(layouts, [Layout::Stat, Layout::Chart, Layout::Stat, Layout::Action]);
    }

    #[test]
    fn a_carousel_never_repeats_a_layout() {
        for n in 1..=12 {
            let texts = script(n);
            let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
            let layouts = choose_distinct(&refs);
            let distinct: std::collections::HashSet<_> = layouts.iter().collect();
            assert_eq!(distinct.len(), n, "{layouts:?}");
        }
    }

    #[test]
    fn numbers_are_found_with_their_units() {
        assert_eq!(number("Revenue grew 70% in a month").as_deref(), Some("70%"));
        assert_eq!(number("Only $4.99 a month").as_deref(), Some("$4.99"));
        assert_eq!(number("2x faster, 10k users").as_deref(), Some("2x"));
        assert_eq!(number("no digits"), None);
    }
}
