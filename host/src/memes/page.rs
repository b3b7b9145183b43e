//! A meme's public page: mobile-first HTML with Open Graph tags. Every string in it came from a
//! user or a plugin, so every string is escaped.

use crate::markup::escape;
use crate::store::memes::Stored;

/// The page of `meme`, linked from `base_url` (the service's public address): its pictures first (the first is the
/// sharing image), then its text, which stays selectable and readable by screen readers.
pub fn render(meme: &Stored, base_url: &str) -> String {
    let url = format!("{base_url}/memes/{}", meme.id);
    let direction = crate::languages::find(&meme.language).map_or("ltr", |l| l.direction);
    let blocks = meme.content["blocks"].as_array().cloned().unwrap_or_default();
    let description: String = blocks.iter().filter_map(|b| b["text"].as_str()).collect::<Vec<_>>().join(" · ");
    let body: String = blocks
        .iter()
        .map(|b| {
            let role = b["role"].as_str().unwrap_or("text");
            let text = b["text"].as_str().unwrap_or("");
            // Hashtags and tickers read left to right even on a right-to-left page.
            let dir = if role == "signoff" { " dir=\"ltr\"" } else { "" };
            format!("<p class=\"block {}\"{dir}>{}</p>\n", escape(role), escape(text))
        })
        .collect();
    let (width, height) =
        if meme.kind == "carousel" { crate::render::cards::SLIDE } else { crate::render::cards::CARD };
    let pictures: Vec<String> = (1..=meme.pictures as usize).map(|n| super::image_url(base_url, &meme.id, n)).collect();
    let figures: String = pictures
        .iter()
        .enumerate()
        .map(|(i, src)| {
            format!(
                "<img class=\"picture\" src=\"{}\" width=\"{width}\" height=\"{height}\" alt=\"{}\"{}>\n",
                escape(src),
                escape(&format!("{} ({}/{})", meme.title, i + 1, pictures.len())),
                if i == 0 { "" } else { " loading=\"lazy\"" }
            )
        })
        .collect();
    let og_image = pictures
        .first()
        .map(|src| {
            format!(
                "<meta property=\"og:image\" content=\"{}\">\n<meta property=\"og:image:type\" content=\"image/png\">\n\
                 <meta property=\"og:image:width\" content=\"{width}\">\n<meta property=\"og:image:height\" content=\"{height}\">\n",
                escape(src)
            )
        })
        .unwrap_or_default();
    let card = if pictures.is_empty() { "summary" } else { "summary_large_image" };
    let (title, description, url, kind) = (escape(&meme.title), escape(&description), escape(&url), escape(&meme.kind));
    let brand = if meme.brand_name.is_empty() {
        String::new()
    } else {
        format!("<footer>{}</footer>", escape(&meme.brand_name))
    };
    format!(
        r#"<!doctype html>
<html lang="{lang}" dir="{direction}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<meta name="description" content="{description}">
<meta property="og:type" content="article">
<meta property="og:title" content="{title}">
<meta property="og:description" content="{description}">
<meta property="og:url" content="{url}">
{og_image}<meta name="twitter:card" content="{card}">
<style>
body {{ margin: 0; font-family: system-ui, "Noto Sans", sans-serif; background: #111; color: #fff; }}
main {{ max-width: 34rem; margin: 0 auto; padding: 1.5rem; }}
article {{ background: #1e1e24; border-radius: 1rem; padding: 1.5rem; }}
.block {{ font-size: 1.4rem; line-height: 1.35; margin: 0 0 1rem; }}
.top, .bottom {{ text-transform: uppercase; font-weight: 800; text-align: center; }}
.take, .confession {{ font-size: 1.6rem; font-weight: 700; }}
.pictures {{ display: flex; gap: .75rem; overflow-x: auto; scroll-snap-type: x mandatory; margin: 0 0 1rem; }}
.picture {{ width: 100%; height: auto; flex: 0 0 100%; scroll-snap-align: center; border-radius: .75rem; }}
.card {{ border-left: .3rem solid #f5c518; padding-left: .8rem; }}
.signoff, footer {{ color: #f5c518; font-size: 1rem; }}
</style>
</head>
<body>
<main>
<article class="meme {kind}">
<div class="pictures">
{figures}</div>
<h1 class="block">{title}</h1>
{body}</article>
{brand}
</main>
</body>
</html>
"#,
        lang = escape(&meme.language),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn user_text_cannot_break_out_of_the_page() {
        let meme = Stored {
            id: "x".into(),
            kind: "hottake".into(),
            language: "ar".into(),
            title: "<script>alert(1)</script>".into(),
            brand_name: "\"><img src=x onerror=alert(1)>".into(),
            content: serde_json::json!({"blocks": [{"role": "take\" onclick=\"x", "text": "a < b & 'c'"}]}),
            pictures: 1,
        };
        let html = render(&meme, "https://example.com");
        assert!(!html.contains("<script>alert") && !html.contains("<img src=x"));
        assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
        assert!(html.contains("a &lt; b &amp; &#39;c&#39;"));
        assert!(html.contains(r#"class="block take&quot; onclick=&quot;x""#));
        assert!(html.contains(r#"dir="rtl""#));
        assert!(html.contains(r#"<meta property="og:title" content="&lt;script&gt;"#));
        assert!(html.contains(r#"alt="&lt;script&gt;alert(1)&lt;/script&gt; (1/1)""#));
        assert!(html.contains(r#"<meta property="og:image" content="https://example.com/memes/x/1.png">"#));
    }
}
