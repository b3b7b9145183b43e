//! Media the service makes and reads: PCM WAV files (`wav`), speech synthesis (`speech`) and
//! the MP4 encoder (`mp4`).

pub mod mp4;
pub mod speech;
pub mod wav;
