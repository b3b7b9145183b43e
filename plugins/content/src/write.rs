//! The blocks of each category, assembled from the phrase tables (or the model's lines, where
//! usable) so that every block keeps its limit whatever the input, seed or language: each text
//! is fitted by construction (the topic is cut, not the template) and then guarded by a cut.

use guest::{Block, block, block_with, pick};

use crate::model::{Call, Model};
use crate::phrases::{self, Phrases};
use crate::text::{
    Topic, brand_hashtag, brand_token, branded, clean, fill, fill_fit, fit, hashtags, len, topic_hashtags,
};

/// The categories, as the manifest's kinds.
pub const CATEGORIES: [&str; 8] =
    ["tweet", "thread", "linkedin", "instagram", "tiktok-script", "email", "blog-intro", "press-release"];

/// The limits every category keeps (characters, as `chars().count()` counts them).
pub mod limits {
    /// A post on X: 140 characters stay within 280 even where X counts each one double.
    pub const POST: usize = 140;
    /// The part of a LinkedIn post shown before "…see more".
    pub const LINKEDIN_HOOK: usize = 150;
    /// Hook, paragraphs and hashtags of a LinkedIn post, joined by blank lines.
    pub const LINKEDIN_TOTAL: usize = 3000;
    /// The first line of an Instagram caption, shown before "more".
    pub const INSTAGRAM_FIRST: usize = 125;
    /// Caption, blank line and hashtags of an Instagram post.
    pub const INSTAGRAM_TOTAL: usize = 2200;
    pub const TIKTOK_HOOK: usize = 100;
    pub const TIKTOK_SCENE: usize = 200;
    pub const TIKTOK_CTA: usize = 100;
    pub const TIKTOK_CAPTION: usize = 300;
    pub const ON_SCREEN: usize = 60;
    pub const SECONDS_MIN: u32 = 2;
    pub const SECONDS_MAX: u32 = 15;
    pub const TIKTOK_SECONDS: u32 = 60;
    pub const SUBJECT: usize = 60;
    pub const PREHEADER: usize = 100;
    pub const GREETING: usize = 60;
    /// An email's paragraphs together.
    pub const EMAIL_BODY: usize = 2000;
    pub const BUTTON: usize = 40;
    pub const SIGNOFF: usize = 100;
    pub const BLOG_TITLE: usize = 70;
    pub const META_MIN: usize = 50;
    pub const META_MAX: usize = 160;
    /// A blog introduction's paragraphs together.
    pub const BLOG_BODY: usize = 1500;
    pub const HEADLINE: usize = 120;
    pub const SUBHEADLINE: usize = 200;
    pub const QUOTE: usize = 300;
    pub const BOILERPLATE: usize = 400;
    /// Every text (and attribute) of a press release together.
    pub const PRESS_TOTAL: usize = 5000;
    /// A brand name longer than this is cut where it is written.
    pub const BRAND_NAME: usize = 40;
}

use limits::*;

/// The brand as the blocks use it: each part `None` when the brand has none (or none usable).
#[derive(Debug, Clone, Default)]
pub struct Brand {
    pub name: Option<String>,
    pub voice: String,
    pub hashtag: Option<String>,
    pub token: Option<String>,
}

impl Brand {
    /// The brand's parts from the request's raw fields, made safe to write: one line, the name
    /// cut, the hashtag and token as platforms accept them (or left out).
    pub fn new(name: &str, voice: &str, hashtag: &str, token: &str) -> Brand {
        let name = fit(&clean(name), BRAND_NAME);
        Brand {
            name: (!name.is_empty()).then_some(name),
            voice: clean(voice),
            hashtag: brand_hashtag(&clean(hashtag)),
            token: brand_token(&clean(token)),
        }
    }
}

/// What one request writes: its title and blocks.
#[derive(Debug)]
pub struct Written {
    pub title: String,
    pub blocks: Vec<Block>,
}

/// Everything the assembly of one request reads.
struct Ctx {
    p: &'static Phrases,
    seed: u64,
    topic: Topic,
    brand: Brand,
    language: String,
}

impl Ctx {
    fn name(&self) -> Option<&str> {
        self.brand.name.as_deref()
    }

