//! Narration at the loudness platforms play at: −14 LUFS integrated (EBU R128, measured with the
//! `ebur128` crate) with true peaks held under −1 dBTP by a look-ahead limiter, so a video is
//! neither turned down by the platform nor quieter than the one before it.

use super::wav::Pcm;

/// Target integrated loudness (LUFS) and how close to it is close enough (LU).
pub const TARGET_LUFS: f64 = -14.0;
const TOLERANCE_LU: f64 = 0.3;
/// The true-peak ceiling aimed at (dBTP), under the −1 dBTP limit by a margin for the AAC
/// encoder, whose output may peak a little above its input.
const CEILING_DBTP: f64 = -1.5;
/// Tries at reaching the target before the best one is kept.
const TRIES: usize = 8;
/// How fast the limiter closes before a peak and opens after it.
const ATTACK_MS: f64 = 4.0;
const RELEASE_MS: f64 = 80.0;

/// What a meter reads off a track: integrated loudness (LUFS) and true peak (dBTP).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Reading {
    pub lufs: f64,
    pub peak_dbtp: f64,
}

/// Measures 16-bit PCM; `None` for silence (no loudness to read).
pub fn measure(pcm: &Pcm) -> Result<Option<Reading>, String> {
    let channels = u32::from(pcm.channels);
    let mode = ebur128::Mode::I | ebur128::Mode::TRUE_PEAK;
    let mut meter = ebur128::EbuR128::new(channels, pcm.sample_rate, mode).map_err(|e| format!("loudness: {e}"))?;
    meter.add_frames_i16(&samples(pcm)).map_err(|e| format!("loudness: {e}"))?;
    let lufs = meter.loudness_global().map_err(|e| format!("loudness: {e}"))?;
    let mut peak = 0f64;
    for channel in 0..channels {
        peak = peak.max(meter.true_peak(channel).map_err(|e| format!("loudness: {e}"))?);
    }
    Ok(lufs.is_finite().then(|| Reading { lufs, peak_dbtp: 20.0 * peak.max(1e-9).log10() }))
}

fn samples(pcm: &Pcm) -> Vec<i16> {
    pcm.data.chunks_exact(2).map(|b| i16::from_le_bytes([b[0], b[1]])).collect()
}

/// Brings `pcm` to [`TARGET_LUFS`] with its true peaks under the ceiling. Silence is left as it
/// is. Gain and ceiling are corrected from what the meter reads after each try (limiting lowers
/// loudness, so the gain climbs; inter-sample peaks sit above sample peaks, so the ceiling
/// drops); the try nearest the target with its peaks under the ceiling is kept.
pub fn normalize(pcm: &mut Pcm) -> Result<(), String> {
    let Some(before) = measure(pcm)? else { return Ok(()) };
    let original = samples(pcm);
    let mut gain_db = TARGET_LUFS - before.lufs;
    let mut ceiling_db = CEILING_DBTP;
    let mut best: Option<(f64, Vec<u8>)> = None;
    for _ in 0..TRIES {
        let made = limited(&original, pcm.channels, pcm.sample_rate, gain_db, ceiling_db);
        pcm.data = made.iter().flat_map(|s| s.to_le_bytes()).collect();
        let Some(after) = measure(pcm)? else { return Ok(()) };
        let off = (after.lufs - TARGET_LUFS).abs();
        if after.peak_dbtp <= CEILING_DBTP + 0.05 && best.as_ref().is_none_or(|(b, _)| off < *b) {
            best = Some((off, pcm.data.clone()));
        }
        if off <= TOLERANCE_LU && after.peak_dbtp <= CEILING_DBTP + 0.05 {
            return Ok(());
        }
        gain_db += TARGET_LUFS - after.lufs;
        ceiling_db -= (after.peak_dbtp - CEILING_DBTP).max(0.0);
    }
    if let Some((_, data)) = best {
        pcm.data = data;
    }
    Ok(())
}

