//! The feeds as pages for a browser: the same data the JSON answers carry, as short mobile
//! lists. Titles, brands and creators came from users or plugins; the template escapes them.

use maud::{Markup, html};

use super::{Leaderboard, RecentPage};
use crate::pages::{Head, document, link_card};

const STYLE: &str = r#"
body { margin: 0; background: #111; color: #fff; font-family: system-ui, "Noto Sans", sans-serif; }
main { max-width: 34rem; margin: 0 auto; padding: .75rem 1rem; box-sizing: border-box; }
h1 { font-size: 1.3rem; margin: .25rem 0 .75rem; }
a { color: #f5c518; }
.grid { list-style: none; padding: 0; margin: 0; display: grid; grid-template-columns: repeat(2, minmax(0, 1fr)); gap: .75rem; }
.grid a { display: block; color: #fff; text-decoration: none; }
.grid img { display: block; width: 100%; height: auto; aspect-ratio: 9 / 16; object-fit: cover; border-radius: .6rem; background: #262b33; }
.grid span { display: block; font-size: .9rem; margin-top: .3rem; overflow-wrap: anywhere; }
small { color: #aaa; }
ol.board li { margin: .5rem 0; }
"#;

/// A feed page; shared as a link, its card is `card` (the newest meme's, when there is one).
fn page(title: &str, body: Markup, card: Option<String>) -> String {
    let head = Head {
        properties: [("og:type", "website".to_string())]
            .into_iter()
            .chain(card.into_iter().flat_map(link_card))
            .collect(),
        card: Some("summary_large_image"),
        ..Head::plain(title, STYLE)
    };
    document(&head, html! { main { h1 { (title) } (body) } })
}

/// The recent memes, with a link to the older page when there is one.
pub fn recent(data: &RecentPage) -> String {
    page(
        "Recent memes",
        html! {
            ol class="grid" {
                @for item in &data.items {
                    li lang=(item.language) {
                        a href=(item.url) {
                            img src={ (item.url) "/1.png" } width="1080" height="1920" alt="" loading="lazy";
                            span { (item.title) }
                        }
                        small { (item.brand_name) }
                    }
                }
            }
            @if let Some(cursor) = &data.next_cursor {
                p { a href={ "?cursor=" (cursor) } { "Older" } }
            }
        },
        data.items.first().map(|item| format!("{}/preview.png", item.url)),
    )
}

/// Today's leaderboard.
pub fn leaderboard(board: &Leaderboard) -> String {
    page(
        "Today's leaderboard",
        html! {
            ol class="board" {
                @for leader in &board.leaders {
                    li { (leader.creator) " — " (crate::counted::counted(leader.memes, "meme")) }
                }
            }
        },
        None,
    )
}

#[cfg(test)]
mod tests {
    use super::super::FeedItem;
    use super::*;

    #[test]
    fn feed_text_is_escaped() {
        let item = FeedItem {
            id: "m1".into(),
            url: "javascript:\"><b>".into(),
            kind: "image".into(),
            language: "en".into(),
            title: "<img src=x onerror=alert(1)>".into(),
            brand: None,
            brand_name: "A&B".into(),
            created_at: 0,
        };
        let html = recent(&RecentPage { success: true, items: vec![item], next_cursor: Some("\"x".into()) });
        assert!(!html.contains("<img src=x") && !html.contains("\"><b>"));
        assert!(html.contains("&lt;img src=x onerror=alert(1)&gt;") && html.contains("A&amp;B"));
        assert!(html.contains(r#"href="?cursor=&quot;x""#));
    }
}
