//! Media the service makes and reads: PCM WAV files (`wav`), speech synthesis (`speech`),
//! uploaded audio decoding and pause detection (`audio`), speech to text (`transcribe`) and the
//! MP4 encoder (`mp4`).

pub mod audio;
pub mod mp4;
pub mod speech;
pub mod transcribe;
pub mod wav;