/// `samples` made `gain_db` louder, with a gain envelope that never lets a sample past
/// `ceiling_db`: each sample's own limit, held open no faster than the release allows going
/// forward and closed ahead of each peak within the attack going back.
fn limited(samples: &[i16], channels: u16, rate: u32, gain_db: f64, ceiling_db: f64) -> Vec<i16> {
    let gain = 10f64.powf(gain_db / 20.0);
    let ceiling = 10f64.powf(ceiling_db / 20.0) * 32_767.0;
    let channels = usize::from(channels.max(1));
    let frames = samples.len() / channels;
    let mut envelope: Vec<f64> = (0..frames)
        .map(|f| {
            let loudest = samples[f * channels..(f + 1) * channels].iter().map(|&s| f64::from(s).abs()).fold(0.0, f64::max);
            if loudest * gain > ceiling { ceiling / (loudest * gain) } else { 1.0 }
        })
        .collect();
    let step = |ms: f64| 1.0 / (ms / 1000.0 * f64::from(rate)).max(1.0);
    let (release, attack) = (step(RELEASE_MS), step(ATTACK_MS));
    for f in 1..frames {
        envelope[f] = envelope[f].min(envelope[f - 1] + release);
    }
    for f in (0..frames.saturating_sub(1)).rev() {
        envelope[f] = envelope[f].min(envelope[f + 1] + attack);
    }
    samples
        .iter()
        .enumerate()
        .map(|(i, &s)| (f64::from(s) * gain * envelope[i / channels]).round().clamp(-32_768.0, 32_767.0) as i16)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A second of a tone with bursts, at `level` of full scale: speech-like peaks over a body.
    fn tone(level: f64, rate: u32) -> Pcm {
        let data = (0..rate * 3)
            .flat_map(|i| {
                let t = f64::from(i) / f64::from(rate);
                let burst = if (t * 4.0).fract() < 0.1 { 3.0 } else { 1.0 };
                let v = (level * burst * (t * 440.0 * std::f64::consts::TAU).sin()).clamp(-1.0, 1.0);
                ((v * 32_767.0) as i16).to_le_bytes()
            })
            .collect();
        Pcm { sample_rate: rate, channels: 1, data }
    }

    #[test]
    fn quiet_and_loud_tracks_both_end_at_the_target_under_the_ceiling() {
        for (level, rate) in [(0.02, 22_050), (0.3, 48_000)] {
            let mut pcm = tone(level, rate);
            let before = measure(&pcm).unwrap().unwrap();
            normalize(&mut pcm).unwrap();
            let after = measure(&pcm).unwrap().unwrap();
            assert!((after.lufs - TARGET_LUFS).abs() <= TOLERANCE_LU, "{before:?} → {after:?}");
            assert!(after.peak_dbtp <= -1.0, "{before:?} → {after:?}");
            assert_eq!(pcm.sample_rate, rate);
        }
    }

    #[test]
    fn speech_with_sharp_peaks_reaches_the_target_too() {
        let texts = vec!["Start a free trial today, and get your Fridays back! Really? Yes.".to_string()];
        let (rate, said) = crate::media::espeak::synthesize("en-us", &texts).unwrap();
        let data = said[0].samples.iter().flat_map(|s| s.to_le_bytes()).collect();
        let mut pcm = Pcm { sample_rate: rate, channels: 1, data };
        let before = measure(&pcm).unwrap().unwrap();
        normalize(&mut pcm).unwrap();
        let after = measure(&pcm).unwrap().unwrap();
        assert!((after.lufs - TARGET_LUFS).abs() <= TOLERANCE_LU, "{before:?} → {after:?}");
        assert!(after.peak_dbtp <= CEILING_DBTP + 0.05, "{before:?} → {after:?}");
    }

    #[test]
    fn silence_is_left_alone() {
        let mut pcm = Pcm { sample_rate: 22_050, channels: 1, data: vec![0; 44_100] };
        assert_eq!(measure(&pcm).unwrap(), None);
        normalize(&mut pcm).unwrap();
        assert!(pcm.data.iter().all(|&b| b == 0));
    }
}
