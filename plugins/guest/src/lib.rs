//! The guest side of the `asset:generator@1.1.0` world: generated bindings, re-exported types,
//! and the few helpers every generator needs (seeded choice, input checks, block builders, the
//! script of a text and its quotation, pinyin for the voice), and in `text` what generators
//! that write from untrusted input share: cleaning, sentences, links made words, the final
//! cut, and checking a model's line.
//!
//! A generator crate implements [`Guest`] and calls `guest::export_generator!(MyGenerator);`.

pub mod text;

/// The generated bindings. In their own module because a public export macro is defined at
/// the crate root, where the generated `use` of it would otherwise collide.
pub mod bindings {
    wit_bindgen::generate!({
        path: "../../wit/1.1.0",
        world: "generator",
        pub_export_macro: true,
        export_macro_name: "export_generator",
        default_bindings_module: "guest::bindings",
    });
}

pub use bindings::asset::generator::host;
pub use bindings::asset::generator::types::{Block, Brand, Capability, Reading, SubjectKind};
pub use bindings::{Content, GenerateError, Guest, Manifest, Request, export_generator};

/// A deterministic choice from `options` for `seed` and a salt (so different slots of one
/// request do not all pick the same index).
pub fn pick<'a>(options: &[&'a str], seed: u64, salt: u64) -> &'a str {
    if options.is_empty() {
        return "";
    }
    // SplitMix64: a cheap, well-mixed step so nearby seeds diverge.
    let mut z = seed.wrapping_add(salt.wrapping_mul(0x9E37_79B9_7F4A_7C15));
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^= z >> 31;
    options[(z % options.len() as u64) as usize]
}

/// The input, trimmed, or `invalid-input` when it is empty or longer than `max_chars`.
pub fn checked_input(request: &Request, max_chars: usize) -> Result<String, GenerateError> {
    let input = request.input.trim();
    if input.is_empty() {
        return Err(GenerateError::InvalidInput("the input is empty".into()));
    }
    if input.chars().count() > max_chars {
        return Err(GenerateError::InvalidInput(format!("the input is longer than {max_chars} characters")));
    }
    Ok(input.to_string())
}

/// `unsupported-language` unless the request's language is one of `languages`.
pub fn check_language(request: &Request, languages: &[&str]) -> Result<(), GenerateError> {
    if languages.contains(&request.language.as_str()) {
        Ok(())
    } else {
        Err(GenerateError::UnsupportedLanguage(request.language.clone()))
    }
}

/// A block with no attributes.
pub fn block(role: &str, text: impl Into<String>) -> Block {
    Block { role: role.into(), text: text.into(), attributes: Vec::new() }
}

/// A block with attributes.
pub fn block_with(role: &str, text: impl Into<String>, attributes: &[(&str, &str)]) -> Block {
    Block {
        role: role.into(),
        text: text.into(),
        attributes: attributes.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
    }
}

/// A short subject for templates: the first sentence of the input, at most `max` characters.
pub fn subject(input: &str, max: usize) -> String {
    let first = input.split(['.', '!', '?', '\n']).next().unwrap_or(input).trim();
    let mut out: String = first.chars().take(max).collect();
    if first.chars().count() > max {
        out.push('…');
    }
    out
}

pub use copywriter::script::foreign;

/// `text` as a quotation in `language`'s quotation marks, set apart from the words around it.
pub fn quoted(text: &str, language: &str) -> String {
    let (open, close) = match language {
        "es" | "pt" | "fr" | "it" | "ru" | "uk" | "ar" | "fa" => ("«", "»"),
        "de" | "pl" => ("„", "“"),
        "ja" => ("「", "」"),
        _ => ("“", "”"),
    };
    format!("{open}{text}{close}")
}

/// `text` cut to at most `max` characters, the cut marked with an ellipsis.
pub fn cut(text: &str, max: usize) -> String {
    if text.chars().count() <= max {
        return text.to_string();
    }
    let mut out: String = text.chars().take(max.saturating_sub(1)).collect::<String>().trim_end().to_string();
    out.push('…');
    out
}

/// `text` on one line: a text with control characters (line breaks, tabs) has them and its
/// runs of spaces made single spaces; any other text is kept as written, so a name still
/// appears verbatim where it is inserted.
pub fn one_line(text: &str) -> String {
    if text.chars().any(char::is_control) {
        text.chars()
            .map(|c| if c.is_control() { ' ' } else { c })
            .collect::<String>()
            .split_whitespace()
            .collect::<Vec<_>>()
            .join(" ")
    } else {
        text.trim().to_string()
    }
}

