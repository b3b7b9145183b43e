//! A video's frames: what is on screen when, on a 30 fps grid. The opening card (the hook) while
//! the voice starts, then each beat's picture with its words lit one at a time, cut on the beat
//! (never two beats' text in one frame), a progress bar along the foot, and the end card after
//! the voice. Planned from the beats' and words' times and composed from pictures converted to
//! I420 once. A frame is made only where the picture changes (a beat, a word) and held, repeated
//! at most every [`HOLD_FRAMES`]: the encoder's work grows with words, not with seconds. Each
//! beat and the end card rise into place over their first frames ([`RISE`]): a calm entrance
//! that costs a few small moves, not a frame of new pictures each.

/// The frame rate every frame's time is a whole multiple of.
pub const FPS: u64 = 30;
/// How long the opening card (the hook: title and brand) shows while the voice starts with the
/// first beat; a viewer hears speech at once and sees the first beat, its word lit, after it.
pub const HOOK_MS: u64 = 800;
/// How long the end card (brand, call to action, link) shows after the voice: long enough to
/// read and to pause on.
pub const END_MS: u64 = 1_800;
/// Most frames a picture is held before it is repeated (half a second): keeps seeking and
/// thumbnails snappy.
pub const HOLD_FRAMES: u64 = 15;

/// How far (pixels, down) a beat's picture or the end card sits on its first frames as it rises
/// into place, eased out: 0.1 s, each step at most 28 rows, which the encoder's motion search
/// follows cheaply.
pub const RISE: [u32; 3] = [48, 20, 6];

/// The frame a time (ms) falls on: the nearest on the grid.
pub fn frame_of(ms: u64) -> u64 {
    (ms * FPS + 500) / 1000
}

/// When frame `n` starts, in nanoseconds (exact on the grid, rounded down).
pub fn nanos_of(n: u64) -> u64 {
    n * 1_000_000_000 / FPS
}

/// When frame `n` starts, in ms (rounded down).
pub fn ms_of(n: u64) -> u64 {
    n * 1000 / FPS
}

/// One beat's timing: when it starts and when each of its words does (ms into the voice).
#[derive(Debug, Clone, Default)]
pub struct BeatTimes {
    pub start_ms: u64,
    pub words: Vec<u64>,
}

/// What a frame shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Look {
    Opening,
    /// Beat `beat`'s picture, with word `word` lit.
    Beat {
        beat: usize,
        word: Option<usize>,
    },
    /// The end card.
    Ending,
}

impl Look {
    /// The beat whose caption the look shows, if any.
    pub fn beat(self) -> Option<usize> {
        match self {
            Look::Beat { beat, .. } => Some(beat),
            _ => None,
        }
    }
}

/// One frame: the first grid frame it is shown on, for how many grid frames, what it shows, and
/// how far below its place it is drawn (entering, see [`RISE`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Frame {
    pub first: u64,
    pub frames: u64,
    pub look: Look,
    pub rise: u32,
}

impl Frame {
    /// Presentation time in nanoseconds.
    pub fn pts(&self) -> u64 {
        nanos_of(self.first)
    }

    /// Duration in nanoseconds, so that frames tile the timeline exactly.
    pub fn duration(&self) -> u64 {
        nanos_of(self.first + self.frames) - nanos_of(self.first)
    }

    /// Where the frame ends, in grid frames.
    pub fn end(&self) -> u64 {
        self.first + self.frames
    }
}

/// A video's shape: where its parts start, in ms of the voice.
#[derive(Debug, Clone, Copy)]
pub struct Shape {
    pub voice_ms: u64,
    /// An opening card for [`HOOK_MS`].
    pub opening: bool,
    /// An end card for [`END_MS`] after the voice.
    pub ending: bool,
}

impl Shape {
    /// The video's length in grid frames.
    pub fn frames(&self) -> u64 {
        frame_of(self.voice_ms + if self.ending { END_MS } else { 0 }).max(1)
    }
}

