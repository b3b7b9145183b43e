//! A generator to copy: answers the "meme" task with one line in the brand's voice.
//! Change `describe` and `generate`, build, upload — see plugins/README.md.

use guest::{Content, GenerateError, Guest, Manifest, Request, block};

struct MyGenerator;

impl Guest for MyGenerator {
    fn describe() -> Manifest {
        Manifest {
            name: "my-brand-memes".into(),
            version: env!("CARGO_PKG_VERSION").into(),
            description: "A brand's own meme generator.".into(),
            tasks: vec!["meme".into()],
            kinds: vec!["image".into(), "hottake".into()],
            languages: vec!["en".into()],
            // Ask only for what you use: e.g. `vec![guest::Capability::Completion]`.
            capabilities: Vec::new(),
            // The host calls `generate` with this before it lets anyone activate the plugin.
            sample_input: guest::sample("meme", Some("hottake"), "Our new flavour"),
        }
    }

    fn generate(request: Request) -> Result<Content, GenerateError> {
        let input = guest::checked_input(&request, 2000)?;
        let signoff = request.brand.map(|b| format!(" {} {}", b.hashtag, b.token)).unwrap_or_default();
        Ok(Content {
            title: input.clone(),
            blocks: vec![block("take", format!("Hot take: {input}{signoff}"))],
            tags: vec!["meme".into()],
        })
    }
}

guest::export_generator!(MyGenerator);
