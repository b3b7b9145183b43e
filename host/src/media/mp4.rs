//! The MP4 encoder: a film's frames (`media::film`: the opening card, each beat's picture with
//! its words lit one at a time, cut on the beat, a progress bar, the end card) with the voice
//! track and the captions, encoded in-process by a GStreamer pipeline into an H.264 of the
//! pictures' size (1080×1920 for 9:16; every shape of `aspect`)
//! (Constrained Baseline, 4:2:0) + AAC MP4 with a timed-text (tx3g) subtitle track players can
//! switch on, and its index at the front (faststart).
//!
//! Each picture is converted to I420 once, when the frames reach its beat (only the beats around
//! the frame being made are kept); a frame is a copy of its beat's picture with the lit word's
//! boxes copied over it from the lit picture, so making one costs a memory copy, not a
//! conversion. Frames sit on a 30 fps grid but only changes are encoded: a frame starts on the
//! grid frame nearest each beat and each word and is held (repeated every [`film::HOLD_FRAMES`]
//! at most), so a word lights within half a frame of its spoken start and the encoder spends its
//! time only where the picture changes (x264 costs ~20 ms per 1080×1920 frame here; 30 frames a
//! second for 30 seconds would be 900 of them).

use std::path::Path;
use std::sync::{Arc, Mutex, OnceLock};
use std::time::Instant;

use gstreamer as gst;
use gstreamer::prelude::*;
use gstreamer_app as gst_app;
use gstreamer_video as gst_video;

use super::captions::Cue;
use super::film::{self, BeatTimes, Frame, Look, Planes, Shape};
use crate::cpu::Budget;

/// One beat: when it starts (ms into the voice track), its picture as PNG, and with timed
/// words its lit picture and each word's start and boxes.
pub struct Shot<'a> {
    pub start_ms: u64,
    pub png: &'a [u8],
    pub lit: Option<&'a [u8]>,
    pub words: Vec<(u64, &'a [[u32; 4]])>,
}

/// What a video is made of.
pub struct Film<'a> {
    /// The video's size, which every picture has (width, height; both even).
    pub size: (u32, u32),
    /// The opening card (PNG), shown for [`film::HOOK_MS`] while the voice starts.
    pub opening: Option<&'a [u8]>,
    pub shots: Vec<Shot<'a>>,
    /// The voice's length: the video's, and [`film::END_MS`] more with an end card.
    pub voice_ms: u64,
    /// The end card (PNG), shown for [`film::END_MS`] after the voice.
    pub ending: Option<&'a [u8]>,
    /// The captions, as a subtitle track (none without cues).
    pub cues: &'a [Cue],
    /// Whether the words said earlier in a beat stay lit (a karaoke sweep), else only the word
    /// being said is.
    pub keep_said: bool,
}

/// The video encoder, its settings and its output (also what the benchmark's bare pipeline
/// runs). x264's `ultrafast` preset with no macroblock tree and no lookahead: a film is mostly
/// held pictures with a word lit, where the slower presets' analysis finds little; on two cores
/// it encodes in ~0.68 of `superfast`'s time for the same quantizer, at ~1.6× the bytes (about
/// 0.8 Mb/s for a 30-second film). Its streams use no CABAC and no 8×8 transform, so they are
/// Constrained Baseline, the profile every H.264 player decodes. A keyframe at least every 16
/// frames (a frame lasts at most [`film::HOLD_FRAMES`], so 8 s at most) for seeking. No B-frames:
/// with held frames they save nothing, and their reordering delay made mp4mux's edit list cut
/// the last frame. `ultrafast` also turns off the deblocking filter and adaptive quantization,
/// which left the backdrops' gradients in visible blocks; both are back on, at no measurable
/// cost here (the filter is a pass over each frame; quantization is chosen per block anyway).
pub const VIDEO_ENCODER: &str = "x264enc speed-preset=ultrafast pass=qual quantizer=23 key-int-max=16 bframes=0 \
    mb-tree=false rc-lookahead=0 option-string=deblock=0,0:aq-mode=1 ! video/x-h264,profile=constrained-baseline";

/// The audio encoder: AAC-LC at 48 kHz, the rate platforms publish at (the voices speak at
/// 22.05 kHz and are resampled), where 96 kb/s is within AAC's limit for every channel count.
/// VisualOn's encoder takes a fifth of libav's time for the same track (a voice has nothing for
/// libav's slower search to win).
pub const AUDIO_ENCODER: &str = "audioconvert ! audioresample ! audio/x-raw,rate=48000 ! voaacenc bitrate=96000";

