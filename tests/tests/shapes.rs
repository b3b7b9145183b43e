//! Videos in every shape and caption style, end to end against the real binary: a page in
//! English, Japanese and Arabic rendered square, 4:5 and wide is a video of that size on the 30 fps
//! grid whose lit words and end card sit inside the safe area, with a poster and a looping preview
//! of its shape; the page offers each shape made; each caption style marks the word being said
//! in its box from the moment the voice says it (a karaoke sweep keeps it marked); a shape or
//! style that does not exist is a 400 that costs nothing.

use std::time::Duration;

use asset_tests::browser::decode_png;
use asset_tests::{Env, Storage};
use reqwest::{Client, StatusCode};
use serde_json::{Value, json};

use asset_tests::page::beats;

use super::audio::{block_on, credits, every_frame, finished, frame_at, post_mp4, submit};

/// The three languages' scripts: Latin letters, kanji and kana, Arabic right to left.
const SCRIPTS: [(&str, &str); 3] = [
    ("en", "Agents pay for their own tools every day. They ship pages in seconds, then videos for everyone."),
    ("ja", "今日から無料で試して、金曜日を取り戻しましょう。小さなチームは毎週一日を失っています。"),
    ("ar", "الوكلاء يدفعون ثمن أدواتهم بأنفسهم. الصفحات جاهزة في ثوان."),
];

/// The shapes beside the default, with their sizes.
const SHAPES: [(&str, (u32, u32)); 3] = [("1:1", (1080, 1080)), ("4:5", (1080, 1350)), ("16:9", (1920, 1080))];

/// How far in from each side everything a viewer must read stays: 5 % of the short side.
const SAFE: u32 = 54;
/// The rows at the foot the progress bar moves in (it runs edge to edge by design).
const BAR_ROWS: u32 = 40;

#[test]
fn a_page_renders_in_every_shape_composed_for_it_in_english_japanese_and_arabic() {
    let mut env = Env::new(Storage::Sqlite).neural();
    // Twelve jobs and some refusals within a minute: more than the default `create` limit.
    env.extra.push(("ASSET_RATE_LIMITS".into(), "create=600".into()));
    let key = env.create_key(40, "agent");
    let server = env.serve();
    let base = server.base.clone();
    let dir = tempfile::tempdir().unwrap();
    block_on(async {
        let mut spent = 0;
        for (language, script) in SCRIPTS {
            let (status, _, accepted) = submit(&base, &key, json!({"script": script, "language": language})).await;
            assert_eq!(status, StatusCode::ACCEPTED, "{language}: {accepted}");
            let page = finished(accepted["statusUrl"].as_str().unwrap(), &key, Duration::from_secs(90)).await;
            assert_eq!(page["status"], "succeeded", "{page}");
            spent += 3;
            let page_url = page["pageUrl"].as_str().unwrap().to_string();
            if language == "en" {
                for bad in ["2:3", "16x9", "", "9:16 "] {
                    let (status, answer) = post_mp4(&base, &key, json!({"pageUrl": page_url, "aspect": bad})).await;
                    assert_eq!((status, answer["code"].as_str()), (StatusCode::BAD_REQUEST, Some("invalid_aspect")));
                }
                let (status, answer) =
                    post_mp4(&base, &key, json!({"pageUrl": page_url, "captionStyle": "neon"})).await;
                assert_eq!((status, answer["code"].as_str()), (StatusCode::BAD_REQUEST, Some("invalid_caption_style")));
                assert_eq!(credits(&base, &key).await, 40 - spent, "a bad shape or style costs nothing");
            }
            for (aspect, size) in SHAPES {
                let (status, accepted) = post_mp4(&base, &key, json!({"pageUrl": page_url, "aspect": aspect})).await;
                assert_eq!(status, StatusCode::ACCEPTED, "{language} {aspect}: {accepted}");
                let done = finished(accepted["statusUrl"].as_str().unwrap(), &key, Duration::from_secs(120)).await;
                assert_eq!(done["status"], "succeeded", "{done}");
                spent += 3;
                assert_eq!(
                    (done["aspect"].as_str(), done["width"].as_u64(), done["height"].as_u64()),
                    (Some(aspect), Some(u64::from(size.0)), Some(u64::from(size.1))),
                    "{done}"
                );
                let label = format!("{language} {aspect}");
                video_is_composed_for_its_shape(
                    &done,
                    size,
                    &dir.path().join(format!("{language}-{}.mp4", size.0 * size.1)),
                    &label,
                )
                .await;
                stills_have_the_shape(&done, size, &label).await;
            }
            // The page offers each shape made, beside the default it was made in.
            let html = Client::new().get(&page_url).send().await.unwrap().text().await.unwrap();
            for (aspect, _) in SHAPES {
                assert!(html.contains(&format!("▶ {aspect}</a>")), "{language}: {aspect} offered");
            }
        }
        assert_eq!(credits(&base, &key).await, 40 - spent, "one charge per render");
    });
}

