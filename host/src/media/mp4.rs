//! The MP4 encoder: beat pictures held for their beats, with the voice track, encoded in-process
//! by a GStreamer pipeline into a 1080×1920 H.264 (High, 4:2:0) + AAC MP4 with its index at the
//! front (faststart).
//!
//! Each beat's picture is converted to I420 once and the same buffer is pushed again for every
//! frame of the beat, so conversion costs one frame per beat. Frames are timed, not counted: a
//! frame starts exactly at each beat's start and repeats every [`HOLD_MS`] while the beat lasts,
//! so a caption change lands on the spoken beat to the millisecond, and the encoder spends its
//! time only where the picture can change (x264 costs ~20 ms per 1080×1920 frame here; 30
//! frames a second for 30 seconds would be 900 of them).

use std::path::Path;
use std::sync::OnceLock;
use std::time::Instant;

use gstreamer as gst;
use gstreamer::prelude::*;
use gstreamer_app as gst_app;
use gstreamer_video as gst_video;

use crate::cpu::Budget;

/// The video's size.
pub const WIDTH: u32 = 1080;
pub const HEIGHT: u32 = 1920;
/// Longest a frame is shown before it is repeated: keeps seeking and thumbnails snappy.
pub const HOLD_MS: u64 = 500;

/// One beat: when it starts (ms into the voice track) and its picture as PNG.
pub struct Shot<'a> {
    pub start_ms: u64,
    pub png: &'a [u8],
}

/// What an encode took.
#[derive(Debug, Clone, Copy)]
pub struct Encoded {
    pub frames: u64,
    pub convert_ms: f64,
    pub total_ms: f64,
}

fn init() -> Result<(), String> {
    static INIT: OnceLock<Result<(), String>> = OnceLock::new();
    INIT.get_or_init(|| gst::init().map_err(|e| format!("GStreamer cannot start: {e}"))).clone()
}

/// The frame schedule: (pts, duration) in ms for each push of beat `i`'s picture, covering
/// `[start_i, start_{i+1})` and the last beat until `duration_ms`.
pub fn schedule(starts: &[u64], duration_ms: u64) -> Vec<(usize, u64, u64)> {
    let mut out = Vec::new();
    for (i, &start) in starts.iter().enumerate() {
        let start = if i == 0 { 0 } else { start };
        let end = starts.get(i + 1).copied().unwrap_or(duration_ms).max(start);
        let mut t = start;
        while t < end {
            let length = HOLD_MS.min(end - t);
            out.push((i, t, length));
            t += length;
        }
    }
    out
}

