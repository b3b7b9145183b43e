//! Beat layouts: the picture of each beat of an engine page (and each frame of its video), chosen
//! by what the beat says: two sides for a contrast, a checklist for a list, a chat bubble or a big
//! question mark for a question, a number for a number, a quote card for a quote, the call to
//! action on a button for the last beat; otherwise plain caption layouts in turn, so that no two
//! beats in a row look alike. Under every layout's body, a strip of illustrations of what the
//! beat and its subject name (the reaction layout puts them beside its face instead). Every layout draws the beat's caption exactly once (in one box, or
//! in parts: one per side or item), as the spoken paragraph, so its words can be lit one at a time
//! (`render::spoken`).

use std::cell::RefCell;
use std::fmt::Write;
use std::ops::Range;

use super::scenes;
use super::style::Style;
use super::text::{Ink, Laid, Paragraph, Part, inked_part, paragraph};
use crate::caption_style::CaptionStyle;
use crate::illustrate::{self, Illustration, Subject};
use crate::render::fonts::Fonts;

/// A beat layout.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Layout {
    /// The opening card, and a short first beat: the line large between two accent strokes.
    Title,
    /// A big statement over the backdrop.
    Statement,
    /// The line on a light card.
    Card,
    /// A quote card, for a line with quotation marks.
    Quote,
    /// A question sent in a chat, an answer being typed.
    Chat,
    /// A number, huge, over the line.
    Stat,
    /// A bar chart rising to a ratio (a percentage, a multiple).
    Chart,
    /// A checklist: each item of the line ticked on its own row.
    List,
    /// Two sides of a contrast, above and below a versus badge.
    Split,
    /// A drawn reaction, in the line's mood, under the line.
    Reaction,
    /// A large question mark behind the line.
    Question,
    /// The call to action: the line on a button.
    Action,
}

/// What ends a number that is a ratio (a chart rises to it).
const RATIO: [char; 5] = ['%', '％', 'x', '×', '倍'];

/// Layouts a beat with nothing particular to show rotates through.
const ROTATION: [Layout; 3] = [Layout::Statement, Layout::Reaction, Layout::Card];

/// Words that turn a line from one side to the other, in the languages that write them between
/// spaces: the second side starts with the word.
const BUT: &[&str] = &[
    "but",
    "yet",
    "pero",
    "mas",
    "mais",
    "aber",
    "ma",
    "maar",
    "ale",
    "ama",
    "но",
    "але",
    "لكن",
    "ولكن",
    "اما",
    "لیکن",
    "लेकिन",
    "পরন্তু",
    "কিন্তু",
    "tapi",
    "tetapi",
    "nhưng",
    "하지만",
    "lakini",
];
/// Words set between two sides (`A vs. B`): the first side ends with the word.
const VERSUS: &[&str] = &["vs", "vs.", "versus", "—", "–"];

/// Layouts that fit `text` at position `i` of `count`, best first; none when only a plain
/// caption layout fits. A carousel's `cover` is its title when it reads as one: a number in it
/// ("1分でわかるSorriso", "Trailhead 40 in einer Minute") is no figure to show large there.
fn wanted(text: &str, i: usize, count: usize, cover: bool) -> Vec<Layout> {
    let trimmed = text.trim_end();
    let words = text.split_whitespace().count();
    let title = i == 0 && words <= 6 && !trimmed.ends_with(['.', '。']);
    if count >= 2 && i == count - 1 {
        vec![Layout::Action]
    } else if cover && title {
        vec![Layout::Title]
    } else if let Some(figure) = number(text) {
        match figure.ends_with(RATIO) {
            true => vec![Layout::Chart, Layout::Stat],
            false => vec![Layout::Stat],
        }
    } else if trimmed.ends_with(['?', '？', '؟']) {
        vec![Layout::Question, Layout::Chat]
    } else if title {
        vec![Layout::Title]
    } else if text.contains(['"', '“', '”', '«', '»', '「', '」']) {
        vec![Layout::Quote]
    } else if items(text).is_some() {
        vec![Layout::List]
    } else if sides(text).is_some() {
        vec![Layout::Split]
    } else {
        Vec::new()
    }
}

/// The layout of each beat of a page: a number gets a number layout (a ratio the chart), a
/// question a question layout (the question mark or the chat), the last beat the call to
/// action, a short opening line the title layout, quotes, lists and contrasts their own; the
/// rest rotate through plain caption layouts. No two beats in a row share a layout.
pub fn choose(texts: &[&str]) -> Vec<Layout> {
    pick(texts, false)
}

