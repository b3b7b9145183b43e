//! PCM WAV files: reading the 16-bit PCM that espeak-ng writes (whose sizes may be placeholders
//! when it writes to a pipe) and writing a correct file from samples.

/// 16-bit PCM audio.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Pcm {
    pub sample_rate: u32,
    pub channels: u16,
    /// Interleaved little-endian samples, as bytes.
    pub data: Vec<u8>,
}

impl Pcm {
    /// Length in milliseconds.
    pub fn duration_ms(&self) -> u64 {
        let frame = 2 * u64::from(self.channels.max(1));
        (self.data.len() as u64 / frame) * 1000 / u64::from(self.sample_rate.max(1))
    }

    /// The audio followed by `ms` of silence.
    pub fn padded(mut self, ms: u64) -> Pcm {
        let frame = 2 * usize::from(self.channels.max(1));
        let frames = (ms * u64::from(self.sample_rate) / 1000) as usize;
        self.data.resize(self.data.len() + frames * frame, 0);
        self
    }

    /// Frames (one sample per channel) in the audio.
    pub fn frames(&self) -> u64 {
        self.data.len() as u64 / (2 * u64::from(self.channels.max(1)))
    }

    /// The same audio after `ms` of silence.
    pub fn after_silence(&self, ms: u64) -> Pcm {
        let frames = (ms * u64::from(self.sample_rate) / 1000) as usize;
        let mut data = vec![0; frames * 2 * usize::from(self.channels.max(1))];
        data.extend_from_slice(&self.data);
        Pcm { data, ..*self }
    }

    /// The whole WAV file.
    pub fn to_wav(&self) -> Vec<u8> {
        let len = self.data.len() as u32;
        let block = 2 * self.channels;
        let mut out = Vec::with_capacity(44 + self.data.len());
        out.extend_from_slice(b"RIFF");
        out.extend_from_slice(&(36 + len).to_le_bytes());
        out.extend_from_slice(b"WAVEfmt ");
        out.extend_from_slice(&16u32.to_le_bytes());
        out.extend_from_slice(&1u16.to_le_bytes());
        out.extend_from_slice(&self.channels.to_le_bytes());
        out.extend_from_slice(&self.sample_rate.to_le_bytes());
        out.extend_from_slice(&(self.sample_rate * u32::from(block)).to_le_bytes());
        out.extend_from_slice(&block.to_le_bytes());
        out.extend_from_slice(&16u16.to_le_bytes());
        out.extend_from_slice(b"data");
        out.extend_from_slice(&len.to_le_bytes());
        out.extend_from_slice(&self.data);
        out
    }
}

/// Parses a 16-bit PCM WAV file. A `data` size past the end of the file (a placeholder written
/// by a program that could not seek back) means "the rest of the file".
pub fn parse(bytes: &[u8]) -> Result<Pcm, String> {
    if bytes.len() < 12 || &bytes[..4] != b"RIFF" || &bytes[8..12] != b"WAVE" {
        return Err("not a WAV file".into());
    }
    let (mut at, mut format) = (12, None);
    while at + 8 <= bytes.len() {
        let id = &bytes[at..at + 4];
        let size = u32::from_le_bytes(bytes[at + 4..at + 8].try_into().expect("4 bytes")) as usize;
        let body = at + 8;
        match id {
            b"fmt " if size >= 16 && body + 16 <= bytes.len() => {
                let field = |o: usize| u16::from_le_bytes([bytes[body + o], bytes[body + o + 1]]);
                let rate = u32::from_le_bytes(bytes[body + 4..body + 8].try_into().expect("4 bytes"));
                format = Some((field(0), field(2), rate, field(14)));
            }
            b"data" => {
                let Some((1, channels, sample_rate, 16)) = format else {
                    return Err("only 16-bit PCM WAV is supported".into());
                };
                if channels == 0 || sample_rate == 0 {
                    return Err("WAV without channels or sample rate".into());
                }
                // The header states the block align (2 bytes a channel) in 16 bits and the byte
                // rate in 32: a format beyond those is no real file, and `to_wav` (which
                // recomputes both) could not write it back.
                let block = 2 * u64::from(channels);
                if block > u64::from(u16::MAX) || u64::from(sample_rate) * block > u64::from(u32::MAX) {
                    return Err("WAV with more channels or a higher rate than its header can state".into());
                }
                let end = body.saturating_add(size).min(bytes.len());
                let mut data = bytes[body..end].to_vec();
                data.truncate(data.len() - data.len() % (2 * usize::from(channels)));
                return Ok(Pcm { sample_rate, channels, data });
            }
            _ => {}
        }
        at = body.saturating_add(size + size % 2);
    }
    Err("WAV without a data chunk".into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_written_file_parses_back_and_placeholder_sizes_mean_the_rest() {
        let pcm = Pcm { sample_rate: 22_050, channels: 1, data: vec![1, 0, 2, 0, 3, 0, 4, 0] };
        let wav = pcm.to_wav();
        assert_eq!(parse(&wav).unwrap(), pcm);
        let mut piped = wav.clone();
        piped[40..44].copy_from_slice(&0x7fff_f000u32.to_le_bytes());
        assert_eq!(parse(&piped).unwrap(), pcm);
        assert_eq!(pcm.frames(), 4);
        assert!(parse(b"RIFF....WAVEjunk").is_err());
        assert!(parse(b"not audio at all").is_err());
    }

    #[test]
    fn formats_a_header_cannot_state_are_refused() {
        // Found by the audio_sniff fuzz target: 64257 channels, or 2^31 Hz, parsed, and writing
        // the audio back overflowed the block align or the byte rate.
        let wav = |channels: u16, rate: u32| {
            let mut file = Pcm { sample_rate: 8000, channels: 1, data: vec![0; 8] }.to_wav();
            file[22..24].copy_from_slice(&channels.to_le_bytes());
            file[24..28].copy_from_slice(&rate.to_le_bytes());
            file
        };
        assert!(parse(&wav(64_257, 8000)).is_err());
        assert!(parse(&wav(1, 0x8000_0000)).is_err());
        let most = parse(&wav(32_767, 65_535)).unwrap();
        assert_eq!(parse(&most.to_wav()).unwrap(), most);
    }
}