/// Encodes `shots` over the WAV voice track at `wav` (lasting `duration_ms`) into `out`,
/// stopping with an error once `budget` is spent.
pub fn encode(
    shots: &[Shot<'_>],
    duration_ms: u64,
    wav: &Path,
    out: &Path,
    budget: &Budget,
) -> Result<Encoded, String> {
    init()?;
    let started = Instant::now();
    let pipeline = gst::parse::launch(
        "appsrc name=video ! x264enc name=enc ! video/x-h264,profile=high ! h264parse ! queue \
         ! mp4mux name=mux faststart=true ! filesink name=sink \
         filesrc name=voice ! wavparse ! audioconvert ! audioresample ! audio/x-raw,rate=48000 \
         ! avenc_aac bitrate=128000 ! aacparse ! queue ! mux.",
    )
    .map_err(|e| format!("the MP4 pipeline cannot be built ({e}); install GStreamer's good, ugly and libav plugins"))?
    .downcast::<gst::Pipeline>()
    .map_err(|_| "not a pipeline".to_string())?;
    let by_name = |name: &str| pipeline.by_name(name).ok_or_else(|| format!("no {name} element"));
    let encoder = by_name("enc")?;
    encoder.set_property_from_str("speed-preset", "veryfast");
    encoder.set_property_from_str("pass", "qual");
    encoder.set_property("quantizer", 23u32);
    // A keyframe at least every 4 frames (2 s of held frames) for seeking.
    encoder.set_property("key-int-max", 4u32);
    // No B-frames: with held frames they save nothing, and their reordering delay made mp4mux's
    // edit list cut the last frame.
    encoder.set_property("bframes", 0u32);
    by_name("sink")?.set_property("location", out.to_str().ok_or("output path is not UTF-8")?);
    by_name("voice")?.set_property("location", wav.to_str().ok_or("voice path is not UTF-8")?);

    let i420 = gst_video::VideoInfo::builder(gst_video::VideoFormat::I420, WIDTH, HEIGHT)
        .fps(gst::Fraction::new(0, 1))
        .build()
        .map_err(|e| e.to_string())?;
    let source = by_name("video")?.downcast::<gst_app::AppSrc>().map_err(|_| "video is not an appsrc".to_string())?;
    source.set_caps(Some(&i420.to_caps().map_err(|e| e.to_string())?));
    source.set_format(gst::Format::Time);
    source.set_block(true);
    source.set_max_bytes(4 * i420.size() as u64);

    // Convert every picture first: a bad picture fails the render before the encoder starts.
    let convert_started = Instant::now();
    let pictures = shots
        .iter()
        .map(|shot| budget.check().and_then(|()| to_i420(shot.png, &i420)))
        .collect::<Result<Vec<_>, _>>()?;
    let convert_ms = convert_started.elapsed().as_secs_f64() * 1e3;
    let starts: Vec<u64> = shots.iter().map(|s| s.start_ms).collect();
    let plan = schedule(&starts, duration_ms);
    // mp4mux gives the last sample no duration (the encoder does not pass it on) and cuts it
    // from the edit list; a closing repeat at the very end takes that place, so the real last
    // frame lasts until the voice ends.
    let closing = plan.last().map(|&(picture, _, _)| (picture, duration_ms, 1));

    pipeline.set_state(gst::State::Playing).map_err(|e| format!("the MP4 pipeline cannot start: {e}"))?;
    let frames = plan.len() as u64;
    let outcome = std::thread::scope(|scope| {
        let pusher = scope.spawn(|| {
            for &(picture, pts, length) in plan.iter().chain(&closing) {
                let mut buffer = pictures[picture].clone();
                {
                    let buffer = buffer.make_mut();
                    buffer.set_pts(gst::ClockTime::from_mseconds(pts));
                    buffer.set_duration(gst::ClockTime::from_mseconds(length));
                }
                // Fails only once the pipeline stopped (on an error, which the bus reports, or
                // over budget).
                if budget.spent() || source.push_buffer(buffer).is_err() {
                    return;
                }
            }
            let _ = source.end_of_stream();
        });
        let bus = pipeline.bus().ok_or("the pipeline has no bus")?;
        let result = loop {
            let wait = gst::ClockTime::from_nseconds(budget.remaining().as_nanos().try_into().unwrap_or(u64::MAX));
            let Some(message) = bus.timed_pop(wait) else {
                break budget.check().and(Err("the encoder stopped without finishing".into()));
            };
            match message.view() {
                gst::MessageView::Eos(..) => break Ok(()),
                gst::MessageView::Error(err) => {
                    let from = message.src().map(|s| s.path_string().to_string()).unwrap_or_default();
                    break Err(format!("{from}: {} ({:?})", err.error(), err.debug()));
                }
                _ => {}
            }
        };
        // Stopping unblocks a pusher still waiting on a full queue.
        let _ = pipeline.set_state(gst::State::Null);
        let _ = pusher.join();
        result
    });
    outcome?;
    Ok(Encoded { frames, convert_ms, total_ms: started.elapsed().as_secs_f64() * 1e3 })
}

/// A PNG picture as one I420 buffer of the video's size.
fn to_i420(png: &[u8], i420: &gst_video::VideoInfo) -> Result<gst::Buffer, String> {
    let mut reader = png::Decoder::new(std::io::Cursor::new(png)).read_info().map_err(|e| format!("picture: {e}"))?;
    let mut pixels = vec![0; reader.output_buffer_size().ok_or("picture too large")?];
    let info = reader.next_frame(&mut pixels).map_err(|e| format!("picture: {e}"))?;
    pixels.truncate(info.buffer_size());
    let format = match info.color_type {
        png::ColorType::Rgb => gst_video::VideoFormat::Rgb,
        png::ColorType::Rgba => gst_video::VideoFormat::Rgba,
        other => return Err(format!("unsupported picture colour type {other:?}")),
    };
    if (info.width, info.height) != (WIDTH, HEIGHT) || info.bit_depth != png::BitDepth::Eight {
        return Err(format!("pictures must be {WIDTH}×{HEIGHT}, 8-bit; got {}×{}", info.width, info.height));
    }
    let rgb = gst_video::VideoInfo::builder(format, WIDTH, HEIGHT)
        .fps(gst::Fraction::new(0, 1))
        .build()
        .map_err(|e| e.to_string())?;
    let converter = gst_video::VideoConverter::new(&rgb, i420, None).map_err(|e| e.to_string())?;
    let source = gst_video::VideoFrame::from_buffer_readable(gst::Buffer::from_mut_slice(pixels), &rgb)
        .map_err(|_| "cannot map the picture".to_string())?;
    let target = gst::Buffer::with_size(i420.size()).map_err(|e| e.to_string())?;
    let mut target =
        gst_video::VideoFrame::from_buffer_writable(target, i420).map_err(|_| "cannot map the frame".to_string())?;
    converter.frame(&source, &mut target);
    Ok(target.into_buffer())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn frames_start_on_each_beat_and_hold_at_most_half_a_second() {
        let plan = schedule(&[0, 1_200, 1_300], 2_000);
        assert_eq!(
            plan,
            vec![(0, 0, 500), (0, 500, 500), (0, 1_000, 200), (1, 1_200, 100), (2, 1_300, 500), (2, 1_800, 200)]
        );
        assert_eq!(schedule(&[40], 100), vec![(0, 0, 100)], "the first picture starts the video");
    }
}
