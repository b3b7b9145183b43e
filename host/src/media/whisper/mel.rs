//! Whisper's input: the log-mel spectrogram of 30 s of 16 kHz audio (80 bands, a 25 ms Hann
//! window every 10 ms), computed as Whisper's own front end does, so the model hears what it was
//! trained on. The filter bank is librosa's Slaney mel scale, which Whisper's filters come from.

use std::sync::Arc;

use realfft::RealFftPlanner;

/// Samples per second the model hears.
pub const RATE: usize = 16_000;
/// Samples in one window, and between two.
const N_FFT: usize = 400;
const HOP: usize = 160;
/// Mel bands (Whisper base).
pub const BANDS: usize = 80;
/// Samples in one chunk (30 s), and frames in its spectrogram.
pub const CHUNK: usize = 30 * RATE;
pub const FRAMES: usize = CHUNK / HOP;

/// The spectrogram front end: its FFT plan, window and filter bank, made once.
pub struct Front {
    fft: Arc<dyn realfft::RealToComplex<f32>>,
    window: Vec<f32>,
    /// Each band's filter as the first bin it weighs and its weights from there (a triangle
    /// covers a few bins of the 201, so the rest is never multiplied).
    filters: Vec<(usize, Vec<f32>)>,
}

impl Front {
    pub fn new() -> Front {
        let fft = RealFftPlanner::<f32>::new().plan_fft_forward(N_FFT);
        // A periodic Hann window, as torch.hann_window makes.
        let window = (0..N_FFT)
            .map(|n| (0.5 - 0.5 * (2.0 * std::f64::consts::PI * n as f64 / N_FFT as f64).cos()) as f32)
            .collect();
        let filters = filters()
            .iter()
            .map(|row| {
                let first = row.iter().position(|&w| w > 0.0).unwrap_or(0);
                let last = row.iter().rposition(|&w| w > 0.0).unwrap_or(first);
                (first, row[first..=last].to_vec())
            })
            .collect();
        Front { fft, window, filters }
    }

    /// `[BANDS × FRAMES]` features (band-major) of `samples` (at most [`CHUNK`]; the rest is
    /// silence), on Whisper's scale: log10 power, floored 8 below its peak, then `(x + 4) / 4`.
    pub fn features(&self, samples: &[f32]) -> Vec<f32> {
        let samples = &samples[..samples.len().min(CHUNK)];
        // Centred frames: half a window of reflection at each end of the padded chunk.
        let mut padded = vec![0.0f32; CHUNK + N_FFT];
        let half = N_FFT / 2;
        padded[half..half + samples.len()].copy_from_slice(samples);
        for i in 0..half {
            padded[half - 1 - i] = padded[half + 1 + i];
            padded[half + CHUNK + i] = padded[half + CHUNK - 2 - i];
        }
        let (mut frame, mut spectrum) = (self.fft.make_input_vec(), self.fft.make_output_vec());
        let mut out = vec![0.0f32; BANDS * FRAMES];
        let mut power = [0.0f32; N_FFT / 2 + 1];
        for t in 0..FRAMES {
            for (i, x) in frame.iter_mut().enumerate() {
                *x = padded[t * HOP + i] * self.window[i];
            }
            // The plan's lengths are the vectors it made, so this cannot fail.
            let _ = self.fft.process(&mut frame, &mut spectrum);
            for (p, c) in power.iter_mut().zip(&spectrum) {
                *p = c.norm_sqr();
            }
            for (band, (first, weights)) in self.filters.iter().enumerate() {
                let energy: f32 = weights.iter().zip(&power[*first..]).map(|(w, p)| w * p).sum();
                out[band * FRAMES + t] = energy.max(1e-10).log10();
            }
        }
        let peak = out.iter().copied().fold(f32::MIN, f32::max);
        for x in &mut out {
            *x = (x.max(peak - 8.0) + 4.0) / 4.0;
        }
        out
    }
}

/// Hz to mel on the Slaney scale: linear to 1 kHz, logarithmic above.
fn mel(hz: f64) -> f64 {
    let (step, knee) = (200.0 / 3.0, 1000.0);
    if hz < knee { hz / step } else { knee / step + (hz / knee).ln() / (6.4f64.ln() / 27.0) }
}

fn hz(mel_value: f64) -> f64 {
    let (step, knee) = (200.0 / 3.0, 1000.0);
    let knee_mel = knee / step;
    if mel_value < knee_mel { mel_value * step } else { knee * ((mel_value - knee_mel) * 6.4f64.ln() / 27.0).exp() }
}

/// Triangular filters spaced evenly in mel from 0 to 8 kHz, each scaled to equal area.
fn filters() -> Vec<[f32; N_FFT / 2 + 1]> {
    let top = mel(RATE as f64 / 2.0);
    let edges: Vec<f64> = (0..BANDS + 2).map(|i| hz(top * i as f64 / (BANDS + 1) as f64)).collect();
    let bin_hz = |k: usize| k as f64 * RATE as f64 / N_FFT as f64;
    (0..BANDS)
        .map(|b| {
            let (low, mid, high) = (edges[b], edges[b + 1], edges[b + 2]);
            let area = 2.0 / (high - low);
            let mut row = [0.0f32; N_FFT / 2 + 1];
            for (k, w) in row.iter_mut().enumerate() {
                let f = bin_hz(k);
                let rise = (f - low) / (mid - low);
                let fall = (high - f) / (high - mid);
                *w = (rise.min(fall).max(0.0) * area) as f32;
            }
            row
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_mel_scale_is_slaneys() {
        assert!((mel(1000.0) - 15.0).abs() < 1e-9);
        assert!((hz(mel(440.0)) - 440.0).abs() < 1e-6 && (hz(mel(6000.0)) - 6000.0).abs() < 1e-6);
        let bank = filters();
        // Every band has weight, and the bands rise in frequency.
        let centre = |row: &[f32; 201]| row.iter().enumerate().max_by(|a, b| a.1.total_cmp(b.1)).unwrap().0;
        assert!(bank.iter().all(|row| row.iter().any(|&w| w > 0.0)));
        assert!(bank.windows(2).all(|w| centre(&w[0]) <= centre(&w[1])));
    }

    #[test]
    fn a_tone_lights_the_band_of_its_pitch_and_silence_sits_at_the_floor() {
        let front = Front::new();
        let tone: Vec<f32> =
            (0..RATE).map(|i| (2.0 * std::f32::consts::PI * 1000.0 * i as f32 / RATE as f32).sin() * 0.5).collect();
        let features = front.features(&tone);
        assert_eq!(features.len(), BANDS * FRAMES);
        let frame = 50;
        let loudest =
            (0..BANDS).max_by(|&a, &b| features[a * FRAMES + frame].total_cmp(&features[b * FRAMES + frame])).unwrap();
        let expected = (0..BANDS).min_by(|&a, &b| {
            let d = |band: usize| (hz(mel(RATE as f64 / 2.0) * (band + 1) as f64 / (BANDS + 1) as f64) - 1000.0).abs();
            d(a).total_cmp(&d(b))
        });
        assert_eq!(Some(loudest), expected, "1 kHz lands in the band centred nearest 1 kHz");
        // After the tone: the floor, 8 below the peak on the log scale, i.e. (peak - 8 + 4) / 4.
        let peak = features.iter().copied().fold(f32::MIN, f32::max);
        assert!((features[10 * FRAMES + 2500] - (peak - 2.0)).abs() < 1e-6);
    }
}
