//! The built-in slideshow generator: a title slide, three to five point slides and a closer
//! (or, for a single meme, the title and the closer), for pay-per-asset previews and renders,
//! in 23 languages.
//!
//! Points come from the input's own sentences after its first; what is missing comes from the
//! operator's model when it answers usable lines, else from the phrase tables. This file only
//! meets the host: the assembly lives in `write` (tested natively), the tables in `phrases`.

mod model;
mod phrases;
mod write;

#[cfg(test)]
mod tests;

use guest::{Capability, Content, GenerateError, Guest, Manifest, Request, host};

use model::Ask;
use write::KINDS;

struct Slideshow;

impl Guest for Slideshow {
    fn describe() -> Manifest {
        Manifest {
            name: "slideshow".into(),
            version: env!("CARGO_PKG_VERSION").into(),
            description: "Slideshows in 23 languages: a title slide, points and a closer.".into(),
            tasks: vec!["slideshow".into()],
            kinds: KINDS.iter().map(|k| k.to_string()).collect(),
            languages: phrases::TABLES.iter().map(|(code, _)| code.to_string()).collect(),
            // With the operator's model configured, missing points are written by it (checked,
            // with the phrase tables as the fallback); without one, the tables.
            capabilities: vec![Capability::Completion],
            sample_input: guest::sample("slideshow", Some("slideshow"), "Why small teams ship faster"),
        }
    }

    fn generate(request: Request) -> Result<Content, GenerateError> {
        if request.task != "slideshow" {
            return Err(GenerateError::UnsupportedTask(request.task));
        }
        let kind = request.kind.clone().unwrap_or_else(|| "slideshow".into());
        if !KINDS.contains(&kind.as_str()) {
            return Err(GenerateError::UnsupportedTask(format!("slideshow kind {kind}")));
        }
        if phrases::for_language(&request.language).is_none() {
            return Err(GenerateError::UnsupportedLanguage(request.language.clone()));
        }
        let input = guest::checked_input(&request, 2000)?;
        let brand = request.brand.as_ref().map(|b| (b.name.as_str(), b.voice.as_str()));
        // Any failure of the host's call is `None`: the model is then not asked again.
        let call = Box::new(|ask: &Ask| {
            host::complete(&host::CompletionRequest {
                system: ask.system.clone(),
                prompt: ask.prompt.clone(),
                max_tokens: ask.max_tokens,
                json_schema: None,
            })
            .ok()
        });
        let reading = guest::reading(&request);
        let mut written = write::write(&kind, &request.language, &input, &reading, request.seed, brand, Some(call))
            .ok_or_else(|| GenerateError::Internal(format!("no writer for {kind} in {}", request.language)))?;
        // Each slide is voiced as a beat: Chinese is read from its pinyin, one syllable per
        // character, as the beats generator hands it to the voice.
        if request.language == "zh" {
            for block in &mut written.blocks {
                block.attributes.push(("speech".into(), guest::pinyin_of(&block.text)));
            }
        }
        Ok(Content {
            title: written.title,
            blocks: written.blocks,
            tags: vec!["slideshow".into(), kind, request.language],
        })
    }
}

guest::export_generator!(Slideshow);
