//! The smallest useful generator: one block echoing the input. The benchmark's "trivial
//! plugin" and the hot-swap tests' second version.

use guest::{Content, GenerateError, Guest, Manifest, Request, block};

struct Trivial;

impl Guest for Trivial {
    fn describe() -> Manifest {
        Manifest {
            name: "trivial".into(),
            version: "1.0.0".into(),
            description: "Echoes the input as one block.".into(),
            tasks: vec!["meme".into()],
            kinds: Vec::new(),
            languages: vec!["en".into()],
            capabilities: Vec::new(),
            sample_input: guest::sample("meme", None, "ping"),
        }
    }

    fn generate(request: Request) -> Result<Content, GenerateError> {
        Ok(Content { title: "trivial".into(), blocks: vec![block("echo", request.input)], tags: Vec::new() })
    }
}

guest::export_generator!(Trivial);