/// The layout of each slide of a carousel: as [`choose`], and a layout is used again only when
/// every layout that fits its slide has been used.
pub fn choose_distinct(texts: &[&str]) -> Vec<Layout> {
    pick(texts, true)
}

fn pick(texts: &[&str], distinct: bool) -> Vec<Layout> {
    let mut out: Vec<Layout> = Vec::with_capacity(texts.len());
    for (i, text) in texts.iter().enumerate() {
        let mut fitting = wanted(text, i, texts.len(), distinct && i == 0);
        let plain = ROTATION.iter().cycle().skip(i % ROTATION.len()).take(ROTATION.len());
        fitting.extend(plain);
        let not_last = |l: &&Layout| out.last() != Some(*l);
        let unused = |l: &&Layout| !(distinct && out.contains(*l));
        let chosen = fitting
            .iter()
            .filter(not_last)
            .find(unused)
            .or_else(|| fitting.iter().find(not_last))
            .copied()
            .unwrap_or(Layout::Statement);
        out.push(chosen);
    }
    out
}

/// Words that turn a line in the scripts written without spaces (Japanese, Chinese, Thai): the
/// second side starts with the word.
const BUT_UNSPACED: &[&str] = &["でも", "しかし", "けれど", "但是", "可是", "不过", "แต่"];

/// Where a line turns from one side of a contrast to the other (a character index), when both
/// sides have at least two words (three characters without spaces): before a word such as "but",
/// after "vs." or a dash.
pub fn sides(text: &str) -> Option<usize> {
    let chars: Vec<char> = text.chars().collect();
    if !text.trim().contains(char::is_whitespace) {
        return BUT_UNSPACED.iter().find_map(|word| {
            let at = text.char_indices().position(|(b, _)| text[b..].starts_with(word))?;
            let letters = |r: &[char]| r.iter().filter(|c| c.is_alphanumeric()).count();
            (letters(&chars[..at]) >= 3 && letters(&chars[at..]) >= 3 + word.chars().count()).then_some(at)
        });
    }
    let mut starts = Vec::new();
    for i in 0..chars.len() {
        if !chars[i].is_whitespace() && (i == 0 || chars[i - 1].is_whitespace()) {
            starts.push(i);
        }
    }
    let word = |k: usize| -> String {
        let end = starts.get(k + 1).copied().unwrap_or(chars.len());
        chars[starts[k]..end].iter().collect::<String>().trim().to_lowercase()
    };
    let bare = |w: &str| w.trim_matches(|c: char| !c.is_alphanumeric()).to_string();
    (1..starts.len().saturating_sub(1)).find_map(|k| {
        let w = word(k);
        let cut = if BUT.contains(&bare(&w).as_str()) && !VERSUS.contains(&w.as_str()) {
            Some(k)
        } else if VERSUS.contains(&w.as_str()) {
            Some(k + 1)
        } else {
            None
        }?;
        (cut >= 2 && starts.len() - cut >= 2).then(|| starts[cut])
    })
}

/// The items of a line that lists three to five short things (`a, b and c`): character ranges
/// covering it, each ending after its separator.
pub fn items(text: &str) -> Option<Vec<Range<usize>>> {
    let chars: Vec<char> = text.chars().collect();
    let mut out = Vec::new();
    let mut from = 0;
    for (i, c) in chars.iter().enumerate() {
        if matches!(c, ',' | ';' | '、' | '，' | '；' | '،' | '؛') {
            let mut end = i + 1;
            while end < chars.len() && chars[end].is_whitespace() {
                end += 1;
            }
            out.push(from..end);
            from = end;
        }
    }
    if from < chars.len() {
        out.push(from..chars.len());
    }
    let short = |r: &Range<usize>| {
        let item: String = chars[r.clone()].iter().collect();
        let words = item.split_whitespace().count();
        (1..=6).contains(&words) && item.chars().filter(|c| c.is_alphanumeric()).count() <= 40
    };
    ((3..=5).contains(&out.len()) && out.iter().all(short)).then_some(out)
}

/// The first number in `text` with its sign, unit or suffix (`$4.99`, `70%`, `3x`, `10k`);
/// none when it is a time of day (`11 p.m.`, `7:30`, `23時`) or part of a name (`the
/// Trailhead 40`, `iPhone 15`), which are no figures to show large.
pub fn number(text: &str) -> Option<String> {
    let chars: Vec<char> = text.chars().collect();
    let start = chars.iter().position(|c| c.is_ascii_digit())?;
    if time_of_day(&chars, start) {
        return None;
    }
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
    if end < chars.len() && matches!(chars[end], '%' | '％' | 'x' | '×' | '倍' | 'k' | 'K' | 'M' | 'B' | '+') {
        end += 1;
    }
    let n: String = chars[from..end].iter().collect();
    let bare = from == start && chars[start..end].iter().all(char::is_ascii_digit);
    if bare && named(&chars, start, end) {
        return None;
    }
    (n.chars().count() <= 12).then_some(n)
}

