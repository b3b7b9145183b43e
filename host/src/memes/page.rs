//! A meme's public page: mobile-first HTML with Open Graph tags. Every string in it came from a
//! user or a plugin, so every string is escaped.

use super::Stored;

/// Escapes text for HTML element content and quoted attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

/// The page of `meme`, whose canonical address is `url`.
pub fn render(meme: &Stored, url: &str) -> String {
    let direction = crate::languages::find(&meme.language).map_or("ltr", |l| l.direction);
    let blocks = meme.content["blocks"].as_array().cloned().unwrap_or_default();
    let description: String = blocks.iter().filter_map(|b| b["text"].as_str()).collect::<Vec<_>>().join(" · ");
    let body: String = blocks
        .iter()
        .map(|b| {
            let role = b["role"].as_str().unwrap_or("text");
            let text = b["text"].as_str().unwrap_or("");
            format!("<p class=\"block {}\">{}</p>\n", escape(role), escape(text))
        })
        .collect();
    let (title, description, url, kind) = (escape(&meme.title), escape(&description), escape(url), escape(&meme.kind));
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
<meta name="twitter:card" content="summary">
<style>
body {{ margin: 0; font-family: system-ui, "Noto Sans", sans-serif; background: #111; color: #fff; }}
main {{ max-width: 34rem; margin: 0 auto; padding: 1.5rem; }}
article {{ background: #1e1e24; border-radius: 1rem; padding: 1.5rem; }}
.block {{ font-size: 1.4rem; line-height: 1.35; margin: 0 0 1rem; }}
.top, .bottom {{ text-transform: uppercase; font-weight: 800; text-align: center; }}
.take, .confession {{ font-size: 1.6rem; font-weight: 700; }}
.card {{ border-left: .3rem solid #f5c518; padding-left: .8rem; }}
.signoff, footer {{ color: #f5c518; font-size: 1rem; }}
</style>
</head>
<body>
<main>
<article class="meme {kind}">
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
        };
        let html = render(&meme, "https://example.com/memes/x?a=\"b\"");
        assert!(!html.contains("<script>alert") && !html.contains("<img src=x"));
        assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
        assert!(html.contains("a &lt; b &amp; &#39;c&#39;"));
        assert!(html.contains(r#"class="block take&quot; onclick=&quot;x""#));
        assert!(html.contains(r#"dir="rtl""#));
        assert!(html.contains(r#"<meta property="og:title" content="&lt;script&gt;"#));
    }
}
