//! A meme's public page: mobile-first HTML with Open Graph tags. Every string in it came from a
//! user or a plugin; the template escapes them all.

use maud::html;

use crate::pages::{Head, PageLook, document};
use crate::render::cards::{CARD, SLIDE};
use crate::store::memes::Stored;

const STYLE: &str = r#"
body { margin: 0; font-family: var(--font, system-ui, "Noto Sans", sans-serif); background: #111; color: #fff; }
main { max-width: 34rem; margin: 0 auto; padding: 1.5rem; }
article { background: #1e1e24; border-radius: 1rem; padding: 1.5rem; }
.block { font-size: 1.4rem; line-height: 1.35; margin: 0 0 1rem; }
.top, .bottom { text-transform: uppercase; font-weight: 800; text-align: center; }
.take, .confession { font-size: 1.6rem; font-weight: 700; }
.pictures { display: flex; gap: .75rem; overflow-x: auto; scroll-snap-type: x mandatory; margin: 0 0 1rem; }
.picture { width: 100%; height: auto; flex: 0 0 100%; scroll-snap-align: center; border-radius: .75rem; }
.card { border-left: .3rem solid var(--accent, #f5c518); padding-left: .8rem; }
.signoff, footer { color: var(--accent, #f5c518); font-size: 1rem; }
"#;

/// The page of `meme`, linked from `base_url` (the service's public address): its pictures
/// first (the first is the sharing image), then its text, which stays selectable and readable
/// by screen readers.
pub fn render(meme: &Stored, base_url: &str, look: Option<&PageLook>) -> String {
    let direction = crate::languages::find(&meme.language).map_or("ltr", |l| l.direction);
    let blocks: Vec<(&str, &str)> = meme.content["blocks"]
        .as_array()
        .map(|blocks| {
            blocks.iter().map(|b| (b["role"].as_str().unwrap_or("text"), b["text"].as_str().unwrap_or(""))).collect()
        })
        .unwrap_or_default();
    let description = blocks.iter().map(|(_, text)| *text).collect::<Vec<_>>().join(" · ");
    let (width, height) = if meme.kind == "carousel" { SLIDE } else { CARD };
    let pictures: Vec<String> = (1..=meme.pictures as usize).map(|n| super::image_url(base_url, &meme.id, n)).collect();
    let mut properties = vec![("og:type", "article".to_string()), ("og:url", format!("{base_url}/memes/{}", meme.id))];
    if let Some(first) = pictures.first() {
        properties.extend([
            ("og:image", first.clone()),
            ("og:image:type", "image/png".into()),
            ("og:image:width", width.to_string()),
            ("og:image:height", height.to_string()),
        ]);
    }
    let head = Head {
        lang: &meme.language,
        dir: direction,
        title: &meme.title,
        description: Some(&description),
        properties,
        card: Some(if pictures.is_empty() { "summary" } else { "summary_large_image" }),
        style: STYLE,
        look,
        alternates: Vec::new(),
    };
    let count = pictures.len();
    document(
        &head,
        html! {
            main {
                article class={ "meme " (meme.kind) } {
                    div class="pictures" {
                        @for (i, src) in pictures.iter().enumerate() {
                            img class="picture" src=(src) width=(width) height=(height)
                                alt={ (meme.title) " (" (i + 1) "/" (count) ")" }
                                loading=[(i > 0).then_some("lazy")];
                        }
                    }
                    h1 class="block" { (meme.title) }
                    @for (role, text) in &blocks {
                        // Hashtags and tickers read left to right even on a right-to-left page.
                        p class={ "block " (role) } dir=[(*role == "signoff").then_some("ltr")] { (text) }
                    }
                }
                @if !meme.brand_name.is_empty() {
                    footer { (meme.brand_name) }
                }
            }
        },
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
            brand_key: None,
            content: serde_json::json!({"blocks": [{"role": "take\" onclick=\"x", "text": "a < b & 'c'"}]}),
            pictures: 1,
        };
        let html = render(&meme, "https://example.com", None);
        assert!(!html.contains("<script>alert") && !html.contains("<img src=x"));
        assert!(html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
        assert!(html.contains("a &lt; b &amp; 'c'"));
        assert!(html.contains(r#"class="block take&quot; onclick=&quot;x""#));
        assert!(html.contains(r#"dir="rtl""#));
        assert!(html.contains(r#"<meta property="og:title" content="&lt;script&gt;"#));
        assert!(html.contains(r#"alt="&lt;script&gt;alert(1)&lt;/script&gt; (1/1)""#));
        assert!(html.contains(r#"<meta property="og:image" content="https://example.com/memes/x/1.png">"#));
    }
}
