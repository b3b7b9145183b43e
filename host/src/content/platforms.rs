//! The platforms' limits of each content category, checked on what the content generator wrote
//! (generator output is untrusted: a post over its platform's limit is the generator's failure,
//! never the caller's problem), and each post assembled as it is pasted. Lengths are Unicode
//! characters, except X's posts, which are weighed as X weighs them ([`x_weight`]).

use serde::Serialize;
use utoipa::ToSchema;

use crate::plugins::Block;

/// A limit a category's post keeps, as the answer reports it.
#[derive(Clone, Copy, Debug, Serialize, ToSchema)]
#[schema(as = PostLimit)]
pub struct Limit {
    /// What is limited: a block role (`post`, `hook`, …), `total` or `seconds`.
    pub name: &'static str,
    pub max: u64,
    /// `x-weighted` (as X counts a post), `characters`, `hashtags`, `blocks` or `seconds`.
    pub unit: &'static str,
}

/// A category other than `meme` (which the meme route serves): its name, what it is, its limits.
pub struct Category {
    pub name: &'static str,
    pub description: &'static str,
    pub limits: &'static [Limit],
    /// Checks a generator's blocks against the category's rules and pastes them into the post.
    pub assemble: fn(&[Block]) -> Result<String, Broken>,
}

const fn chars(name: &'static str, max: u64) -> Limit {
    Limit { name, max, unit: "characters" }
}

/// X's limit of one post, weighed.
const X_POST: u64 = 280;

pub const CATEGORIES: &[Category] = &[
    Category {
        name: "tweet",
        description: "One post for X, hashtag included.",
        limits: &[Limit { name: "post", max: X_POST, unit: "x-weighted" }],
        assemble: tweet,
    },
    Category {
        name: "thread",
        description: "A numbered thread for X (\"1/4 …\"), 3 to 10 posts.",
        limits: &[
            Limit { name: "post", max: X_POST, unit: "x-weighted" },
            Limit { name: "post", max: 10, unit: "blocks" },
        ],
        assemble: thread,
    },
    Category {
        name: "linkedin",
        description: "A LinkedIn post: a hook that shows before \"see more\", paragraphs, 3 to 5 hashtags.",
        limits: &[chars("hook", 150), chars("total", 3000), Limit { name: "hashtags", max: 5, unit: "hashtags" }],
        assemble: linkedin,
    },
    Category {
        name: "instagram",
        description: "An Instagram caption whose first line shows before \"more\", and its hashtags.",
        limits: &[
            chars("caption.firstLine", 125),
            chars("total", 2200),
            Limit { name: "hashtags", max: 30, unit: "hashtags" },
        ],
        assemble: instagram,
    },
    Category {
        name: "tiktok-script",
        description: "A short-video script: a hook, scenes and a call to action, each timed with its on-screen text, and a caption.",
        limits: &[
            chars("hook", 100),
            chars("scene", 200),
            chars("cta", 100),
            chars("onScreen", 60),
            chars("caption", 300),
            Limit { name: "seconds", max: 60, unit: "seconds" },
        ],
        assemble: tiktok_script,
    },
    Category {
        name: "email",
        description: "A marketing email: subject, preheader, greeting, paragraphs, button text and sign-off.",
        limits: &[chars("subject", 60), chars("preheader", 100), chars("paragraphs", 2000), chars("cta", 40)],
        assemble: email,
    },
    Category {
        name: "blog-intro",
        description: "A blog post's title, meta description and opening paragraphs.",
        limits: &[chars("title", 70), chars("meta", 160), chars("paragraphs", 1500)],
        assemble: blog_intro,
    },
    Category {
        name: "press-release",
        description: "A press release: headline, subheadline, paragraphs, a quote and the boilerplate.",
        limits: &[chars("headline", 120), chars("subheadline", 200), chars("total", 5000)],
        assemble: press_release,
    },
];

/// The category named `name` (not `meme`).
pub fn category(name: &str) -> Option<&'static Category> {
    CATEGORIES.iter().find(|c| c.name == name)
}