/// What an encode took.
#[derive(Debug, Clone, Copy)]
pub struct Encoded {
    pub frames: u64,
    pub total_ms: f64,
}

fn init() -> Result<(), String> {
    static INIT: OnceLock<Result<(), String>> = OnceLock::new();
    INIT.get_or_init(|| gst::init().map_err(|e| format!("GStreamer cannot start: {e}"))).clone()
}

/// Encodes `film` over the WAV voice track at `wav` into `out`, stopping with an error once
/// `budget` is spent.
pub fn encode(film: &Film<'_>, wav: &Path, out: &Path, budget: &Budget) -> Result<Encoded, String> {
    init()?;
    let started = Instant::now();
    let pipeline = pipeline(film, wav, out)?;
    let by_name = |name: &str| pipeline.by_name(name).ok_or_else(|| format!("no {name} element"));
    let i420 = frame_info(film.size)?;
    let source = by_name("video")?.downcast::<gst_app::AppSrc>().map_err(|_| "video is not an appsrc".to_string())?;
    source.set_caps(Some(&i420.to_caps().map_err(|e| e.to_string())?));
    source.set_format(gst::Format::Time);
    source.set_block(true);
    source.set_max_bytes(4 * i420.size() as u64);

    let frames = Frames::new(film, &i420, budget)?;
    if !film.cues.is_empty() {
        let source = by_name("subtitles")?
            .downcast::<gst_app::AppSrc>()
            .map_err(|_| "subtitles is not an appsrc".to_string())?;
        push_cues(&source, film.cues, frames.total_ms())?;
    }

    pipeline.set_state(gst::State::Playing).map_err(|e| format!("the MP4 pipeline cannot start: {e}"))?;
    let count = frames.plan.len() as u64;
    let outcome = std::thread::scope(|scope| {
        // The next beat's pictures are converted on a thread of their own while this beat's
        // frames are encoded, so the encoder is not kept waiting at each new beat.
        let (reached, beats_reached) = std::sync::mpsc::channel::<usize>();
        let frames = &frames;
        scope.spawn(move || beats_reached.iter().for_each(|beat| frames.convert_after(beat)));
        let pusher = scope.spawn(|| push_frames(&source, frames, reached, budget));
        let result = finished(&pipeline, budget);
        // Stopping unblocks a pusher still waiting on a full queue.
        let _ = pipeline.set_state(gst::State::Null);
        // A frame that cannot be made (a picture that does not decode after all) ended the
        // stream early and fails the render.
        let unmade = pusher.join().map_err(|_| "the frame pusher panicked".to_string())?;
        result.and(unmade.map_or(Ok(()), Err))
    });
    outcome?;
    Ok(Encoded { frames: count, total_ms: started.elapsed().as_secs_f64() * 1e3 })
}

/// The pipeline that muxes the frames, the voice at `wav` and the film's captions (when it has
/// any) into the MP4 at `out`.
fn pipeline(film: &Film<'_>, wav: &Path, out: &Path) -> Result<gst::Pipeline, String> {
    // The subtitle track's source is sparse: without a queue of its own it would hold the muxer.
    let subtitles = if film.cues.is_empty() { "" } else { "appsrc name=subtitles ! queue ! mux.subtitle_0" };
    let description = format!(
        "appsrc name=video ! {VIDEO_ENCODER} ! h264parse ! queue \
         ! mp4mux name=mux faststart=true ! filesink name=sink \
         filesrc name=voice ! wavparse ! {AUDIO_ENCODER} ! aacparse ! queue ! mux. {subtitles}"
    );
    let pipeline = gst::parse::launch(&description)
        .map_err(|e| {
            format!("the MP4 pipeline cannot be built ({e}); install GStreamer's good, bad, ugly and libav plugins")
        })?
        .downcast::<gst::Pipeline>()
        .map_err(|_| "not a pipeline".to_string())?;
    let by_name = |name: &str| pipeline.by_name(name).ok_or_else(|| format!("no {name} element"));
    by_name("sink")?.set_property("location", out.to_str().ok_or("output path is not UTF-8")?);
    by_name("voice")?.set_property("location", wav.to_str().ok_or("voice path is not UTF-8")?);
    Ok(pipeline)
}