/// Whether the digits from `start` to `end` finish a name: they follow a capitalised word that
/// does not open its sentence ("my Trailhead 40"), or opens it with nothing counted after the
/// number ("Trailhead 40, in one minute"), or a word with an inner capital ("iPhone 15"), or a
/// capitalised Latin word in text of another script, where only names are written so
/// ("Trailhead 40に出会う前", "Trailhead 40 في دقيقة"). A sentence's first word is capitalised
/// anyway: "Only 3 left" keeps its figure.
fn named(chars: &[char], start: usize, end: usize) -> bool {
    if start < 2 || chars[start - 1] != ' ' {
        return false;
    }
    let word_start = chars[..start - 1].iter().rposition(|c| c.is_whitespace()).map_or(0, |i| i + 1);
    let word = &chars[word_start..start - 1];
    let opens_sentence = chars[..word_start]
        .iter()
        .rev()
        .find(|c| !c.is_whitespace())
        .is_none_or(|c| matches!(c, '.' | '!' | '?' | ':'));
    let capital = word.first().is_some_and(|c| c.is_uppercase()) && word.iter().skip(1).all(|c| c.is_lowercase());
    let inner = word.iter().skip(1).any(|c| c.is_uppercase()) && word.iter().any(|c| c.is_lowercase());
    let counts_nothing =
        chars[end..].iter().find(|c| !c.is_whitespace()).is_none_or(|c| matches!(c, ',' | ':' | '!' | '?' | '.'));
    let latin = |c: &char| (*c as u32) < 0x0250 || (0x1E00..=0x1EFF).contains(&(*c as u32));
    let foreign = word.iter().all(latin) && chars.iter().any(|c| c.is_alphabetic() && !latin(c));
    (capital && (!opens_sentence || counts_nothing || foreign)) || inner
}

/// Whether the digits at `start` of `chars` tell a time of day: hours and minutes (`7:30`), or
/// an hour with a.m./p.m. or the hour's word in Chinese, Japanese or German.
fn time_of_day(chars: &[char], start: usize) -> bool {
    let end = start + chars[start..].iter().take_while(|c| c.is_ascii_digit()).count();
    let after: String = chars[end..].iter().take(5).collect::<String>().to_lowercase();
    let spaced = after.trim_start();
    (after.starts_with(':') && after.chars().nth(1).is_some_and(|c| c.is_ascii_digit()))
        || ["a.m", "p.m", "am ", "pm ", "am.", "pm.", "am,", "pm,"].iter().any(|m| spaced.starts_with(m))
        || ["am", "pm"].contains(&spaced)
        || (after.starts_with(['時', '点']) && !after.starts_with("時間"))
        || spaced.starts_with("uhr")
}

/// Where a beat's logo goes in a picture of `size`: a square at the foot, above the progress bar
/// (smaller in the narrower foot of a shorter picture).
pub fn logo_at(size: (u32, u32)) -> [f32; 3] {
    let (w, h, t) = (size.0 as f32, size.1 as f32, tallness(size));
    let side = (100.0 + 20.0 * t).round();
    [w / 2.0 - side / 2.0, h - (135.0 + 75.0 * t).round(), side]
}

/// How tall a picture of `size` is, from 0 (square or wider) to 1 (9:16 or taller): its top
/// bar and its foot take their share of the height in between, so a 4:5 picture does not keep
/// a tall one's empty foot.
fn tallness(size: (u32, u32)) -> f32 {
    let ratio = size.1 as f32 / size.0 as f32;
    ((ratio - 1.0) / (16.0 / 9.0 - 1.0)).clamp(0.0, 1.0)
}

/// The colours of a lit word in `layout`: its text, and the pill behind it (the accent, or
/// dark where the caption already sits on the accent).
pub fn lit(layout: Layout, style: &Style) -> (&'static str, &str) {
    match layout {
        Layout::Chat | Layout::Action => ("#ffffff", "#111111"),
        Layout::Split => ("#111111", "#ffffff"),
        _ => ("#111111", style.accent.as_str()),
    }
}

