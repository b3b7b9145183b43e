//! The engine page: the picture and caption of the beat being spoken, a play control, the voice
//! track, every beat listed for reading, and Open Graph tags. The beats reach the script only
//! through escaped `data-` attributes read from the DOM, and captions are set with
//! `textContent`, so no user text is ever parsed as HTML or code.

use maud::{PreEscaped, html};

use super::Page;
use crate::pages::{Head, document};

const STYLE: &str = r#"
body { margin: 0; font-family: system-ui, "Noto Sans", sans-serif; background: #111; color: #fff; }
main { max-width: 34rem; margin: 0 auto; padding: 1rem; }
.stage { position: relative; }
#frame { width: 100%; height: auto; border-radius: .75rem; display: block; }
#caption { font-size: 1.5rem; font-weight: 700; text-align: center; min-height: 2em; margin: .75rem 0; }
button { font-size: 1.2rem; padding: .6rem 1.4rem; border-radius: 2rem; border: 0; background: #f5c518; color: #111; font-weight: 700; }
.beats li.now { color: #f5c518; }
.notice { color: #aaa; }
"#;

/// Plays the voice and shows the beat being spoken. Ours, constant: no user text in it.
const SCRIPT: &str = r#"
(() => {
  const audio = document.getElementById("voice"), frame = document.getElementById("frame");
  const caption = document.getElementById("caption"), button = document.getElementById("play");
  const beats = [...document.querySelectorAll(".beats li")].map(li => ({
    li, start: Number(li.dataset.start), end: Number(li.dataset.end), frame: li.dataset.frame, text: li.textContent }));
  let shown = -1;
  // The beat being spoken at `ms`: the last one that has started.
  const at = ms => { let i = 0; while (i + 1 < beats.length && beats[i + 1].start <= ms) i++; return i; };
  const show = i => {
    if (i === shown || !beats[i]) return;
    if (shown >= 0) beats[shown].li.classList.remove("now");
    shown = i; beats[i].li.classList.add("now");
    caption.textContent = beats[i].text; frame.src = beats[i].frame;
    document.body.dataset.beat = String(i);
  };
  const tick = () => { show(at(audio.currentTime * 1000)); if (!audio.paused) requestAnimationFrame(tick); };
  audio.addEventListener("play", () => { button.textContent = "Pause"; requestAnimationFrame(tick); });
  audio.addEventListener("pause", () => { button.textContent = "Play"; });
  audio.addEventListener("seeked", tick);
  button.addEventListener("click", () => audio.paused ? audio.play() : audio.pause());
  beats.forEach((b, i) => b.li.addEventListener("click", () => { audio.currentTime = b.start / 1000; show(i); }));
  show(0);
  if (new URLSearchParams(location.search).has("autoplay")) audio.play().catch(() => {});
})();
"#;

/// The page of `page`, linked from `base_url`.
pub fn render(page: &Page, base_url: &str) -> String {
    let url = format!("{base_url}/m/{}", page.id);
    let direction = crate::languages::find(&page.language).map_or("ltr", |l| l.direction);
    let first = page.beats.first().map_or("", |b| b.text.as_str());
    let description = page.beats.iter().map(|b| b.text.as_str()).collect::<Vec<_>>().join(" ");
    let head = Head {
        lang: &page.language,
        dir: direction,
        title: &page.title,
        description: Some(&description),
        properties: vec![
            ("og:type", "video.other".into()),
            ("og:url", url.clone()),
            ("og:image", format!("{url}/1.png")),
            ("og:audio", format!("{url}/voice")),
        ],
        card: Some("summary_large_image"),
        style: STYLE,
    };
    document(
        &head,
        html! {
            main {
                h1 { (page.title) }
                div class="stage" {
                    img id="frame" src={ (url) "/1.png" } width="1080" height="1920" alt=(page.title);
                }
                p id="caption" aria-live="polite" { (first) }
                button id="play" type="button" { "Play" }
                audio id="voice" src={ (url) "/voice" } preload="auto" {}
                @if !page.captioned {
                    p class="notice" {
                        "Captions are unavailable for this recording's language; the beats follow its pauses."
                    }
                }
                ol class="beats" {
                    @for (i, beat) in page.beats.iter().enumerate() {
                        li data-start=(beat.start) data-end=(beat.end) data-frame={ (url) "/" (i + 1) ".png" } {
                            (beat.text)
                        }
                    }
                }
            }
            script { (PreEscaped(SCRIPT)) }
        },
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
