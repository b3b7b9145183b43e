//! The engine page: the picture of the beat being spoken (its words in it, the spoken one
//! marked; the caption is for screen readers), a play control, the voice track, every beat in a
//! folded transcript (a pitch's as chat bubbles), and Open Graph tags. The beats reach the script only
//! through escaped `data-` attributes read from the DOM, and captions are set with
//! `textContent`, so no user text is ever parsed as HTML or code.

use maud::{PreEscaped, html};

use super::Page;
use crate::aspect::Aspect;
use crate::chrome::Chrome;
use crate::illustrate::{self, Subject};
use crate::pages::{Head, PageLook, document, link_card};
use crate::render::cards;
use crate::store::renders::Render;

const STYLE: &str = r#"
body { margin: 0; font-family: var(--font, system-ui, "Noto Sans", sans-serif); background: #111; color: #fff; }
main { max-width: 34rem; margin: 0 auto; padding: .75rem 1rem; box-sizing: border-box; }
h1 { font-size: 1.3rem; margin: .25rem 0 .5rem; }
.stage { position: relative; width: fit-content; max-width: 100%; margin: 0 auto; }
#mark { position: absolute; display: none; border: .2rem solid var(--accent, #f5c518); border-radius: .5rem; pointer-events: none; }
#frame { width: auto; height: auto; max-width: 100%; max-height: 52vh; border-radius: .75rem; display: block; }
#caption { font-size: 1.3rem; font-weight: 700; text-align: center; min-height: 2.4em; margin: .5rem 0; }
.controls { display: flex; gap: .5rem; justify-content: center; margin: .75rem 0 .25rem; }
.controls button { flex: 1 1 0; max-width: 12rem; }
.videos { display: flex; flex-wrap: wrap; gap: .5rem; justify-content: center; margin: .5rem 0; padding: 0; list-style: none; }
.videos a { display: block; color: #fff; border: .1rem solid var(--accent, #f5c518); border-radius: .5rem; padding: .4rem .8rem; text-decoration: none; font-variant-numeric: tabular-nums; }
button { font-size: 1.2rem; padding: .6rem 1.4rem; border-radius: 2rem; border: 0; background: var(--accent, #f5c518); color: #111; font-weight: 700; }
.beats li.now { color: var(--accent, #f5c518); }
.w { border-radius: .3em; padding: 0 .05em; }
#caption .w.lit { background: var(--accent, #f5c518); color: #111; }
.notice { color: #aaa; }
.hook { font-size: 1.25rem; line-height: 1.25; }
.people { display: flex; align-items: center; gap: .6rem; margin: 0 0 .25rem; color: #bbb; font-size: .95rem; }
.people p { margin: 0; }
.people strong { color: #fff; }
.logo { flex: 0 0 2.2rem; width: 2.2rem; height: 2.2rem; object-fit: contain; border-radius: .4rem; background: #fff; }
.monogram { flex: 0 0 2.2rem; height: 2.2rem; border-radius: 50%; display: grid; place-items: center; background: var(--accent, #f5c518); color: #111; font-weight: 800; }
.chat { list-style: none; padding: 0; display: flex; flex-direction: column; gap: .5rem; }
.chat li { background: #262b33; border-radius: 1.1rem 1.1rem 1.1rem .25rem; padding: .6rem .9rem; max-width: 85%; opacity: .2; transition: opacity .25s; }
[dir="rtl"] .chat li { border-radius: 1.1rem 1.1rem .25rem 1.1rem; }
.chat li.said { opacity: 1; }
/* The picture shows the beat's words, the spoken one marked: a caption under it would say them
   twice, so it is kept for screen readers only (a pitch's bubbles say them anyway). */
#caption { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); margin: 0; }
.pitch #caption { display: none; }
.transcript summary { margin: 1rem 0 .25rem; color: #bbb; }
.memes { display: grid; grid-template-columns: repeat(auto-fit, minmax(9rem, 1fr)); gap: .5rem; margin: 1rem 0; }
.memes img { width: 100%; height: auto; border-radius: .5rem; }
.cta { font-size: 1.3rem; font-weight: 700; }
a.cta { display: block; text-align: center; text-decoration: none; color: #111; background: var(--accent, #f5c518); padding: .75rem 1.2rem; border-radius: .75rem; margin: .6rem 0; }
#share { background: #fff; }
"#;

/// Plays the voice and shows the beat being spoken. Ours, constant: no user text in it.
const SCRIPT: &str = r#"
(() => {
  const audio = document.getElementById("voice"), frame = document.getElementById("frame");
  const caption = document.getElementById("caption"), button = document.getElementById("play");
  const beats = [...document.querySelectorAll(".beats li")].map(li => ({
    li, start: Number(li.dataset.start), frame: li.dataset.frame }));
  let shown = -1, words = [], lit = -1;
  // The last of `items` that has started at `ms` (items are in time order).
  const last = (items, ms) => { let i = -1; while (i + 1 < items.length && items[i + 1].start <= ms) i++; return i; };
  const mark = document.getElementById("mark");
  const light = i => {
    if (i === lit) return;
    if (words[lit]) words[lit].el.classList.remove("lit");
    lit = i;
    if (words[i]) words[i].el.classList.add("lit");
    document.body.dataset.word = String(i);
    // The word's place in the picture (its first box, in the picture's 1080×1920 pixels).
    const box = words[i] ? (words[i].el.dataset.box || "").split(";")[0].split(",").map(Number) : [];
    if (box.length === 4) {
      const [x, y, w, h] = box;
      Object.assign(mark.style, { display: "block", left: `${x / 10.8}%`, top: `${y / 19.2}%`, width: `${w / 10.8}%`, height: `${h / 19.2}%` });
    } else {
      mark.style.display = "none";
    }
  };
  const show = i => {
    if (i === shown || !beats[i]) return;
    if (shown >= 0) beats[shown].li.classList.remove("now");
    shown = i; beats[i].li.classList.add("now");
    // A pitch's beats appear as chat bubbles as they are said.
    beats.forEach((b, j) => b.li.classList.toggle("said", j <= i));
    // The caption is the beat's words, copied from the list (already escaped markup of ours).
    caption.replaceChildren(...[...beats[i].li.childNodes].map(n => n.cloneNode(true)));
    words = [...caption.querySelectorAll(".w")].map(el => ({ el, start: Number(el.dataset.start) }));
    lit = -1;
    frame.src = beats[i].frame;
    document.body.dataset.beat = String(i);
  };
  const tick = () => {
    const ms = audio.currentTime * 1000;
    show(Math.max(0, last(beats, ms)));
    light(last(words, ms));
    if (!audio.paused) requestAnimationFrame(tick);
  };
  audio.addEventListener("play", () => { button.textContent = button.dataset.pause; requestAnimationFrame(tick); });
  audio.addEventListener("pause", () => { button.textContent = button.dataset.play; });
  audio.addEventListener("seeked", tick);
  button.addEventListener("click", () => audio.paused ? audio.play() : audio.pause());
  beats.forEach((b, i) => b.li.addEventListener("click", () => { audio.currentTime = b.start / 1000; show(i); }));
  show(0);
  const share = document.getElementById("share");
  if (share) share.addEventListener("click", async () => {
    // A pitch's share text carries its call to action, so whoever it is passed on to can act.
    const link = { title: document.title, text: share.dataset.text || undefined, url: location.href.split("?")[0] };
    try {
      if (navigator.share) { await navigator.share(link); return; }
      await navigator.clipboard.writeText(link.url);
      share.textContent = share.dataset.copied;
    } catch (_) { share.textContent = link.url; }
  });
  // A pitch page tells its sender what happens here: counts, never who (see pitch::activity).
  // The page's token proves the report comes from a page the service served; it counts each
  // action once, so a play after the first is told but not counted again.
  const { activity: reports, token } = document.querySelector("main").dataset, told = new Set();
  const tell = action => {
    if (!reports || told.has(action)) return;
    told.add(action);
    const body = JSON.stringify({ action, token });
    if (!(navigator.sendBeacon && navigator.sendBeacon(reports, body))) {
      fetch(reports, { method: "POST", body, keepalive: true }).catch(() => {});
    }
  };
  tell("view");
  audio.addEventListener("play", () => tell("play"));
  if (share) share.addEventListener("click", () => tell("share"));
  const cta = document.getElementById("cta");
  if (cta) cta.addEventListener("click", () => tell("cta"));
  if (new URLSearchParams(location.search).has("autoplay")) audio.play().catch(() => {});
})();
"#;

/// A word's boxes in its beat's picture as `x,y,w,h;…`.
fn boxes(boxes: &[[u32; 4]]) -> String {
    boxes.iter().map(|b| format!("{},{},{},{}", b[0], b[1], b[2], b[3])).collect::<Vec<_>>().join(";")
}

/// What a page's share carries besides its link: a pitch's call to action ("label: link"),
/// when it has a link.
fn share_text(page: &Page) -> Option<String> {
    let link = page.extra["ctaUrl"].as_str().filter(|u| u.starts_with("https://") || u.starts_with("http://"))?;
    let label = page.extra["cta"].as_str().unwrap_or_default();
    Some(if label.is_empty() { link.to_string() } else { format!("{label}: {link}") })
}

/// Who a pitch is from (a monogram of the sender and their name) and for whom, as its
/// language says it.
fn people(page: &Page, chrome: &Chrome, logo: Option<&str>) -> maud::Markup {
    let named = |value: &serde_json::Value| value.as_str().map(str::trim).filter(|n| !n.is_empty()).map(str::to_string);
    let (from, to) = (named(&page.extra["from"]), named(&page.extra["about"]["name"]));
    let initial: String =
        from.iter().flat_map(|f| f.chars().find(|c| c.is_alphanumeric())).flat_map(char::to_uppercase).collect();
    html! {
        @if from.is_some() || to.is_some() {
            div class="people" {
                @if let Some(logo) = logo.filter(|_| from.is_some()) {
                    img class="logo" src=(logo) alt="" width="44" height="44";
                } @else if from.is_some() {
                    span class="monogram" aria-hidden="true" { (initial) }
                }
                p { (filled(if from.is_none() { chrome.to } else if to.is_none() { chrome.from } else { chrome.from_to }, from.as_deref(), to.as_deref())) }
            }
        }
    }
}

/// `template` with the sender (in bold) and the recipient in its blanks.
fn filled(template: &str, from: Option<&str>, to: Option<&str>) -> maud::Markup {
    let mut parts = Vec::new();
    let mut rest = template;
    while let Some(at) = rest.find('{') {
        let (before, blank) = rest.split_at(at);
        let end = blank.find('}').map_or(blank.len(), |e| e + 1);
        parts.push((before, &blank[..end]));
        rest = &blank[end..];
    }
    html! {
        @for (before, blank) in parts {
            (before)
            @if blank == "{from}" {
                strong { (from.unwrap_or_default()) }
            } @else {
                (to.unwrap_or_default())
            }
        }
        (rest)
    }
}

/// Every beat of `page` (at `url`) as a list item with its times, picture and words.
fn beats(page: &Page, url: &str, class: &str) -> maud::Markup {
    html! {
        ol class=(class) {
            @for (i, beat) in page.beats.iter().enumerate() {
                li data-start=(beat.start) data-end=(beat.end) data-frame={ (url) "/" (i + 1) ".png" } {
                    @if beat.words.is_empty() {
                        (beat.text)
                    } @else {
                        @for word in &beat.words {
                            span class="w" data-start=(word.start) data-end=(word.end) data-box=(boxes(&word.boxes)) {
                                (word.text)
                            }
                        }
                    }
                }
            }
        }
    }
}

/// A pitch's call to action: a button to its link, or its words when it has none.
fn call_to_action(page: &Page) -> maud::Markup {
    let label = page.extra["cta"].as_str().unwrap_or_default();
    html! {
        @match page.extra["ctaUrl"].as_str().filter(|u| u.starts_with("https://") || u.starts_with("http://")) {
            Some(link) => a class="cta" id="cta" href=(link) rel="noopener nofollow" target="_blank" { (label) },
            None => p class="cta" { (label) },
        }
    }
}

/// The page of `page`, linked from `base_url`, in its brand's look and with its sender's logo.
/// A pitch page carries `token`, which its reports of what the person did present. `videos` are
/// the page's videos still hosted, newest first: the page offers the newest of each shape.
pub fn render(
    page: &Page,
    base_url: &str,
    (look, logo): (Option<&PageLook>, Option<&str>),
    token: Option<&str>,
    videos: &[Render],
) -> String {
    let url = format!("{base_url}/m/{}", page.id);
    let description = page.beats.iter().map(|b| b.text.as_str()).collect::<Vec<_>>().join(" ");
    let mut shapes: Vec<(Aspect, String)> = Vec::new();
    for video in videos {
        if !shapes.iter().any(|(aspect, _)| *aspect == video.aspect) {
            shapes.push((video.aspect, format!("{base_url}/v/{}", video.id)));
        }
    }
    shapes.sort_by_key(|(aspect, _)| Aspect::ALL.iter().position(|a| a == aspect));
    document(&head(page, &url, &description, look), body(page, &url, (logo, token), &shapes))
}

/// Links to the page's videos, one per shape, named by their ratio (the same in every language).
fn videos(shapes: &[(Aspect, String)]) -> maud::Markup {
    html! {
        @if !shapes.is_empty() {
            ul class="videos" {
                @for (aspect, link) in shapes {
                    li { a href=(link) { "▶ " (aspect.name()) } }
                }
            }
        }
    }
}

/// The page's head: its link card first (what cards show), then the 9:16 picture for platforms
/// that take a tall one, its voice, and its captions when it has them.
fn head<'a>(page: &'a Page, url: &str, description: &'a str, look: Option<&'a PageLook>) -> Head<'a> {
    Head {
        lang: &page.language,
        dir: crate::languages::find(&page.language).map_or("ltr", |l| l.direction),
        title: &page.title,
        description: Some(description),
        properties: [("og:type", "video.other".into()), ("og:url", url.to_string())]
            .into_iter()
            .chain(link_card(format!("{url}/preview.png")))
            .chain([
                ("og:image", format!("{url}/1.png")),
                ("og:image:width", "1080".into()),
                ("og:image:height", "1920".into()),
                ("og:audio", format!("{url}/voice")),
            ])
            .collect(),
        card: Some("summary_large_image"),
        style: STYLE,
        look,
        alternates: match page.captioned {
            true => vec![
                ("text/vtt", format!("{url}/captions.vtt")),
                ("application/x-subrip", format!("{url}/captions.srt")),
            ],
            false => Vec::new(),
        },
    }
}

/// The page's body: a pitch's people, hook, call to action, chat of beats and memes; any other
/// page's title and folded transcript; the picture, its controls and the voice on both.
fn body(
    page: &Page,
    url: &str,
    (logo, token): (Option<&str>, Option<&str>),
    shapes: &[(Aspect, String)],
) -> maud::Markup {
    let first = page.beats.first().map_or("", |b| b.text.as_str());
    let pitch = page.kind == "pitch";
    let chrome = crate::chrome::of(&page.language);
    let text = |key: &str| page.extra[key].as_str().unwrap_or_default().to_string();
    html! {
        main class=[pitch.then_some("pitch")] data-activity=[pitch.then(|| format!("{url}/activity"))]
            data-token=[token.filter(|_| pitch)] {
            @if pitch {
                (people(page, chrome, logo))
                h1 class="hook" { (text("hook")) }
            } @else {
                h1 { (page.title) }
            }
            div class="stage" {
                img id="frame" src={ (url) "/1.png" } width="1080" height="1920" alt=(opening_alt(page));
                div id="mark" {}
            }
            p id="caption" aria-live="polite" { (first) }
            div class="controls" {
                button id="play" type="button" data-play=(chrome.play) data-pause=(chrome.pause) { (chrome.play) }
                @if pitch {
                    button id="share" type="button" data-text=[share_text(page)] data-copied=(chrome.copied) { (chrome.share) }
                }
            }
            @if pitch {
                (call_to_action(page))
            }
            (videos(shapes))
            audio id="voice" src={ (url) "/voice" } preload="auto" {}
            @if !page.captioned {
                p class="notice" {
                    "Captions are unavailable for this recording's language; the beats follow its pauses."
                }
            }
            @if pitch {
                (beats(page, url, "beats chat"))
                div class="memes" {
                    @for (n, alt) in meme_lines(page).iter().enumerate() {
                        img src={ (url) "/meme-" (n + 1) ".png" } width="1080" height="1920" alt=(alt) loading="lazy";
                    }
                }
            } @else {
                details class="transcript" {
                    summary { (crate::chrome::transcript(&page.language)) }
                    (beats(page, url, "beats"))
                }
            }
        }
        script { (PreEscaped(SCRIPT)) }
    }
}

/// A pitch's memes as their top and bottom lines (each picture's alt text).
/// Each meme's alt text: its lines, and the illustrations drawn beside its reaction.
fn meme_lines(page: &Page) -> Vec<String> {
    let subject = serde_json::from_value(page.extra["subject"].clone())
        .unwrap_or_else(|_| Subject::titled(&page.title, &page.language));
    let memes = page.extra["memes"].as_array().map(Vec::as_slice).unwrap_or_default();
    memes
        .iter()
        .map(|m| {
            let (top, bottom) = (m["top"].as_str().unwrap_or(""), m["bottom"].as_str().unwrap_or(""));
            let blocks = [("top", top), ("bottom", bottom)];
            let shown = cards::shown("image", &page.language, &blocks, &subject).concat();
            illustrate::described(&format!("{top} {bottom}"), &shown, &page.language)
        })
        .collect()
}

/// The alt text of the opening card: the title, and the illustrations drawn under it.
fn opening_alt(page: &Page) -> String {
    let subject = page.drawing.as_ref().and_then(|d| d.subject.as_ref());
    let shown = subject.map(|s| illustrate::choose(&page.title, &page.language, s)).unwrap_or_default();
    illustrate::described(&page.title, &shown, &page.language)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::Beat;
    use crate::render::words::Word;

    #[test]
    fn captions_and_titles_are_escaped_and_beats_carry_their_times() {
        let page = Page {
            id: "abc".into(),
            title: "<b>title</b>".into(),
            language: "en".into(),
            beats: vec![
                Beat {
                    text: "</script><script>alert(1)</script>".into(),
                    start: 0,
                    end: 900,
                    words: vec![
                        Word { text: "</script>".into(), start: 0, end: 300, boxes: vec![[1, 2, 3, 4]] },
                        Word { text: "<script>alert(1)</script>".into(), start: 350, end: 900, boxes: Vec::new() },
                    ],
                },
                Beat { text: "two \"quoted\"".into(), start: 1020, end: 1800, words: Vec::new() },
            ],
            captioned: true,
            audio_type: "audio/wav".into(),
            voice: "pages/j/voice.wav".into(),
            duration_ms: 1920,
            brand: None,
            kind: "script".into(),
            extra: serde_json::Value::Null,
            drawing: None,
        };
        let video = |id: &str, aspect| Render {
            id: id.into(),
            page_id: "abc".into(),
            size_bytes: 1,
            duration_ms: 1920,
            expires_at: i64::MAX,
            blob: None,
            aspect,
        };
        let videos = [video("new", Aspect::Wide), video("tall", Aspect::Tall), video("old", Aspect::Wide)];
        let html = render(&page, "https://x.example", (None, None), Some("tok"), &videos);
        // The newest video of each shape, in the menu's order.
        assert!(html.contains(
            r#"<ul class="videos"><li><a href="https://x.example/v/tall">▶ 9:16</a></li><li><a href="https://x.example/v/new">▶ 16:9</a></li></ul>"#
        ));
        assert!(!html.contains("/v/old"));
        assert!(!html.contains("</script><script>alert"));
        assert!(
            html.contains(r#"<span class="w" data-start="0" data-end="300" data-box="1,2,3,4">&lt;/script&gt;</span>"#),
            "{html}"
        );
        assert!(html.contains(r#"data-end="900" data-box="">&lt;script&gt;alert(1)&lt;/script&gt;</span>"#));
        assert!(html.contains(r#"<li data-start="1020" data-end="1800" data-frame="https://x.example/m/abc/2.png">two &quot;quoted&quot;</li>"#));
        assert!(html.contains(r#"<meta property="og:title" content="&lt;b&gt;title&lt;/b&gt;">"#));
    }
}