/// Chinese text as pinyin with tone numbers, one syllable per character (the voice times each
/// syllable to its character); what is not a Chinese character (punctuation, digits, Latin) is
/// kept, apart from the syllable before it, with sentence punctuation made ASCII so the voice
/// pauses on it.
pub fn pinyin_of(text: &str) -> String {
    let mut out = String::new();
    let mut after_syllable = false;
    for (c, reading) in text.chars().zip(pinyin::ToPinyin::to_pinyin(&text)) {
        if after_syllable && reading.is_none() && c.is_alphanumeric() {
            out.push(' ');
        }
        after_syllable = reading.is_some();
        match reading {
            Some(p) => {
                if !out.is_empty() && !out.ends_with(' ') {
                    out.push(' ');
                }
                out.push_str(p.with_tone_num_end());
            }
            None => out.push(match c {
                '。' => '.',
                '，' | '、' => ',',
                '！' => '!',
                '？' => '?',
                '：' => ':',
                '；' => ';',
                '“' | '”' | '「' | '」' => '"',
                other => other,
            }),
        }
    }
    out
}

/// A sample request for manifests.
pub fn sample(task: &str, kind: Option<&str>, input: &str) -> Request {
    Request {
        task: task.into(),
        kind: kind.map(str::to_string),
        input: input.into(),
        language: "en".into(),
        seed: 7,
        brand: None,
        options: Vec::new(),
        // The host reads the sample's input itself before running it.
        reading: unread(),
    }
}

/// A reading with nothing in it.
fn unread() -> Reading {
    Reading {
        kind: SubjectKind::Idea,
        name: String::new(),
        first_name: String::new(),
        phrase: String::new(),
        what: String::new(),
        audience: String::new(),
        promise: String::new(),
        role: String::new(),
        company: String::new(),
        place: String::new(),
        topics: Vec::new(),
        claims: Vec::new(),
        numbers: Vec::new(),
        domain: String::new(),
        language: String::new(),
        url: String::new(),
        site: String::new(),
        page_read: false,
    }
}

/// The request's reading in the copy tables' terms.
pub fn reading(request: &Request) -> copywriter::Reading {
    let r = request.reading.clone();
    copywriter::Reading {
        kind: match r.kind {
            SubjectKind::Product => copywriter::Kind::Product,
            SubjectKind::Company => copywriter::Kind::Company,
            SubjectKind::Person => copywriter::Kind::Person,
            SubjectKind::Page => copywriter::Kind::Page,
            SubjectKind::Post => copywriter::Kind::Post,
            SubjectKind::Idea => copywriter::Kind::Idea,
        },
        name: r.name,
        first_name: r.first_name,
        phrase: r.phrase,
        what: r.what,
        audience: r.audience,
        promise: r.promise,
        role: r.role,
        company: r.company,
        place: r.place,
        topics: r.topics,
        claims: r.claims,
        numbers: r.numbers,
        domain: r.domain,
        language: r.language,
        url: r.url,
        site: r.site,
        page_read: r.page_read,
        category: request.options.iter().find(|(k, _)| k == "category").map(|(_, v)| v.clone()).unwrap_or_default(),
    }
}

/// Lines from the operator's model for `purposes` (one line each, in order), asked in one call
/// for a JSON object `{"lines": [...]}` with structured output: `None` when the model is not
/// there or its answer is not that object; else one entry per purpose, `None` where the model
/// gave nothing. Each line is still untrusted: the caller checks it before using it.
/// What a generator asks the model for besides its lines: the things a picture of the subject
/// could show, in English (the host keeps those its illustrations can draw). Answered as the
/// `draw` attribute of the content's first block.
pub const DRAW: &str = "Name one to three concrete things (objects, animals, food, places, tools) that a picture about \
                        this could show, in plain English words, separated by commas.";

pub fn model_lines(system: &str, prompt: &str, purposes: &[&str], max_tokens: u32) -> Option<Vec<Option<String>>> {
    let numbered: Vec<String> = purposes.iter().enumerate().map(|(i, p)| format!("{}. {p}", i + 1)).collect();
    let schema = serde_json::json!({
        "type": "object",
        "properties": {"lines": {"type": "array", "items": {"type": "string"}}},
        "required": ["lines"],
        "additionalProperties": false,
    });
    let asked = host::CompletionRequest {
        system: format!(
            "{system}\nAnswer in JSON: an object whose \"lines\" array holds exactly {} strings, one per numbered \
             item, in order:\n{}",
            purposes.len(),
            numbered.join("\n")
        ),
        prompt: prompt.to_string(),
        max_tokens,
        json_schema: Some(schema.to_string()),
    };
    let answer = host::complete(&asked).ok()?;
    let parsed: serde_json::Value = serde_json::from_str(answer.trim()).ok()?;
    let lines = parsed.get("lines")?.as_array()?;
    Some((0..purposes.len()).map(|i| lines.get(i).and_then(|l| l.as_str()).map(str::to_string)).collect())
}

#[cfg(test)]
mod tests {
    #[test]
    fn pinyin_keeps_each_syllable_apart_from_the_words_and_numbers_after_it() {
        assert_eq!(super::pinyin_of("用RotaChef，第3天。"), "yong4 RotaChef, di4 3 tian1.");
    }
}
