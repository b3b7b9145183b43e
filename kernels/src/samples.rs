//! 16-bit PCM as bytes and as samples, and the limiter that holds a gain under a ceiling.

/// How fast the limiter closes before a peak and opens after it.
const ATTACK_MS: f64 = 4.0;
const RELEASE_MS: f64 = 80.0;

/// Little-endian 16-bit PCM bytes as samples (a trailing odd byte is dropped).
pub fn from_le_bytes(data: &[u8]) -> Vec<i16> {
    data.chunks_exact(2).map(|b| i16::from_le_bytes([b[0], b[1]])).collect()
}

/// Samples as little-endian 16-bit PCM bytes.
pub fn to_le_bytes(samples: &[i16]) -> Vec<u8> {
    samples.iter().flat_map(|s| s.to_le_bytes()).collect()
}

/// `samples` made `gain_db` louder, with a gain envelope that never lets the waveform past
/// `ceiling_db`: each frame's own limit (from its peak between samples, `loudest`, see
/// [`peaks`]), held open no faster than the release allows going forward and closed ahead of
/// each peak within the attack going back.
pub fn limited(samples: &[i16], loudest: &[f64], rate: u32, gain_db: f64, ceiling_db: f64) -> Vec<i16> {
    let gain = 10f64.powf(gain_db / 20.0);
    let ceiling = 10f64.powf(ceiling_db / 20.0) * 32_767.0;
    let channels = (samples.len() / loudest.len().max(1)).max(1);
    let mut envelope: Vec<f64> =
        loudest.iter().map(|&peak| if peak * gain > ceiling { ceiling / (peak * gain) } else { 1.0 }).collect();
    let step = |ms: f64| 1.0 / (ms / 1000.0 * f64::from(rate)).max(1.0);
    let (release, attack) = (step(RELEASE_MS), step(ATTACK_MS));
    for f in 1..envelope.len() {
        envelope[f] = envelope[f].min(envelope[f - 1] + release);
    }
    for f in (0..envelope.len().saturating_sub(1)).rev() {
        envelope[f] = envelope[f].min(envelope[f + 1] + attack);
    }
    samples
        .iter()
        .enumerate()
        .map(|(i, &s)| (f64::from(s) * gain * envelope[i / channels]).round().clamp(-32_768.0, 32_767.0) as i16)
        .collect()
}

/// Each frame's peak over its channels, including the peaks the waveform reaches between it and
/// the next frame (a Catmull-Rom curve through the neighbouring samples, at quarter steps): a
/// cheap estimate of the true peak a meter finds by oversampling.
pub fn peaks(samples: &[i16], channels: usize) -> Vec<f64> {
    let frames = samples.len() / channels;
    let at = |f: isize, c: usize| f64::from(samples[(f.clamp(0, frames as isize - 1) as usize) * channels + c]);
    (0..frames as isize)
        .map(|f| {
            let mut peak = 0f64;
            for c in 0..channels {
                let (p0, p1, p2, p3) = (at(f - 1, c), at(f, c), at(f + 1, c), at(f + 2, c));
                peak = peak.max(p1.abs());
                for t in [0.25, 0.5, 0.75] {
                    let v = 0.5
                        * (2.0 * p1
                            + (p2 - p0) * t
                            + (2.0 * p0 - 5.0 * p1 + 4.0 * p2 - p3) * t * t
                            + (3.0 * p1 - p0 - 3.0 * p2 + p3) * t * t * t);
                    peak = peak.max(v.abs());
                }
            }
            peak
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn bytes_and_samples_round_trip() {
        let samples = [0, 1, -1, i16::MAX, i16::MIN, 300];
        assert_eq!(from_le_bytes(&to_le_bytes(&samples)), samples);
        assert_eq!(from_le_bytes(&[1, 0, 255]), [1], "an odd byte is dropped");
    }

    #[test]
    fn a_peak_between_samples_is_found_and_held_under_the_ceiling() {
        // A full-scale square edge overshoots between samples on the curve through them.
        let samples = [0, 0, 30_000, 30_000, 0, 0];
        let loudest = peaks(&samples, 1);
        assert!(loudest[2] > 30_000.0 && loudest[0] < loudest[2], "{loudest:?}");
        let out = limited(&samples, &loudest, 48_000, 6.0, -6.0);
        let ceiling = 10f64.powf(-6.0 / 20.0) * 32_767.0;
        assert!(out.iter().all(|&s| f64::from(s).abs() <= ceiling + 1.0), "{out:?}");
        assert_eq!(limited(&[100, -100], &peaks(&[100, -100], 2), 48_000, 0.0, 0.0), [100, -100], "quiet is untouched");
    }
}
