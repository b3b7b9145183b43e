//! The operator's model as the content generator asks it: one prompt per block group, every
//! line of every answer checked before it stands in a post, and no more asking once a call
//! has failed. The call itself is a closure, so the logic runs (and is tested) without a host.

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

/// Who the text is for and about, shared by every prompt of one request.
pub struct Model<'a> {
    call: Option<Call<'a>>,
    language: String,
    category: String,
    /// "the brand Acme, whose voice is: …", or a neutral "a brand".
    writer: String,
    /// The user's input on one line, the prompt itself.
    about: String,
    /// False after the first failed call: later blocks come from the tables without asking.
    working: bool,
}

impl<'a> Model<'a> {
    /// A model that `call` asks, or (with `None`) one that never answers.
    pub fn new(
        call: Option<Call<'a>>,
        language: &str,
        category: &str,
        brand: Option<(&str, &str)>,
        input: &str,
    ) -> Model<'a> {
        let writer = match brand {
            Some((name, voice)) if !voice.trim().is_empty() => {
                format!("the brand {name}, whose voice is: {}", clean(voice).chars().take(400).collect::<String>())
            }
            Some((name, _)) => format!("the brand {name}"),
            None => "a brand".to_string(),
        };
        let about = clean(input).chars().take(1500).collect();
        Model { call, language: language.into(), category: category.into(), writer, about, working: true }
    }

    /// Up to `count` usable lines for `what` (e.g. "paragraphs of a LinkedIn post"), each at
    /// most `limit` characters, in the order the model wrote them; fewer (or none) when its
    /// lines are unusable or it is not there. One call, whatever `count` is.
    pub fn lines(&mut self, what: &str, count: usize, limit: usize) -> Vec<String> {
        if !self.working || count == 0 {
            return Vec::new();
        }
        let Some(call) = self.call.as_mut() else { return Vec::new() };
        let shape = if count == 1 {
            format!("Write exactly one line of at most {limit} characters.")
        } else {
            format!(
                "Write exactly {count} lines, one per line, each at most {limit} characters, each able to stand alone."
            )
        };
        let asked = Ask {
            system: format!(
                "You write {what} for {}, as {} content, in the language with ISO 639-1 code '{}', in that language's \
                 own script. {shape} Plain text only: no links, no hashtags, no numbering, no quotes around lines, \
                 no line breaks inside a line. Professional but lively. Reply with the text only.",
                self.writer, self.category, self.language
            ),
            prompt: self.about.clone(),
            // A token is a few characters at least; room for every line and a little over.
            max_tokens: ((limit * count) / 2 + 64).min(1500) as u32,
        };
        match call(&asked) {
            Some(answer) => answer.lines().filter_map(|line| usable(line, &self.language, limit)).take(count).collect(),
            None => {
                self.working = false;
                Vec::new()
            }
        }
    }

    /// One usable line, or `None`.
    pub fn line(&mut self, what: &str, limit: usize) -> Option<String> {
        self.lines(what, 1, limit).into_iter().next()
    }
}
