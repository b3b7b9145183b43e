//! A meme's public page: mobile-first HTML with Open Graph tags. Every string in it came from a
//! user or a plugin; the template escapes them all.

use maud::{PreEscaped, html};

use crate::illustrate;
use crate::pages::{Head, PageLook, document, link_card};
use crate::render::cards::{self, CARD, SLIDE};
use crate::store::memes::Stored;

const STYLE: &str = r#"
body { margin: 0; font-family: var(--font, system-ui, "Noto Sans", sans-serif); background: #111; color: #fff; }
main { max-width: 34rem; margin: 0 auto; padding: .75rem; box-sizing: border-box; }
.pictures { display: flex; gap: .75rem; overflow-x: auto; scroll-snap-type: x mandatory; }
.picture { height: auto; width: auto; max-width: 100%; max-height: 72vh; flex: 0 0 auto; margin: 0 auto; scroll-snap-align: center; border-radius: .75rem; display: block; }
.share { display: flex; flex-wrap: wrap; gap: .5rem; margin: .75rem 0; }
.share a, .share button { flex: 1 1 0; white-space: nowrap; text-align: center; font: inherit; font-weight: 700; font-size: 1rem; padding: .7rem .9rem; border-radius: 2rem; border: 0; text-decoration: none; background: #262b33; color: #fff; cursor: pointer; }
.share button { background: var(--accent, #f5c518); color: #111; }
.from { color: #bbb; margin: .5rem 0; }
.from a { color: var(--accent, #f5c518); }
.said { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
"#;

/// Copies the page's link; ours, constant.
const SCRIPT: &str = r#"
(() => {
  const copy = document.getElementById("copy");
  copy.addEventListener("click", async () => {
    const link = location.href.split("?")[0];
    try { await navigator.clipboard.writeText(link); copy.textContent = copy.dataset.copied; }
    catch (_) { copy.textContent = link; }
  });
})();
"#;

/// `value` as a URL query value.
fn query(value: &str) -> String {
    url::form_urlencoded::byte_serialize(value.as_bytes()).collect()
}

/// The page of `meme`, linked from `base_url` (the service's public address): its pictures
/// first (the first is the sharing image), then a row to share it and the brand's feed. The
/// text is in the pictures; it is on the page once more only for screen readers and search.
pub fn render(meme: &Stored, base_url: &str, look: Option<&PageLook>) -> String {
    let blocks: Vec<(&str, &str)> = meme.content["blocks"]
        .as_array()
        .map(|blocks| {
            blocks.iter().map(|b| (b["role"].as_str().unwrap_or("text"), b["text"].as_str().unwrap_or(""))).collect()
        })
        .unwrap_or_default();
    let description = blocks.iter().map(|(_, text)| *text).collect::<Vec<_>>().join(" · ");
    let (width, height) = if meme.kind == "carousel" { SLIDE } else { CARD };
    let pictures: Vec<String> = (1..=meme.pictures as usize).map(|n| super::image_url(base_url, &meme.id, n)).collect();
    let shown = cards::shown(&meme.kind, &meme.language, &blocks, &super::subject_of(meme));
    let alt = |i: usize| {
        let numbered = format!("{} ({}/{})", meme.title, i + 1, pictures.len());
        illustrate::described(&numbered, shown.get(i).map(Vec::as_slice).unwrap_or_default(), &meme.language)
    };
    let url = format!("{base_url}/memes/{}", meme.id);
    let chrome = crate::chrome::of(&meme.language);
    let by = crate::chrome::around(chrome.by, "brand");
    let head = head(meme, (&url, &description), &pictures, look);
    let post_on_x = format!("https://x.com/intent/post?text={}&url={}", query(&meme.title), query(&url));
    let telegram = format!("https://t.me/share/url?url={}&text={}", query(&url), query(&meme.title));
    document(
        &head,
        html! {
            main {
                article class={ "meme " (meme.kind) } {
                    div class="pictures" {
                        @for (i, src) in pictures.iter().enumerate() {
                            img class="picture" src=(src) width=(width) height=(height)
                                alt=(alt(i))
                                loading=[(i > 0).then_some("lazy")];
                        }
                    }
                    div class="said" {
                        h1 { (meme.title) }
                        @for (role, text) in &blocks {
                            // Hashtags and tickers read left to right even on a right-to-left page.
                            p class=(role) dir=[(*role == "signoff").then_some("ltr")] { (text) }
                        }
                    }
                }
                nav class="share" aria-label=(chrome.share) {
                    button id="copy" type="button" data-copied=(chrome.copied) { (chrome.copy_link) }
                    a href=(post_on_x) target="_blank" rel="noopener" { (chrome.post_on_x) }
                    a href=(telegram) target="_blank" rel="noopener" { "Telegram" }
                }
                @if !meme.brand_name.is_empty() {
                    p class="from" {
                        (by.0) strong { (meme.brand_name) } (by.1)
                        @if let Some(key) = &meme.brand_key {
                            " · " a href={ (base_url) "/api/brands/" (key) "/recent" } { (chrome.more_from_brand) }
                        }
                    }
                }
            }
            script { (PreEscaped(SCRIPT)) }
        },
    )
}

/// The page's head: its link card first (what cards show), then the first picture itself.
fn head<'a>(
    meme: &'a Stored,
    (url, description): (&str, &'a str),
    pictures: &[String],
    look: Option<&'a PageLook>,
) -> Head<'a> {
    let (width, height) = if meme.kind == "carousel" { SLIDE } else { CARD };
    let mut properties = vec![("og:type", "article".to_string()), ("og:url", url.to_string())];
    if let Some(first) = pictures.first() {
        properties.extend(link_card(format!("{url}/preview.png")));
        properties.extend([
            ("og:image", first.clone()),
            ("og:image:type", "image/png".into()),
            ("og:image:width", width.to_string()),
            ("og:image:height", height.to_string()),
        ]);
    }
    Head {
        lang: &meme.language,
        dir: crate::languages::find(&meme.language).map_or("ltr", |l| l.direction),
        title: &meme.title,
        description: Some(description),
        properties,
        card: Some(if pictures.is_empty() { "summary" } else { "summary_large_image" }),
        style: STYLE,
        look,
        alternates: Vec::new(),
    }
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
        assert!(html.contains(r#"class="take&quot; onclick=&quot;x""#), "{html}");
        assert!(html.contains(r#"dir="rtl""#));
        assert!(html.contains(r#"<meta property="og:title" content="&lt;script&gt;"#));
        assert!(html.contains(r#"alt="&lt;script&gt;alert(1)&lt;/script&gt; (1/1)"#));
        assert!(html.contains(r#"<meta property="og:image" content="https://example.com/memes/x/1.png">"#));
    }
}