/// Pushes every frame of the plan into `source`, telling `reached` each new beat, then ends the
/// stream; answers why a frame could not be made, if one could not (the stream then ends
/// there). Stops quietly once the pipeline stopped or the budget is spent.
fn push_frames(
    source: &gst_app::AppSrc,
    frames: &Frames<'_>,
    reached: std::sync::mpsc::Sender<usize>,
    budget: &Budget,
) -> Option<String> {
    // mp4mux gives the last sample no duration (the encoder does not pass it on) and cuts it
    // from the edit list; a closing repeat one grid frame past the end takes that place, so the
    // real last frame lasts until the video ends.
    let closing = frames.plan.last().map(|&f| Frame { first: f.end(), frames: 1, ..f });
    let mut last_beat = None;
    for frame in frames.plan.iter().chain(&closing) {
        if let Look::Beat { beat, .. } = frame.look
            && last_beat != Some(beat)
        {
            last_beat = Some(beat);
            let _ = reached.send(beat);
        }
        let bytes = match frames.make(frame) {
            Ok(bytes) => bytes,
            Err(why) => {
                // The stream ends here, so the pipeline finishes and the render fails cleanly.
                let _ = source.end_of_stream();
                return Some(why);
            }
        };
        let mut buffer = gst::Buffer::from_mut_slice(bytes);
        {
            let buffer = buffer.make_mut();
            buffer.set_pts(gst::ClockTime::from_nseconds(frame.pts()));
            buffer.set_duration(gst::ClockTime::from_nseconds(frame.duration()));
        }
        // Fails only once the pipeline stopped (on an error, which the bus reports, or over
        // budget).
        if budget.spent() || source.push_buffer(buffer).is_err() {
            return None;
        }
    }
    let _ = source.end_of_stream();
    None
}

/// Waits on the pipeline's bus for the end of the stream, an error, or the end of the budget.
fn finished(pipeline: &gst::Pipeline, budget: &Budget) -> Result<(), String> {
    let bus = pipeline.bus().ok_or("the pipeline has no bus")?;
    loop {
        let wait = gst::ClockTime::from_nseconds(budget.remaining().as_nanos().try_into().unwrap_or(u64::MAX));
        let Some(message) = bus.timed_pop(wait) else {
            return budget.check().and(Err("the encoder stopped without finishing".into()));
        };
        match message.view() {
            gst::MessageView::Eos(..) => return Ok(()),
            gst::MessageView::Error(err) => {
                let from = message.src().map(|s| s.path_string().to_string()).unwrap_or_default();
                return Err(format!("{from}: {} ({:?})", err.error(), err.debug()));
            }
            _ => {}
        }
    }
}

/// Queues the captions on the subtitle track's source: each cue for its time, and an empty
/// sample over each gap (a player shows nothing there), so the track tiles the video.
fn push_cues(source: &gst_app::AppSrc, cues: &[Cue], total_ms: u64) -> Result<(), String> {
    source.set_caps(Some(&gst::Caps::builder("text/x-raw").field("format", "utf8").build()));
    source.set_format(gst::Format::Time);
    let push = |text: &str, from: u64, until: u64| {
        let mut buffer = gst::Buffer::from_slice(text.as_bytes().to_vec());
        let buffer_mut = buffer.make_mut();
        buffer_mut.set_pts(gst::ClockTime::from_mseconds(from));
        buffer_mut.set_duration(gst::ClockTime::from_mseconds(until - from));
        source.push_buffer(buffer).map(|_| ()).map_err(|e| format!("the subtitle track: {e}"))
    };
    let mut at = 0;
    for cue in cues {
        let (start, end) = (cue.start.max(at), cue.end.min(total_ms));
        if end <= start {
            continue;
        }
        if start > at {
            push("", at, start)?;
        }
        push(&cue.text, start, end)?;
        at = end;
    }
    if at < total_ms {
        push("", at, total_ms)?;
    }
    source.end_of_stream().map(|_| ()).map_err(|e| format!("the subtitle track: {e}"))
}

/// The I420 layout of frames of `size`: a 30 fps grid (frames are held, so fewer are sent).
pub fn frame_info((width, height): (u32, u32)) -> Result<gst_video::VideoInfo, String> {
    init()?;
    if width % 2 == 1 || height % 2 == 1 || width == 0 || height == 0 {
        return Err(format!("a video's sides must be even and not empty; got {width}×{height}"));
    }
    gst_video::VideoInfo::builder(gst_video::VideoFormat::I420, width, height)
        .fps(gst::Fraction::new(film::FPS as i32, 1))
        .build()
        .map_err(|e| e.to_string())
}

