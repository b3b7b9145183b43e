//! Media the service makes and reads: PCM WAV files (`wav`) and speech synthesis (`speech`).

pub mod speech;
pub mod wav;
