//! Replays every fuzz corpus (`fuzz/corpus/<target>/`) through its harness function, on stable
//! and in the ordinary test run: the crashes fixed stay fixed (their inputs are in the corpus)
//! and a harness that no longer builds or holds is noticed without nightly or cargo-fuzz.

use std::path::Path;

#[test]
fn every_corpus_file_replays_through_its_target() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus");
    for (target, run) in asset_fuzz::TARGETS {
        let dir = root.join(target);
        let mut files: Vec<_> = std::fs::read_dir(&dir)
            .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
            .map(|entry| entry.expect("a directory entry").path())
            .filter(|path| path.is_file())
            .collect();
        files.sort();
        assert!(!files.is_empty(), "the corpus of {target} is empty");
        for file in files {
            let data = std::fs::read(&file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
            // A failing property panics; name the file so the input is easy to find.
            let outcome = std::panic::catch_unwind(|| run(&data));
            assert!(outcome.is_ok(), "{target}: {} fails", file.display());
        }
    }
}

#[test]
fn every_target_has_a_fuzz_binary() {
    let targets = Path::new(env!("CARGO_MANIFEST_DIR")).join("../fuzz_targets");
    for (target, _) in asset_fuzz::TARGETS {
        let source = std::fs::read_to_string(targets.join(format!("{target}.rs"))).expect("the fuzz target exists");
        assert!(source.contains(&format!("asset_fuzz::{target}(data)")), "{target}.rs calls its harness");
    }
}

#[test]
fn the_audio_seed_decodes_so_the_decode_properties_are_exercised() {
    // audio_sniff's decode properties hold vacuously if GStreamer's plugins are missing (every
    // decode then fails at once): the seed WAV (100 ms at 8 kHz) must decode.
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../corpus/audio_sniff/seed-wav-mono-8k");
    let wav = std::fs::read(root).expect("the seed WAV");
    let budget = asset_host::cpu::Budget::new(std::time::Duration::from_secs(10));
    let pcm = asset_host::media::audio::decode(&wav, 10_000, &budget).expect("the seed WAV decodes");
    assert!((80..=120).contains(&pcm.duration_ms()), "{} ms", pcm.duration_ms());
}
