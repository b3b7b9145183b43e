//! Narration at the loudness platforms play at: −14 LUFS integrated (EBU R128, measured with the
//! `ebur128` crate) with true peaks held under −1 dBTP by a look-ahead limiter, so a video is
//! neither turned down by the platform nor quieter than the one before it.

use kernels::samples::{limited, peaks};

use super::wav::Pcm;

/// Target integrated loudness (LUFS) and how close to it is close enough (LU).
pub const TARGET_LUFS: f64 = -14.0;
const TOLERANCE_LU: f64 = 0.3;
/// The true-peak ceiling aimed at (dBTP), under the −1 dBTP limit by a margin for the
/// resampling to 48 kHz and the AAC encoder, whose output may peak above its input: by up to
/// 0.7 dB measured (Kokoro's French, a 24 kHz track limited to −1.5 peaked at −0.8 in its MP4).
const CEILING_DBTP: f64 = -2.0;
/// Tries at reaching the target before the best one is kept.
const TRIES: usize = 10;

/// What a meter reads off a track: integrated loudness (LUFS) and true peak (dBTP).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Reading {
    pub lufs: f64,
    pub peak_dbtp: f64,
}

/// Measures 16-bit PCM; `None` for silence (no loudness to read).
pub fn measure(pcm: &Pcm) -> Result<Option<Reading>, String> {
    let Some((lufs, meter)) = meter(pcm, ebur128::Mode::I | ebur128::Mode::TRUE_PEAK)? else { return Ok(None) };
    let mut peak = 0f64;
    for channel in 0..u32::from(pcm.channels) {
        peak = peak.max(meter.true_peak(channel).map_err(|e| format!("loudness: {e}"))?);
    }
    Ok(Some(Reading { lufs, peak_dbtp: 20.0 * peak.max(1e-9).log10() }))
}

/// Integrated loudness only: a fraction of the true peak's cost (no oversampling).
fn integrated(pcm: &Pcm) -> Result<Option<f64>, String> {
    Ok(meter(pcm, ebur128::Mode::I)?.map(|(lufs, _)| lufs))
}

/// `pcm` through a meter in `mode`: its integrated loudness (`None` for silence) and the meter.
fn meter(pcm: &Pcm, mode: ebur128::Mode) -> Result<Option<(f64, ebur128::EbuR128)>, String> {
    let mut meter =
        ebur128::EbuR128::new(u32::from(pcm.channels), pcm.sample_rate, mode).map_err(|e| format!("loudness: {e}"))?;
    meter.add_frames_i16(&samples(pcm)).map_err(|e| format!("loudness: {e}"))?;
    let lufs = meter.loudness_global().map_err(|e| format!("loudness: {e}"))?;
    Ok(lufs.is_finite().then_some((lufs, meter)))
}

fn samples(pcm: &Pcm) -> Vec<i16> {
    kernels::samples::from_le_bytes(&pcm.data)
}

/// Brings `pcm` to [`TARGET_LUFS`] with its true peaks under the ceiling. Silence is left as it
/// is. Gain and ceiling are corrected from what the meter reads after each try (limiting lowers
/// loudness, so the gain climbs along the slope the tries show; inter-sample peaks sit above sample peaks, so the ceiling
/// drops); if no try meets both, the last gain is kept a decibel further under the ceiling.
pub fn normalize(pcm: &mut Pcm) -> Result<(), String> {
    let Some(before) = integrated(pcm)? else { return Ok(()) };
    let original = samples(pcm);
    // The peaks do not change from try to try: found once.
    let loudest = peaks(&original, usize::from(pcm.channels.max(1)));
    let mut gain_db = TARGET_LUFS - before;
    let mut ceiling_db = CEILING_DBTP;
    let write = |pcm: &mut Pcm, gain_db: f64, ceiling_db: f64| {
        let made = limited(&original, &loudest, pcm.sample_rate, gain_db, ceiling_db);
        pcm.data = kernels::samples::to_le_bytes(&made);
    };
    let mut last: Option<(f64, f64)> = None;
    for _ in 0..TRIES {
        write(pcm, gain_db, ceiling_db);
        // The cheap reading first; the true peak only once the loudness is right.
        let Some(lufs) = integrated(pcm)? else { return Ok(()) };
        // Limited harder, the track gains less than a decibel per decibel: the next step follows
        // the slope of the last two tries (secant), within reason.
        let slope = match last {
            Some((g, l)) if (gain_db - g).abs() > 0.01 => ((lufs - l) / (gain_db - g)).clamp(0.2, 1.0),
            _ => 1.0,
        };
        last = Some((gain_db, lufs));
        gain_db += (TARGET_LUFS - lufs) / slope;
        if (lufs - TARGET_LUFS).abs() > TOLERANCE_LU {
            continue;
        }
        let Some(after) = measure(pcm)? else { return Ok(()) };
        if after.peak_dbtp <= CEILING_DBTP + 0.05 {
            return Ok(());
        }
        ceiling_db -= after.peak_dbtp - CEILING_DBTP;
    }
    // No try met both: peaks matter more than the last fraction of loudness.
    write(pcm, gain_db, ceiling_db - 1.0);
    Ok(())
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
        // Quiet speech with peaks about 22 dB over its loudness, as the neural voice makes it:
        // clicks well above the body.
        let data = said[0]
            .samples
            .iter()
            .enumerate()
            .flat_map(|(i, &s)| {
                let click = if i % 2_205 == 0 { 9_000 } else { 0 };
                ((f64::from(s) / 4.0) as i16).saturating_add(click).to_le_bytes()
            })
            .collect();
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
