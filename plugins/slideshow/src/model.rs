//! The operator's model as the slideshow generator asks it: one prompt for the points a
//! slideshow still needs, every line checked before it stands on a slide, and no asking at all
//! after a failed call. The call itself is a closure, so the logic runs (and is tested) without
//! a host.

use guest::text::{clean, usable};

/// One prompt for the model, as the host's `complete` takes it.
#[derive(Debug, Clone)]
pub struct Ask {
    pub system: String,
    pub prompt: String,
    pub max_tokens: u32,
}

/// A call to the model: `None` when the call failed (not granted, out of quota, unavailable),
/// which ends the asking for the rest of the request.
pub type Call<'a> = Box<dyn FnMut(&Ask) -> Option<String> + 'a>;

/// Who the slides are for and about.
pub struct Model<'a> {
    call: Option<Call<'a>>,
    language: String,
    /// "the brand Acme, whose voice is: …", or a neutral "a brand".
    writer: String,
    /// The user's input on one line, the prompt itself.
    about: String,
    /// False after the first failed call.
    working: bool,
}

impl<'a> Model<'a> {
    /// A model that `call` asks, or (with `None`) one that never answers.
    pub fn new(call: Option<Call<'a>>, language: &str, brand: Option<(&str, &str)>, input: &str) -> Model<'a> {
        let writer = match brand {
            Some((name, voice)) if !voice.trim().is_empty() => {
                format!("the brand {name}, whose voice is: {}", clean(voice).chars().take(400).collect::<String>())
            }
            Some((name, _)) => format!("the brand {name}"),
            None => "a brand".to_string(),
        };
        let about = clean(input).chars().take(1500).collect();
        Model { call, language: language.into(), writer, about, working: true }
    }

    /// Up to `count` usable points, each at most `limit` characters, in the model's order;
    /// fewer (or none) when its lines are unusable or it is not there. One call at most.
    pub fn points(&mut self, count: usize, limit: usize) -> Vec<String> {
        if !self.working || count == 0 {
            return Vec::new();
        }
        let Some(call) = self.call.as_mut() else { return Vec::new() };
        let asked = Ask {
            system: format!(
                "You write the points of a short slideshow about the user's topic for {}, in the language with ISO \
                 639-1 code '{}', in that language's own script. Write exactly {count} lines, one per line, each one \
                 short sentence of at most {limit} characters that stands alone on its slide. Plain text only: no \
                 links, no hashtags, no numbering, no quotes around lines. Reply with the lines only.",
                self.writer, self.language
            ),
            prompt: self.about.clone(),
            max_tokens: ((limit * count) / 2 + 64).min(1000) as u32,
        };
        match call(&asked) {
            Some(answer) => answer.lines().filter_map(|line| usable(line, &self.language, limit)).take(count).collect(),
            None => {
                self.working = false;
                Vec::new()
            }
        }
    }
}
