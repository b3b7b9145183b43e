//! The built-in brand-voice generator: rewrites a line in a brand's voice, with its hashtag
//! and token, so every generator's output can sound like the brand.

use guest::{Content, GenerateError, Guest, Manifest, Request, block, pick};

struct BrandVoice;

impl Guest for BrandVoice {
    fn describe() -> Manifest {
        Manifest {
            name: "brand-voice".into(),
            version: env!("CARGO_PKG_VERSION").into(),
            description: "Puts a line in a brand's voice with its hashtag and token.".into(),
            tasks: vec!["voice".into()],
            kinds: Vec::new(),
            languages: vec!["en".into()],
            capabilities: Vec::new(),
            sample_input: guest::sample("voice", None, "We shipped the new release"),
        }
    }

    fn generate(request: Request) -> Result<Content, GenerateError> {
        if request.task != "voice" {
            return Err(GenerateError::UnsupportedTask(request.task));
        }
        guest::check_language(&request, &["en"])?;
        let line = guest::checked_input(&request, 2000)?;
        let seed = request.seed;
        let Some(brand) = request.brand else {
            return Ok(Content { title: line.clone(), blocks: vec![block("line", line)], tags: vec!["voice".into()] });
        };
        let opener = pick(&["Big news:", "Heads up:", "Guess what:", "It's here:"], seed, 1);
        let voiced = format!("{opener} {line} {} {}", brand.hashtag, brand.token).trim().to_string();
        Ok(Content {
            title: brand.name.clone(),
            blocks: vec![block("line", voiced), block("voice", brand.voice)],
            tags: vec!["voice".into(), brand.key],
        })
    }
}

guest::export_generator!(BrandVoice);