/// What a beat's picture is drawn from.
pub struct BeatSheet<'a> {
    pub layout: Layout,
    /// The caption: what is spoken.
    pub text: &'a str,
    /// The page's title, shown small at the top; on the opening card (`count` 0), the brand's
    /// name, shown over the title.
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
    /// What the beats are about: the illustrations show what the caption names, else this.
    /// `None` for pages laid out before beats had illustrations, whose words' boxes were found
    /// without them.
    pub subject: Option<&'a Subject>,
    /// How its lit picture marks the words.
    pub caption: CaptionStyle,
}

impl BeatSheet<'_> {
    /// The illustrations the beat's picture shows.
    pub fn things(&self) -> Vec<Illustration> {
        self.subject.map(|subject| illustrate::choose(self.text, self.language, subject)).unwrap_or_default()
    }
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
    let w = size.0 as f32;
    let things = sheet.things();
    let room = Room::of(size, !things.is_empty() && sheet.layout != Layout::Reaction);
    let pen = Pen {
        fonts,
        sheet,
        ink,
        spoken: RefCell::new(Laid::default()),
        w: room.body_width,
        top: room.top,
        bottom: room.bottom,
        things,
    };
    let svg = match sheet.layout {
        Layout::Title => title(&pen),
        Layout::Statement => statement(&pen),
        Layout::Card | Layout::Quote => card(&pen),
        Layout::Chat => chat(&pen),
        Layout::Stat | Layout::Chart => figure(&pen),
        Layout::List => list(&pen),
        Layout::Split => split(&pen),
        Layout::Reaction => reaction(&pen),
        Layout::Question => question(&pen),
        Layout::Action => action(&pen),
    };
    let mut chrome = chrome(fonts, sheet, w);
    if let Some(area) = room.things {
        chrome.push_str(&scenes::beside(area, &pen.things, None));
    }
    let (width, height) = size;
    let open = format!(
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" viewBox="0 0 {width} {height}">"#
    );
    let laid = pen.spoken.into_inner();
    Drawn { svg: format!("{open}\n{svg}{chrome}</svg>"), spoken: format!("{open}\n{}</svg>", laid.svg), laid }
}

/// How a picture's room is shared between its body (the layout's words and drawings) and its
/// illustrations: in a tall or square picture a strip over the foot (logo, progress bar) the
/// words never enter; in a wide one a column at the side, beside a body as wide as a tall
/// picture's is tall (lines a reader takes in at once).
struct Room {
    /// The body's right edge (it starts at the left edge), its top and its foot.
    body_width: f32,
    top: f32,
    bottom: f32,
    /// Where the illustrations go, when they have a place of their own.
    things: Option<[f32; 4]>,
}

impl Room {
    fn of(size: (u32, u32), things: bool) -> Room {
        let (w, h) = (size.0 as f32, size.1 as f32);
        let t = tallness(size);
        let (top, foot) = ((170.0 + 30.0 * t).round(), (h - 150.0 - 80.0 * t).round());
        match (things, w > h) {
            (false, _) => Room { body_width: w, top, bottom: foot, things: None },
            (true, true) => {
                let column = (w * 0.3).round();
                let area = [w - column, top + 30.0, column - 90.0, foot - top - 60.0];
                Room { body_width: w - column, top, bottom: foot, things: Some(area) }
            }
            (true, false) => {
                let strip = (h * 0.15).min(280.0);
                let area = [100.0, foot - strip + 10.0, w - 200.0, strip - 30.0];
                Room { body_width: w, top, bottom: foot - strip, things: Some(area) }
            }
        }
    }
}

/// What a layout draws with: the sheet, the ink of its caption and the caption drawn so far.
struct Pen<'a> {
    fonts: &'a Fonts,
    sheet: &'a BeatSheet<'a>,
    ink: Ink<'a>,
    spoken: RefCell<Laid>,
    w: f32,
    top: f32,
    bottom: f32,
    things: Vec<Illustration>,
}

