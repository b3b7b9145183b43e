//! A video's frames: what is on screen when. The opening card while the voice starts, then each
//! beat's picture with its
//! words lit one at a time, short cross-fades between beats and a progress bar along the foot,
//! planned from the beats' and words' times and composed from pictures converted to I420 once.
//! A frame is made only where the picture changes (a beat, a word, a fade step) and repeated at
//! most every [`HOLD_MS`], so the encoder's work grows with words, not with seconds.

/// How long the opening card (the hook: title and brand) shows while the voice starts with the
/// first beat; a viewer hears speech at once and sees the first beat, its word lit, after it.
pub const HOOK_MS: u64 = 800;
/// How long a cross-fade between two beats lasts, ending as the next beat starts.
pub const FADE_MS: u64 = 240;
/// Frames in a cross-fade.
const FADE_STEPS: u64 = 3;
/// Longest a frame is shown before it is repeated: keeps seeking and thumbnails snappy.
pub const HOLD_MS: u64 = 500;

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
}

/// One frame: its time and length in ms of the video, and what it shows; during a cross-fade,
/// `look` seen through `from` with `weight` (of 255) of `look`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Frame {
    pub pts: u64,
    pub length: u64,
    pub look: Look,
    pub fade: Option<(Look, u8)>,
}

/// The frames of a video of `beats` over a voice of `voice_ms`, opening on the opening card for
/// [`HOOK_MS`] when `opening`.
pub fn plan(beats: &[BeatTimes], voice_ms: u64, opening: bool) -> Vec<Frame> {
    let total = voice_ms;
    let mut events: Vec<(u64, Look)> = Vec::new();
    if opening {
        events.push((0, Look::Opening));
    }
    for (i, beat) in beats.iter().enumerate() {
        let start = match i {
            0 if opening => HOOK_MS,
            0 => 0,
            _ => beat.start_ms,
        };
        events.push((start, Look::Beat { beat: i, word: None }));
        for (j, &word) in beat.words.iter().enumerate() {
            events.push((word.max(beat.start_ms), Look::Beat { beat: i, word: Some(j) }));
        }
    }
    // In order, never past the end, and at one time only the last thing that starts there.
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
    let beat_of = |look: Look| match look {
        Look::Opening => None,
        Look::Beat { beat, .. } => Some(beat),
    };
    let mut frames = Vec::new();
    for (k, &(from, look)) in events.iter().enumerate() {
        let next = events.get(k + 1);
        let until = next.map_or(total, |n| n.0);
        // A new beat next: this stretch ends in a cross-fade into it.
        let fade = match next {
            Some(&(_, to)) if beat_of(to) != beat_of(look) => FADE_MS.min((until - from) / 2),
            _ => 0,
        };
        hold(&mut frames, from, until - fade, look);
        if fade >= FADE_STEPS * 20 {
            let to = next.map_or(look, |n| n.1);
            let step = fade / FADE_STEPS;
            for s in 0..FADE_STEPS {
                let pts = until - fade + s * step;
                let length = if s + 1 == FADE_STEPS { until - pts } else { step };
                let weight = (255 * (s + 1) / (FADE_STEPS + 1)) as u8;
                frames.push(Frame { pts, length, look: to, fade: Some((look, weight)) });
            }
        } else {
            hold(&mut frames, until - fade, until, look);
        }
    }
    frames
}

/// Frames showing `look` over `[from, until)`, repeated every [`HOLD_MS`].
fn hold(frames: &mut Vec<Frame>, from: u64, until: u64, look: Look) {
    let mut t = from;
    while t < until {
        let length = HOLD_MS.min(until - t);
        frames.push(Frame { pts: t, length, look, fade: None });
        t += length;
    }
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

/// `to` seen through `from`: each sample `weight`/255 of `to`'s.
pub fn blend(from: &[u8], to: &[u8], weight: u8) -> Vec<u8> {
    let (w, v) = (u32::from(weight), 255 - u32::from(weight));
    from.iter().zip(to).map(|(&a, &b)| ((u32::from(a) * v + u32::from(b) * w + 127) / 255) as u8).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn beat(start_ms: u64, words: &[u64]) -> BeatTimes {
        BeatTimes { start_ms, words: words.to_vec() }
    }

    #[test]
    fn a_frame_starts_on_every_word_and_repeats_at_most_every_hold() {
        let frames = plan(&[beat(0, &[100, 400, 1_500]), beat(2_000, &[2_050, 2_600])], 3_000, false);
        let starts: Vec<u64> = frames.iter().map(|f| f.pts).collect();
        for word in [100, 400, 1_500, 2_050, 2_600] {
            let at = frames.iter().find(|f| f.pts == word).unwrap_or_else(|| panic!("no frame at {word}: {starts:?}"));
            assert!(matches!(at.look, Look::Beat { word: Some(_), .. }) && at.fade.is_none(), "{at:?}");
        }
        assert!(frames.windows(2).all(|w| w[0].pts + w[0].length == w[1].pts), "frames tile the video: {frames:?}");
        assert_eq!(frames[0].pts, 0);
        assert_eq!(frames.last().map(|f| f.pts + f.length), Some(3_000));
        assert!(frames.iter().all(|f| f.length <= HOLD_MS && f.length > 0));
        // The word lit from 1,500 holds until the fade into the next beat (which ends at 2,000).
        let fades: Vec<&Frame> = frames.iter().filter(|f| f.fade.is_some()).collect();
        assert_eq!(fades.len() as u64, FADE_STEPS);
        assert_eq!(fades[0].pts, 2_000 - FADE_MS);
        assert!(fades.iter().all(|f| f.look == Look::Beat { beat: 1, word: None }));
        assert_eq!(fades[0].fade.unwrap().0, Look::Beat { beat: 0, word: Some(2) });
        assert!(fades.windows(2).all(|w| w[0].fade.unwrap().1 < w[1].fade.unwrap().1), "the fade runs one way");
    }

    #[test]
    fn the_opening_card_shows_while_the_voice_starts() {
        let frames = plan(&[beat(0, &[0, 300, 1_200])], 2_000, true);
        assert_eq!((frames[0].pts, frames[0].look), (0, Look::Opening));
        let first = frames.iter().find(|f| matches!(f.look, Look::Beat { .. }) && f.fade.is_none()).unwrap();
        assert_eq!(
            (first.pts, first.look),
            (HOOK_MS, Look::Beat { beat: 0, word: Some(1) }),
            "after the hook, the first beat with the word being said lit"
        );
        assert!(frames.iter().any(|f| f.pts == 1_200 && f.look == Look::Beat { beat: 0, word: Some(2) }));
        assert_eq!(frames.last().map(|f| f.pts + f.length), Some(2_000), "as long as the voice");
    }

    #[test]
    fn beats_without_words_hold_their_picture_from_their_start() {
        let frames = plan(&[beat(0, &[]), beat(1_200, &[]), beat(1_300, &[])], 2_000, false);
        let looks: Vec<(u64, Look)> = frames.iter().filter(|f| f.fade.is_none()).map(|f| (f.pts, f.look)).collect();
        assert!(looks.contains(&(1_200, Look::Beat { beat: 1, word: None })));
        assert!(looks.contains(&(1_300, Look::Beat { beat: 2, word: None })));
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
        assert_eq!(blend(&[0, 255], &[255, 0], 255), vec![255, 0]);
        assert_eq!(blend(&[0, 200], &[200, 0], 0), vec![0, 200]);
    }
}