/// How X weighs a post: a URL counts 23; characters of the ranges X counts light (Latin,
/// Cyrillic, Greek, Arabic, Hebrew, the Indic scripts, Thai, … up to U+10FF, and some general
/// punctuation) count 1; every other character (CJK, Hangul, emoji) counts 2. An emoji sequence
/// is weighed per character, so a sequence never weighs less than X says.
pub fn x_weight(text: &str) -> u64 {
    let light = |c: char| matches!(u32::from(c), 0..=0x10FF | 0x2000..=0x200D | 0x2010..=0x201F | 0x2032..=0x2037);
    let mut weight = 0;
    for (i, word) in text.split(' ').enumerate() {
        weight += u64::from(i > 0);
        if word.starts_with("http://") || word.starts_with("https://") {
            weight += 23;
        } else {
            weight += word.chars().map(|c| if light(c) { 1 } else { 2 }).sum::<u64>();
        }
    }
    weight
}

fn length(text: &str) -> u64 {
    text.chars().count() as u64
}

/// Why a generator's post breaks its category's rules.
pub type Broken = String;

/// The blocks of `role`, between `min` and `max` of them.
fn blocks<'a>(all: &'a [Block], role: &str, min: usize, max: usize) -> Result<Vec<&'a Block>, Broken> {
    let found: Vec<&Block> = all.iter().filter(|b| b.role == role).collect();
    if !(min..=max).contains(&found.len()) {
        return Err(format!("{} `{role}` blocks (must be {min} to {max})", found.len()));
    }
    Ok(found)
}

fn one<'a>(all: &'a [Block], role: &str) -> Result<&'a Block, Broken> {
    Ok(blocks(all, role, 1, 1)?[0])
}

fn attribute<'a>(block: &'a Block, key: &str) -> Option<&'a str> {
    block.attributes.iter().find(|(k, _)| k == key).map(|(_, v)| v.as_str())
}

fn within(block: &Block, max: u64) -> Result<(), Broken> {
    if length(&block.text) > max {
        return Err(format!("a `{}` block of {} characters (at most {max})", block.role, length(&block.text)));
    }
    Ok(())
}

fn hashtags(block: &Block, min: usize, max: usize) -> Result<(), Broken> {
    let tags: Vec<&str> = block.text.split(' ').collect();
    let tag = |t: &str| {
        t.starts_with('#')
            && (2..=41).contains(&t.chars().count())
            && !t[1..].contains('#')
            && !t.contains(char::is_whitespace)
    };
    if !(min..=max).contains(&tags.len()) || !tags.iter().all(|t| tag(t)) {
        return Err(format!("hashtags {:?} (must be {min} to {max} single-space-separated #tags)", block.text));
    }
    Ok(())
}

/// Checks `blocks` against the rules of `category`; answers the post as it is pasted.
pub fn check(category: &Category, blocks_: &[Block]) -> Result<String, Broken> {
    // One line per block: the structure is in the blocks (an Instagram caption may break lines).
    for block in blocks_ {
        let lines_allowed = category.name == "instagram" && block.role == "caption";
        let bad = |c: char| c.is_control() && !(lines_allowed && c == '\n');
        if block.text.trim().is_empty() || block.text.chars().any(bad) {
            return Err(format!("a `{}` block that is empty or has control characters", block.role));
        }
        // Attributes reach the post too (a quote's author, a boilerplate's heading, a beat's
        // on-screen text): the same rule, one line and no control characters, for every one.
        if let Some((key, _)) = block.attributes.iter().find(|(_, v)| v.chars().any(char::is_control)) {
            return Err(format!("a `{}` block whose `{key}` has control characters", block.role));
        }
    }
    (category.assemble)(blocks_)
}

/// The texts of `parts`, a blank line apart.
fn joined(parts: &[&Block]) -> String {
    parts.iter().map(|b| b.text.as_str()).collect::<Vec<_>>().join("\n\n")
}

/// Refuses `parts` longer than `max` characters together.
fn total(parts: &[&Block], max: u64, what: &str) -> Result<(), Broken> {
    let sum: u64 = parts.iter().map(|b| length(&b.text)).sum();
    if sum > max { Err(format!("{what} of {sum} characters (at most {max})")) } else { Ok(()) }
}