/// The frames of a video of `beats` shaped by `shape`: each event (a beat, a word) lands on the
/// nearest grid frame, and where several land on one frame the last wins, so times only increase
/// and no two frames are closer than a grid step. Beats cut: no frame mixes two beats.
pub fn plan(beats: &[BeatTimes], shape: Shape) -> Vec<Frame> {
    let voice_end = frame_of(shape.voice_ms);
    let total = shape.frames();
    let mut events: Vec<(u64, Look)> = Vec::new();
    if shape.opening {
        events.push((0, Look::Opening));
    }
    for (i, beat) in beats.iter().enumerate() {
        let start = match i {
            0 if shape.opening => HOOK_MS,
            0 => 0,
            _ => beat.start_ms,
        };
        events.push((frame_of(start), Look::Beat { beat: i, word: None }));
        for (j, &word) in beat.words.iter().enumerate() {
            events.push((frame_of(word.max(beat.start_ms)), Look::Beat { beat: i, word: Some(j) }));
        }
    }
    if shape.ending {
        events.push((voice_end, Look::Ending));
    }
    // In order, never past the end, and at one frame only the last thing that starts there.
    let mut floor = 0;
    for event in &mut events {
        event.0 = event.0.clamp(floor, total);
        floor = event.0;
    }
    events.dedup_by(|later, earlier| {
        let same = later.0 == earlier.0;
        if same {
            *earlier = *later;
        }
        same
    });
    let mut frames = Vec::new();
    for (k, &(from, look)) in events.iter().enumerate() {
        let until = events.get(k + 1).map_or(total, |n| n.0);
        let mut at = from;
        while at < until {
            let held = HOLD_FRAMES.min(until - at);
            frames.push(Frame { first: at, frames: held, look, rise: 0 });
            at += held;
        }
    }
    rising(frames)
}

/// `frames` with each beat and the end card rising into place: their first grid frames drawn
/// [`RISE`] lower, one grid frame each (a word lit meanwhile rises with its picture).
fn rising(frames: Vec<Frame>) -> Vec<Frame> {
    let scene = |look: Look| match look {
        Look::Opening => None,
        Look::Beat { beat, .. } => Some(beat),
        Look::Ending => Some(usize::MAX),
    };
    let mut out = Vec::with_capacity(frames.len() + RISE.len() * 2);
    let mut entered: Option<(usize, u64)> = None;
    for frame in frames {
        let Some(now) = scene(frame.look) else {
            out.push(frame);
            continue;
        };
        let start = match entered {
            Some((seen, start)) if seen == now => start,
            _ => entered.insert((now, frame.first)).1,
        };
        let mut rest = frame;
        while let Some(&rise) = RISE.get((rest.first - start) as usize).filter(|_| rest.frames > 0) {
            out.push(Frame { frames: 1, rise, ..rest });
            rest = Frame { first: rest.first + 1, frames: rest.frames - 1, ..rest };
        }
        if rest.frames > 0 {
            out.push(rest);
        }
    }
    out
}

/// Where the planes of an I420 frame are: offsets and strides of Y, U, V.
#[derive(Debug, Clone, Copy)]
pub struct Planes {
    pub width: usize,
    pub height: usize,
    pub offsets: [usize; 3],
    pub strides: [usize; 3],
}

impl Planes {
    /// Tightly packed planes of a `width`×`height` frame (both even).
    pub fn packed(width: usize, height: usize) -> Planes {
        let luma = width * height;
        Planes { width, height, offsets: [0, luma, luma + luma / 4], strides: [width, width / 2, width / 2] }
    }

    /// Copies the rectangle `[x, y, w, h]` (widened to even edges) from `from` into `into`.
    pub fn copy_box(&self, into: &mut [u8], from: &[u8], area: [u32; 4]) {
        let [x, y, w, h] = area.map(|v| v as usize);
        let (x0, y0) = (x & !1, y & !1);
        let (x1, y1) = (((x + w + 1) & !1).min(self.width), ((y + h + 1) & !1).min(self.height));
        if x0 >= x1 || y0 >= y1 {
            return;
        }
        for (plane, scale) in [(0, 1), (1, 2), (2, 2)] {
            let (offset, stride) = (self.offsets[plane], self.strides[plane]);
            for row in y0 / scale..y1 / scale {
                let at = offset + row * stride;
                into[at + x0 / scale..at + x1 / scale].copy_from_slice(&from[at + x0 / scale..at + x1 / scale]);
            }
        }
    }

