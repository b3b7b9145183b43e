//! The feeds as pages for a browser: the same data the JSON answers carry, as short mobile
//! lists. Titles, brands and creators came from users or plugins; the template escapes them.

use maud::{Markup, html};

use super::{Leaderboard, RecentPage};
use crate::pages::{Head, document};

const STYLE: &str = "body{font-family:system-ui,sans-serif;max-width:34rem;margin:0 auto;padding:1rem}\
                     li{margin:.6rem 0}small{color:#666}";

fn page(title: &str, body: Markup) -> String {
    document(&Head::plain(title, STYLE), html! { h1 { (title) } (body) })
}

/// The recent memes, with a link to the older page when there is one.
pub fn recent(data: &RecentPage) -> String {
    page(
        "Recent memes",
        html! {
            ol {
                @for item in &data.items {
                    li {
                        a href=(item.url) { (item.title) } " "
                        small { (item.kind) " · " (item.language) " · " (item.brand_name) }
                    }
                }
            }
            @if let Some(cursor) = &data.next_cursor {
                p { a href={ "?cursor=" (cursor) } { "Older" } }
            }
        },
    )
}

/// Today's leaderboard.
pub fn leaderboard(board: &Leaderboard) -> String {
    page(
        "Today's leaderboard",
        html! {
            ol {
                @for leader in &board.leaders {
                    li { (leader.creator) " — " (leader.memes) " memes" }
                }
            }
        },
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