/// Refuses a pasted `text` longer than `max` characters.
fn at_most(text: String, max: u64, what: &str) -> Result<String, Broken> {
    match length(&text) {
        n if n > max => Err(format!("{what} of {n} characters (at most {max})")),
        _ => Ok(text),
    }
}

fn tweet(all: &[Block]) -> Result<String, Broken> {
    let post = one(all, "post")?;
    if x_weight(&post.text) > X_POST {
        return Err(format!("a post weighing {} (X allows {X_POST})", x_weight(&post.text)));
    }
    Ok(post.text.clone())
}

fn thread(all: &[Block]) -> Result<String, Broken> {
    let posts = blocks(all, "post", 3, 10)?;
    let n = posts.len();
    for (k, post) in (1..).zip(&posts) {
        if !post.text.starts_with(&format!("{k}/{n} ")) || x_weight(&post.text) > X_POST {
            return Err(format!("post {k} must start with \"{k}/{n} \" and weigh at most {X_POST}"));
        }
    }
    Ok(joined(&posts))
}

fn linkedin(all: &[Block]) -> Result<String, Broken> {
    let hook = one(all, "hook")?;
    within(hook, 150)?;
    let tags = one(all, "hashtags")?;
    hashtags(tags, 3, 5)?;
    let mut parts = vec![hook];
    parts.extend(blocks(all, "paragraph", 1, 6)?);
    parts.push(tags);
    at_most(joined(&parts), 3000, "a post")
}

fn instagram(all: &[Block]) -> Result<String, Broken> {
    let caption = one(all, "caption")?;
    let first = caption.text.lines().next().unwrap_or_default();
    if length(first) > 125 {
        return Err("a caption whose first line is over 125 characters".into());
    }
    let tags = one(all, "hashtags")?;
    hashtags(tags, 1, 30)?;
    at_most(joined(&[caption, tags]), 2200, "a caption")
}

fn tiktok_script(all: &[Block]) -> Result<String, Broken> {
    let hook = one(all, "hook")?;
    let scenes = blocks(all, "scene", 2, 8)?;
    let cta = one(all, "cta")?;
    let caption = one(all, "caption")?;
    within(hook, 100)?;
    within(cta, 100)?;
    within(caption, 300)?;
    let mut timed = vec![hook];
    timed.extend(&scenes);
    timed.push(cta);
    let (mut at, mut lines) = (0u64, Vec::new());
    for block in &timed {
        within(block, 200)?;
        let seconds = attribute(block, "seconds").and_then(|s| s.parse::<u64>().ok()).filter(|s| (1..=15).contains(s));
        let shown = attribute(block, "onScreen").filter(|s| (1..=60).contains(&length(s)));
        let (Some(seconds), Some(shown)) = (seconds, shown) else {
            return Err(format!("a `{}` block without `seconds` (1–15) and `onScreen` (1–60 characters)", block.role));
        };
        lines.push(format!("[{at}–{} s] {shown}\n{}", at + seconds, block.text));
        at += seconds;
    }
    if at > 60 {
        return Err(format!("a script of {at} seconds (at most 60)"));
    }
    lines.push(caption.text.clone());
    Ok(lines.join("\n\n"))
}

fn email(all: &[Block]) -> Result<String, Broken> {
    let (subject, preheader, greeting) = (one(all, "subject")?, one(all, "preheader")?, one(all, "greeting")?);
    let (cta, signoff) = (one(all, "cta")?, one(all, "signoff")?);
    let paragraphs = blocks(all, "paragraph", 1, 6)?;
    within(subject, 60)?;
    within(preheader, 100)?;
    within(greeting, 100)?;
    within(cta, 40)?;
    within(signoff, 100)?;
    total(&paragraphs, 2000, "paragraphs")?;
    Ok(format!(
        "{}\n{}\n\n{}\n\n{}\n\n[{}]\n\n{}",
        subject.text,
        preheader.text,
        greeting.text,
        joined(&paragraphs),
        cta.text,
        signoff.text
    ))
}