    /// Moves the picture in `frame` down by `rows` (even), its top row repeated above it.
    pub fn lower(&self, frame: &mut [u8], rows: usize) {
        let rows = rows.min(self.height) & !1;
        if rows == 0 {
            return;
        }
        for (plane, scale) in [(0, 1), (1, 2), (2, 2)] {
            let (offset, stride, height, shift) =
                (self.offsets[plane], self.strides[plane], self.height / scale, rows / scale);
            frame.copy_within(offset..offset + (height - shift) * stride, offset + shift * stride);
            for row in 0..shift {
                frame.copy_within(offset + shift * stride..offset + (shift + 1) * stride, offset + row * stride);
            }
        }
    }

    /// The progress bar along the foot: the track dimmed across the width, the part played
    /// (`done` of 1) white.
    pub fn progress(&self, frame: &mut [u8], done: f64) {
        const BAR: usize = 12;
        let top = (self.height - BAR - 8) & !1;
        let played = ((self.width as f64 * done.clamp(0.0, 1.0)) as usize) & !1;
        for row in top..top + BAR {
            let at = self.offsets[0] + row * self.strides[0];
            for (x, luma) in frame[at..at + self.width].iter_mut().enumerate() {
                *luma = if x < played { 235 } else { 16 + luma.saturating_sub(16) / 2 };
            }
        }
        for plane in 1..3 {
            for row in top / 2..(top + BAR) / 2 {
                let at = self.offsets[plane] + row * self.strides[plane];
                frame[at..at + played / 2].fill(128);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn beat(start_ms: u64, words: &[u64]) -> BeatTimes {
        BeatTimes { start_ms, words: words.to_vec() }
    }

    fn shape(voice_ms: u64, opening: bool, ending: bool) -> Shape {
        Shape { voice_ms, opening, ending }
    }

    #[test]
    fn frames_sit_on_the_grid_start_on_every_word_and_repeat_at_most_every_hold() {
        let frames = plan(&[beat(0, &[100, 400, 1_500]), beat(2_000, &[2_050, 2_600])], shape(3_000, false, false));
        for word in [100, 400, 1_500, 2_050, 2_600] {
            let at = frames.iter().find(|f| f.first == frame_of(word));
            assert!(
                matches!(at.map(|f| f.look), Some(Look::Beat { word: Some(_), .. })),
                "no frame at {word}: {frames:?}"
            );
        }
        assert!(frames.windows(2).all(|w| w[0].end() == w[1].first), "frames tile the video: {frames:?}");
        assert_eq!(frames[0].first, 0);
        assert_eq!(frames.last().map(Frame::end), Some(90), "3 s at 30 fps");
        assert!(frames.iter().all(|f| (1..=HOLD_FRAMES).contains(&f.frames)));
        // Nanosecond times strictly increase and tile: no two frames closer than a grid step.
        assert!(frames.windows(2).all(|w| w[1].pts() - w[0].pts() >= 33_333_333));
        assert!(frames.iter().all(|f| f.pts() + f.duration() == nanos_of(f.end())));
        // The word lit from 1,500 holds until beat 1 starts: a cut, with no frame of both.
        let last_of_first = frames.iter().rev().find(|f| f.look.beat() == Some(0)).unwrap();
        assert_eq!(last_of_first.end(), frame_of(2_000));
        assert_eq!(last_of_first.look, Look::Beat { beat: 0, word: Some(2) });
    }

    #[test]
    fn words_closer_than_a_frame_land_on_one_frame_and_the_later_wins() {
        let frames = plan(&[beat(0, &[0, 5, 12, 500])], shape(1_000, false, false));
        let starts: Vec<u64> = frames.iter().map(|f| f.first).collect();
        assert!(starts.windows(2).all(|w| w[0] < w[1]), "{starts:?}");
        assert_eq!(frames[0].look, Look::Beat { beat: 0, word: Some(2) });
    }

    #[test]
    fn the_opening_card_shows_while_the_voice_starts_and_the_end_card_after_it() {
        let frames = plan(&[beat(0, &[0, 300, 1_200])], shape(2_000, true, true));
        assert_eq!((frames[0].first, frames[0].look), (0, Look::Opening));
        let first = frames.iter().find(|f| matches!(f.look, Look::Beat { .. })).unwrap();
        assert_eq!(
            (first.first, first.look),
            (frame_of(HOOK_MS), Look::Beat { beat: 0, word: Some(1) }),
            "after the hook, the first beat with the word being said lit"
        );
        assert!(frames.iter().any(|f| f.first == frame_of(1_200) && f.look == Look::Beat { beat: 0, word: Some(2) }));
        let ending: Vec<&Frame> = frames.iter().filter(|f| f.look == Look::Ending).collect();
        assert_eq!(ending[0].first, frame_of(2_000), "the end card follows the voice");
        assert_eq!(ending.iter().map(|f| f.frames).sum::<u64>(), frame_of(END_MS));
        assert_eq!(frames.last().map(Frame::end), Some(frame_of(2_000 + END_MS)));
    }

    #[test]
    fn beats_without_words_hold_their_picture_from_their_start() {
        let frames = plan(&[beat(0, &[]), beat(1_200, &[]), beat(1_300, &[])], shape(2_000, false, false));
        let looks: Vec<(u64, Look)> = frames.iter().map(|f| (f.first, f.look)).collect();
        assert!(looks.contains(&(frame_of(1_200), Look::Beat { beat: 1, word: None })));
        assert!(looks.contains(&(frame_of(1_300), Look::Beat { beat: 2, word: None })));
    }

    #[test]
    fn each_beat_and_the_end_card_rise_into_place_over_their_first_frames() {
        let frames = plan(&[beat(0, &[0, 40, 900]), beat(1_000, &[1_500])], shape(2_000, true, true));
        for start in [frame_of(HOOK_MS), frame_of(1_000), frame_of(2_000)] {
            let rises: Vec<u32> = (0..4)
                .map(|k| frames.iter().find(|f| (f.first..f.end()).contains(&(start + k))).unwrap().rise)
                .collect();
            assert_eq!(rises, [RISE[0], RISE[1], RISE[2], 0], "from frame {start}: {frames:?}");
        }
        // A word lit while its beat rises keeps rising with it, and the opening card does not move.
        assert!(frames.iter().any(|f| f.look == Look::Beat { beat: 0, word: Some(1) } && f.rise == RISE[1]));
        assert!(frames.iter().filter(|f| f.look == Look::Opening).all(|f| f.rise == 0));
        assert!(frames.windows(2).all(|w| w[0].end() == w[1].first), "frames still tile the video");
    }

    #[test]
    fn a_lowered_picture_repeats_its_top_row_above_it() {
        let planes = Planes::packed(2, 4);
        let mut frame: Vec<u8> = (0..12).collect();
        planes.lower(&mut frame, 2);
        assert_eq!(&frame[..8], &[0, 1, 0, 1, 0, 1, 2, 3], "luma rows down by two");
        assert_eq!(&frame[8..], &[8, 8, 10, 10], "chroma rows down by one");
    }

    #[test]
    fn boxes_are_copied_with_their_colour_and_nothing_else() {
        let planes = Planes::packed(8, 4);
        let mut frame = vec![0u8; 8 * 4 * 3 / 2];
        let lit = vec![9u8; frame.len()];
        planes.copy_box(&mut frame, &lit, [3, 1, 2, 2]);
        // Widened to x 2..6, y 0..4 in luma; x 1..3, y 0..2 in chroma.
        let luma: Vec<u8> = frame[..32].to_vec();
        for (i, v) in luma.iter().enumerate() {
            let (x, y) = (i % 8, i / 8);
            assert_eq!(*v, if (2..6).contains(&x) && y < 4 { 9 } else { 0 }, "luma {x},{y}");
        }
        let u = &frame[32..40];
        assert_eq!(u, &[0, 9, 9, 0, 0, 9, 9, 0]);
    }
}