/// A film's frames, ready to be made: its plan, and its pictures converted to I420 as the
/// frames reach them (each once, as frames come in order), keeping only the pictures of the
/// beats around the frame being made: a 60-beat render holds a few frames, not 120.
pub struct Frames<'a> {
    film: &'a Film<'a>,
    i420: gst_video::VideoInfo,
    planes: Planes,
    /// Every frame in order.
    pub plan: Vec<Frame>,
    /// Converted pictures still in use: the cards' and the beats' plain and lit ones.
    converted: Mutex<Vec<Converted>>,
    budget: &'a Budget,
}

/// A picture of the film: one of its cards or a beat's.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Picture {
    Opening,
    Beat(usize),
    Ending,
}

/// A picture converted to I420: a beat's plain one, and its lit one when it has words.
type Planar = (Arc<Vec<u8>>, Option<Arc<Vec<u8>>>);

/// Converted pictures by what they show.
type Converted = (Picture, Arc<Vec<u8>>, Option<Arc<Vec<u8>>>);

/// The most converted pictures kept: the beat being made, the next one converted ahead, and one
/// more spares a reconversion.
const KEEP: usize = 3;

impl<'a> Frames<'a> {
    /// Checks every picture of `film` (size, depth, colours; a bad one fails here, before any
    /// encoding) and plans its frames, in the layout `i420`.
    pub fn new(film: &'a Film<'a>, i420: &gst_video::VideoInfo, budget: &'a Budget) -> Result<Frames<'a>, String> {
        let beats = film.shots.iter().flat_map(|s| std::iter::once(&s.png).chain(&s.lit));
        for png in film.opening.iter().chain(beats).chain(&film.ending) {
            budget.check()?;
            check_png(png, film.size)?;
        }
        let planes = Planes {
            width: i420.width() as usize,
            height: i420.height() as usize,
            offsets: [i420.offset()[0], i420.offset()[1], i420.offset()[2]],
            strides: [0, 1, 2].map(|p| i420.stride()[p] as usize),
        };
        let times: Vec<BeatTimes> = film
            .shots
            .iter()
            .map(|s| BeatTimes { start_ms: s.start_ms, words: s.words.iter().map(|w| w.0).collect() })
            .collect();
        let plan = film::plan(&times, film.shape());
        Ok(Frames { film, i420: i420.clone(), planes, plan, converted: Mutex::new(Vec::new()), budget })
    }

    /// The video's length in ms.
    pub fn total_ms(&self) -> u64 {
        film::ms_of(self.plan.last().map_or(0, Frame::end)).max(1)
    }

    /// The I420 pictures of a card or a beat (plain, lit), converted on first use; older ones
    /// are let go.
    fn pictures(&self, which: Picture) -> Result<Planar, String> {
        let kept = |converted: &[Converted]| {
            converted.iter().find(|(w, _, _)| *w == which).map(|(_, plain, lit)| (plain.clone(), lit.clone()))
        };
        if let Some(found) = kept(&self.converted.lock().map_err(|_| "frames poisoned")?) {
            return Ok(found);
        }
        self.budget.check()?;
        // Converted without the lock, so making a frame never waits for a picture converted
        // ahead of need (see `encode`).
        let convert = |png: &[u8]| to_i420(png, &self.i420).map(Arc::new);
        let (plain, lit) = match which {
            Picture::Opening => (convert(self.film.opening.unwrap_or_default())?, None),
            Picture::Ending => (convert(self.film.ending.unwrap_or_default())?, None),
            Picture::Beat(beat) => {
                let shot = &self.film.shots[beat];
                (convert(shot.png)?, shot.lit.map(convert).transpose()?)
            }
        };
        let mut converted = self.converted.lock().map_err(|_| "frames poisoned")?;
        if let Some(found) = kept(&converted) {
            return Ok(found);
        }
        converted.push((which, plain.clone(), lit.clone()));
        if converted.len() > KEEP {
            converted.remove(0);
        }
        Ok((plain, lit))
    }

    /// Converts the pictures that follow beat `beat` (the next beat's, or the end card) before
    /// a frame needs them (errors are left for the frame that needs the picture to report).
    fn convert_after(&self, beat: usize) {
        if beat + 1 < self.film.shots.len() {
            let _ = self.pictures(Picture::Beat(beat + 1));
        } else if self.film.ending.is_some() {
            let _ = self.pictures(Picture::Ending);
        }
    }

    /// What a look is, as I420 bytes: a card, or a beat with its lit word's boxes copied over it.
    fn look(&self, look: Look) -> Result<Vec<u8>, String> {
        Ok(match look {
            Look::Opening => self.pictures(Picture::Opening)?.0.to_vec(),
            Look::Ending => self.pictures(Picture::Ending)?.0.to_vec(),
            Look::Beat { beat, word } => {
                let (plain, lit) = self.pictures(Picture::Beat(beat))?;
                let mut frame = plain.to_vec();
                if let (Some(word), Some(lit)) = (word, lit) {
                    let words = &self.film.shots[beat].words;
                    let first = if self.film.keep_said { 0 } else { word };
                    for &area in words.get(first..=word).unwrap_or_default().iter().flat_map(|w| w.1) {
                        self.planes.copy_box(&mut frame, &lit, area);
                    }
                }
                frame
            }
        })
    }

    /// The bytes of `frame`, with the progress bar (of the voice) at its end time; the end card
    /// has none.
    pub fn make(&self, frame: &Frame) -> Result<Vec<u8>, String> {
        let mut bytes = self.look(frame.look)?;
        self.planes.lower(&mut bytes, frame.rise as usize);
        if frame.look != Look::Ending {
            let played = film::ms_of(frame.end()) as f64 / self.film.voice_ms.max(1) as f64;
            self.planes.progress(&mut bytes, played);
        }
        Ok(bytes)
    }
}

impl Film<'_> {
    /// The video's shape.
    pub fn shape(&self) -> Shape {
        Shape { voice_ms: self.voice_ms, opening: self.opening.is_some(), ending: self.ending.is_some() }
    }
}

