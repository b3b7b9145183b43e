//! Music under a narration: the track looped or cut to the narration's length, faded in and out,
//! set a little under the voice's level, and ducked while words are said — its gain follows the
//! narration (a sidechain: it drops quickly when the voice starts and comes back slowly after) —
//! so the voice stays clearly on top. The mix is then brought to the platforms' loudness by
//! `loudness` like any narration.

use super::wav::Pcm;

/// The music's level against the voice's speech, in the pauses (dB).
const BED_DB: f32 = -8.0;
/// How much further it drops under words (dB).
const DUCK_DB: f32 = -18.0;
/// How fast the gain follows the voice: down as words start, back up after they end (ms).
const ATTACK_MS: f32 = 40.0;
const RELEASE_MS: f32 = 300.0;
/// The sidechain looks this far ahead, so the music is already down when a word begins (ms).
const LOOK_AHEAD_MS: u64 = 40;
/// Fades at the ends (ms).
const FADE_IN_MS: u64 = 1_000;
const FADE_OUT_MS: u64 = 1_000;
/// Windows the voice's level is read in (ms), and how far under its loudest a window still counts
/// as speech (dB).
const WINDOW_MS: u64 = 20;
const SPEECH_FLOOR_DB: f32 = -35.0;

/// `music` (mono, at `voice`'s rate) under `voice` (mono): as long as the voice, mixed.
pub fn under(voice: &Pcm, music: &Pcm) -> Result<Pcm, String> {
    if (voice.channels, music.channels) != (1, 1) || voice.sample_rate != music.sample_rate {
        return Err("music and voice must be mono at one rate".into());
    }
    let voice_samples = floats(voice);
    let music_samples = floats(music);
    if music_samples.is_empty() || voice_samples.is_empty() {
        return Err("there is no music to put under the voice".into());
    }
    let rate = voice.sample_rate as usize;
    let window = (rate * WINDOW_MS as usize / 1000).max(1);
    let speech = speaking(&voice_samples, window);
    let voice_level = level(voice_samples.chunks(window).zip(&speech).filter(|(_, s)| **s).map(|(c, _)| c));
    let music_level = level(music_samples.chunks(window).filter(|c| rms(c) > 1e-4));
    let bed = voice_level / music_level.max(1e-6) * db(BED_DB);
    let gains = ducking(&speech, window, rate, voice_samples.len());
    let (fade_in, fade_out) = (rate * FADE_IN_MS as usize / 1000, rate * FADE_OUT_MS as usize / 1000);
    let total = voice_samples.len();
    let mixed: Vec<f32> = (0..total)
        .map(|i| {
            let fade = (i as f32 / fade_in as f32).min((total - i) as f32 / fade_out as f32).min(1.0);
            voice_samples[i] + music_samples[i % music_samples.len()] * bed * gains[i] * fade
        })
        .collect();
    // The sum may pass full scale: scaled as a whole (the loudness pass sets the level after).
    let peak = mixed.iter().fold(0f32, |m, s| m.max(s.abs()));
    let scale = if peak > 0.99 { 0.99 / peak } else { 1.0 };
    let data = mixed.iter().flat_map(|s| (((s * scale) * 32_767.0) as i16).to_le_bytes()).collect();
    Ok(Pcm { sample_rate: voice.sample_rate, channels: 1, data })
}

/// For each window of `samples`, whether the voice is speaking in it.
fn speaking(samples: &[f32], window: usize) -> Vec<bool> {
    let levels: Vec<f32> = samples.chunks(window).map(rms).collect();
    let loudest = levels.iter().fold(0f32, |m, l| m.max(*l));
    let floor = loudest * db(SPEECH_FLOOR_DB);
    levels.iter().map(|l| *l > floor && *l > 1e-4).collect()
}

/// The music's gain at every sample: down by [`DUCK_DB`] where the voice speaks (looked at a
/// little ahead), smoothed by the attack and release times.
fn ducking(speech: &[bool], window: usize, rate: usize, len: usize) -> Vec<f32> {
    let ahead = rate * LOOK_AHEAD_MS as usize / 1000;
    let per_sample = |ms: f32| 1.0 - (-1.0 / (ms / 1000.0 * rate as f32)).exp();
    let (attack, release) = (per_sample(ATTACK_MS), per_sample(RELEASE_MS));
    let (down, mut gain) = (db(DUCK_DB), 1.0f32);
    (0..len)
        .map(|i| {
            let target = if speech.get((i + ahead) / window).copied().unwrap_or(false) { down } else { 1.0 };
            gain += (target - gain) * if target < gain { attack } else { release };
            gain
        })
        .collect()
}

