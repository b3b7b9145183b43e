//! The built-in content generator: posts of nine categories in a brand's voice.

use guest::{Content, GenerateError, Guest, Manifest, Request, block, pick, subject};

struct Posts;

const CATEGORIES: [&str; 9] = ["meme", "tweet", "linkedin", "thread", "announcement", "tip", "quote", "poll", "story"];

impl Guest for Posts {
    fn describe() -> Manifest {
        Manifest {
            name: "content".into(),
            version: env!("CARGO_PKG_VERSION").into(),
            description: "Brand posts: meme, tweet, linkedin and six more categories.".into(),
            tasks: vec!["content".into()],
            kinds: CATEGORIES.iter().map(|c| c.to_string()).collect(),
            languages: vec!["en".into()],
            capabilities: Vec::new(),
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
        guest::check_language(&request, &["en"])?;
        let input = guest::checked_input(&request, 2000)?;
        let topic = subject(&input, 120);
        let seed = request.seed;
        let text = match category.as_str() {
            "poll" => format!("{topic}? Yes / No / Depends"),
            "quote" => format!("“{topic}.”"),
            "tip" => format!("Tip: {topic}."),
            "thread" => format!("{topic} 🧵"),
            "linkedin" => format!(
                "{} {topic}. Here is what we learned.",
                pick(&["I've been thinking about this:", "A short story:"], seed, 1)
            ),
            _ => format!("{} {topic}", pick(&["New:", "Today:", "Heads up:"], seed, 2)),
        };
        let mut blocks = vec![block("post", text)];
        if let Some(brand) = &request.brand {
            blocks.push(block("signoff", format!("{} {}", brand.hashtag, brand.token).trim().to_string()));
        }
        Ok(Content { title: topic, blocks, tags: vec!["content".into(), category] })
    }
}

guest::export_generator!(Posts);
