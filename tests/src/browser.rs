//! Headless Chromium for page tests: a phone-sized screenshot of a URL, taken by the real
//! browser with the flags this machine needs (no sandbox as root, no background networking on a
//! closed network, a fresh profile each time).

use std::path::Path;
use std::process::Command;

/// The browser binary: `ASSET_CHROMIUM`, else Debian's `chromium`.
pub fn chromium() -> String {
    std::env::var("ASSET_CHROMIUM").unwrap_or_else(|_| "chromium".into())
}

/// What Chromium needs on this machine: headless, no sandbox (tests run as root), and none of
/// the background connections a closed network refuses by the dozen.
pub const FLAGS: &[&str] = &[
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--hide-scrollbars",
    "--force-device-scale-factor=1",
];

/// Loads `url` in a `width`×`height` window and saves a PNG of it to `out`. `budget_ms` of
/// virtual time lets the page load its images (and run its scripts) before the picture is taken.
pub fn screenshot(url: &str, out: &Path, size: (u32, u32), budget_ms: u32) {
    shoot(url, out, size, &[format!("--virtual-time-budget={budget_ms}")]);
}

/// Like [`screenshot`], in real time with media allowed to play by itself (and no sound card
/// needed): the picture is taken when the page has loaded — hold that back with a resource
/// from [`late_resource`] to catch the page mid-play.
pub fn screenshot_playing(url: &str, out: &Path, size: (u32, u32)) {
    shoot(url, out, size, &["--disable-audio-output".into(), "--autoplay-policy=no-user-gesture-required".into()]);
}

/// Serves one 1×1 GIF on loopback after `delay`; returns its URL. A page that includes it
/// finishes loading only then.
pub fn late_resource(delay: std::time::Duration) -> String {
    let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("loopback port");
    let url = format!("http://{}/late.gif", listener.local_addr().expect("address"));
    std::thread::spawn(move || {
        if let Ok((mut stream, _)) = listener.accept() {
            use std::io::{Read, Write};
            let mut request = [0u8; 2048];
            let _ = stream.read(&mut request);
            std::thread::sleep(delay);
            let gif = b"GIF89a\x01\x00\x01\x00\x80\x00\x00\x00\x00\x00\xff\xff\xff!\xf9\x04\x01\x00\x00\x00\x00,\x00\x00\x00\x00\x01\x00\x01\x00\x00\x02\x02D\x01\x00;";
            let head = format!(
                "HTTP/1.1 200 OK\r\ncontent-type: image/gif\r\ncontent-length: {}\r\nconnection: close\r\n\r\n",
                gif.len()
            );
            let _ = stream.write_all(head.as_bytes());
            let _ = stream.write_all(gif);
        }
    });
    url
}

fn shoot(url: &str, out: &Path, (width, height): (u32, u32), extra: &[String]) {
    let profile = tempfile::tempdir().expect("profile dir");
    if let Some(dir) = out.parent() {
        std::fs::create_dir_all(dir).expect("screenshot dir");
    }
    let status = Command::new(chromium())
        .args(FLAGS)
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .arg(format!("--window-size={width},{height}"))
        .args(extra)
        .arg(format!("--screenshot={}", out.display()))
        .arg(url)
        .output()
        .expect("chromium runs (install Debian's chromium package)");
    assert!(status.status.success() && out.exists(), "chromium failed: {}", String::from_utf8_lossy(&status.stderr));
}

/// A decoded PNG as (width, height, RGB pixels); RGBA is flattened to RGB.
pub fn decode_png(bytes: &[u8]) -> (u32, u32, Vec<u8>) {
    let mut reader = png::Decoder::new(std::io::Cursor::new(bytes)).read_info().expect("a PNG");
    let mut pixels = vec![0; reader.output_buffer_size().expect("sized")];
    let info = reader.next_frame(&mut pixels).expect("a frame");
    pixels.truncate(info.buffer_size());
    let rgb = match info.color_type {
        png::ColorType::Rgba => pixels.chunks_exact(4).flat_map(|p| [p[0], p[1], p[2]]).collect(),
        png::ColorType::Rgb => pixels,
        other => panic!("unexpected PNG colour type {other:?}"),
    };
    (info.width, info.height, rgb)
}

pub use kernels::compare::shrink;
