//! The temporary page of a render: the video, playable inline on a phone, with Open Graph video
//! tags so a shared link plays in place. The title came from a user; the template escapes it.

use maud::html;

use crate::pages::{Head, document, link_card};

const STYLE: &str = r#"
body { margin: 0; background: #111; color: #fff; font-family: system-ui, sans-serif; }
main { max-width: 34rem; margin: 0 auto; padding: .75rem 1rem; box-sizing: border-box; }
h1 { font-size: 1.3rem; margin: .25rem 0 .5rem; }
/* The whole video, controls included, inside a phone's first screen. */
video { display: block; margin: 0 auto; width: auto; height: auto; max-width: 100%; max-height: 72vh; border-radius: .75rem; background: #000; }
a { color: #f5c518; }
"#;

/// Captions a video page offers: their language (ISO 639-1) and the WebVTT and SRT addresses.
pub struct Captions {
    pub language: String,
    pub vtt: String,
    pub srt: String,
}

/// A render's page: what it shows and how a link to it is shown.
pub struct Video<'a> {
    /// The render's id.
    pub id: &'a str,
    pub title: &'a str,
    /// Its first picture (of its shape), shown until it plays.
    pub poster: String,
    /// Its size in pixels (width, height).
    pub size: (u32, u32),
    /// The link card of the page it was made of (1200×630).
    pub card: String,
    /// Hosted until then (Unix ms).
    pub expires_at: i64,
    /// Its captions, as a track a viewer can switch on.
    pub captions: Option<Captions>,
}

/// The page of `video`, linked from `base_url`.
pub fn render(base_url: &str, video: &Video<'_>) -> String {
    let (id, title) = (video.id, video.title);
    let (width, height) = (video.size.0.to_string(), video.size.1.to_string());
    let file = format!("{base_url}/v/{id}/video.mp4");
    let head = Head {
        // The link card first (what cards show), then the video's own picture and the video.
        properties: [("og:type", "video.other".into()), ("og:url", format!("{base_url}/v/{id}"))]
            .into_iter()
            .chain(link_card(video.card.clone()))
            .chain([
                ("og:image", video.poster.clone()),
                ("og:image:width", width.clone()),
                ("og:image:height", height.clone()),
                ("og:video", file.clone()),
                ("og:video:type", "video/mp4".into()),
                ("og:video:width", width.clone()),
                ("og:video:height", height.clone()),
            ])
            .collect(),
        card: Some("summary_large_image"),
        alternates: video
            .captions
            .as_ref()
            .map(|c| vec![("text/vtt", c.vtt.clone()), ("application/x-subrip", c.srt.clone())])
            .unwrap_or_default(),
        ..Head::plain(title, STYLE)
    };
    document(
        &head,
        html! {
            main {
                h1 { (title) }
                video id="video" src=(file) poster=(video.poster) width=(width) height=(height) controls playsinline preload="metadata" {
                    @if let Some(captions) = &video.captions {
                        track kind="captions" src=(captions.vtt) srclang=(captions.language) label="Captions";
                    }
                }
                p {
                    a href=(file) download { "Download the MP4" }
                    ". Hosted until " time data-ms=(video.expires_at) { (crate::dates::utc_minutes(video.expires_at)) } " (UTC)."
                }
            }
        },
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_title_is_escaped_and_the_video_is_announced() {
        let video = super::Video {
            id: "r1",
            title: "<script>alert(1)</script>",
            poster: "https://x.example/m/p1/1.png".into(),
            size: (1920, 1080),
            card: "https://x.example/m/p1/preview.png".into(),
            expires_at: 0,
            captions: None,
        };
        let html = super::render("https://x.example", &video);
        assert!(!html.contains("<script>alert"));
        assert!(html.contains("<h1>&lt;script&gt;alert(1)&lt;/script&gt;</h1>"));
        assert!(html.contains(r#"<meta property="og:video" content="https://x.example/v/r1/video.mp4">"#));
        assert!(html.contains(r#"poster="https://x.example/m/p1/1.png" width="1920" height="1080""#));
        assert!(html.contains(r#"<meta property="og:video:width" content="1920">"#));
        // The link card comes first: cards take the first og:image.
        let card = html.find(r#"<meta property="og:image" content="https://x.example/m/p1/preview.png">"#).unwrap();
        assert!(card < html.find(r#"content="https://x.example/m/p1/1.png""#).unwrap());
    }
}
