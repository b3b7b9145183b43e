//! Media the service makes and reads: PCM WAV files (`wav`), speech synthesis (`speech`),
//! uploaded audio decoding and pause detection (`audio`), speech to text (`transcribe` for an
//! endpoint, `recognize` embedded) and the MP4 encoder (`mp4`).

pub mod audio;
pub mod mp4;
pub mod recognize;
pub mod speech;
pub mod transcribe;
pub mod wav;

/// A job's scratch folder under the data folder, removed however the job ends.
pub struct Scratch(pub std::path::PathBuf);

impl Scratch {
    /// `<data_dir>/tmp/<name>`, created.
    pub fn new(data_dir: &std::path::Path, name: &str) -> std::io::Result<Scratch> {
        let path = data_dir.join("tmp").join(name);
        std::fs::create_dir_all(&path)?;
        Ok(Scratch(path))
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}
