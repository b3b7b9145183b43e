//! The temporary page of a render: the video, playable inline on a phone, with Open Graph video
//! tags so a shared link plays in place. The title came from a user; the template escapes it.

use maud::html;

use crate::pages::{Head, document};

const STYLE: &str = r#"
body { margin: 0; background: #111; color: #fff; font-family: system-ui, sans-serif; }
main { max-width: 34rem; margin: 0 auto; padding: 1rem; } video { width: 100%; height: auto; border-radius: .75rem; }
a { color: #f5c518; }
"#;

/// The page of render `id` of page `page_id` titled `title`, hosted until `expires_at` (Unix ms).
pub fn render(base_url: &str, id: &str, page_id: &str, title: &str, expires_at: i64) -> String {
    let (video, poster) = (format!("{base_url}/v/{id}/video.mp4"), format!("{base_url}/m/{page_id}/1.png"));
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
        ..Head::plain(title, STYLE)
    };
    document(
        &head,
        html! {
            main {
                h1 { (title) }
                video src=(video) poster=(poster) width="1080" height="1920" controls playsinline preload="metadata" {}
                p {
                    a href=(video) download { "Download the MP4" }
                    ". Hosted until " time data-ms=(expires_at) { (utc(expires_at)) } " (UTC)."
                }
            }
        },
    )
}

/// `ms` (Unix milliseconds) as `YYYY-MM-DD HH:MM`.
fn utc(ms: i64) -> String {
    let secs = ms.div_euclid(1000);
    let (days, rest) = (secs.div_euclid(86_400), secs.rem_euclid(86_400));
    // Civil-from-days (proleptic Gregorian), so no date crate is needed for one timestamp.
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{year:04}-{month:02}-{day:02} {:02}:{:02}", rest / 3600, rest % 3600 / 60)
}

#[cfg(test)]
mod tests {
    #[test]
    fn timestamps_print_as_utc_dates() {
        assert_eq!(super::utc(0), "1970-01-01 00:00");
        assert_eq!(super::utc(1_795_314_125_678), "2026-11-22 02:22");
        assert_eq!(super::utc(951_782_400_000), "2000-02-29 00:00");
    }

    #[test]
    fn the_title_is_escaped_and_the_video_is_announced() {
        let html = super::render("https://x.example", "r1", "p1", "<script>alert(1)</script>", 0);
        assert!(!html.contains("<script>alert"));
        assert!(html.contains("<h1>&lt;script&gt;alert(1)&lt;/script&gt;</h1>"));
        assert!(html.contains(r#"<meta property="og:video" content="https://x.example/v/r1/video.mp4">"#));
        assert!(html.contains(r#"poster="https://x.example/m/p1/1.png""#));
    }
}
