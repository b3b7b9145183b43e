//! Paragraph layout for SVG: untrusted text cleaned, split into runs by script (each drawn in its
//! own named font), wrapped at safe break points and shrunk until it fits its box.

use std::collections::HashSet;
use std::fmt::Write;
use std::sync::LazyLock;

use icu_segmenter::options::LineBreakOptions;
use icu_segmenter::{LineSegmenter, LineSegmenterBorrowed};

use super::fonts::{Fonts, Script, Typeface};
use super::words;
use crate::caption_style::CaptionStyle;
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

impl Paragraph<'static> {
    /// A box `width` wide centred on `center_x`, of white bold lines centred in its height:
    /// what most layouts put on a backdrop.
    pub fn white(
        center_x: f32,
        (top, width, height): (f32, f32, f32),
        sizes: &'static [f32],
        typeface: Typeface,
    ) -> Self {
        Paragraph {
            center_x,
            top,
            width,
            height,
            sizes,
            bold: true,
            fill: "#ffffff",
            outline: None,
            middle: true,
            typeface,
        }
    }
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
    /// How many lines were drawn.
    pub lines: usize,
}

impl Laid {
    /// `other`, laid out after this in a box of its own, added to it.
    pub fn add(&mut self, other: Laid) {
        self.svg.push_str(&other.svg);
        self.height += other.height;
        self.pieces.extend(other.pieces);
        self.size = if self.lines == 0 { other.size } else { self.size.min(other.size) };
        self.lines += other.lines;
    }
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
    /// Every word lit, marked at each of `boxes` (x, y, w, h) as `style` says: drawn in `fill`
    /// over a rounded `pill` (highlight, karaoke), or in the paragraph's fill over a bar
    /// (underline) or inside a rounded frame (boxed) in the `pill` colour.
    Lit { fill: &'a str, pill: &'a str, boxes: &'a [[f32; 4]], style: CaptionStyle },
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
    inked_part(fonts, text, &Part::whole(), lang, rtl, p, ink)
}

/// A part of a text laid out in a box of its own (one side of a comparison, an item of a list),
/// so that one caption can be drawn in several boxes and still be lit word by word: the part's
/// characters, and how many pieces and lines the parts before it drew.
#[derive(Debug, Clone, Default)]
pub struct Part {
    /// Characters of the text; all of it when empty.
    pub chars: std::ops::Range<usize>,
    pub pieces_before: usize,
    pub lines_before: usize,
}

impl Part {
    /// The whole text.
    pub fn whole() -> Part {
        Part::default()
    }
}

/// [`inked`] for `part` of `text`: its pieces keep the text's character indices, their colours
/// and lines continue from the parts before it.
pub fn inked_part(
    fonts: &Fonts,
    text: &str,
    part: &Part,
    lang: &str,
    rtl: bool,
    p: &Paragraph<'_>,
    ink: Ink<'_>,
) -> Laid {
    let (text, origin) = drawable_part(fonts, text, part, lang);
    if text.is_empty() {
        return Laid::default();
    }
    let measured = Measured::new(fonts, &text, lang, p.typeface, p.bold);
    let (size, lines, cut_short) = fitted(&measured, lang, p);
    let height = lines.len() as f32 * size * LINE_HEIGHT;
    let top = if p.middle { p.top + (p.height - height) / 2.0 } else { p.top };
    let mut svg = String::new();
    let weight = if p.bold { 700 } else { 400 };
    let (fill, outline, crisp) = painted(&mut svg, p, ink, size);
    let direction = if rtl { r#" direction="rtl""# } else { "" };
    // The renderer runs the bidirectional algorithm over each line with a left-to-right paragraph
    // level; a right-to-left line is embedded (RLE … PDF) so it is ordered as a right-to-left
    // paragraph: Latin words in their place, end punctuation on the left.
    let (embed, unembed) = if rtl { ("\u{202B}", "\u{202C}") } else { ("", "") };
    let mut pieces = Vec::new();
    let last = lines.len().saturating_sub(1);
    for (i, &(start, end)) in lines.iter().enumerate() {
        let baseline = top + i as f32 * size * LINE_HEIGHT + size * 1.05;
        let _ = write!(
            svg,
            r#"<text x="{x}" y="{baseline:.1}" text-anchor="middle" font-size="{size}" font-weight="{weight}" fill="{fill}"{outline}{direction}{crisp}>{embed}"#,
            x = p.center_x,
        );
        let line = measured.line(start, end);
        match ink {
            Ink::Ids(units) => {
                // Consecutive characters of one unit make a piece, painted in its own colour.
                let unit_of = |k: usize| origin.get(start + k).and_then(|o| units.iter().position(|u| u.contains(o)));
                for (unit, piece) in runs_by(&line, unit_of) {
                    let colour = match unit {
                        Some(unit) => {
                            pieces.push((unit, part.lines_before + i));
                            let [r, g, b] = piece_colour(part.pieces_before + pieces.len());
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
            let family = Script::Latin.family_in(p.typeface);
            let _ = write!(svg, r#"<tspan fill="{fill}" font-family="{family}">…</tspan>"#);
        }
        svg.push_str(unembed);
        svg.push_str("</text>\n");
    }
    Laid { svg, height, pieces, size, lines: lines.len() }
}

/// How `ink` paints the words at `size`: their fill, their outline's attributes and whether
/// edges stay crisp; the pills behind lit words are drawn into `svg` first.
fn painted<'a>(svg: &mut String, p: &Paragraph<'a>, ink: Ink<'a>, size: f32) -> (&'a str, String, &'static str) {
    let outline = p
        .outline
        .map(|(color, w)| {
            format!(r#" stroke="{color}" stroke-width="{w}" stroke-linejoin="round" paint-order="stroke""#)
        })
        .unwrap_or_default();
    match ink {
        Ink::Plain => (p.fill, outline, ""),
        Ink::Ids(_) => ("#000000", String::new(), r#" text-rendering="optimizeSpeed""#),
        Ink::Lit { fill, pill, boxes, style } => {
            for &[x, y, w, h] in boxes {
                let r = (h / 2.0).min(size * 0.4);
                // Bars and frames are thick enough to read at a glance and stay in the word's box.
                let stroke = (size * 0.09).max(6.0);
                let _ = match style {
                    CaptionStyle::Highlight | CaptionStyle::Karaoke => writeln!(
                        svg,
                        r#"<rect x="{x:.1}" y="{y:.1}" width="{w:.1}" height="{h:.1}" rx="{r:.1}" fill="{pill}"/>"#
                    ),
                    CaptionStyle::Underline => writeln!(
                        svg,
                        r#"<rect x="{x:.1}" y="{top:.1}" width="{w:.1}" height="{stroke:.1}" rx="{half:.1}" fill="{pill}"/>"#,
                        top = y + h - stroke * 1.2,
                        half = stroke / 2.0
                    ),
                    CaptionStyle::Boxed => writeln!(
                        svg,
                        r#"<rect x="{fx:.1}" y="{fy:.1}" width="{fw:.1}" height="{fh:.1}" rx="{r:.1}" fill="none" stroke="{pill}" stroke-width="{stroke:.1}"/>"#,
                        fx = x + stroke / 2.0,
                        fy = y + stroke / 2.0,
                        fw = (w - stroke).max(0.0),
                        fh = (h - stroke).max(0.0)
                    ),
                };
            }
            match style {
                CaptionStyle::Highlight | CaptionStyle::Karaoke => (fill, outline, ""),
                CaptionStyle::Underline | CaptionStyle::Boxed => (p.fill, outline, ""),
            }
        }
    }
}

/// The characters of `part` of `text` that can be drawn, and where each came from in `text`.
fn drawable_part(fonts: &Fonts, text: &str, part: &Part, lang: &str) -> (String, Vec<usize>) {
    if part.chars.is_empty() {
        return drawable_mapped(fonts, text, lang);
    }
    let piece: String = text.chars().skip(part.chars.start).take(part.chars.len()).collect();
    let (drawn, origin) = drawable_mapped(fonts, &piece, lang);
    (drawn, origin.into_iter().map(|o| o + part.chars.start).collect())
}

/// The size and lines (character ranges) `measured` takes in the box of `p`, and whether it is
/// cut short: the largest size whose lines fit the box, each word whole; else the largest that
/// fits with a word too wide for any line cut; else the smallest, its last line that fits
/// ending in an ellipsis (and making room for it). Lines that fit whole are balanced.
fn fitted(measured: &Measured, lang: &str, p: &Paragraph<'_>) -> (f32, Vec<(usize, usize)>, bool) {
    let breaks = pieces(&measured.chars, lang);
    let max = p.width * WRAP_MARGIN;
    let smallest = *p.sizes.last().unwrap_or(&32.0);
    let tried: Vec<(f32, Wrapped)> = p.sizes.iter().map(|&size| (size, wrap(measured, &breaks, size, max))).collect();
    let fits = |(size, wrapped): &&(f32, Wrapped)| wrapped.lines.len() as f32 * size * LINE_HEIGHT <= p.height;
    let (size, Wrapped { mut lines, .. }) = tried
        .iter()
        .filter(fits)
        .find(|(_, wrapped)| !wrapped.cut)
        .or_else(|| tried.iter().find(fits))
        .cloned()
        .unwrap_or_else(|| (smallest, wrap(measured, &breaks, smallest, max)));
    let room = ((p.height / (size * LINE_HEIGHT)).floor() as usize).max(1);
    let cut_short = lines.len() > room;
    if cut_short {
        lines.truncate(room);
        if let Some(last) = lines.last_mut() {
            last.1 = measured.room_for_ellipsis(last.0, last.1, size, max);
        }
    } else {
        lines = balanced(measured, &breaks, size, max, lines);
    }
    (size, lines, cut_short)
}

/// `line` cut into runs of consecutive characters of one unit (`unit_of` the character's index
/// in the line), in order.
fn runs_by(line: &str, unit_of: impl Fn(usize) -> Option<usize>) -> Vec<(Option<usize>, String)> {
    let mut runs: Vec<(Option<usize>, String)> = Vec::new();
    for (k, c) in line.chars().enumerate() {
        let unit = unit_of(k);
        match runs.last_mut() {
            Some((last, run)) if *last == unit => run.push(c),
            _ => runs.push((unit, c.to_string())),
        }
    }
    runs
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
    let covers = |script, c: char| fonts.covers(script, c.encode_utf8(&mut [0u8; 4]));
    let mut runs = runs(line, lang, covers);
    // resvg draws a Latin run beside Hangul in a stray fallback face (a thin serif): in Korean
    // text, Latin is set in the Korean font's own Latin, which is drawn to sit with its Hangul.
    if lang == "ko" {
        for (script, run) in &mut runs {
            if *script == Script::Latin && run.chars().all(|c| covers(Script::Korean, c)) {
                *script = Script::Korean;
            }
        }
    }
    runs
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

    /// Where `chars[start..end]` must end so that an ellipsis (an em wide at most) still fits in
    /// `max`: whole clusters dropped from its end, and the spaces before them.
    fn room_for_ellipsis(&self, start: usize, mut end: usize, size: f32, max: f32) -> usize {
        let fits = |end: usize| self.width(start, end, size) + size <= max;
        // Whole words dropped where the line has spaces; else clusters.
        if let Some(space) = (start + 1..end).rev().find(|&e| self.chars[e] == ' ' && fits(e)).filter(|_| !fits(end)) {
            return self.trim_end(start, space);
        }
        while end > start + 1 && !fits(end) {
            end -= 1;
            while end > start + 1 && (is_mark(self.chars[end]) || is_virama(self.chars[end - 1])) {
                end -= 1;
            }
        }
        self.trim_end(start, end)
    }

    /// The last place inside `chars[start..end]` a too-wide piece may be cut so that what comes
    /// before fits in `max`: between two of its words (`soft`) where one fits, else anywhere but
    /// before a combining mark, after a virama or before closing punctuation, so clusters stay
    /// whole; and whether it cut inside a word. One pass from `start`, as widths only grow.
    fn cut(&self, start: usize, end: usize, size: f32, max: f32, soft: &HashSet<usize>) -> Option<(usize, bool)> {
        let fitting = (start + 1..end).take_while(|&i| self.width(start, i, size) <= max);
        let (mut between_words, mut anywhere) = (None, None);
        for i in fitting {
            if soft.contains(&i) {
                between_words = Some(i);
            }
            if !is_mark(self.chars[i]) && !is_virama(self.chars[i - 1]) && !closing(self.chars[i]) {
                anywhere = Some(i);
            }
        }
        between_words.map(|i| (i, false)).or(anywhere.map(|i| (i, true)))
    }
}

/// Wraps the measured text into lines no wider than `max` at `size`, at its `breaks` (from
/// [`pieces`]), and inside a word only when the word alone is too wide (never before closing
/// punctuation). Lines are ranges of characters, trailing spaces left out.
fn wrap(text: &Measured, breaks: &Breaks, size: f32, max: f32) -> Wrapped {
    let fits = |start: usize, end: usize| text.width(start, end, size) <= max;
    let mut lines = Vec::new();
    let mut cut = false;
    // The line being filled: `chars[start..end]`.
    let (mut start, mut end) = (0, 0);
    for &(from, to) in &breaks.pieces {
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
            let Some((at, inside_a_word)) = text.cut(start, end, size, max, &breaks.soft) else { break };
            lines.push((start, text.trim_end(start, at)));
            start = at;
            cut |= inside_a_word;
        }
    }
    if text.trim_end(start, end) > start {
        lines.push((start, text.trim_end(start, end)));
    }
    Wrapped { lines, cut }
}

/// Lines as ranges of characters, and whether a word had to be cut to make them.
#[derive(Debug, Clone)]
struct Wrapped {
    lines: Vec<(usize, usize)>,
    cut: bool,
}

/// Where lines may break: Unicode's line breaking rules (UAX #14, strict, so no line starts with
/// closing punctuation, a small kana or a prolonged sound mark), with dictionaries for Thai, Lao,
/// Khmer and Burmese. From ICU4X.
static LINES: LazyLock<LineSegmenterBorrowed<'static>> =
    LazyLock::new(|| LineSegmenter::new_dictionary(LineBreakOptions::default()));

/// The text cut at its break opportunities, as ranges of `chars`; each piece keeps its trailing
/// space. Between two Chinese or Japanese characters a line breaks only between the units a
/// caption lights (words in Chinese, short phrases in Japanese: `words::units`), so neither a word
/// nor a lit phrase is ever split across lines; Korean words are kept whole.
fn pieces(chars: &[char], lang: &str) -> Breaks {
    let text: String = chars.iter().collect();
    let mut char_at = vec![0usize; text.len() + 1];
    for (i, (b, _)) in text.char_indices().enumerate() {
        char_at[b] = i;
    }
    char_at[text.len()] = chars.len();
    let cj = chars.iter().any(|&c| ideographic(c, lang));
    let (unit_starts, word_starts): (HashSet<usize>, HashSet<usize>) = match cj {
        true => (words::units(&text).into_iter().map(|u| u.start).collect(), words::word_starts(chars)),
        false => Default::default(),
    };
    let mut breaks = Breaks::default();
    let mut from = 0;
    for at in LINES.segment_str(&text).map(|b| char_at[b]).filter(|&i| i > 0 && i < chars.len()) {
        // A Korean word (eojeol) is kept whole, numbers and names in it too ("11시의", "Sorriso를").
        let glued = !chars[at - 1].is_whitespace() && !chars[at].is_whitespace();
        if glued && (hangul(chars[at - 1]) || hangul(chars[at])) {
            continue;
        }
        // A one-letter word (a, в, и, z) stays with the word after it, not alone at a line's end
        // (a one-syllable Korean word is a word like any other).
        let word = chars[from..at].iter().filter(|c| !c.is_whitespace()).count();
        if word == 1 && chars[from].is_alphabetic() && !hangul(chars[from]) && chars[at - 1].is_whitespace() {
            continue;
        }
        if ideographic(chars[at - 1], lang) && ideographic(chars[at], lang) && !unit_starts.contains(&at) {
            // ICU's word ends inside a run of hiragana are guesses (くだ|さい): never used.
            let kana = |c: char| matches!(u32::from(c), 0x3041..=0x309F);
            if word_starts.contains(&at) && !(kana(chars[at - 1]) && kana(chars[at])) {
                breaks.soft.insert(at);
            }
            continue;
        }
        breaks.pieces.push((from, at));
        from = at;
    }
    if from < chars.len() {
        breaks.pieces.push((from, chars.len()));
    }
    breaks
}

/// Where a text may break: its pieces (each ending where a line may end), and the places inside
/// them where a piece too wide for a line may still be broken between words.
#[derive(Debug, Default)]
struct Breaks {
    pieces: Vec<(usize, usize)>,
    soft: HashSet<usize>,
}

/// Hangul: Korean separates its words with spaces and keeps each word whole on a line.
fn hangul(c: char) -> bool {
    matches!(u32::from(c), 0x1100..=0x11FF | 0x3130..=0x318F | 0xAC00..=0xD7A3)
}

/// Characters of scripts written without spaces between words (Korean uses spaces).
fn ideographic(c: char, lang: &str) -> bool {
    matches!(Script::of(c, lang), Some(Script::Chinese | Script::Japanese))
}

/// Whether the last of `lines` is an orphan: two characters or fewer under a longer line.
fn orphaned(text: &Measured, lines: &[(usize, usize)]) -> bool {
    match lines {
        [.., (a, b), (c, d)] => {
            let shown = |from: usize, to: usize| text.chars[from..to].iter().filter(|c| !c.is_whitespace()).count();
            shown(*c, *d) <= 2 && shown(*a, *b) > 2
        }
        _ => false,
    }
}

/// `lines` rewrapped narrower, when that leaves no orphan on the last line in as many lines.
fn balanced(text: &Measured, breaks: &Breaks, size: f32, max: f32, lines: Vec<(usize, usize)>) -> Vec<(usize, usize)> {
    if !orphaned(text, &lines) {
        return lines;
    }
    (1..=8)
        .map(|k| wrap(text, breaks, size, max * (1.0 - 0.05 * k as f32)))
        .take_while(|narrower| narrower.lines.len() == lines.len() && !narrower.cut)
        .find(|narrower| !orphaned(text, &narrower.lines))
        .map_or(lines, |narrower| narrower.lines)
}

/// Characters no line may start with, even where a word too wide for any line is cut.
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
    fn latin_in_korean_text_is_set_in_the_korean_font() {
        let fonts = crate::render::fonts::get();
        let korean = font_runs(fonts, "Sorriso 만난 사람들: 1분", "ko");
        assert!(korean.iter().all(|(script, _)| *script == Script::Korean), "{korean:?}");
        let japanese = font_runs(fonts, "Sorriso に出会う", "ja");
        assert_eq!(japanese[0], (Script::Latin, "Sorriso ".to_string()));
    }

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
        pieces(&chars, lang).pieces.into_iter().map(|(a, b)| chars[a..b].iter().collect()).collect()
    }

    #[test]
    fn break_opportunities_follow_the_writing_system() {
        assert_eq!(cut_at_breaks("two words", "en"), vec!["two ", "words"]);
        assert_eq!(cut_at_breaks("今日は。晴れ", "ja"), vec!["今日は。", "晴れ"]);
        assert_eq!(cut_at_breaks("支払うエージェント", "ja"), vec!["支払う", "エージェント"]);
        assert_eq!(cut_at_breaks("안녕 하세요", "ko"), vec!["안녕 ", "하세요"]);
        assert_eq!(cut_at_breaks("밤 11시의 나: Sorriso를", "ko"), vec!["밤 ", "11시의 ", "나: ", "Sorriso를"]);
        assert_eq!(cut_at_breaks("a  b", "en"), vec!["a  b"], "a one-letter word keeps to the next");
        assert_eq!(cut_at_breaks("готовы, а страницы", "ru"), vec!["готовы, ", "а страницы"]);
        assert!(cut_at_breaks("", "en").is_empty());
        // Thai, written without spaces, breaks between words (ICU's dictionary), never inside.
        let thai = cut_at_breaks("มีใครชอบจรวดบ้างไหม", "th");
        assert!(thai.len() >= 3 && thai.iter().all(|w| !w.starts_with('ใ') || w.chars().count() > 1), "{thai:?}");
        assert!(!thai.iter().any(|w| w.ends_with('ใ')), "มีใ/ครชอบ: {thai:?}");
        // Kinsoku: no piece begins with closing punctuation, a small kana or a prolonged sound.
        for (text, lang) in
            [("ためしてください。「すごい」と、ユーザーが言った", "ja"), ("我们今天去公园散步，好吗？", "zh")]
        {
            let cut = cut_at_breaks(text, lang);
            assert_eq!(cut.concat(), text);
            assert!(cut.iter().all(|p| !p.starts_with(['。', '、', '」', '，', '？', 'ー', 'ゃ', 'っ'])), "{cut:?}");
            assert!(!cut.iter().any(|p| p.ends_with("くだ")), "ためしてくだ/さい: {cut:?}");
        }
    }

    #[test]
    fn the_last_line_is_never_an_orphan_when_a_narrower_wrap_avoids_it() {
        let measured = monospaced("aaaa bbbb cccc d");
        let breaks = pieces(&measured.chars, "en");
        let lines = wrap(&measured, &breaks, 1.0, 14.0).lines;
        assert_eq!(measured.lines(&lines), vec!["aaaa bbbb cccc", "d"]);
        let lines = balanced(&measured, &breaks, 1.0, 14.0, lines);
        assert_eq!(measured.lines(&lines), vec!["aaaa bbbb", "cccc d"]);
        assert_eq!(measured.room_for_ellipsis(0, 14, 1.0, 10.0), 9, "room for … after a whole word");
        let unspaced = monospaced("abcdefghijklmn");
        assert_eq!(unspaced.room_for_ellipsis(0, 14, 1.0, 10.0), 9, "else after the last character that leaves room");
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
            measured.lines(&wrap(&measured, &pieces(&measured.chars, "en"), 1.0, max).lines)
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
        let lines = measured.lines(&wrap(&measured, &pieces(&measured.chars, "hi"), 1.0, 2.0).lines);
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
