//! The built-in pitch generator: a hook, message-style beats and a call to action for one
//! person, from what the input says about them and what the sender offers.

use guest::{Content, GenerateError, Guest, Manifest, Request, block, pick, subject};

struct Pitch;

impl Guest for Pitch {
    fn describe() -> Manifest {
        Manifest {
            name: "pitch".into(),
            version: env!("CARGO_PKG_VERSION").into(),
            description: "Personalized pitch pages: hook, beats, call to action.".into(),
            tasks: vec!["pitch".into()],
            kinds: Vec::new(),
            languages: vec!["en".into()],
            capabilities: Vec::new(),
            sample_input: guest::sample("pitch", None, "A founder who builds developer tools in Lisbon"),
        }
    }

    fn generate(request: Request) -> Result<Content, GenerateError> {
        if request.task != "pitch" {
            return Err(GenerateError::UnsupportedTask(request.task));
        }
        guest::check_language(&request, &["en"])?;
        let input = guest::checked_input(&request, 1500)?;
        let who = subject(&input, 90);
        let offer = request.options.iter().find(|(k, _)| k == "offer").map(|(_, v)| subject(v, 120));
        let seed = request.seed;
        let mut blocks = vec![
            block("hook", format!("{} {who}", pick(&["This one is for", "Made for", "Hey —"], seed, 1))),
            block("beat", pick(&["You ship fast.", "You care about the details.", "You hate busywork."], seed, 2)),
            block("beat", pick(&["So here's a shortcut.", "So we built something for that.", "So this might help."], seed, 3)),
        ];
        if let Some(offer) = offer {
            blocks.push(block("offer", offer));
        }
        blocks.push(block("cta", pick(&["Worth a look?", "Two minutes?", "Want the link?"], seed, 4)));
        Ok(Content { title: format!("For {who}"), blocks, tags: vec!["pitch".into()] })
    }
}

guest::export_generator!(Pitch);
