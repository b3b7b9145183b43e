//! Paragraph layout for SVG: untrusted text cleaned, split into runs by script (each drawn in its
//! own named font), wrapped at safe break points and shrunk until it fits its box.

use std::fmt::Write;

use super::fonts::{Fonts, Script, Typeface};
use super::words;
use crate::markup::escape;

/// Where and how a paragraph is drawn.
#[derive(Debug, Clone, Copy)]
pub struct Paragraph<'a> {
    /// Centre of the box, horizontally.
    pub center_x: f32,
    /// Top of the box.
    pub top: f32,
    pub width: f32,
    pub height: f32,
    /// Font sizes to try, largest first; the first whose lines fit is used.
    pub sizes: &'static [f32],
    pub bold: bool,
    /// Fill colour (the layout's or a checked brand colour, never user text).
    pub fill: &'a str,
    /// Outline colour and width, for text over busy backgrounds.
    pub outline: Option<(&'a str, f32)>,
    /// Centre the lines vertically in the box rather than starting at its top.
    pub middle: bool,
    /// The typeface of Latin text (a brand's choice).
    pub typeface: Typeface,
}

/// A laid-out paragraph: its SVG and the height it takes.
#[derive(Debug, Default)]
pub struct Laid {
    pub svg: String,
    pub height: f32,
    /// With [`Ink::Ids`]: for each colour id from 1, the unit and the line it paints.
    pub pieces: Vec<(usize, usize)>,
    /// The font size the lines were set in.
    pub size: f32,
}