#[test]
fn each_caption_style_marks_the_word_in_its_box_as_the_voice_says_it() {
    let env = Env::new(Storage::Sqlite).neural();
    let key = env.create_key(20, "agent");
    let server = env.serve();
    let base = server.base.clone();
    let dir = tempfile::tempdir().unwrap();
    block_on(async {
        let script = SCRIPTS[0].1;
        let (status, _, accepted) = submit(&base, &key, json!({"script": script, "captionStyle": "disco"})).await;
        assert_eq!((status, accepted["code"].as_str()), (StatusCode::BAD_REQUEST, Some("invalid_caption_style")));
        // The page is made underlined: its videos are, unless a render asks for another style.
        let (status, _, accepted) = submit(&base, &key, json!({"script": script, "captionStyle": "underline"})).await;
        assert_eq!(status, StatusCode::ACCEPTED, "{accepted}");
        let page = finished(accepted["statusUrl"].as_str().unwrap(), &key, Duration::from_secs(90)).await;
        let page_url = page["pageUrl"].as_str().unwrap().to_string();
        let html = Client::new().get(&page_url).send().await.unwrap().text().await.unwrap();
        let beats = beats(&html);
        let (n, beat) =
            beats.iter().enumerate().skip(1).find(|(_, b)| b.words.len() >= 3).expect("a beat of three words");
        let plain = Client::new().get(format!("{page_url}/{}.png", n + 1)).send().await.unwrap().bytes().await.unwrap();
        let plain = decode_png(&plain).2;
        for style in [None, Some("highlight"), Some("karaoke"), Some("boxed")] {
            let mut body = json!({"pageUrl": page_url});
            if let Some(style) = style {
                body["captionStyle"] = json!(style);
            }
            let (status, accepted) = post_mp4(&base, &key, body).await;
            assert_eq!(status, StatusCode::ACCEPTED, "{accepted}");
            let done = finished(accepted["statusUrl"].as_str().unwrap(), &key, Duration::from_secs(120)).await;
            assert_eq!(done["status"], "succeeded", "{done}");
            let file = dir.path().join(format!("{}.mp4", style.unwrap_or("page")));
            let mp4 = Client::new().get(done["mp4Url"].as_str().unwrap()).send().await.unwrap().bytes().await.unwrap();
            std::fs::write(&file, &mp4).unwrap();
            let grid = |ms: u64| ((ms * 30 + 500) / 1000) * 1000 / 30;
            let (word, next) = (&beat.words[1], &beat.words[2]);
            let marked = |at: u64, which: &asset_tests::page::PageWord| {
                let frame = frame_at(&file, at);
                which.boxes.iter().map(|&b| marked_share(&frame, &plain, b)).fold(0.0, f64::max)
            };
            let label = style.unwrap_or("the page's underline");
            let (before, on) = (marked(grid(word.start) - 15, word), marked(grid(word.start) + 15, word));
            // Marked clearly as it is said, and far less before (encoding noise, a neighbour's mark).
            assert!(
                on > 0.05 && before < on * 0.4,
                "{label}: {word:?} marked {before:.3} before, {on:.3} as it is said"
            );
            let after = marked(grid(next.start) + 15, word);
            eprintln!("{label}: {word:?} marked {before:.3} before, {on:.3} said, {after:.3} after");
            match style {
                Some("karaoke") => assert!(after > on * 0.8, "{label}: a sweep keeps {word:?} marked ({after:.3})"),
                _ => assert!(after < on * 0.4, "{label}: only the word said is marked ({after:.3} of {on:.3})"),
            }
        }
        assert_eq!(credits(&base, &key).await, 20 - 3 - 4 * 3);
    });
}

/// The share of the pixels in the middle half of `b` (x, y, w, h; its sides are left out, where
/// the padded boxes of neighbouring words overlap) that differ clearly between `frame` and
/// `plain` (1080 wide): how much of a word's box its mark covers.
fn marked_share(frame: &[u8], plain: &[u8], [x, y, w, h]: [u32; 4]) -> f64 {
    let (x, w) = (x + w / 4, w / 2);
    let mut changed = 0;
    for row in y..y + h {
        for col in x..x + w {
            let at = ((row * 1080 + col) * 3) as usize;
            let d: u32 = (0..3).map(|c| u32::from(frame[at + c].abs_diff(plain[at + c]))).sum();
            changed += u32::from(d > 90);
        }
    }
    f64::from(changed) / f64::from((w * h).max(1))
}

