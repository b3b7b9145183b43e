//! The shell of every page for people (meme, engine, feed and video pages, and the claim pages
//! and dashboard to come): the document head with its Open Graph tags and the page's style.
//! Pages are maud templates, checked at compile time, and maud escapes every interpolated
//! string unless it is wrapped in `PreEscaped`, which only our own constant CSS and scripts are.

use maud::{Markup, PreEscaped, html};

use crate::render::fonts::Typeface;

/// What goes in a page's `<head>`.
pub struct Head<'a> {
    /// The content's language code and direction (`ltr` or `rtl`).
    pub lang: &'a str,
    pub dir: &'a str,
    pub title: &'a str,
    pub description: Option<&'a str>,
    /// Open Graph properties after `og:title` and `og:description`, in order.
    pub properties: Vec<(&'static str, String)>,
    /// The Twitter card kind, when the page is meant to be shared.
    pub card: Option<&'static str>,
    /// The page's own CSS (a constant of ours, never user text).
    pub style: &'static str,
    /// A brand's look, as the CSS variables `--accent` and `--font` the page's style uses.
    pub look: Option<&'a PageLook>,
    /// Other forms of the page (its captions), as `<link rel="alternate">`: media type, address.
    pub alternates: Vec<(&'static str, String)>,
}

/// A brand's look on a page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageLook {
    /// `#rrggbb`, made by us from checked bytes.
    pub accent: String,
    pub typeface: Typeface,
}

impl PageLook {
    /// The CSS font stack of the typeface (a constant of ours).
    fn font(&self) -> &'static str {
        match self.typeface {
            Typeface::Sans => r#""Noto Sans", system-ui, sans-serif"#,
            Typeface::Serif => r#""Noto Serif", Georgia, serif"#,
            Typeface::Mono => r#""Noto Sans Mono", ui-monospace, monospace"#,
        }
    }
}

impl<'a> Head<'a> {
    /// A page in English, left to right, with no sharing tags.
    pub fn plain(title: &'a str, style: &'static str) -> Head<'a> {
        Head {
            lang: "en",
            dir: "ltr",
            title,
            description: None,
            properties: Vec::new(),
            card: None,
            style,
            look: None,
            alternates: Vec::new(),
        }
    }
}

/// The Open Graph tags of a page's link card at `url` (1200×630, `render::preview`), which come
/// first: link cards show the first `og:image`.
pub fn link_card(url: String) -> [(&'static str, String); 4] {
    let (width, height) = crate::render::preview::SIZE;
    [
        ("og:image", url),
        ("og:image:type", "image/png".into()),
        ("og:image:width", width.to_string()),
        ("og:image:height", height.to_string()),
    ]
}

/// The whole document: `head`, then `body` inside `<body>`.
pub fn document(head: &Head<'_>, body: Markup) -> String {
    html! {
        (PreEscaped("<!doctype html>"))
        html lang=(head.lang) dir=(head.dir) {
            head {
                meta charset="utf-8";
                meta name="viewport" content="width=device-width, initial-scale=1";
                title { (head.title) }
                @if let Some(description) = head.description {
                    meta name="description" content=(description);
                }
                @if !head.properties.is_empty() {
                    meta property="og:title" content=(head.title);
                    @if let Some(description) = head.description {
                        meta property="og:description" content=(description);
                    }
                }
                @for (property, content) in &head.properties {
                    meta property=(property) content=(content);
                }
                @if let Some(card) = head.card {
                    meta name="twitter:card" content=(card);
                }
                @for (kind, href) in &head.alternates {
                    link rel="alternate" type=(kind) href=(href);
                }
                style { (PreEscaped(head.style)) }
                @if let Some(look) = head.look {
                    style { ":root { --accent: " (look.accent) "; --font: " (PreEscaped(look.font())) "; }" }
                }
            }
            body { (body) }
        }
    }
    .into_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_head_field_is_escaped_and_only_the_style_is_not() {
        let head = Head {
            lang: "en\"x",
            dir: "ltr",
            title: "</title><script>alert(1)</script>",
            description: Some("a \"quoted\" <b>"),
            properties: vec![("og:url", "https://x.example/?a=1&b=\"2\"".into())],
            card: Some("summary"),
            style: "p > b { color: red }",
            look: Some(&PageLook { accent: "#12ab34</style>".into(), typeface: Typeface::Serif }),
            alternates: vec![("text/vtt", "x\"><script>".into())],
        };
        let html = document(&head, html! { p { "<i>" } });
        assert!(html.starts_with("<!doctype html><html lang=\"en&quot;x\" dir=\"ltr\">"), "{html}");
        assert!(html.contains("<title>&lt;/title&gt;&lt;script&gt;alert(1)&lt;/script&gt;</title>"));
        assert!(html.contains(r#"<meta property="og:description" content="a &quot;quoted&quot; &lt;b&gt;">"#));
        assert!(html.contains(r#"<meta property="og:url" content="https://x.example/?a=1&amp;b=&quot;2&quot;">"#));
        assert!(html.contains("<style>p > b { color: red }</style>"));
        assert!(html.contains(r#"<link rel="alternate" type="text/vtt" href="x&quot;&gt;&lt;script&gt;">"#), "{html}");
        assert!(
            html.contains(
                r#"<style>:root { --accent: #12ab34&lt;/style&gt;; --font: "Noto Serif", Georgia, serif; }</style>"#
            ),
            "{html}"
        );
        assert!(html.contains("<p>&lt;i&gt;</p>"));
    }
}