fn blog_intro(all: &[Block]) -> Result<String, Broken> {
    let (title, meta) = (one(all, "title")?, one(all, "meta")?);
    within(title, 70)?;
    within(meta, 160)?;
    let paragraphs = blocks(all, "paragraph", 1, 5)?;
    total(&paragraphs, 1500, "paragraphs")?;
    Ok(format!("{}\n\n{}", title.text, joined(&paragraphs)))
}

fn press_release(all: &[Block]) -> Result<String, Broken> {
    let (headline, subheadline) = (one(all, "headline")?, one(all, "subheadline")?);
    let (quote, boilerplate) = (one(all, "quote")?, one(all, "boilerplate")?);
    within(headline, 120)?;
    within(subheadline, 200)?;
    let paragraphs = blocks(all, "paragraph", 2, 8)?;
    let (by, heading) =
        (attribute(quote, "by").unwrap_or_default(), attribute(boilerplate, "heading").unwrap_or_default());
    let text = format!(
        "{}\n{}\n\n{}\n\n“{}” — {by}\n\n{heading}\n{}",
        headline.text,
        subheadline.text,
        joined(&paragraphs),
        quote.text,
        boilerplate.text
    );
    at_most(text, 5000, "a release")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn posts_weigh_as_x_weighs_them() {
        assert_eq!(x_weight(&"a".repeat(280)), 280);
        assert_eq!(x_weight(&"字".repeat(140)), 280, "CJK counts double");
        assert_eq!(x_weight(&"ب".repeat(280)), 280, "Arabic counts single");
        assert_eq!(x_weight("see https://example.com/a/very/long/path/that/is/long"), 4 + 23);
        assert_eq!(x_weight("한국어"), 6);
        assert!(x_weight("👍") >= 2);
    }

    fn b(role: &str, text: &str) -> Block {
        Block { role: role.into(), text: text.into(), attributes: Vec::new() }
    }

    #[test]
    fn a_post_over_its_platforms_limit_is_refused() {
        let tweet = category("tweet").unwrap();
        assert!(check(tweet, &[b("post", &"a".repeat(280))]).is_ok());
        assert!(check(tweet, &[b("post", &"字".repeat(141))]).is_err());
        assert!(check(tweet, &[b("post", "two\nlines")]).is_err());
        let thread = category("thread").unwrap();
        let posts = |n: usize| (1..=n).map(|k| b("post", &format!("{k}/{n} point {k}"))).collect::<Vec<_>>();
        assert!(check(thread, &posts(3)).is_ok());
        assert!(check(thread, &posts(2)).is_err(), "too short a thread");
        let mut misnumbered = posts(3);
        misnumbered[1].text = "2/4 point".into();
        assert!(check(thread, &misnumbered).is_err());
        let linkedin = category("linkedin").unwrap();
        let post = [b("hook", "Hook"), b("paragraph", "Body."), b("hashtags", "#one #two #three")];
        assert!(check(linkedin, &post).is_ok());
        let spaced = [b("hook", "Hook"), b("paragraph", "Body."), b("hashtags", "#one #two three")];
        assert!(check(linkedin, &spaced).is_err(), "a hashtag without #");
    }

    #[test]
    fn attributes_pasted_into_a_release_have_no_control_characters() {
        // Found while writing the generator_output fuzz target's property (no control
        // characters but line breaks in any accepted post): the quote's `by` and the
        // boilerplate's `heading` reached the release unchecked. Every attribute is checked now.
        let release = |by: &str, heading: &str| {
            let mut quote = b("quote", "We are glad.");
            quote.attributes.push(("by".into(), by.into()));
            let mut boilerplate = b("boilerplate", "About us.");
            boilerplate.attributes.push(("heading".into(), heading.into()));
            let blocks = [
                b("headline", "H"),
                b("subheadline", "S"),
                b("paragraph", "P1."),
                b("paragraph", "P2."),
                quote,
                boilerplate,
            ];
            check(category("press-release").unwrap(), &blocks)
        };
        assert!(release("Ana, CEO", "About Acme").is_ok());
        assert!(release("Ana\u{1b}[2J", "About Acme").is_err());
        assert!(release("Ana", "About\nAcme").is_err());
    }
}
