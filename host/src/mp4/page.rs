//! The temporary page of a render: the video, playable inline on a phone, with Open Graph video
//! tags so a shared link plays in place. The title came from a user; the template escapes it.

use maud::html;

use crate::pages::{Head, document};

const STYLE: &str = r#"
body { margin: 0; background: #111; color: #fff; font-family: system-ui, sans-serif; }
main { max-width: 34rem; margin: 0 auto; padding: 1rem; } video { width: 100%; height: auto; border-radius: .75rem; }
a { color: #f5c518; }
"#;

/// Captions a video page offers: their language (ISO 639-1) and the WebVTT and SRT addresses.
pub struct Captions {
    pub language: String,
    pub vtt: String,
    pub srt: String,
}

/// The page of render `id` titled `title` with the picture `poster` (its page's first), hosted
/// until `expires_at` (Unix ms), with its captions as a track a viewer can switch on.
pub fn render(
    base_url: &str,
    id: &str,
    poster: &str,
    title: &str,
    expires_at: i64,
    captions: Option<&Captions>,
) -> String {
    let (video, poster) = (format!("{base_url}/v/{id}/video.mp4"), poster.to_string());
    let head = Head {
        properties: vec![
            ("og:type", "video.other".into()),
            ("og:url", format!("{base_url}/v/{id}")),
            ("og:image", poster.clone()),
            ("og:video", video.clone()),
            ("og:video:type", "video/mp4".into()),
            ("og:video:width", "1080".into()),
            ("og:video:height", "1920".into()),
        ],
        alternates: captions
            .map(|c| vec![("text/vtt", c.vtt.clone()), ("application/x-subrip", c.srt.clone())])
            .unwrap_or_default(),
        ..Head::plain(title, STYLE)
    };
    document(
        &head,
        html! {
            main {
                h1 { (title) }
                video src=(video) poster=(poster) width="1080" height="1920" controls playsinline preload="metadata" {
                    @if let Some(captions) = captions {
                        track kind="captions" src=(captions.vtt) srclang=(captions.language) label="Captions";
                    }
                }
                p {
                    a href=(video) download { "Download the MP4" }
                    ". Hosted until " time data-ms=(expires_at) { (crate::dates::utc_minutes(expires_at)) } " (UTC)."
                }
            }
        },
    )
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_title_is_escaped_and_the_video_is_announced() {
        let html = super::render(
            "https://x.example",
            "r1",
            "https://x.example/m/p1/1.png",
            "<script>alert(1)</script>",
            0,
            None,
        );
        assert!(!html.contains("<script>alert"));
        assert!(html.contains("<h1>&lt;script&gt;alert(1)&lt;/script&gt;</h1>"));
        assert!(html.contains(r#"<meta property="og:video" content="https://x.example/v/r1/video.mp4">"#));
        assert!(html.contains(r#"poster="https://x.example/m/p1/1.png""#));
    }
}
