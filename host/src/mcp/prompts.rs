//! Prompts that help an agent ask well (a pitch for one person, an explainer video from a
//! script, a meme set for a launch, a week of brand posts), and `completion/complete` for the
//! arguments whose values are known: languages, meme kinds, brands, post categories, asset
//! formats and video shapes.

use rmcp::ErrorData as McpError;
use rmcp::model::{
    ArgumentInfo, CompleteResult, CompletionInfo, GetPromptResult, Prompt, PromptArgument, PromptMessage, Reference,
    Role,
};
use serde_json::{Map, Value};

use crate::ctx::Services;

/// A prompt: its name, what it is for, its arguments (name, what, required) and its text with
/// `{argument}` slots.
struct Spec {
    name: &'static str,
    title: &'static str,
    description: &'static str,
    arguments: &'static [(&'static str, &'static str, bool)],
    text: &'static str,
}

const LANGUAGE: (&str, &str, bool) =
    ("language", "A language code of the 23 (en, es, ja, ar, hi, …); English when absent.", false);
const BRAND: (&str, &str, bool) = ("brand", "A registered brand's key (see list_brands); none when absent.", false);

const PROMPTS: &[Spec] = &[
    Spec {
        name: "pitch_for_one_person",
        title: "A pitch page for one person",
        description: "A personal pitch page for one named person about one offer, ready to send.",
        arguments: &[
            ("person", "Who it is for: a profile link or one sentence about them.", true),
            ("offer", "What you offer them, in a sentence or a link.", true),
            LANGUAGE,
        ],
        text: "Make a personal pitch page for {person} about this offer: {offer}. Call create_before_pitch \
               with an `input` that names the person and the offer in one or two plain sentences{in language}. \
               Send them the page's URL with one line saying why it is for them, and check who opened it later \
               with get_pitch_activity.",
    },
    Spec {
        name: "explainer_video",
        title: "An explainer video from a script",
        description: "A narrated, captioned page and its MP4 from a short script, in the shape a channel wants.",
        arguments: &[
            ("script", "What the narrator says: three to ten short sentences.", true),
            LANGUAGE,
            ("aspect", "9:16 (stories, default), 1:1, 4:5 (feeds) or 16:9 (sites).", false),
        ],
        text: "Turn this script into a narrated explainer video: {script}\n\nCall create_audioscript with the script \
               as `script`{in language}; wait for it with get_audioscript_status, then call request_mp4 with its \
               pageUrl{in aspect} and follow get_mp4_status until it gives mp4Url. Share the video page, not the \
               raw file, so viewers get its captions.",
    },
    Spec {
        name: "launch_memes",
        title: "A meme set for a launch",
        description: "A few memes of different kinds about one launch, in a brand's voice.",
        arguments: &[("launch", "What is launching and for whom, in a sentence.", true), LANGUAGE, BRAND],
        text: "Make a set of three memes about this launch: {launch}. Call create_meme three times with the launch \
               as `input`, each with another `kind` (for example image, hottake and carousel){in language}{in brand}. \
               Keep the subject as the customer wrote it; pick the meme that reads best and post it first.",
    },
    Spec {
        name: "week_of_posts",
        title: "A week of brand posts",
        description: "Seven posts for one brand across its channels, one a day.",
        arguments: &[("topic", "What the week is about.", true), BRAND, LANGUAGE],
        text: "Plan a week of posts about {topic}. Call create_content seven times, one post per day, each with the \
               topic as `input` and a different `category` (announcement, tip, question, behind the scenes…)\
               {in brand}{in language}. List the seven posts with the day each goes out.",
    },
];

/// Every prompt, as `prompts/list` shows it.
pub fn list() -> Vec<Prompt> {
    PROMPTS.iter().map(prompt).collect()
}

fn prompt(spec: &Spec) -> Prompt {
    let arguments = spec
        .arguments
        .iter()
        .map(|(name, about, required)| PromptArgument::new(*name).with_description(*about).with_required(*required))
        .collect();
    Prompt::new(spec.name, Some(spec.description), Some(arguments)).with_title(spec.title)
}

