//! The built-in invite generator: the message that goes with a free-bot invite.

use guest::{Content, GenerateError, Guest, Manifest, Request, block, pick, subject};

struct Invite;

impl Guest for Invite {
    fn describe() -> Manifest {
        Manifest {
            name: "invite".into(),
            version: env!("CARGO_PKG_VERSION").into(),
            description: "Invite messages for a free branded bot.".into(),
            tasks: vec!["invite".into()],
            kinds: Vec::new(),
            languages: vec!["en".into()],
            capabilities: Vec::new(),
            sample_input: guest::sample("invite", None, "A bakery in Porto that posts daily"),
        }
    }

    fn generate(request: Request) -> Result<Content, GenerateError> {
        if request.task != "invite" {
            return Err(GenerateError::UnsupportedTask(request.task));
        }
        guest::check_language(&request, &["en"])?;
        let input = guest::checked_input(&request, 1500)?;
        let who = subject(&input, 80);
        let line = pick(&["made you something", "set up a free bot for you", "thought of you"], request.seed, 1);
        Ok(Content {
            title: format!("An invite for {who}"),
            blocks: vec![
                block("message", format!("Someone {line}: 200 free generations, in your voice.")),
                block("cta", "Claim it with one tap."),
            ],
            tags: vec!["invite".into()],
        })
    }
}

guest::export_generator!(Invite);
