//! The engine page: the picture and caption of the beat being spoken, a play control, the voice
//! track, every beat listed for reading, and Open Graph tags. The beats reach the script only
//! through escaped `data-` attributes read from the DOM, and captions are set with
//! `textContent`, so no user text is ever parsed as HTML or code.

use std::fmt::Write;

use super::Page;
use crate::markup::escape;

/// The page of `page`, linked from `base_url`.
pub fn render(page: &Page, base_url: &str) -> String {
    let url = format!("{base_url}/m/{}", page.id);
    let direction = crate::languages::find(&page.language).map_or("ltr", |l| l.direction);
    let first = page.beats.first().map_or("", |b| b.text.as_str());
    let mut beats = String::new();
    for (i, beat) in page.beats.iter().enumerate() {
        let _ = writeln!(
            beats,
            r#"<li data-start="{}" data-end="{}" data-frame="{url}/{}.png">{}</li>"#,
            beat.start,
            beat.end,
            i + 1,
            escape(&beat.text)
        );
    }
    let notice = if page.captioned {
        String::new()
    } else {
        "<p class=\"notice\">Captions are unavailable for this recording's language; the beats follow its pauses.</p>"
            .to_string()
    };
    let description: String = page.beats.iter().map(|b| b.text.as_str()).collect::<Vec<_>>().join(" ");
    format!(
        r#"<!doctype html>
<html lang="{lang}" dir="{direction}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{title}</title>
<meta name="description" content="{description}">
<meta property="og:type" content="video.other">
<meta property="og:title" content="{title}">
<meta property="og:description" content="{description}">
<meta property="og:url" content="{url}">
<meta property="og:image" content="{url}/1.png">
<meta property="og:audio" content="{url}/voice">
<meta name="twitter:card" content="summary_large_image">
<style>
body {{ margin: 0; font-family: system-ui, "Noto Sans", sans-serif; background: #111; color: #fff; }}
main {{ max-width: 34rem; margin: 0 auto; padding: 1rem; }}
.stage {{ position: relative; }}
#frame {{ width: 100%; height: auto; border-radius: .75rem; display: block; }}
#caption {{ font-size: 1.5rem; font-weight: 700; text-align: center; min-height: 2em; margin: .75rem 0; }}
button {{ font-size: 1.2rem; padding: .6rem 1.4rem; border-radius: 2rem; border: 0; background: #f5c518; color: #111; font-weight: 700; }}
.beats li.now {{ color: #f5c518; }}
.notice {{ color: #aaa; }}
</style>
</head>
<body>
<main>
<h1>{title}</h1>
<div class="stage"><img id="frame" src="{url}/1.png" width="1080" height="1920" alt="{title}"></div>
<p id="caption" aria-live="polite">{first}</p>
<button id="play" type="button">Play</button>
<audio id="voice" src="{url}/voice" preload="auto"></audio>
{notice}
<ol class="beats">
{beats}</ol>
</main>
<script>
(() => {{
  const audio = document.getElementById("voice"), frame = document.getElementById("frame");
  const caption = document.getElementById("caption"), button = document.getElementById("play");
  const beats = [...document.querySelectorAll(".beats li")].map(li => ({{
    li, start: Number(li.dataset.start), end: Number(li.dataset.end), frame: li.dataset.frame, text: li.textContent }}));
  let shown = -1;
  // The beat being spoken at `ms`: the last one that has started.
  const at = ms => {{ let i = 0; while (i + 1 < beats.length && beats[i + 1].start <= ms) i++; return i; }};
  const show = i => {{
    if (i === shown || !beats[i]) return;
    if (shown >= 0) beats[shown].li.classList.remove("now");
    shown = i; beats[i].li.classList.add("now");
    caption.textContent = beats[i].text; frame.src = beats[i].frame;
    document.body.dataset.beat = String(i);
  }};
  const tick = () => {{ show(at(audio.currentTime * 1000)); if (!audio.paused) requestAnimationFrame(tick); }};
  audio.addEventListener("play", () => {{ button.textContent = "Pause"; requestAnimationFrame(tick); }});
  audio.addEventListener("pause", () => {{ button.textContent = "Play"; }});
  audio.addEventListener("seeked", tick);
  button.addEventListener("click", () => audio.paused ? audio.play() : audio.pause());
  beats.forEach((b, i) => b.li.addEventListener("click", () => {{ audio.currentTime = b.start / 1000; show(i); }}));
  show(0);
  if (new URLSearchParams(location.search).has("autoplay")) audio.play().catch(() => {{}});
}})();
</script>
</body>
</html>
"#,
        lang = escape(&page.language),
        title = escape(&page.title),
        description = escape(&description),
        url = escape(&url),
        first = escape(first),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Beat;

    #[test]
    fn captions_and_titles_are_escaped_and_beats_carry_their_times() {
        let page = Page {
            id: "abc".into(),
            title: "<b>title</b>".into(),
            language: "en".into(),
            beats: vec![
                Beat { text: "</script><script>alert(1)</script>".into(), start: 0, end: 900 },
                Beat { text: "two \"quoted\"".into(), start: 1020, end: 1800 },
            ],
            captioned: true,
            audio_type: "audio/wav".into(),
            voice: "pages/j/voice.wav".into(),
            duration_ms: 1920,
        };
        let html = render(&page, "https://x.example");
        assert!(!html.contains("</script><script>alert"));
        assert!(html.contains("&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;"));
        assert!(html.contains(r#"<li data-start="1020" data-end="1800" data-frame="https://x.example/m/abc/2.png">two &quot;quoted&quot;</li>"#));
        assert!(html.contains(r#"<meta property="og:title" content="&lt;b&gt;title&lt;/b&gt;">"#));
    }
}