impl Pen<'_> {
    fn body(&self) -> f32 {
        self.bottom - self.top
    }

    fn accent(&self) -> &str {
        &self.sheet.style.accent
    }

    /// A paragraph box across the width, white and bold, centred in its height.
    fn boxed(&self, top: f32, height: f32, sizes: &'static [f32]) -> Paragraph<'static> {
        Paragraph::white(self.w / 2.0, (top, self.w - 160.0, height), sizes, self.sheet.style.typeface)
    }

    /// The whole caption in `p`.
    fn say(&self, p: Paragraph<'_>) -> String {
        self.say_part(p, 0..0)
    }

    /// Characters `chars` of the caption in `p` (all of them when empty), continuing the parts
    /// said before: their pieces, their lines, and the lit words' pills, drawn with the first.
    fn say_part(&self, p: Paragraph<'_>, chars: Range<usize>) -> String {
        let mut spoken = self.spoken.borrow_mut();
        let part = Part { chars, pieces_before: spoken.pieces.len(), lines_before: spoken.lines };
        let ink = match self.ink {
            Ink::Lit { fill, pill, style, .. } if spoken.lines > 0 => Ink::Lit { fill, pill, boxes: &[], style },
            ink => ink,
        };
        let sheet = self.sheet;
        let laid = inked_part(self.fonts, sheet.text, &part, sheet.language, sheet.rtl, &p, ink);
        let svg = laid.svg.clone();
        spoken.add(laid);
        svg
    }

    /// Text that is not the caption (a figure) in `p`.
    fn plain(&self, text: &str, p: Paragraph<'_>) -> String {
        paragraph(self.fonts, text, self.sheet.language, self.sheet.rtl, &p).svg
    }
}

/// The hook: the line large between two strokes of the accent (no play mark: the video is
/// already playing).
fn title(pen: &Pen<'_>) -> String {
    let (top, body) = (pen.top, pen.body());
    let mut svg = String::new();
    for y in [top + body * 0.22, top + body * 0.78] {
        let _ = write!(
            svg,
            r##"<rect x="{x}" y="{y}" width="240" height="14" rx="7" fill="{accent}"/>"##,
            x = pen.w / 2.0 - 120.0,
            accent = pen.accent()
        );
    }
    // On the opening card, the brand over the title (`title` is the brand's name there).
    if pen.sheet.count == 0 && !pen.sheet.title.is_empty() {
        let p = Paragraph { fill: pen.sheet.style.accent.as_str(), ..pen.boxed(top + body * 0.08, body * 0.11, BRAND) };
        svg.push_str(&pen.plain(pen.sheet.title, p));
    }
    svg + &pen.say(pen.boxed(top + body * 0.27, body * 0.46, BIG))
}

fn statement(pen: &Pen<'_>) -> String {
    let top = pen.top;
    let svg = format!(
        r##"<rect x="80" y="{y}" width="140" height="18" rx="9" fill="{a}"/>"##,
        y = top + 40.0,
        a = pen.accent()
    );
    svg + &pen.say(Paragraph { outline: Some(("#000000", 8.0)), ..pen.boxed(top + 100.0, pen.body() - 140.0, BIG) })
}

/// The line on a light card; a quote gets the quotation mark.
fn card(pen: &Pen<'_>) -> String {
    let (top, bottom, w) = (pen.top, pen.bottom, pen.w);
    let style = pen.sheet.style;
    let mut svg = format!(
        r##"<rect x="70" y="{y}" width="{cw}" height="{ch}" rx="48" fill="{card}"/>
<rect x="130" y="{ly}" width="90" height="10" rx="5" fill="{accent}"/>"##,
        y = top + 60.0,
        cw = w - 140.0,
        ch = pen.body() - 120.0,
        card = style.card,
        ly = bottom - 130.0,
        accent = pen.accent(),
    );
    // Room above and below the text in proportion to the body, as in a tall picture's at most.
    let body = pen.body();
    let text_top = if pen.sheet.layout == Layout::Quote {
        let mark = (body * 0.25).min(300.0);
        let _ = write!(
            svg,
            r##"<text x="130" y="{qy}" font-family="Noto Serif, Noto Sans" font-size="{mark}" font-weight="700" fill="{accent}">“</text>"##,
            qy = top + mark * 1.1,
            accent = pen.accent(),
        );
        top + mark
    } else {
        top + (body * 0.133).min(160.0)
    };
    let height = bottom - (body * 0.166).min(200.0) - text_top;
    svg + &pen.say(Paragraph { width: w - 280.0, fill: style.dark, ..pen.boxed(text_top, height, MID) })
}