/// The render `done` is an H.264 of `size` whose frames sit on the 30 fps grid, whose lit words
/// (what changes between two frames of one beat) stay inside the safe area, and whose end card
/// has its text inside it too; its page plays it at its size.
async fn video_is_composed_for_its_shape(done: &Value, size: (u32, u32), file: &std::path::Path, label: &str) {
    let mp4 = Client::new().get(done["mp4Url"].as_str().unwrap()).send().await.unwrap().bytes().await.unwrap();
    std::fs::write(file, &mp4).unwrap();
    let probe = std::process::Command::new("ffprobe")
        .args([
            "-v",
            "error",
            "-select_streams",
            "v:0",
            "-show_entries",
            "stream=width,height,codec_name",
            "-of",
            "json",
        ])
        .arg(file)
        .output()
        .unwrap();
    let info: Value = serde_json::from_slice(&probe.stdout).unwrap();
    let stream = &info["streams"][0];
    assert_eq!(
        (stream["codec_name"].as_str(), stream["width"].as_u64(), stream["height"].as_u64()),
        (Some("h264"), Some(u64::from(size.0)), Some(u64::from(size.1))),
        "{label}"
    );
    let frames = every_frame(file);
    let on_grid = |ms: u64| ((ms * 30 + 500) / 1000 * 1000).abs_diff(ms * 30) <= 30;
    assert!(frames.iter().all(|(at, _)| on_grid(*at)), "{label}: frames off the 30 fps grid");
    let mut lit = 0;
    for pair in frames.windows(2) {
        let Some(changed) = changed_area(&pair[0].1, &pair[1].1, size) else { continue };
        lit += 1;
        assert!(
            inside_safe(changed, size),
            "{label}: a lit word at {changed:?} at {} ms leaves the safe area",
            pair[1].0
        );
    }
    assert!(lit >= 3, "{label}: words light one after another ({lit} changes)");
    let (_, ending) = frames.last().unwrap();
    let (outside, inside) = edges(ending, size);
    assert!(
        inside > 2_000 && outside == 0,
        "{label}: the end card's text inside the frame: {inside} edges in, {outside} out"
    );
    let page = Client::new().get(done["videoPageUrl"].as_str().unwrap()).send().await.unwrap().text().await.unwrap();
    assert!(page.contains(&format!(r#"width="{}" height="{}" controls"#, size.0, size.1)), "{label}: {page}");
}

/// The poster is a PNG of the video's size; the looping preview a GIF a third of it.
async fn stills_have_the_shape(done: &Value, size: (u32, u32), label: &str) {
    let poster = Client::new().get(done["posterUrl"].as_str().unwrap()).send().await.unwrap().bytes().await.unwrap();
    let (width, height, _) = decode_png(&poster);
    assert_eq!((width, height), size, "{label}");
    let gif = Client::new().get(done["loopUrl"].as_str().unwrap()).send().await.unwrap().bytes().await.unwrap();
    assert!(
        gif.len() <= 2 * 1024 * 1024 && gif.windows(11).any(|w| w == b"NETSCAPE2.0"),
        "{label}: {} bytes",
        gif.len()
    );
    let (w, h) = (u16::from_le_bytes([gif[6], gif[7]]), u16::from_le_bytes([gif[8], gif[9]]));
    assert_eq!((u32::from(w), u32::from(h)), (size.0 / 3, size.1 / 3), "{label}");
}

/// Where two frames differ (above the progress bar, every other pixel of every other row), when
/// they differ as a word lighting does: in under a tenth of the picture. `None` for a cut or
/// for frames that are the same.
fn changed_area(a: &[u8], b: &[u8], (w, h): (u32, u32)) -> Option<[u32; 4]> {
    let (count, bounds) = kernels::compare::changed(a, b, (w as usize, (h - BAR_ROWS) as usize), 2, 90);
    let [x0, y0, x1, y1] = bounds?.map(|v| v as u32);
    (count > 50 && count < u64::from(w * h) / 40).then_some([x0, y0, x1 - x0 + 1, y1 - y0 + 1])
}

fn inside_safe([x, y, bw, bh]: [u32; 4], (w, h): (u32, u32)) -> bool {
    x >= SAFE && y >= SAFE && x + bw <= w - SAFE && y + bh <= h - SAFE
}

/// Sharp edges (a step in brightness between neighbours, as text and drawings make and
/// backdrops never do) outside and inside the safe area, on every other row.
fn edges(rgb: &[u8], (w, h): (u32, u32)) -> (u64, u64) {
    let safe = [SAFE, SAFE, w - SAFE, h - SAFE].map(|v| v as usize);
    kernels::compare::edges(rgb, (w as usize, h as usize), 2, 90, safe)
}