/// How a paragraph's words are painted.
#[derive(Debug, Clone, Copy)]
pub enum Ink<'a> {
    /// In the paragraph's fill.
    Plain,
    /// Each piece of a unit on a line (units are character ranges of the text as given) in its
    /// own colour, [`piece_colour`], without anti-aliasing: drawn alone, the pixels of each
    /// colour are exactly where that piece landed, in any script and direction.
    Ids(&'a [std::ops::Range<usize>]),
    /// Every word lit: drawn in `fill` over a rounded `pill` at each of `boxes` (x, y, w, h).
    Lit { fill: &'a str, pill: &'a str, boxes: &'a [[f32; 4]] },
}

/// The colour of piece `id` (from 1) in [`Ink::Ids`]: the id in red and green, a fixed blue.
pub fn piece_colour(id: usize) -> [u8; 3] {
    [(id >> 8) as u8, id as u8, PIECE_BLUE]
}

/// The blue every [`piece_colour`] has, so other pixels are never taken for a piece.
pub const PIECE_BLUE: u8 = 0x7f;

const LINE_HEIGHT: f32 = 1.32;
/// Share of the box width lines are wrapped to: widths are measured before shaping.
const WRAP_MARGIN: f32 = 0.92;

/// Lays out `text` (in language `lang`, ISO 639-1) in `p`'s box.
pub fn paragraph(fonts: &Fonts, text: &str, lang: &str, rtl: bool, p: &Paragraph<'_>) -> Laid {
    inked(fonts, text, lang, rtl, p, Ink::Plain)
}

/// [`paragraph`] with its words painted by `ink`.
pub fn inked(fonts: &Fonts, text: &str, lang: &str, rtl: bool, p: &Paragraph<'_>, ink: Ink<'_>) -> Laid {
    let (text, origin) = drawable_mapped(fonts, text, lang);
    if text.is_empty() {
        return Laid::default();
    }
    let measured = Measured::new(fonts, &text, lang, p.typeface, p.bold);
    let smallest = *p.sizes.last().unwrap_or(&32.0);
    let (size, mut lines) = p
        .sizes
        .iter()
        .map(|&size| (size, wrap(&measured, lang, size, p.width * WRAP_MARGIN)))
        .find(|(size, lines)| lines.len() as f32 * size * LINE_HEIGHT <= p.height)
        .unwrap_or_else(|| (smallest, wrap(&measured, lang, smallest, p.width * WRAP_MARGIN)));
    let room = ((p.height / (size * LINE_HEIGHT)).floor() as usize).max(1);
    let cut_short = lines.len() > room;
    lines.truncate(room);
    let height = lines.len() as f32 * size * LINE_HEIGHT;
    let top = if p.middle { p.top + (p.height - height) / 2.0 } else { p.top };
    let mut svg = String::new();
    let weight = if p.bold { 700 } else { 400 };
    let outline = p
        .outline
        .map(|(color, w)| {
            format!(r#" stroke="{color}" stroke-width="{w}" stroke-linejoin="round" paint-order="stroke""#)
        })
        .unwrap_or_default();
    let direction = if rtl { r#" direction="rtl""# } else { "" };
    let (fill, outline, crisp) = match ink {
        Ink::Plain => (p.fill, outline.as_str(), ""),
        Ink::Ids(_) => ("#000000", "", r#" text-rendering="optimizeSpeed""#),
        Ink::Lit { fill, pill, boxes } => {
            for [x, y, w, h] in boxes {
                let _ = writeln!(
                    svg,
                    r#"<rect x="{x:.1}" y="{y:.1}" width="{w:.1}" height="{h:.1}" rx="{r:.1}" fill="{pill}"/>"#,
                    r = (h / 2.0).min(size * 0.4)
                );
            }
            (fill, outline.as_str(), "")
        }
    };
    let mut pieces = Vec::new();
    let last = lines.len().saturating_sub(1);
    for (i, &(start, end)) in lines.iter().enumerate() {
        let baseline = top + i as f32 * size * LINE_HEIGHT + size * 1.05;
        let _ = write!(
            svg,
            r#"<text x="{x}" y="{baseline:.1}" text-anchor="middle" font-size="{size}" font-weight="{weight}" fill="{fill}"{outline}{direction}{crisp}>"#,
            x = p.center_x,
        );
        let line = measured.line(start, end);
        match ink {
            Ink::Ids(units) => {
                // Consecutive characters of one unit make a piece, painted in its own colour.
                let unit_of = |k: usize| origin.get(start + k).and_then(|o| units.iter().position(|u| u.contains(o)));
                let chars: Vec<char> = line.chars().collect();
                let mut k = 0;
                while k < chars.len() {
                    let unit = unit_of(k);
                    let from = k;
                    while k < chars.len() && unit_of(k) == unit {
                        k += 1;
                    }
                    let piece: String = chars[from..k].iter().collect();
                    let colour = match unit {
                        Some(unit) => {
                            pieces.push((unit, i));
                            let [r, g, b] = piece_colour(pieces.len());
                            format!("#{r:02x}{g:02x}{b:02x}")
                        }
                        None => "none".into(),
                    };
                    let _ = write!(svg, r#"<tspan fill="{colour}">"#);
                    runs_svg(&mut svg, fonts, &piece, lang, p.typeface);
                    svg.push_str("</tspan>");
                }
            }
            _ => runs_svg(&mut svg, fonts, &line, lang, p.typeface),
        }
        // The ellipsis of text cut short belongs to no word: never lit, left out of the ids.
        if cut_short && i == last {
            let fill = if matches!(ink, Ink::Ids(_)) { "none" } else { p.fill };
            let _ = write!(svg, r#"<tspan fill="{fill}">…</tspan>"#);
        }
        svg.push_str("</text>\n");
    }
    Laid { svg, height, pieces, size }
}

/// `line` as one tspan per script run, each in its script's font.
fn runs_svg(svg: &mut String, fonts: &Fonts, line: &str, lang: &str, typeface: Typeface) {
    for (script, run) in font_runs(fonts, line, lang) {
        let _ = write!(svg, r#"<tspan font-family="{}">{}</tspan>"#, script.family_in(typeface), escape(&run));
    }
}

/// The text as it will be drawn: one line without control characters, whitespace collapsed, and
/// without what no installed font can draw (emoji, private use) — a missing glyph would be a box.
pub fn drawable(fonts: &Fonts, text: &str, lang: &str) -> String {
    drawable_mapped(fonts, text, lang).0
}

/// [`drawable`], and for each of its characters the index of the character of `text` it came
/// from.
fn drawable_mapped(fonts: &Fonts, text: &str, lang: &str) -> (String, Vec<usize>) {
    let mut out = String::with_capacity(text.len());
    let mut origin = Vec::with_capacity(text.len());
    let mut space = None;
    for (index, c) in text.chars().enumerate() {
        if c.is_whitespace() || c.is_control() {
            if !out.is_empty() && space.is_none() {
                space = Some(index);
            }
            continue;
        }
        let script = Script::of(c, lang).unwrap_or(Script::Latin);
        let mut buf = [0u8; 4];
        let drawable = fonts.covers(script, c.encode_utf8(&mut buf))
            || (is_mark(c) || matches!(c, '\u{200C}' | '\u{200D}' | '।' | '॥'));
        if !drawable {
            continue;
        }
        if let Some(at) = space.take() {
            out.push(' ');
            origin.push(at);
        }
        out.push(c);
        origin.push(index);
    }
    (out, origin)
}

/// Splits `line` into runs of one script; a shared character joins the run it sits in when that
/// run's font draws it, and a Latin run otherwise.
fn runs(line: &str, lang: &str, covers: impl Fn(Script, char) -> bool) -> Vec<(Script, String)> {
    let mut out: Vec<(Script, String)> = Vec::new();
    for c in line.chars() {
        let script = Script::of(c, lang)
            .or_else(|| out.last().map(|(s, _)| *s).filter(|s| c == ' ' || is_mark(c) || covers(*s, c)))
            .unwrap_or(Script::Latin);
        match out.last_mut() {
            Some((last, run)) if *last == script => run.push(c),
            _ => out.push((script, c.to_string())),
        }
    }
    out
}

/// The runs of `line` as drawn with `fonts`.
fn font_runs(fonts: &Fonts, line: &str, lang: &str) -> Vec<(Script, String)> {
    runs(line, lang, |script, c| fonts.covers(script, c.encode_utf8(&mut [0u8; 4])))
}

/// A paragraph's characters and the running sum of their advances at a size of one pixel,
/// measured once: the width of any stretch at any size is then a subtraction and a product, so
/// wrapping costs time linear in the text, whatever sizes are tried.
struct Measured {
    chars: Vec<char>,
    /// `prefix[i]` is the advance of `chars[..i]`.
    prefix: Vec<f32>,
}

impl Measured {
    fn new(fonts: &Fonts, text: &str, lang: &str, typeface: Typeface, bold: bool) -> Measured {
        let mut chars = Vec::with_capacity(text.len());
        let mut prefix = Vec::with_capacity(text.len() + 1);
        prefix.push(0.0);
        for (script, run) in font_runs(fonts, text, lang) {
            fonts.advances(script, typeface, bold, &run, |c, advance| {
                chars.push(c);
                prefix.push(prefix.last().copied().unwrap_or(0.0) + advance);
            });
        }
        Measured { chars, prefix }
    }

    /// `end` moved back over trailing spaces (never before `start`).
    fn trim_end(&self, start: usize, mut end: usize) -> usize {
        while end > start && self.chars[end - 1] == ' ' {
            end -= 1;
        }
        end
    }

    /// Width of `chars[start..end]` at `size`, trailing spaces left out.
    fn width(&self, start: usize, end: usize, size: f32) -> f32 {
        (self.prefix[self.trim_end(start, end)] - self.prefix[start]) * size
    }

    /// `chars[start..end]` as a line: trailing spaces left out.
    fn line(&self, start: usize, end: usize) -> String {
        self.chars[start..self.trim_end(start, end)].iter().collect()
    }

    /// The lines of [`wrap`] as text.
    #[cfg(test)]
    fn lines(&self, ranges: &[(usize, usize)]) -> Vec<String> {
        ranges.iter().map(|&(a, b)| self.line(a, b)).collect()
    }

    /// The last place inside `chars[start..end]` a too-wide word may be cut so that what comes
    /// before fits in `max`: never before a combining mark or after a virama, so clusters stay
    /// whole. One pass from `start`, as widths only grow.
    fn cut(&self, start: usize, end: usize, size: f32, max: f32) -> Option<usize> {
        (start + 1..end)
            .take_while(|&i| self.width(start, i, size) <= max)
            .filter(|&i| !is_mark(self.chars[i]) && !is_virama(self.chars[i - 1]))
            .last()
    }
}

/// Wraps the measured text into lines no wider than `max` at `size`: at spaces, between
/// ideographs (never before closing punctuation), and inside a word only when the word alone is
/// too wide. Lines are ranges of characters, trailing spaces left out.
fn wrap(text: &Measured, lang: &str, size: f32, max: f32) -> Vec<(usize, usize)> {
    let fits = |start: usize, end: usize| text.width(start, end, size) <= max;
    let mut lines = Vec::new();
    // The line being filled: `chars[start..end]`.
    let (mut start, mut end) = (0, 0);
    for (from, to) in pieces(&text.chars, lang) {
        if start == end || fits(start, to) {
            end = to;
        } else {
            lines.push((start, text.trim_end(start, end)));
            start = from;
            while start < to && text.chars[start] == ' ' {
                start += 1;
            }
            end = to;
        }
        // A piece wider than a whole line is split inside it.
        while !fits(start, end) {
            let Some(cut) = text.cut(start, end, size, max) else { break };
            lines.push((start, text.trim_end(start, cut)));
            start = cut;
        }
    }
    if text.trim_end(start, end) > start {
        lines.push((start, text.trim_end(start, end)));
    }
    lines
}

/// The text cut at its break opportunities, as ranges of `chars`; each piece keeps its trailing
/// space. Chinese and Japanese break between words (ICU's dictionaries), not inside them.
fn pieces(chars: &[char], lang: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut from = 0;
    let starts =
        if chars.iter().any(|&c| ideographic(c, lang)) { words::word_starts(chars) } else { Default::default() };
    for (i, pair) in chars.windows(2).enumerate() {
        let (prev, c) = (pair[0], pair[1]);
        let breaks = match prev {
            ' ' => c != ' ',
            p => (ideographic(p, lang) || ideographic(c, lang)) && !closing(c) && c != ' ' && starts.contains(&(i + 1)),
        };
        if breaks {
            out.push((from, i + 1));
            from = i + 1;
        }
    }
    if from < chars.len() {
        out.push((from, chars.len()));
    }
    out
}

/// Characters of scripts written without spaces between words (Korean uses spaces).
fn ideographic(c: char, lang: &str) -> bool {
    matches!(Script::of(c, lang), Some(Script::Chinese | Script::Japanese)) && !closing(c)
}

/// Characters that must not begin a line.
fn closing(c: char) -> bool {
    "、。，．！？：；）」』】〉》〕ーぁぃぅぇぉっゃゅょァィゥェォッャュョ!?.,:;)…".contains(c)
}

/// Combining marks of the supported scripts: a line never starts with one.
fn is_mark(c: char) -> bool {
    matches!(u32::from(c),
        0x0300..=0x036F | 0x0610..=0x061A | 0x064B..=0x065F | 0x0670 | 0x06D6..=0x06ED
        | 0x0900..=0x0903 | 0x093A..=0x094F | 0x0951..=0x0957 | 0x0962..=0x0963
        | 0x0981..=0x0983 | 0x09BC | 0x09BE..=0x09CD | 0x09D7 | 0x09E2..=0x09E3
        | 0x0E31 | 0x0E34..=0x0E3A | 0x0E47..=0x0E4E | 0x200C | 0x200D | 0xFE00..=0xFE0F)
}

/// Viramas join the consonants around them into one cluster.
fn is_virama(c: char) -> bool {
    matches!(c, '\u{094D}' | '\u{09CD}' | '\u{0E3A}')
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn runs_split_by_script_and_shared_characters_stay_with_their_run() {
        let all = |_: Script, _: char| true;
        let got = runs("حقيقة: #MOON $MOON!", "ar", all);
        assert_eq!(got, vec![(Script::Arabic, "حقيقة: #".into()), (Script::Latin, "MOON $MOON!".into())]);
        let no_hash_in_arabic = |s: Script, c: char| !(s == Script::Arabic && c == '#');
        let got = runs("حقيقة: #MOON", "ar", no_hash_in_arabic);
        assert_eq!(got, vec![(Script::Arabic, "حقيقة: ".into()), (Script::Latin, "#MOON".into())]);
        assert_eq!(runs("123 ok", "en", all), vec![(Script::Latin, "123 ok".into())]);
        assert_eq!(runs("日本語のテキスト", "ja", all), vec![(Script::Japanese, "日本語のテキスト".into())]);
    }

    fn cut_at_breaks(text: &str, lang: &str) -> Vec<String> {
        let chars: Vec<char> = text.chars().collect();
        pieces(&chars, lang).into_iter().map(|(a, b)| chars[a..b].iter().collect()).collect()
    }

    #[test]
    fn break_opportunities_follow_the_writing_system() {
        assert_eq!(cut_at_breaks("two words", "en"), vec!["two ", "words"]);
        assert_eq!(cut_at_breaks("今日は。晴れ", "ja"), vec!["今日", "は。", "晴れ"]);
        assert_eq!(cut_at_breaks("支払うエージェント", "ja"), vec!["支払う", "エージェント"]);
        assert_eq!(cut_at_breaks("안녕 하세요", "ko"), vec!["안녕 ", "하세요"]);
        assert_eq!(cut_at_breaks("a  b", "en"), vec!["a  ", "b"]);
        assert!(cut_at_breaks("", "en").is_empty());
    }

    /// Text measured with every character one pixel wide at size 1, so widths are lengths.
    fn monospaced(text: &str) -> Measured {
        let chars: Vec<char> = text.chars().collect();
        let prefix = (0..=chars.len()).map(|i| i as f32).collect();
        Measured { chars, prefix }
    }

    #[test]
    fn lines_break_at_spaces_and_inside_only_words_wider_than_a_line() {
        let wrapped = |text: &str, max: f32| {
            let measured = monospaced(text);
            measured.lines(&wrap(&measured, "en", 1.0, max))
        };
        assert_eq!(wrapped("one two three four", 9.0), vec!["one two", "three", "four"]);
        let word = "x".repeat(2_000);
        let lines = wrapped(&format!("go {word} now"), 100.0);
        assert_eq!(lines.len(), 22, "go, the word in twenty full lines, now: {lines:?}");
        assert_eq!(lines[0], "go");
        assert!(lines[1..21].iter().all(|l| l.len() == 100));
        assert_eq!(lines[21], "now");
        // "now" does not fit after the word's last full line; it starts its own.
        let lines = wrapped(&format!("{} now", "x".repeat(150)), 100.0);
        assert_eq!(lines, vec!["x".repeat(100), "x".repeat(50) + " now"]);
    }

    #[test]
    fn a_cut_inside_a_word_keeps_clusters_whole() {
        // "कि" is a consonant and a vowel sign; "क्ष" is a conjunct joined by a virama.
        let measured = monospaced("ककिक्षक");
        let lines = measured.lines(&wrap(&measured, "hi", 1.0, 2.0));
        assert!(lines.iter().all(|l| !l.starts_with(is_mark)), "{lines:?}");
        assert!(lines.iter().all(|l| !l.ends_with('\u{094D}')), "{lines:?}");
        assert_eq!(lines.concat(), "ककिक्षक");
    }

    #[test]
    fn marks_are_never_split_from_their_base() {
        assert!(is_mark('\u{0947}') && is_mark('\u{0E34}') && is_mark('\u{064E}') && !is_mark('a'));
        assert!(is_virama('\u{094D}'));
    }
}