/// A question sent in a chat (the caption in the accent bubble), an answer being typed below.
fn chat(pen: &Pen<'_>) -> String {
    let (top, w, body) = (pen.top, pen.w, pen.body());
    let (bubble_top, bubble_h) = (top + 80.0, body * 0.55);
    let typing_y = bubble_top + bubble_h + 90.0;
    let mut svg = format!(
        r##"<rect x="110" y="{bubble_top}" width="{bw}" height="{bubble_h}" rx="48" fill="{accent}"/><path d="M {tx} {ty} l 60 50 l -90 -10 z" fill="{accent}"/>
<circle cx="{ax}" cy="{ay}" r="44" fill="#ffffff" fill-opacity="0.85"/>
<circle cx="120" cy="{cy}" r="44" fill="#9aa5b1"/><rect x="190" y="{typing_y}" width="230" height="120" rx="60" fill="#ffffff" fill-opacity="0.9"/>"##,
        bw = w - 220.0,
        tx = w - 190.0,
        ty = bubble_top + bubble_h - 20.0,
        ax = w - 70.0,
        ay = bubble_top + bubble_h + 60.0,
        cy = typing_y + 60.0,
        accent = pen.accent(),
    );
    for k in 0..3 {
        let _ = write!(
            svg,
            r##"<circle cx="{x}" cy="{y}" r="16" fill="#9aa5b1"/>"##,
            x = 250.0 + k as f32 * 55.0,
            y = typing_y + 60.0
        );
    }
    let p = Paragraph { width: w - 320.0, fill: "#111111", ..pen.boxed(bubble_top + 40.0, bubble_h - 80.0, MID) };
    svg + &pen.say(p)
}