/// Checks a picture's header: the video's `size`, 8 bits, RGB or RGBA.
fn check_png(png: &[u8], size: (u32, u32)) -> Result<(), String> {
    let reader = png::Decoder::new(std::io::Cursor::new(png)).read_info().map_err(|e| format!("picture: {e}"))?;
    let info = reader.info();
    if !matches!(info.color_type, png::ColorType::Rgb | png::ColorType::Rgba) {
        return Err(format!("unsupported picture colour type {:?}", info.color_type));
    }
    sized((info.width, info.height), info.bit_depth, size)
}

/// Refuses a picture not of `size` or not of 8 bits a channel.
fn sized(got: (u32, u32), depth: png::BitDepth, (width, height): (u32, u32)) -> Result<(), String> {
    match got == (width, height) && depth == png::BitDepth::Eight {
        true => Ok(()),
        false => Err(format!("pictures must be {width}×{height}, 8-bit; got {}×{}", got.0, got.1)),
    }
}

/// A PNG picture as the bytes of one I420 frame of the video's size.
fn to_i420(png: &[u8], i420: &gst_video::VideoInfo) -> Result<Vec<u8>, String> {
    let mut reader = png::Decoder::new(std::io::Cursor::new(png)).read_info().map_err(|e| format!("picture: {e}"))?;
    let mut pixels = vec![0; reader.output_buffer_size().ok_or("picture too large")?];
    let info = reader.next_frame(&mut pixels).map_err(|e| format!("picture: {e}"))?;
    pixels.truncate(info.buffer_size());
    let format = match info.color_type {
        png::ColorType::Rgb => gst_video::VideoFormat::Rgb,
        png::ColorType::Rgba => gst_video::VideoFormat::Rgba,
        other => return Err(format!("unsupported picture colour type {other:?}")),
    };
    sized((info.width, info.height), info.bit_depth, (i420.width(), i420.height()))?;
    let rgb = gst_video::VideoInfo::builder(format, info.width, info.height)
        .fps(i420.fps())
        .build()
        .map_err(|e| e.to_string())?;
    let converter = gst_video::VideoConverter::new(&rgb, i420, None).map_err(|e| e.to_string())?;
    let source = gst_video::VideoFrame::from_buffer_readable(gst::Buffer::from_mut_slice(pixels), &rgb)
        .map_err(|_| "cannot map the picture".to_string())?;
    let target = gst::Buffer::with_size(i420.size()).map_err(|e| e.to_string())?;
    let mut target =
        gst_video::VideoFrame::from_buffer_writable(target, i420).map_err(|_| "cannot map the frame".to_string())?;
    converter.frame(&source, &mut target);
    let buffer = target.into_buffer();
    let bytes = buffer.map_readable().map_err(|_| "cannot read the frame".to_string())?;
    Ok(bytes.as_slice().to_vec())
}
