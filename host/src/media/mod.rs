//! Media the service makes and reads: PCM WAV files (`wav`), speech synthesis (`speech`, with
//! the embedded voices in `piper` (English) and `kokoro` (es, fr, it, pt, hi, zh, ja), neural,
//! and `espeak`, which reads Japanese as `kana` gives it), loudness (`loudness`), uploaded audio
//! decoding and pause detection (`audio`), speech to text (`transcribe` for an endpoint,
//! `whisper` embedded), a video's rhythm (`rhythm`), captions (`captions`), frames (`film`), the
//! MP4 encoder (`mp4`), music under a narration (`music`) and what stands for a video where it
//! does not play (`stills`).

pub mod audio;
pub mod captions;
pub mod espeak;
pub mod film;
pub mod kana;
pub mod kokoro;
pub mod loudness;
pub mod mp4;
pub mod music;
pub mod piper;
pub mod rhythm;
pub mod speech;
pub mod stills;
pub mod transcribe;
pub mod wav;
pub mod whisper;

/// A job's scratch folder under the data folder, removed however the job ends.
pub struct Scratch(std::path::PathBuf);

impl Scratch {
    /// `<data_dir>/tmp/<name>`, created.
    pub async fn new(data_dir: &std::path::Path, name: &str) -> std::io::Result<Scratch> {
        let path = data_dir.join("tmp").join(name);
        tokio::fs::create_dir_all(&path).await?;
        Ok(Scratch(path))
    }

    pub fn path(&self) -> &std::path::Path {
        &self.0
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let path = std::mem::take(&mut self.0);
        // Removing a folder is file I/O: off the async threads when there are some.
        match tokio::runtime::Handle::try_current() {
            Ok(runtime) => drop(runtime.spawn_blocking(move || std::fs::remove_dir_all(path))),
            Err(_) => drop(std::fs::remove_dir_all(path)),
        }
    }
}
