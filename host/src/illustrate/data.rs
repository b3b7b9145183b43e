//! The open data behind illustrations, read once from the set-up's folder: Fluent Emoji Flat's
//! vectors (`icons.json`, `chars.json`), and per language CLDR's emoji annotations
//! (`annotations/<code>.json`, read the first time that language is asked for).

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use serde::Deserialize;

/// What kind of thing an emoji shows, by its group in Unicode's emoji list: things are preferred
/// to symbols; people, hands and faces are never drawn (the reaction stands for the mood, and a
/// stranger beside a line reads as a verdict). Flags and keycaps are not kept at all.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Class {
    Thing,
    Symbol,
    Person,
    Face,
}

/// An emoji that has a drawing.
#[derive(Debug)]
pub struct Emoji {
    /// The emoji itself, without variation selectors.
    pub text: String,
    /// Fluent's name for its drawing ("tooth").
    pub icon: String,
    /// The drawing: SVG elements in a `size` box.
    pub body: String,
    pub size: (f32, f32),
    pub class: Class,
}

/// One language's names and keywords of the emoji.
#[derive(Debug, Default)]
pub struct Index {
    /// Each emoji's name (CLDR's `tts`) by its position in [`Set::emoji`]; empty when it has none.
    pub names: Vec<String>,
    /// Every keyword and name, folded ([`fold`]), to its id.
    pub keywords: HashMap<String, u32>,
    /// Each keyword id's keyword, and the emoji it names.
    pub words: Vec<String>,
    pub named: Vec<Vec<u32>>,
    /// Each emoji's keyword ids, by its position in [`Set::emoji`].
    pub keywords_of: Vec<Vec<u32>>,
    /// How much each keyword tells: one over the square root of how many things it names
    /// (faces, never drawn, left out).
    pub rarity: Vec<f32>,
    /// The keywords of one word, sorted: where inflected forms are looked up by their stem.
    pub sorted: Vec<String>,
    /// The longest keyword, in characters.
    pub longest: usize,
}

/// The illustrations' data.
#[derive(Debug)]
pub struct Set {
    folder: PathBuf,
    /// Ordered by the emoji's text (code points), which breaks ties between equals.
    pub emoji: Vec<Emoji>,
    by_text: HashMap<String, u32>,
    languages: HashMap<&'static str, OnceLock<Option<Index>>>,
}

#[derive(Deserialize)]
struct Icons {
    icons: HashMap<String, Icon>,
    #[serde(default)]
    width: Option<f32>,
    #[serde(default)]
    height: Option<f32>,
}

#[derive(Deserialize)]
struct Icon {
    body: String,
    width: Option<f32>,
    height: Option<f32>,
}

#[derive(Deserialize)]
struct Annotations {
    annotations: Inner,
}

#[derive(Deserialize)]
struct Inner {
    annotations: HashMap<String, Annotation>,
}

#[derive(Deserialize)]
struct Annotation {
    #[serde(default)]
    default: Vec<String>,
    #[serde(default)]
    tts: Vec<String>,
}

fn read<T: serde::de::DeserializeOwned>(path: &Path) -> Result<T, String> {
    let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
    serde_json::from_slice(&bytes).map_err(|e| format!("{}: {e}", path.display()))
}

/// The emoji without variation selectors, as CLDR writes them.
fn plain(text: &str) -> String {
    text.chars().filter(|&c| c != '\u{FE0F}').collect()
}

/// The emoji a `chars.json` key spells ("1f9b7", "1f9d1-200d-2695-fe0f"), if every part is a
/// code point.
fn spelled(key: &str) -> Option<String> {
    key.split('-').map(|hex| u32::from_str_radix(hex, 16).ok().and_then(char::from_u32)).collect()
}

/// Creatures that repel whatever the line beside them says: a word one of them shares with
/// something else (Korean "바퀴", a lap and a cockroach) must never put one beside a customer's
/// subject (a parking app, a bakery).
const REPELLENT: [&str; 6] = ["🪳", "🪰", "🦟", "🐀", "🦠", "🪱"];

/// The class of `text`, or `None` for what is never drawn (flags, keycaps, skin tones
/// themselves, variants in a skin tone: the plain one stands for them; vermin).
fn class_of(text: &str) -> Option<Class> {
    if text.contains('\u{20E3}') || text.chars().any(|c| matches!(u32::from(c), 0x1F3FB..=0x1F3FF)) {
        return None;
    }
    if REPELLENT.contains(&text) {
        return None;
    }
    let emoji = emojis::get(text).or_else(|| emojis::get(&format!("{text}\u{FE0F}")))?;
    Some(match emoji.group() {
        emojis::Group::Flags => return None,
        emojis::Group::SmileysAndEmotion => Class::Face,
        // People in a skin tone, and hands; body parts without one (a tooth, a brain) are things.
        emojis::Group::PeopleAndBody if emoji.skin_tones().is_some() || text.contains('\u{200D}') => Class::Person,
        emojis::Group::Symbols => Class::Symbol,
        _ => Class::Thing,
    })
}