/// The prompt `name` with `arguments` filled in; a missing required one is invalid.
pub fn get(name: &str, arguments: &Map<String, Value>) -> Result<GetPromptResult, McpError> {
    let spec = PROMPTS
        .iter()
        .find(|p| p.name == name)
        .ok_or_else(|| McpError::invalid_params(format!("no prompt named {name:?}; see prompts/list"), None))?;
    let value = |key: &str| arguments.get(key).and_then(Value::as_str).map(str::trim).filter(|v| !v.is_empty());
    let mut text = spec.text.to_string();
    for (key, _, required) in spec.arguments {
        let slot = format!("{{{key}}}");
        let optional = format!("{{in {key}}}");
        match value(key) {
            Some(v) => {
                text = text.replace(&slot, v).replace(&optional, &format!(", with `{key}`: \"{v}\""));
            }
            None if *required => {
                return Err(McpError::invalid_params(format!("the prompt {name} needs `{key}`"), None));
            }
            None => text = text.replace(&optional, ""),
        }
    }
    let message = PromptMessage::new_text(Role::User, text);
    Ok(GetPromptResult::new(vec![message]).with_description(spec.description))
}

/// Values that start with what was typed for a prompt's argument (at most 100, the protocol's
/// cap); other references and arguments have none to offer.
pub async fn complete(
    services: &Services,
    reference: &Reference,
    argument: &ArgumentInfo,
) -> Result<CompleteResult, McpError> {
    let known = match reference {
        Reference::Prompt(p) if PROMPTS.iter().any(|s| s.name == p.name) => {
            known_values(services, &argument.name).await?
        }
        _ => Vec::new(),
    };
    let typed = argument.value.to_lowercase();
    let matching: Vec<String> = known.into_iter().filter(|v| v.to_lowercase().starts_with(&typed)).collect();
    let total = matching.len();
    let values: Vec<String> = matching.into_iter().take(CompletionInfo::MAX_VALUES).collect();
    let info = CompletionInfo::with_pagination(values, Some(total as u32), total > CompletionInfo::MAX_VALUES)
        .map_err(|e| McpError::internal_error(e, None))?;
    Ok(CompleteResult::new(info))
}

/// What an argument's values are, wherever the argument appears.
async fn known_values(services: &Services, argument: &str) -> Result<Vec<String>, McpError> {
    Ok(match argument {
        "language" => crate::languages::LANGUAGES.iter().map(|l| l.code.to_string()).collect(),
        "kind" => crate::catalog::MEME_KINDS.iter().map(|k| k.kind.to_string()).collect(),
        "category" => crate::content::categories().map(str::to_string).collect(),
        "format" => crate::assets::FORMATS.iter().map(|f| f.id.to_string()).collect(),
        "aspect" => crate::aspect::Aspect::ALL.iter().map(|a| a.name().to_string()).collect(),
        "brand" => crate::brands::list(&services.db)
            .await
            .map_err(|_| McpError::internal_error("brands could not be listed", None))?
            .into_iter()
            .map(|b| b.key)
            .collect(),
        _ => Vec::new(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn args(pairs: &[(&str, &str)]) -> Map<String, Value> {
        pairs.iter().map(|(k, v)| (k.to_string(), Value::String(v.to_string()))).collect()
    }

    #[test]
    fn a_prompt_fills_its_slots_and_drops_the_optional_ones_not_given() {
        let got = get("explainer_video", &args(&[("script", "Agents pay per call."), ("aspect", "1:1")])).unwrap();
        let text = serde_json::to_value(&got.messages[0]).unwrap()["content"]["text"].as_str().unwrap().to_string();
        assert!(text.contains("Agents pay per call."), "{text}");
        assert!(text.contains("with `aspect`: \"1:1\""), "{text}");
        assert!(!text.contains('{'), "an unfilled slot: {text}");
    }

    #[test]
    fn a_missing_required_argument_or_an_unknown_prompt_is_invalid() {
        assert!(get("pitch_for_one_person", &args(&[("offer", "x")])).is_err());
        assert!(get("nothing", &Map::new()).is_err());
        for spec in PROMPTS {
            assert!(spec.arguments.iter().all(|(k, ..)| spec.text.contains(&format!("{k}}}"))), "{}", spec.name);
        }
    }
}