/// A number, huge (a stat), or the top of a chart whose bars rise to it (a ratio), over the line.
fn figure(pen: &Pen<'_>) -> String {
    let (top, w, body) = (pen.top, pen.w, pen.body());
    let accent = pen.accent();
    let figure = number(pen.sheet.text).unwrap_or_default();
    let mut svg = String::new();
    if pen.sheet.layout == Layout::Stat {
        let _ = write!(
            svg,
            r##"<circle cx="{cx}" cy="{cy}" r="{r}" fill="{accent}" fill-opacity="0.18"/>"##,
            cx = w / 2.0,
            cy = top + body * 0.25,
            r = body * 0.22
        );
        svg.push_str(&pen.plain(&figure, Paragraph { fill: accent, ..pen.boxed(top + 20.0, body * 0.45, HUGE) }));
    } else {
        let floor = top + body * 0.5;
        for (k, share) in [0.25f32, 0.45, 0.6, 1.0].iter().enumerate() {
            let bar_h = body * 0.3 * share;
            let x = 140.0 + k as f32 * (w - 280.0) / 4.0;
            let (fill, opacity) = if k == 3 { (accent, 1.0) } else { ("#ffffff", 0.35) };
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
        let p = Paragraph { fill: accent, middle: false, ..pen.boxed(top, body * 0.16, BIG) };
        svg.push_str(&pen.plain(&figure, p));
    }
    svg + &pen.say(pen.boxed(top + body * 0.55, body * 0.42, MID))
}

/// A checklist: each item of the line on its own row, ticked.
fn list(pen: &Pen<'_>) -> String {
    let (top, w, body) = (pen.top, pen.w, pen.body());
    let style = pen.sheet.style;
    // A line that is not a list (a layout forced on it) is one item.
    let whole = 0..pen.sheet.text.chars().count();
    let items = items(pen.sheet.text).unwrap_or_else(|| vec![whole]);
    let mut svg = format!(
        r##"<rect x="70" y="{y}" width="{cw}" height="{ch}" rx="36" fill="{card}"/>"##,
        y = top + 40.0,
        cw = w - 140.0,
        ch = body - 80.0,
        card = style.card
    );
    // Rows no taller than a line or two, the list centred on the card; the boxes on the side the
    // script starts from.
    let row = ((body - 160.0) / items.len().max(1) as f32).min(260.0);
    let first = top + 40.0 + (body - 80.0 - row * items.len() as f32) / 2.0;
    let (box_x, text_x) = match pen.sheet.rtl {
        false => (120.0, (230.0 + w - 110.0) / 2.0),
        true => (w - 192.0, (110.0 + w - 230.0) / 2.0),
    };
    for (k, item) in items.into_iter().enumerate() {
        let y = first + k as f32 * row;
        let cy = y + row / 2.0;
        let _ = write!(
            svg,
            r##"<rect x="{box_x}" y="{by}" width="72" height="72" rx="16" fill="{accent}"/><path d="M {mx} {a} l 18 20 l 32 -40" fill="none" stroke="#111111" stroke-width="11" stroke-linecap="round" stroke-linejoin="round"/>"##,
            by = cy - 36.0,
            mx = box_x + 16.0,
            a = cy + 2.0,
            accent = pen.accent(),
        );
        let p =
            Paragraph { center_x: text_x, width: w - 340.0, fill: style.dark, ..pen.boxed(y + 10.0, row - 20.0, MID) };
        svg.push_str(&pen.say_part(p, item));
    }
    svg
}

/// Two sides of a contrast: the first on the accent above the versus badge, the second below.
fn split(pen: &Pen<'_>) -> String {
    let (top, bottom, w) = (pen.top, pen.bottom, pen.w);
    let mid = top + pen.body() * 0.5;
    let at = sides(pen.sheet.text).unwrap_or(0);
    let end = pen.sheet.text.chars().count();
    let svg = format!(
        r##"<rect x="0" y="{top}" width="{w}" height="{hh}" fill="{accent}" fill-opacity="0.9"/><rect x="0" y="{mid}" width="{w}" height="{hh2}" fill="#000000" fill-opacity="0.35"/>
<circle cx="{cx}" cy="{mid}" r="90" fill="#111111" stroke="#ffffff" stroke-width="10"/>
<text x="{cx}" y="{ty}" text-anchor="middle" font-family="Noto Sans" font-size="80" font-weight="700" fill="#ffffff">VS</text>"##,
        hh = mid - top,
        hh2 = bottom - mid,
        cx = w / 2.0,
        ty = mid + 28.0,
        accent = pen.accent(),
    );
    let first = Paragraph { fill: "#111111", ..pen.boxed(top + 40.0, mid - top - 160.0, BIG) };
    let second = pen.boxed(mid + 120.0, bottom - mid - 160.0, BIG);
    match at {
        // A line without two sides (a layout forced on it) is said below the badge.
        0 => svg + &pen.say(second),
        _ => svg + &pen.say_part(first, 0..at) + &pen.say_part(second, at..end),
    }
}

/// The line, and under it a drawn reaction in its mood beside the beat's illustrations.
fn reaction(pen: &Pen<'_>) -> String {
    let (top, body) = (pen.top, pen.body());
    let said = pen.say(Paragraph { outline: Some(("#000000", 9.0)), ..pen.boxed(top + 20.0, body * 0.42, BIG) });
    let tone = scenes::tone(pen.sheet.text, pen.sheet.seed);
    match pen.things.is_empty() {
        true => {
            said + &scenes::reaction(tone, pen.w / 2.0, top + body * 0.72, (body * 0.5 / 460.0).min(1.0), pen.accent())
        }
        false => {
            said + &scenes::beside(
                [80.0, top + body * 0.47, pen.w - 160.0, body * 0.5],
                &pen.things,
                Some((tone, pen.accent())),
            )
        }
    }
}

fn question(pen: &Pen<'_>) -> String {
    let (top, body) = (pen.top, pen.body());
    let svg = format!(
        r##"<text x="{cx}" y="{y}" text-anchor="middle" font-family="Noto Sans" font-size="{fs}" font-weight="700" fill="{accent}" fill-opacity="0.22">?</text>"##,
        cx = pen.w / 2.0,
        y = top + body * 0.82,
        fs = body * 0.9,
        accent = pen.accent(),
    );
    svg + &pen.say(pen.boxed(top + 60.0, body - 120.0, BIG))
}

/// The call to action: the line itself on a button in the accent.
fn action(pen: &Pen<'_>) -> String {
    let (top, w, body) = (pen.top, pen.w, pen.body());
    let (y, height) = (top + body * 0.25, body * 0.5);
    let svg = format!(
        r##"<rect x="90" y="{y}" width="{bw}" height="{height}" rx="90" fill="{accent}"/><rect x="{sx}" y="{sy}" width="240" height="14" rx="7" fill="#ffffff" fill-opacity="0.8"/>"##,
        bw = w - 180.0,
        sx = w / 2.0 - 120.0,
        sy = y + height + 70.0,
        accent = pen.accent(),
    );
    svg + &pen.say(Paragraph { width: w - 300.0, fill: "#111111", ..pen.boxed(y + 50.0, height - 100.0, BIG) })
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

const BRAND: &[f32] = &[64.0, 56.0, 48.0, 40.0];
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
                    assert!(matches!(layout, Layout::Question | Layout::Chat), "{text}: {layout:?}");
                }
                // Layouts that show a structure only for lines that have it.
                match layout {
                    Layout::Split => assert!(sides(text).is_some(), "{text}"),
                    Layout::List => assert!(items(text).is_some(), "{text}"),
                    Layout::Chat | Layout::Question => assert!(text.ends_with('?'), "{text}"),
                    Layout::Chart => assert!(number(text).is_some_and(|n| n.ends_with(RATIO)), "{text}"),
                    Layout::Quote => assert!(text.contains('"'), "{text}"),
                    _ => {}
                }
            }
        }
        // Numbers in a row alternate between the two number layouts when both fit.
        let layouts = choose(&["1 tool", "20% more", "30% more", "Go."]);
        assert_eq!(layouts, [Layout::Stat, Layout::Chart, Layout::Stat, Layout::Action]);
    }

    #[test]
    fn contrasts_have_two_sides_and_lists_their_items() {
        let side = |text: &str| sides(text).map(|at| text.chars().skip(at).collect::<String>());
        assert_eq!(side("Others wait for renders but we ship today").as_deref(), Some("but we ship today"));
        assert_eq!(side("Manual edits vs. one API call").as_deref(), Some("one API call"));
        assert_eq!(side("Slow renders — but not here.").as_deref(), Some("but not here."));
        assert_eq!(side("But why?"), None, "a side needs two words");
        assert_eq!(side("Simple and fast."), None);
        assert_eq!(side("遅いレンダリング、でもここは違う。").as_deref(), Some("でもここは違う。"));
        assert_eq!(side("渲染很慢，但是这里不慢。").as_deref(), Some("但是这里不慢。"));
        assert_eq!(number("登録が一か月で3倍に増えた。").as_deref(), Some("3倍"));
        let text = "Pages, videos, memes and invites.";
        let chars: Vec<char> = text.chars().collect();
        let parts: Vec<String> = items(text).unwrap().iter().map(|r| chars[r.clone()].iter().collect()).collect();
        assert_eq!(parts, ["Pages, ", "videos, ", "memes and invites."]);
        assert_eq!(items("First, we write."), None, "two parts are not a list");
        assert_eq!(items("One long clause that goes on and on and on, another, and a third one"), None);
    }

    #[test]
    fn a_carousel_repeats_a_layout_only_when_none_left_fits() {
        for n in 1..=12 {
            let texts = script(n);
            let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
            let layouts = choose_distinct(&refs);
            assert!(layouts.windows(2).all(|p| p[0] != p[1]), "{layouts:?}");
            let distinct: std::collections::HashSet<_> = layouts.iter().collect();
            assert!(distinct.len() >= n.min(4), "{layouts:?}");
        }
    }

    #[test]
    fn a_carousels_cover_is_its_title_even_with_a_number_in_it() {
        for cover in ["1分でわかるSorriso", "Trailhead 40 in einer Minute", "1분 만에 보는 Parkly"] {
            let layouts = choose_distinct(&[cover, "Second slide here.", "Try it today."]);
            assert_eq!(layouts[0], Layout::Title, "{cover}");
        }
        // A first slide that is a sentence, not a title, keeps its figure.
        let long = "Revenue grew 70% in a single month.";
        assert_eq!(choose_distinct(&[long, "Second slide here.", "Try it today."])[0], Layout::Chart);
    }

    #[test]
    fn numbers_are_found_with_their_units() {
        assert_eq!(number("Revenue grew 70% in a month").as_deref(), Some("70%"));
        assert_eq!(number("Only $4.99 a month").as_deref(), Some("$4.99"));
        assert_eq!(number("2x faster, 10k users").as_deref(), Some("2x"));
        assert_eq!(number("no digits"), None);
        for time in ["Nobody: Me at 11 p.m.", "Up at 7:30 again", "at 6am", "夜11時の私", "晚上11点", "um 23 Uhr"]
        {
            assert_eq!(number(time), None, "{time}: a time of day is no figure");
        }
        assert_eq!(number("3時間で終わる").as_deref(), Some("3"), "hours of work are a figure");
        let names =
            ["Meet the Trailhead 40, built for long days", "I finally got my iPhone 15", "Me: lost on Route 66"];
        let elsewhere = [
            "Trailhead 40, in one minute",
            "Before Trailhead 40: shoulders aching",
            "Trailhead 40に出会う前",
            "Trailhead 40 في دقيقة واحدة",
        ];
        for name in names.into_iter().chain(elsewhere) {
            assert_eq!(number(name), None, "{name}: a number in a name is no figure");
        }
        assert_eq!(number("Only 3 left").as_deref(), Some("3"), "a sentence's first word is capitalised anyway");
        assert_eq!(number("Только 3 места").as_deref(), Some("3"), "so in every script");
        assert_eq!(number("We sold 40 packs").as_deref(), Some("40"));
        assert_eq!(number("The Trailhead sold 70% more").as_deref(), Some("70%"), "a unit makes a figure");
    }
}