/// Lower case, without Arabic vowel marks and the tatweel (CLDR writes some keywords with them,
/// text mostly without).
pub fn fold(text: &str) -> String {
    text.chars()
        .filter(|&c| !matches!(u32::from(c), 0x064B..=0x065F | 0x0670 | 0x0640))
        .flat_map(char::to_lowercase)
        .collect()
}

impl Set {
    /// Reads the drawings in `folder`; each language's annotations are read when first asked for.
    pub fn load(folder: &Path, codes: &[&'static str]) -> Result<Set, String> {
        let icons: Icons = read(&folder.join("icons.json"))?;
        let chars: HashMap<String, String> = read(&folder.join("chars.json"))?;
        let (width, height) = (icons.width.unwrap_or(16.0), icons.height.unwrap_or(16.0));
        let mut emoji: Vec<Emoji> = chars
            .into_iter()
            .filter_map(|(key, name)| {
                let text = plain(&spelled(&key)?);
                let class = class_of(&text)?;
                let icon = icons.icons.get(&name)?;
                let size = (icon.width.unwrap_or(width), icon.height.unwrap_or(height));
                Some(Emoji { text, body: icon.body.clone(), icon: name, size, class })
            })
            .collect();
        emoji.sort_by(|a, b| a.text.cmp(&b.text));
        emoji.dedup_by(|a, b| a.text == b.text);
        if emoji.is_empty() {
            return Err(format!("{}: no drawings", folder.display()));
        }
        let by_text = emoji.iter().enumerate().map(|(i, e)| (e.text.clone(), i as u32)).collect();
        let languages = codes.iter().map(|&code| (code, OnceLock::new())).collect();
        Ok(Set { folder: folder.to_path_buf(), emoji, by_text, languages })
    }

    /// The annotations of `language`, read on first use; `None` when there are none.
    /// The positions of the `emoji` the set draws (a variation selector or not), in order.
    pub fn drawn(&self, emoji: &[String]) -> Vec<u32> {
        let plain = |text: &str| text.replace('\u{fe0f}', "");
        let wanted: Vec<String> = emoji.iter().map(|e| plain(e)).collect();
        wanted
            .iter()
            .filter_map(|w| self.emoji.iter().position(|e| plain(&e.text) == *w))
            .filter_map(|at| u32::try_from(at).ok())
            .collect()
    }

    pub fn index(&self, language: &str) -> Option<&Index> {
        let cell = self.languages.get(language)?;
        cell.get_or_init(|| {
            let path = self.folder.join("annotations").join(format!("{language}.json"));
            match read::<Annotations>(&path) {
                Ok(annotations) => Some(self.indexed(annotations.annotations.annotations)),
                Err(e) => {
                    tracing::info!(error = %e, "no emoji names in this language: its pictures name none");
                    None
                }
            }
        })
        .as_ref()
    }

    fn indexed(&self, annotations: HashMap<String, Annotation>) -> Index {
        let count = self.emoji.len();
        let mut index =
            Index { names: vec![String::new(); count], keywords_of: vec![Vec::new(); count], ..Index::default() };
        for (text, annotation) in annotations {
            let Some(&at) = self.by_text.get(&plain(&text)) else { continue };
            if let Some(name) = annotation.tts.first() {
                index.names[at as usize].clone_from(name);
            }
            for keyword in annotation.tts.iter().chain(&annotation.default) {
                let keyword = fold(keyword.trim());
                if keyword.is_empty() {
                    continue;
                }
                let next = index.named.len() as u32;
                let id = *index.keywords.entry(keyword.clone()).or_insert(next);
                if id == next {
                    index.words.push(keyword);
                    index.named.push(Vec::new());
                }
                if !index.named[id as usize].contains(&at) {
                    index.named[id as usize].push(at);
                    index.keywords_of[at as usize].push(id);
                }
            }
        }
        let drawn = |named: &Vec<u32>| named.iter().filter(|&&e| self.emoji[e as usize].class != Class::Face).count();
        index.rarity = index.named.iter().map(|named| 1.0 / (drawn(named).max(1) as f32).sqrt()).collect();
        index.sorted = index.keywords.keys().filter(|k| !k.contains(' ')).cloned().collect();
        index.sorted.sort();
        index.longest = index.keywords.keys().map(|k| k.chars().count()).max().unwrap_or(0);
        index
    }
}
