//! Headless Chromium for page tests: a phone-sized screenshot of a URL, taken by the real
//! browser with the flags this machine needs (no sandbox as root, no background networking on a
//! closed network, a fresh profile each time).

use std::path::Path;
use std::process::Command;

/// The browser binary: `ASSET_CHROMIUM`, else Debian's `chromium`.
pub fn chromium() -> String {
    std::env::var("ASSET_CHROMIUM").unwrap_or_else(|_| "chromium".into())
}

/// Loads `url` in a `width`×`height` window and saves a PNG of it to `out`. `budget_ms` of
/// virtual time lets the page load its images (and run its scripts) before the picture is taken.
pub fn screenshot(url: &str, out: &Path, (width, height): (u32, u32), budget_ms: u32) {
    let profile = tempfile::tempdir().expect("profile dir");
    if let Some(dir) = out.parent() {
        std::fs::create_dir_all(dir).expect("screenshot dir");
    }
    let status = Command::new(chromium())
        .args([
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
        ])
        .arg(format!("--user-data-dir={}", profile.path().display()))
        .arg(format!("--window-size={width},{height}"))
        .arg(format!("--virtual-time-budget={budget_ms}"))
        .arg(format!("--screenshot={}", out.display()))
        .arg(url)
        .output()
        .expect("chromium runs (install Debian's chromium package)");
    assert!(
        status.status.success() && out.exists(),
        "chromium failed: {}",
        String::from_utf8_lossy(&status.stderr)
    );
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
