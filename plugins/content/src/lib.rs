//! The built-in content generator: brand content in eight categories (a tweet, a thread, a
//! LinkedIn post, an Instagram post, a short video script, an email, a blog introduction and a
//! press release) in 23 languages, each block within the limit its platform shows or accepts.
//!
//! With the operator's model configured, the main free text of each category is written by it
//! (every line checked, the phrase tables as the fallback); without one the tables write
//! everything, deterministically per seed. This file only meets the host: the assembly lives
//! in `write` (tested natively), the tables in `phrases`.

mod model;
mod phrases;
mod text;
mod write;

#[cfg(test)]
mod tests;

use guest::{Capability, Content, GenerateError, Guest, Manifest, Request, host};

use model::Ask;
use write::{Brand, CATEGORIES};

struct Posts;

impl Guest for Posts {
    fn describe() -> Manifest {
        Manifest {
            name: "content".into(),
            version: env!("CARGO_PKG_VERSION").into(),
            description: "Brand content in 23 languages: tweet, thread, LinkedIn, Instagram, TikTok script, email, \
                          blog intro and press release, each within its platform's limits."
                .into(),
            tasks: vec!["content".into()],
            kinds: CATEGORIES.iter().map(|c| c.to_string()).collect(),
            languages: phrases::TABLES.iter().map(|(code, _)| code.to_string()).collect(),
            // With the operator's model configured, the main text is written by it (checked,
            // with the phrase tables as the fallback); without one, the tables.
            capabilities: vec![Capability::Completion],
            sample_input: guest::sample("content", Some("tweet"), "Our API now renders vertical video"),
        }
    }

    fn generate(request: Request) -> Result<Content, GenerateError> {
        if request.task != "content" {
            return Err(GenerateError::UnsupportedTask(request.task));
        }
        let category = request.kind.clone().unwrap_or_else(|| "tweet".into());
        if !CATEGORIES.contains(&category.as_str()) {
            return Err(GenerateError::UnsupportedTask(format!("content category {category}")));
        }
        if phrases::for_language(&request.language).is_none() {
            return Err(GenerateError::UnsupportedLanguage(request.language.clone()));
        }
        let input = guest::checked_input(&request, 2000)?;
        let brand =
            request.brand.as_ref().map(|b| Brand::new(&b.name, &b.voice, &b.hashtag, &b.token)).unwrap_or_default();
        // Any failure of the host's call (not granted, out of quota, no model) is `None`:
        // the model wrapper then stops asking for the rest of the request.
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
        let written = write::write(&category, &request.language, &input, &reading, request.seed, brand, Some(call))
            .ok_or_else(|| GenerateError::Internal(format!("no writer for {category} in {}", request.language)))?;
        Ok(Content {
            title: written.title,
            blocks: written.blocks,
            tags: vec!["content".into(), category, request.language],
        })
    }
}

guest::export_generator!(Posts);