    /// A choice among `options` for `salt`; without a brand name, only among those that do
    /// not name it (every such table has at least one).
    fn opt(&self, options: &[&'static str], salt: u64) -> &'static str {
        if self.name().is_some() {
            return pick(options, self.seed, salt);
        }
        let plain: Vec<&'static str> = options.iter().copied().filter(|o| !o.contains("{b}")).collect();
        pick(&plain, self.seed, salt)
    }

    /// A choice between pairs, by the first text's brand like [`Ctx::opt`].
    fn opt_pair(&self, options: &[(&'static str, &'static str)], salt: u64) -> (&'static str, &'static str) {
        let firsts: Vec<&'static str> = options.iter().map(|(a, _)| *a).collect();
        let chosen = self.opt(&firsts, salt);
        options.iter().copied().find(|(a, _)| *a == chosen).unwrap_or(options[0])
    }

    /// A table text with the brand's name in it.
    fn text(&self, template: &str) -> String {
        branded(template, self.name())
    }

    /// A topic template filled to at most `max` characters, ending as a sentence.
    fn sentence(&self, template: &str, max: usize) -> String {
        fill_fit(template, &self.topic, self.name(), self.p.stop, max)
    }

    /// A topic template filled to at most `max` characters, as a headline (no full stop).
    fn headline(&self, template: &str, max: usize) -> String {
        fill_fit(template, &self.topic, self.name(), "", max)
    }

    /// A headline from `options` (the seeded choice first) that shows the whole topic within
    /// `max`; when none does, the seeded choice with the topic cut.
    fn headline_fitting(&self, options: &[&'static str], salt: u64, max: usize) -> String {
        let chosen = self.opt(options, salt);
        let whole = len(&self.topic.shown(usize::MAX));
        let others = options.iter().copied().filter(|o| *o != chosen && (self.name().is_some() || !o.contains("{b}")));
        std::iter::once(chosen)
            .chain(others)
            .find_map(|o| fill(o, &self.topic, self.name(), "", max, whole))
            .unwrap_or_else(|| self.headline(chosen, max))
    }

    /// The `k`-th point from a seeded start (so points of one request differ).
    fn point(&self, k: usize, salt: u64) -> &'static str {
        self.p.points[(self.count(0, 3, salt) + k) % self.p.points.len()]
    }

    /// Sentences joined the way the language joins them (a space, or nothing in Chinese and
    /// Japanese).
    fn join(&self, parts: &[&str]) -> String {
        parts.iter().filter(|s| !s.is_empty()).copied().collect::<Vec<_>>().join(self.p.space)
    }

    /// A count in `low..=high` for `salt`.
    fn count(&self, low: usize, high: usize, salt: u64) -> usize {
        const N: [&str; 6] = ["0", "1", "2", "3", "4", "5"];
        low + pick(&N[..=(high - low)], self.seed, salt).parse::<usize>().unwrap_or(0)
    }

    /// The brand's hashtag, then its token when the post still keeps `room` characters for
    /// itself with both, as one tail (with a leading space); empty without either.
    fn tail(&self, max: usize, room: usize) -> String {
        let tag = self.brand.hashtag.as_deref();
        let token = self.brand.token.as_deref();
        let both: String = [tag, token].iter().flatten().map(|t| format!(" {t}")).collect();
        if max.saturating_sub(len(&both)) >= room {
            return both;
        }
        tag.map(|t| format!(" {t}")).unwrap_or_default()
    }

    /// Up to `count` hashtags: the brand's, up to `words` of the topic's, `extra`, then the
    /// language's generic ones from a seeded start.
    fn hashtags(&self, count: usize, words: usize, extra: &[&str], salt: u64) -> String {
        let topic = topic_hashtags(&self.topic.text, words);
        let start = self.count(0, 5, salt);
        let generic = (0..self.p.tags.len()).map(|i| self.p.tags[(start + i) % self.p.tags.len()]);
        let all = self
            .brand
            .hashtag
            .iter()
            .map(String::as_str)
            .chain(topic.iter().map(String::as_str))
            .chain(extra.iter().copied())
            .chain(generic);
        hashtags(all, count).join(" ")
    }

    /// How long `text` takes to say, in whole seconds, within `min..=max`.
    fn seconds(&self, text: &str, min: u32, max: u32) -> String {
        // Characters spoken per second: syllabic scripts carry more per character.
        let rate = match self.language.as_str() {
            "zh" | "ja" => 6,
            "ko" => 7,
            "th" => 12,
            _ => 15,
        };
        (len(text).div_ceil(rate) as u32).clamp(min, max).to_string()
    }
}

/// The blocks for `category` in `language` about `input`, deterministic per `seed`; the model
/// (when `call` is given) writes the main free text, each line checked, the tables the rest.
/// `None` when the category or language is not one this generator writes.
pub fn write(
    category: &str,
    language: &str,
    input: &str,
    reading: &copywriter::Reading,
    seed: u64,
    brand: Brand,
    call: Option<Call<'_>>,
) -> Option<Written> {
    if !CATEGORIES.contains(&category) {
        return None;
    }
    let p = phrases::for_language(language)?;
    let topic = Topic::new(input, reading, language, p.fallback);
    let who = brand.name.as_deref().map(|n| (n, brand.voice.as_str()));
    let mut model = Model::new(call, language, category, who, input);
    let c = Ctx { p, seed, topic, brand: brand.clone(), language: language.to_string() };
    let blocks = match category {
        "tweet" => tweet(&c, &mut model),
        "thread" => thread(&c, &mut model),
        "linkedin" => linkedin(&c, &mut model),
        "instagram" => instagram(&c, &mut model),
        "tiktok-script" => tiktok(&c, &mut model),
        "email" => email(&c, &mut model),
        "blog-intro" => blog(&c, &mut model),
        _ => press(&c, &mut model),
    };
    Some(Written { title: c.topic.text.clone(), blocks })
}

/// Paragraphs whose total stays within `budget`: the ones before the last go first (at least
/// `keep` stay), then each is cut to an equal share. By construction the tables and the
/// model's per-line limits stay far below every total; this is the guard should they not.
fn within(mut paragraphs: Vec<String>, budget: usize, keep: usize) -> Vec<String> {
    let total = |ps: &Vec<String>| ps.iter().map(|p| len(p)).sum::<usize>();
    while total(&paragraphs) > budget && paragraphs.len() > keep.max(1) {
        paragraphs.remove(paragraphs.len() - 2);
    }
    if total(&paragraphs) > budget {
        let share = budget / paragraphs.len();
        paragraphs = paragraphs.iter().map(|p| fit(p, share)).collect();
    }
    paragraphs
}

/// Model lines for the first slots, the tables' for the rest.
fn with_model(lines: Vec<String>, table: Vec<String>) -> Vec<String> {
    let mut lines = lines.into_iter();
    table.into_iter().map(|t| lines.next().unwrap_or(t)).collect()
}

/// One post on X: the news about the topic and a short closer, ending with the brand's
/// hashtag (and token when it fits).
fn tweet(c: &Ctx, m: &mut Model) -> Vec<Block> {
    let tail = c.tail(POST, 60);
    let max = POST - len(&tail);
    let body = m.line("the text of one post on X (Twitter) about the topic", max).unwrap_or_else(|| {
        let open = c.opt(&c.p.news, 1);
        let closer = pick(&c.p.closers, c.seed, 2);
        fill(open, &c.topic, c.name(), c.p.stop, max - len(closer) - len(c.p.space), 16)
            .map(|text| c.join(&[&text, closer]))
            .unwrap_or_else(|| c.sentence(open, max))
    });
    vec![block("post", format!("{}{tail}", fit(&body, max)))]
}

/// A thread of three to five numbered posts: the topic, points about it, and a closer that
/// carries the brand's hashtag.
fn thread(c: &Ctx, m: &mut Model) -> Vec<Block> {
    let n = c.count(3, 5, 3);
    let tail = c.tail(POST - 4, 60);
    let limit = POST - len(&format!("{n}/{n} ")) - len(&tail);
    let mut table = vec![format!("{} 🧵", c.headline(pick(&c.p.thread_open, c.seed, 5), limit - 2))];
    for k in 0..n - 2 {
        table.push(c.point(k, 4).to_string());
    }
    let (follow, _) = c.opt_pair(&c.p.follow, 6);
    table.push(c.text(pick(&[follow, pick(&c.p.ask, c.seed, 7)], c.seed, 8)));
    let lines = m.lines("the posts of a thread on X (Twitter), the first one introducing the topic", n, limit);
    with_model(lines, table)
        .iter()
        .enumerate()
        .map(|(i, body)| {
            let k = i + 1;
            let prefix = format!("{k}/{n} ");
            let end = if k == n { tail.as_str() } else { "" };
            let text = format!("{prefix}{}{end}", fit(body, POST - len(&prefix) - len(end)));
            block_with("post", text, &[("index", &k.to_string())])
        })
        .collect()
}

/// The paragraph kinds of the longer formats, in the order a post runs.
#[derive(Clone, Copy)]
enum Part {
    Context,
    Focus,
    Point,
    Ask,
}

/// A LinkedIn post: a hook before "…see more", two to four paragraphs, three to five hashtags.
fn linkedin(c: &Ctx, m: &mut Model) -> Vec<Block> {
    const PARAGRAPH: usize = 600;
    let hook = c.sentence(c.opt(&c.p.news, 11), LINKEDIN_HOOK);
    // The hook names the topic; only the longest post comes back to it, after the story.
    let parts: &[Part] = match c.count(2, 4, 12) {
        2 => &[Part::Point, Part::Ask],
        3 => &[Part::Context, Part::Point, Part::Ask],
        _ => &[Part::Context, Part::Focus, Part::Point, Part::Ask],
    };
    let table = parts
        .iter()
        .map(|part| match part {
            Part::Context => c.text(c.opt(&c.p.context, 13)),
            Part::Focus => c.sentence(pick(&c.p.focus, c.seed, 14), PARAGRAPH),
            Part::Point => c.join(&[c.point(0, 15), c.point(1, 15)]),
            Part::Ask => pick(&c.p.ask, c.seed, 16).to_string(),
        })
        .collect();
    let lines = m.lines("the paragraphs of a LinkedIn post, after its opening line", parts.len(), PARAGRAPH);
    let mut paragraphs: Vec<String> = with_model(lines, table).iter().map(|p| fit(p, PARAGRAPH)).collect();
    let tags = c.hashtags(c.count(3, 5, 17), 1, &[], 18);
    // By construction the post is far below its limit; should it ever not be, the paragraphs
    // before the last go first (two always stay).
    let total = |ps: &Vec<String>| len(&hook) + ps.iter().map(|p| len(p) + 2).sum::<usize>() + 2 + len(&tags);
    while total(&paragraphs) > LINKEDIN_TOTAL && paragraphs.len() > 2 {
        paragraphs.remove(paragraphs.len() - 2);
    }
    let mut blocks = vec![block("hook", fit(&hook, LINKEDIN_HOOK))];
    blocks.extend(paragraphs.into_iter().map(|p| block("paragraph", p)));
    blocks.push(block("hashtags", tags));
    blocks
}

/// An Instagram post: a caption whose first line stands before "more", two short lines and a
/// call to comment or follow; eight to twelve hashtags.
fn instagram(c: &Ctx, m: &mut Model) -> Vec<Block> {
    const LINE: usize = 150;
    let first = format!("✨ {}", c.headline(c.opt(&c.p.news, 21), INSTAGRAM_FIRST - 2));
    let one = c.opt(&c.p.ig_lines, 22);
    let others: Vec<&str> = c.p.ig_lines.iter().copied().filter(|l| *l != one).collect();
    let two = c.opt(&others, 23);
    let table = vec![c.text(one), c.text(two)];
    let lines = m.lines("short lines of an Instagram caption, after its first line", 2, LINE);
    let body: Vec<String> = with_model(lines, table).iter().map(|l| fit(l, LINE)).collect();
    let (follow, _) = c.opt_pair(&c.p.follow, 24);
    let cta = c.text(pick(&[follow, c.p.ask[0], c.p.ask[1]], c.seed, 25));
    let caption = format!("{}\n\n{}\n\n{}", fit(&first, INSTAGRAM_FIRST), body.join("\n"), cta);
    let tags = c.hashtags(c.count(8, 12, 26), 3, &[], 27);
    let caption = fit(&caption, INSTAGRAM_TOTAL - 2 - len(&tags));
    vec![block("caption", caption), block("hashtags", tags)]
}

/// A short vertical video script: a spoken hook, three or four scenes, a call to follow, and
/// the caption; each spoken part with its seconds and on-screen text.
fn tiktok(c: &Ctx, m: &mut Model) -> Vec<Block> {
    let hook = c.sentence(pick(&c.p.tt_hook, c.seed, 31), TIKTOK_HOOK);
    let scenes: Vec<(&str, &str)> =
        if c.count(3, 4, 32) == 3 { vec![c.p.scenes[0], c.p.scenes[2], c.p.scenes[3]] } else { c.p.scenes.to_vec() };
    let table = scenes.iter().map(|(spoken, _)| c.text(spoken)).collect();
    let lines = m.lines("the spoken lines of the scenes of a short vertical video", scenes.len(), TIKTOK_SCENE);
    let spoken = with_model(lines, table);
    let (cta, cta_screen) = c.opt_pair(&c.p.follow, 33);
    let cta = fit(&c.text(cta), TIKTOK_CTA);

    // Seconds: the hook and the call at most 5 each, a scene at most 12; four scenes make 58.
    let part = |role: &str, text: String, screen: String, max_seconds: u32| {
        let seconds = c.seconds(&text, SECONDS_MIN.max(3), max_seconds.min(SECONDS_MAX));
        block_with(role, text, &[("seconds", &seconds), ("onScreen", &fit(&screen, ON_SCREEN))])
    };
    let mut blocks = vec![part("hook", fit(&hook, TIKTOK_HOOK), c.topic.shown(ON_SCREEN), 5)];
    for (text, (_, screen)) in spoken.iter().zip(&scenes) {
        blocks.push(part("scene", fit(text, TIKTOK_SCENE), c.text(screen), 12));
    }
    blocks.push(part("cta", cta, c.text(cta_screen), 5));
    shorten(&mut blocks, TIKTOK_SECONDS);
    let tags = c.hashtags(5, 1, &["#fyp"], 34);
    let text = c.headline(c.opt(&c.p.news, 35), TIKTOK_CAPTION - 1 - len(&tags));
    blocks.push(block("caption", fit(&format!("{text} {tags}"), TIKTOK_CAPTION)));
    blocks
}

/// The seconds of a script's parts, the longest shortened a second at a time until they add up
/// to at most `total` (none below the minimum). The per-part maxima already keep four scenes
/// within a minute; this guard holds whatever the parts are.
fn shorten(blocks: &mut [Block], total: u32) {
    let seconds = |b: &Block| {
        b.attributes.iter().find(|(k, _)| k == "seconds").and_then(|(_, v)| v.parse::<u32>().ok()).unwrap_or(0)
    };
    while blocks.iter().map(seconds).sum::<u32>() > total {
        let Some(longest) = blocks.iter_mut().filter(|b| seconds(b) > SECONDS_MIN).max_by_key(|b| seconds(b)) else {
            return;
        };
        let shorter = (seconds(longest) - 1).to_string();
        if let Some((_, v)) = longest.attributes.iter_mut().find(|(k, _)| k == "seconds") {
            *v = shorter;
        }
    }
}

/// An email: subject, preheader, greeting, two to four paragraphs, a button and a signoff.
fn email(c: &Ctx, m: &mut Model) -> Vec<Block> {
    const PARAGRAPH: usize = 450;
    let subject = c.headline_fitting(&c.p.subject, 41, SUBJECT);
    let preheader = pick(&c.p.preheader, c.seed, 42);
    let intro = c.join(&[&c.sentence(c.opt(&c.p.news, 43), PARAGRAPH - 130), c.point(0, 44)]);
    let thanks = c.text(c.opt(&c.p.thanks, 46));
    let table = match c.count(2, 4, 45) {
        2 => vec![intro, thanks],
        3 => vec![intro, c.text(c.opt(&c.p.context, 47)), thanks],
        _ => vec![intro, c.text(c.opt(&c.p.context, 47)), c.p.reply.to_string(), thanks],
    };
    let count = table.len();
    let lines = m.lines("the paragraphs of a marketing email's body, after its greeting", count, PARAGRAPH);
    let paragraphs = within(with_model(lines, table).iter().map(|p| fit(p, PARAGRAPH)).collect(), EMAIL_BODY, 2);
    let signoff = match c.name() {
        Some(_) => c.text(c.p.signoff),
        None => c.p.signoff_plain.to_string(),
    };
    let mut blocks = vec![
        block("subject", fit(&subject, SUBJECT)),
        block("preheader", fit(preheader, PREHEADER)),
        block("greeting", fit(pick(&c.p.greeting, c.seed, 48), GREETING)),
    ];
    blocks.extend(paragraphs.into_iter().map(|p| block("paragraph", p)));
    blocks.push(block("cta", fit(pick(&c.p.button, c.seed, 49), BUTTON)));
    blocks.push(block("signoff", fit(&signoff, SIGNOFF)));
    blocks
}

/// A blog post's opening: title, meta description (50–160 characters) and two or three
/// paragraphs.
fn blog(c: &Ctx, m: &mut Model) -> Vec<Block> {
    const PARAGRAPH: usize = 480;
    let suffix = pick(&c.p.blog_suffix, c.seed, 51);
    let short = c.topic.shown(BLOG_TITLE);
    let title = if len(&short) + len(suffix) <= BLOG_TITLE && !short.ends_with('…') {
        format!("{short}{suffix}")
    } else {
        short
    };

    // A short topic leaves a description search engines find thin: sentences about the post
    // follow until it has 50 characters (the meta's own, then the plan, then the points).
    let mut meta = c.sentence(pick(&c.p.meta, c.seed, 52), META_MAX);
    let mut more: Vec<&str> =
        c.p.meta_more.iter().copied().filter(|t| c.name().is_some() || !t.contains("{b}")).collect();
    if c.count(0, 1, 53) == 1 {
        more.reverse();
    }
    more.extend(c.p.blog_plan.iter().chain(&c.p.points));
    for extra in more {
        if len(&meta) >= META_MIN {
            break;
        }
        let extra = c.text(extra);
        if len(&meta) + len(c.p.space) + len(&extra) <= META_MAX {
            meta = c.join(&[&meta, &extra]);
        }
    }

    let open = c.join(&[&c.sentence(pick(&c.p.blog_open, c.seed, 54), PARAGRAPH - 130), c.point(0, 55)]);
    let plan = pick(&c.p.blog_plan, c.seed, 56).to_string();
    let table = if c.count(2, 3, 57) == 2 {
        vec![open, plan]
    } else {
        let middle = c.join(&[&c.text(c.opt(&c.p.context, 58)), c.point(1, 55)]);
        vec![open, middle, plan]
    };
    let count = table.len();
    let lines = m.lines("the paragraphs of a blog post's introduction", count, PARAGRAPH);
    let paragraphs = within(with_model(lines, table).iter().map(|p| fit(p, PARAGRAPH)).collect(), BLOG_BODY, 2);
    let mut blocks = vec![block("title", fit(&title, BLOG_TITLE)), block("meta", fit(&meta, META_MAX))];
    blocks.extend(paragraphs.into_iter().map(|p| block("paragraph", p)));
    blocks
}

/// A press release: headline, subheadline, three to five paragraphs (the first opening with
/// the brand's name and a dash, like a dateline), a quote and the "About" boilerplate.
fn press(c: &Ctx, m: &mut Model) -> Vec<Block> {
    const PARAGRAPH: usize = 600;
    let headline = match c.name() {
        Some(_) => c.headline(pick(&c.p.headline, c.seed, 61), HEADLINE),
        None => c.headline(c.p.headline_plain, HEADLINE),
    };
    let subheadline = c.text(c.opt(&c.p.subheadline, 62));
    let dateline = c.name().map(|n| format!("{n} — ")).unwrap_or_default();
    let lead = format!("{dateline}{}", c.sentence(pick(&c.p.lead, c.seed, 63), PARAGRAPH - len(&dateline)));
    let point = |k: usize| c.point(k, 64).to_string();
    let release = pick(&c.p.release, c.seed, 65).to_string();
    // A press release speaks of the brand in the third person: no "we" paragraphs here.
    let other = c.p.release.iter().find(|r| **r != release).copied().unwrap_or(c.p.release[0]).to_string();
    let rest = match c.count(3, 5, 66) {
        3 => vec![point(0), release],
        4 => vec![point(0), point(1), release],
        _ => vec![point(0), point(1), other, release],
    };
    let lines = m.lines("the paragraphs of a press release, after its opening paragraph", rest.len(), PARAGRAPH);
    let mut paragraphs = vec![fit(&lead, PARAGRAPH)];
    paragraphs.extend(with_model(lines, rest).iter().map(|p| fit(p, PARAGRAPH)));

    let quote = m
        .line("one quotation from the brand's team about the news, for a press release", QUOTE)
        .unwrap_or_else(|| pick(&c.p.quote, c.seed, 68).to_string());
    let (by, heading, about) = match c.name() {
        Some(_) => (c.text(c.p.team), c.text(c.p.about), c.text(c.p.about_text)),
        None => (c.p.team_plain.to_string(), c.p.about_plain.to_string(), c.p.about_text_plain.to_string()),
    };
    let (headline, subheadline, quote) = (fit(&headline, HEADLINE), fit(&subheadline, SUBHEADLINE), fit(&quote, QUOTE));
    let (by, about, heading) = (fit(&by, 100), fit(&about, BOILERPLATE), fit(&heading, 100));
    let fixed = [&headline, &subheadline, &quote, &by, &about, &heading].iter().map(|t| len(t)).sum::<usize>();
    let paragraphs = within(paragraphs, PRESS_TOTAL - fixed, 3);
    let mut blocks = vec![block("headline", headline), block("subheadline", subheadline)];
    blocks.extend(paragraphs.into_iter().map(|p| block("paragraph", p)));
    blocks.push(block_with("quote", quote, &[("by", &by)]));
    blocks.push(block_with("boilerplate", about, &[("heading", &heading)]));
    blocks
}