fn floats(pcm: &Pcm) -> Vec<f32> {
    pcm.data.chunks_exact(2).map(|b| f32::from(i16::from_le_bytes([b[0], b[1]])) / 32_768.0).collect()
}

fn rms(samples: &[f32]) -> f32 {
    (samples.iter().map(|s| s * s).sum::<f32>() / samples.len().max(1) as f32).sqrt()
}

/// The root mean square of all the windows given.
fn level<'a>(windows: impl Iterator<Item = &'a [f32]>) -> f32 {
    let (sum, n) = windows.flatten().fold((0f64, 0usize), |(s, n), x| (s + f64::from(x * x), n + 1));
    (sum / n.max(1) as f64).sqrt() as f32
}

fn db(value: f32) -> f32 {
    10f32.powf(value / 20.0)
}

#[cfg(test)]
mod tests {
    use super::*;

    const RATE: u32 = 24_000;

    /// A tone of `hz` for `ms` at `amplitude`, or silence for amplitude 0.
    fn tone(hz: f32, ms: u64, amplitude: f32) -> Vec<f32> {
        let n = (u64::from(RATE) * ms / 1000) as usize;
        (0..n).map(|i| amplitude * (i as f32 * hz * std::f32::consts::TAU / RATE as f32).sin()).collect()
    }

    fn pcm(samples: &[f32]) -> Pcm {
        let data = samples.iter().flat_map(|s| ((s * 32_767.0) as i16).to_le_bytes()).collect();
        Pcm { sample_rate: RATE, channels: 1, data }
    }

    /// The level of the music alone in `range` (ms) of the mix: the mix less the voice.
    fn music_level(mix: &Pcm, voice: &[f32], range: std::ops::Range<u64>) -> f32 {
        let at = |ms: u64| (ms * u64::from(RATE) / 1000) as usize;
        let mixed = floats(mix);
        let rest: Vec<f32> = (at(range.start)..at(range.end)).map(|i| mixed[i] - voice[i]).collect();
        20.0 * rms(&rest).log10()
    }

    #[test]
    fn music_loops_under_the_voice_and_drops_while_it_speaks() {
        // Speech (a loud 200 Hz tone) from 1.5 s to 3.5 s and 5 s to 6 s of 8 s; music 1.2 s long.
        let voice: Vec<f32> = [(1_500, 0.0), (2_000, 0.5), (1_500, 0.0), (1_000, 0.5), (2_000, 0.0)]
            .iter()
            .flat_map(|&(ms, a)| tone(200.0, ms, a))
            .collect();
        let music = tone(440.0, 1_200, 0.3);
        let mix = under(&pcm(&voice), &pcm(&music)).unwrap();
        assert_eq!(mix.data.len(), voice.len() * 2, "as long as the voice, the music looped");
        let pause = music_level(&mix, &voice, 1_000..1_400);
        let words = music_level(&mix, &voice, 2_000..3_400);
        let between = music_level(&mix, &voice, 4_300..4_900);
        assert!(pause - words >= 15.0 && between - words >= 10.0, "{pause:.1} {words:.1} {between:.1} dB");
        let speech = 20.0 * rms(&voice[(RATE as usize * 2)..(RATE as usize * 3)]).log10();
        assert!(speech - pause >= 6.0, "the bed sits under the voice: {speech:.1} against {pause:.1} dB");
        let start = music_level(&mix, &voice, 0..100);
        let end = music_level(&mix, &voice, 7_900..8_000);
        assert!(pause - start >= 10.0 && pause - end >= 10.0, "faded in and out: {start:.1} {end:.1}");
    }

    #[test]
    fn stereo_or_mismatched_rates_or_silence_are_refused() {
        let voice = pcm(&tone(200.0, 500, 0.5));
        assert!(under(&voice, &Pcm { sample_rate: 48_000, ..pcm(&tone(440.0, 500, 0.3)) }).is_err());
        assert!(under(&voice, &Pcm { channels: 2, ..pcm(&tone(440.0, 500, 0.3)) }).is_err());
        assert!(under(&voice, &pcm(&[])).is_err());
    }
}
