//! The built-in meme generator: six kinds, each a visibly different format, in a brand's voice.
//! (English phrase tables for now; the meme feature adds the other 22 languages.)

use guest::{Content, GenerateError, Guest, Manifest, Request, block, block_with, pick, subject};

struct Meme;

const KINDS: [&str; 6] = ["image", "carousel", "confession", "hottake", "reply", "hybrid"];

impl Guest for Meme {
    fn describe() -> Manifest {
        Manifest {
            name: "meme".into(),
            version: env!("CARGO_PKG_VERSION").into(),
            description: "Memes, slideshows and hot takes in a brand's voice.".into(),
            tasks: vec!["meme".into()],
            kinds: KINDS.iter().map(|k| k.to_string()).collect(),
            languages: vec!["en".into()],
            capabilities: Vec::new(),
            sample_input: guest::sample("meme", Some("hottake"), "Agents that pay for their own tools"),
        }
    }

    fn generate(request: Request) -> Result<Content, GenerateError> {
        if request.task != "meme" {
            return Err(GenerateError::UnsupportedTask(request.task));
        }
        let kind = request.kind.clone().unwrap_or_else(|| "image".into());
        if !KINDS.contains(&kind.as_str()) {
            return Err(GenerateError::UnsupportedTask(format!("meme kind {kind}")));
        }
        guest::check_language(&request, &["en"])?;
        let input = guest::checked_input(&request, 2000)?;
        let topic = subject(&input, 80);
        let seed = request.seed;
        let sign_off = request
            .brand
            .as_ref()
            .map(|b| format!("{} {}", b.hashtag, b.token).trim().to_string())
            .unwrap_or_default();
        let mut blocks = match kind.as_str() {
            "image" => vec![
                block("top", pick(&["Nobody:", "Me at 3 a.m.:", "Everyone else:", "My brain:"], seed, 1)),
                block("bottom", format!("{} {topic}", pick(&["Also me:", "Still thinking about", "Absolutely obsessed with"], seed, 2))),
            ],
            "carousel" => (1..=4u64)
                .map(|i| {
                    let line = match i {
                        1 => format!("{topic}: a thread"),
                        2 => pick(&["Step one: admit it.", "First, the problem.", "It starts small."], seed, i).to_string(),
                        3 => pick(&["Then it clicks.", "Then everyone copies it.", "Then it ships."], seed, i).to_string(),
                        _ => pick(&["Now you know.", "Save this.", "Share it with one friend."], seed, i).to_string(),
                    };
                    block_with("card", line, &[("index", &i.to_string())])
                })
                .collect(),
            "confession" => vec![block(
                "confession",
                format!("{} {topic}, {}", pick(&["I have to confess:", "Honestly?", "Confession time:"], seed, 3), pick(&["and I'm not sorry.", "and it changed everything.", "and nobody noticed."], seed, 4)),
            )],
            "hottake" => vec![block(
                "take",
                format!("{} {topic} {}", pick(&["Hot take:", "Unpopular opinion:", "Controversial, but"], seed, 5), pick(&["is the only thing that matters.", "is overrated.", "will win this year."], seed, 6)),
            )],
            "reply" => vec![
                block("post", topic.clone()),
                block("reply", pick(&["This. Exactly this.", "Bold of you to say it out loud.", "Screenshotting this for later."], seed, 7)),
            ],
            _ => vec![
                block("top", pick(&["Nobody:", "Everyone else:"], seed, 8)),
                block("bottom", topic.clone()),
                block("take", format!("{} {topic}", pick(&["Hot take:", "Unpopular opinion:"], seed, 9))),
            ],
        };
        if !sign_off.is_empty() {
            blocks.push(block("signoff", sign_off));
        }
        Ok(Content { title: topic, blocks, tags: vec!["meme".into(), kind] })
    }
}

guest::export_generator!(Meme);
