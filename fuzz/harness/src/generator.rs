//! What the host checks of a generator's output before using it: the sandbox's byte cap and
//! shape (`plugins::sandbox::check_output`) and the content categories' platform rules
//! (`content::platforms::check`). Generators are untrusted WebAssembly, so their output is.
//!
//! The input is JSON shaped like the generator world's `content` record (read leniently, so
//! any JSON gives some content). Properties: accepted content keeps every cap the shape
//! documents; a post a category accepts keeps that category's limits (X weight, characters,
//! hashtags) and holds no control characters but line breaks, whatever the generator wrote in
//! its blocks or attributes.

use asset_host::content::platforms::{self, CATEGORIES};
use asset_host::plugins::sandbox::{check_output, shape};
use asset_host::plugins::{Block, Content, Limits};
use serde_json::Value;

fn text(value: &Value) -> String {
    match value {
        Value::String(s) => s.clone(),
        Value::Null => String::new(),
        other => other.to_string(),
    }
}

fn content(value: &Value) -> Content {
    let list = |v: &Value| v.as_array().cloned().unwrap_or_default();
    let blocks = list(&value["blocks"])
        .iter()
        .map(|b| Block {
            role: text(&b["role"]),
            text: text(&b["text"]),
            attributes: match &b["attributes"] {
                Value::Object(map) => map.iter().map(|(k, v)| (k.clone(), text(v))).collect(),
                other => list(other).iter().map(|pair| (text(&pair[0]), text(&pair[1]))).collect(),
            },
        })
        .collect();
    Content { title: text(&value["title"]), blocks, tags: list(&value["tags"]).iter().map(text).collect() }
}

pub fn generator_output(data: &[u8]) {
    let Ok(value) = serde_json::from_slice::<Value>(data) else { return };
    let content = content(&value);
    for limits in [Limits::GLOBAL, Limits::BRAND, Limits { output_kib: 1, ..Limits::BRAND }] {
        if check_output(&content, limits).is_ok() {
            shaped(&content, limits);
        }
    }
    for category in CATEGORIES {
        if let Ok(post) = platforms::check(category, &content.blocks) {
            posted(category.name, &post, &content.blocks);
        }
    }
}

fn shaped(content: &Content, limits: Limits) {
    let chars = |s: &str| s.chars().count();
    assert!(!content.blocks.is_empty() && content.blocks.len() <= shape::BLOCKS);
    assert!(content.tags.len() <= shape::TAGS);
    for (role, cap) in shape::PER_ROLE {
        assert!(content.blocks.iter().filter(|b| b.role == *role).count() <= *cap);
    }
    assert!(chars(&content.title) <= shape::TEXT_CHARS);
    let mut bytes = content.title.len() + content.tags.iter().map(String::len).sum::<usize>();
    for block in &content.blocks {
        assert!(chars(&block.text) <= shape::TEXT_CHARS && block.attributes.len() <= shape::ATTRIBUTES);
        assert!(block.attributes.iter().all(|(_, v)| chars(v) <= shape::TEXT_CHARS));
        bytes += block.role.len() + block.text.len();
        bytes += block.attributes.iter().map(|(k, v)| k.len() + v.len()).sum::<usize>();
    }
    assert!(bytes <= limits.output_kib as usize * 1024);
}

fn posted(category: &str, post: &str, blocks: &[Block]) {
    assert!(!post.chars().any(|c| c.is_control() && c != '\n'), "a {category} post with control characters: {post:?}");
    // X's posts are weighed, not counted (a URL weighs 23 whatever its length), so they have
    // no character bound; the other categories' totals are characters.
    let max = match category {
        "tweet" => {
            assert!(platforms::x_weight(post) <= 280, "a tweet weighing {}", platforms::x_weight(post));
            return;
        }
        "thread" => {
            let posts = blocks.iter().filter(|b| b.role == "post").count();
            assert!((3..=10).contains(&posts) && post.split("\n\n").count() == posts);
            assert!(post.split("\n\n").all(|p| platforms::x_weight(p) <= 280));
            return;
        }
        "linkedin" => 3000,
        "instagram" => 2200,
        "press-release" => 5000,
        _ => return,
    };
    let chars = post.chars().count();
    assert!(chars <= max, "a {category} post of {chars} characters");
}
