//! The embedded voice: libespeak-ng, called through its C API in a child process of our own
//! binary (`asset-host speak`). The library, unlike its command line, reports where each word
//! starts in the audio (its synthesis callback's word events), which is what word-timed
//! captions need. It runs in a child because it reads untrusted text with global state in C:
//! a crash or a hang there ends one child, which the parent times out and kills, never the
//! service.
//!
//! The parent writes `{"voice": …, "texts": […]}` to the child's stdin; the child answers one
//! JSON line (the sample rate, and for each text its sample count and word marks) followed by
//! the samples of every text in order, 16-bit little-endian mono. With `"spell": true` it
//! answers one JSON line instead: each text's phonemes in IPA, clause by clause, and each of its
//! words' phonemes on their own (what a neural voice reads, and how its sounds map to words).

use std::ffi::{CString, c_char, c_int, c_short, c_uint, c_void};
use std::io::{Read, Write};
use std::path::Path;
use std::process::Stdio;
use std::sync::Mutex;
use std::time::Duration;

use serde::{Deserialize, Serialize};
use tokio::io::{AsyncReadExt, AsyncWriteExt};

/// Longest text the child takes, and the most texts at once.
const MAX_TEXT_BYTES: usize = 64 * 1024;
const MAX_TEXTS: usize = 256;
/// The child's time per text: espeak speaks hundreds of times faster than real time.
const PER_TEXT: Duration = Duration::from_secs(5);

/// Where a word starts in the audio of its text: espeak's own word event.
#[derive(Debug, Clone, Copy, Serialize, Deserialize, PartialEq, Eq)]
pub struct Mark {
    /// Characters (not bytes) from the start of the text.
    pub char_start: usize,
    /// The word's length in characters.
    pub chars: usize,
    /// Samples from the start of the text's audio.
    pub sample: u64,
}

/// One text spoken.
#[derive(Debug, Clone, Default)]
pub struct Said {
    pub samples: Vec<i16>,
    pub marks: Vec<Mark>,
}

#[derive(Serialize, Deserialize)]
struct Ask {
    voice: String,
    texts: Vec<String>,
    /// Spell the texts in phonemes instead of speaking them.
    #[serde(default)]
    spell: bool,
}

/// A text in phonemes, as espeak-ng reads it.
#[derive(Debug, Clone, Default, Serialize, Deserialize, PartialEq, Eq)]
pub struct Spelled {
    /// Its clauses in order: IPA, words separated by spaces.
    pub clauses: Vec<Clause>,
    /// Each word of the text (split at white space) spelled on its own.
    pub words: Vec<Word>,
}

/// One clause: its IPA and the punctuation that ends it (`.`, `,`, `?`, `!`, `;`, `:`), if any.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct Clause {
    pub ipa: String,
    pub end: Option<char>,
}

/// One word: where it starts in its text (characters) and its IPA said alone.
#[derive(Debug, Clone, Serialize, Deserialize, PartialEq, Eq)]
pub struct Word {
    pub char_start: usize,
    pub ipa: String,
}

#[derive(Serialize, Deserialize)]
struct Header {
    sample_rate: u32,
    pieces: Vec<Piece>,
}

#[derive(Serialize, Deserialize)]
struct Piece {
    samples: usize,
    marks: Vec<Mark>,
}

/// Speaks `texts` with espeak voice `voice` in a child process of `program` (this binary),
/// returning the sample rate and each text's audio and word marks.
pub async fn speak(program: &Path, voice: &str, texts: &[String]) -> Result<(u32, Vec<Said>), String> {
    let out = ask_child(program, Ask { voice: voice.into(), texts: texts.to_vec(), spell: false }).await?;
    parse_answer(&out, texts)
}

/// Spells `texts` in phonemes with espeak voice `voice`, in a child process of `program`.
pub async fn spell(program: &Path, voice: &str, texts: &[String]) -> Result<Vec<Spelled>, String> {
    let out = ask_child(program, Ask { voice: voice.into(), texts: texts.to_vec(), spell: true }).await?;
    let spelled: Vec<Spelled> = serde_json::from_slice(&out).map_err(|e| format!("the voice's spelling: {e}"))?;
    check_spelling(spelled, texts)
}

/// The child's spelling, for the texts asked: one per text, words inside their text.
fn check_spelling(spelled: Vec<Spelled>, texts: &[String]) -> Result<Vec<Spelled>, String> {
    if spelled.len() != texts.len() {
        return Err("the voice answered for other texts".into());
    }
    let inside = |s: &Spelled, text: &String| s.words.iter().all(|w| w.char_start < text.chars().count());
    if !spelled.iter().zip(texts).all(|(s, text)| inside(s, text)) {
        return Err("the voice spelled words its text does not have".into());
    }
    Ok(spelled)
}

/// Runs the child on `ask` within its time and returns what it wrote.
async fn ask_child(program: &Path, ask: Ask) -> Result<Vec<u8>, String> {
    let texts = ask.texts.len();
    if texts > MAX_TEXTS || ask.texts.iter().any(|t| t.len() > MAX_TEXT_BYTES) {
        return Err("too much text for the voice at once".into());
    }
    let ask = serde_json::to_vec(&ask).map_err(|e| e.to_string())?;
    let mut child = tokio::process::Command::new(program)
        .arg("speak")
        .env_clear()
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .kill_on_drop(true)
        .spawn()
        .map_err(|e| format!("the voice cannot start ({e})"))?;
    let mut stdin = child.stdin.take().ok_or("no stdin")?;
    let mut stdout = child.stdout.take().ok_or("no stdout")?;
    let limit = PER_TEXT.saturating_mul(u32::try_from(texts).unwrap_or(u32::MAX)) + Duration::from_secs(5);
    let (out, status) = tokio::time::timeout(limit, async {
        // Write and read at once: a long answer fills the pipe before the child reads all input.
        let write = async {
            stdin.write_all(&ask).await?;
            drop(stdin);
            Ok::<_, std::io::Error>(())
        };
        let mut out = Vec::new();
        let read = stdout.read_to_end(&mut out);
        let (written, read) = tokio::join!(write, read);
        written.and(read).map_err(|e| e.to_string())?;
        let status = child.wait_with_output().await.map_err(|e| e.to_string())?;
        Ok::<_, String>((out, status))
    })
    .await
    .map_err(|_| "the voice took too long".to_string())??;
    if !status.status.success() {
        return Err(format!("the voice failed: {}", String::from_utf8_lossy(&status.stderr).trim()));
    }
    Ok(out)
}

/// The child's answer: its header line, then the samples it announced, and marks that stay
/// inside their text and their audio.
fn parse_answer(out: &[u8], texts: &[String]) -> Result<(u32, Vec<Said>), String> {
    let newline = out.iter().position(|&b| b == b'\n').ok_or("the voice gave no header")?;
    let header: Header = serde_json::from_slice(&out[..newline]).map_err(|e| format!("the voice's header: {e}"))?;
    let mut pcm = &out[newline + 1..];
    if header.pieces.len() != texts.len() || !(8_000..=96_000).contains(&header.sample_rate) {
        return Err("the voice answered for other texts".into());
    }
    let mut said = Vec::with_capacity(texts.len());
    for (piece, text) in header.pieces.into_iter().zip(texts) {
        let bytes = piece.samples.checked_mul(2).filter(|&b| b <= pcm.len()).ok_or("the voice's audio is short")?;
        let samples = pcm[..bytes].chunks_exact(2).map(|b| i16::from_le_bytes([b[0], b[1]])).collect();
        pcm = &pcm[bytes..];
        let length = text.chars().count();
        let marks =
            piece.marks.into_iter().filter(|m| m.char_start < length && m.sample <= piece.samples as u64).collect();
        said.push(Said { samples, marks });
    }
    if !pcm.is_empty() {
        return Err("the voice sent more audio than it announced".into());
    }
    Ok((header.sample_rate, said))
}

/// The child: reads the request on stdin, speaks, writes the answer on stdout.
pub fn child_main() -> Result<(), String> {
    let mut input = Vec::new();
    std::io::stdin()
        .take((MAX_TEXT_BYTES * MAX_TEXTS + 4096) as u64)
        .read_to_end(&mut input)
        .map_err(|e| e.to_string())?;
    let ask: Ask = serde_json::from_slice(&input).map_err(|e| format!("bad request: {e}"))?;
    if ask.spell {
        let spelled = spell_here(&ask.voice, &ask.texts)?;
        return serde_json::to_writer(std::io::stdout().lock(), &spelled).map_err(|e| e.to_string());
    }
    let (sample_rate, said) = synthesize(&ask.voice, &ask.texts)?;
    let header = Header {
        sample_rate,
        pieces: said.iter().map(|s| Piece { samples: s.samples.len(), marks: s.marks.clone() }).collect(),
    };
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    serde_json::to_writer(&mut out, &header).map_err(|e| e.to_string())?;
    out.write_all(b"\n").map_err(|e| e.to_string())?;
    for s in &said {
        for sample in &s.samples {
            out.write_all(&sample.to_le_bytes()).map_err(|e| e.to_string())?;
        }
    }
    out.flush().map_err(|e| e.to_string())
}

// The part of libespeak-ng's API (speak_lib.h, API revision 12) used here.
#[repr(C)]
struct Event {
    kind: c_int,
    unique_identifier: c_uint,
    text_position: c_int,
    length: c_int,
    audio_position: c_int,
    sample: c_int,
    user_data: *mut c_void,
    id: [u8; 8],
}

const AUDIO_OUTPUT_SYNCHRONOUS: c_int = 2;
const EVENT_LIST_TERMINATED: c_int = 0;
const EVENT_WORD: c_int = 1;
const POS_CHARACTER: c_int = 1;
const CHARS_UTF8: c_uint = 1;
const EE_OK: c_int = 0;

type SynthCallback = extern "C" fn(*mut c_short, c_int, *mut Event) -> c_int;

#[link(name = "espeak-ng")]
#[allow(unsafe_code)]
unsafe extern "C" {
    fn espeak_Initialize(output: c_int, buflength: c_int, path: *const c_char, options: c_int) -> c_int;
    fn espeak_SetSynthCallback(callback: SynthCallback);
    fn espeak_SetVoiceByName(name: *const c_char) -> c_int;
    fn espeak_Synth(
        text: *const c_void,
        size: usize,
        position: c_uint,
        position_type: c_int,
        end_position: c_uint,
        flags: c_uint,
        unique_identifier: *mut c_uint,
        user_data: *mut c_void,
    ) -> c_int;
    fn espeak_Synchronize() -> c_int;
    fn espeak_TextToPhonemes(textptr: *mut *const c_void, textmode: c_int, phonememode: c_int) -> *const c_char;
}

/// `espeak_TextToPhonemes`'s mode for IPA as UTF-8.
const PHONEMES_IPA: c_int = 0x02;

/// What the callback collects for the text being spoken.
static SPEAKING: Mutex<Option<Said>> = Mutex::new(None);
/// The library is one global instance: one caller at a time, initialised once (its sample rate).
static LIBRARY: Mutex<Option<c_int>> = Mutex::new(None);

extern "C" fn collect(wav: *mut c_short, count: c_int, mut events: *mut Event) -> c_int {
    let Ok(mut guard) = SPEAKING.lock() else { return 1 };
    let Some(said) = guard.as_mut() else { return 1 };
    #[allow(unsafe_code)]
    // SAFETY: the library passes `count` samples at `wav` (or null), and an event list
    // terminated by EVENT_LIST_TERMINATED, both valid for the duration of this call.
    unsafe {
        while !events.is_null() && (*events).kind != EVENT_LIST_TERMINATED {
            let event = &*events;
            if event.kind == EVENT_WORD && event.text_position >= 1 && event.length >= 0 && event.sample >= 0 {
                said.marks.push(Mark {
                    char_start: (event.text_position - 1) as usize,
                    chars: event.length as usize,
                    sample: event.sample as u64,
                });
            }
            events = events.add(1);
        }
        if !wav.is_null() && count > 0 {
            said.samples.extend_from_slice(std::slice::from_raw_parts(wav, count as usize));
        }
    }
    0
}

/// Speaks each text with `voice` in this process: the sample rate and each text's audio and
/// word marks. Only the `speak` child calls it.
pub fn synthesize(voice: &str, texts: &[String]) -> Result<(u32, Vec<Said>), String> {
    let mut library = LIBRARY.lock().map_err(|_| "voice state poisoned")?;
    let rate = ready(&mut library, voice)?;
    #[allow(unsafe_code)]
    // SAFETY: plain C calls with valid, NUL-terminated strings that outlive them, made by one
    // caller at a time (the `LIBRARY` lock, held by `ready`'s caller); the callback only
    // touches `SPEAKING`.
    unsafe {
        let mut out = Vec::with_capacity(texts.len());
        for text in texts {
            let text = CString::new(text.replace(['\r', '\n', '\0'], " ")).map_err(|_| "bad text")?;
            *SPEAKING.lock().map_err(|_| "voice state poisoned")? = Some(Said::default());
            let bytes = text.as_bytes_with_nul();
            let status = espeak_Synth(
                bytes.as_ptr().cast(),
                bytes.len(),
                0,
                POS_CHARACTER,
                0,
                CHARS_UTF8,
                std::ptr::null_mut(),
                std::ptr::null_mut(),
            );
            espeak_Synchronize();
            let said = SPEAKING.lock().map_err(|_| "voice state poisoned")?.take().unwrap_or_default();
            if status != EE_OK {
                return Err(format!("espeak-ng refused the text (error {status})"));
            }
            out.push(said);
        }
        Ok((rate as u32, out))
    }
}

/// The library initialised once (its sample rate) with `voice` chosen; the caller keeps
/// holding the `LIBRARY` lock while it uses the library.
fn ready(library: &mut Option<c_int>, voice: &str) -> Result<c_int, String> {
    let voice = CString::new(voice).map_err(|_| "bad voice name")?;
    #[allow(unsafe_code)]
    // SAFETY: plain C calls with a valid, NUL-terminated string, under the `LIBRARY` lock.
    unsafe {
        let rate = match *library {
            Some(rate) => rate,
            None => {
                let rate = espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 0, std::ptr::null(), 0);
                if rate <= 0 {
                    return Err("espeak-ng cannot start: install Debian's espeak-ng package".into());
                }
                espeak_SetSynthCallback(collect);
                *library.insert(rate)
            }
        };
        if espeak_SetVoiceByName(voice.as_ptr()) != EE_OK {
            return Err(format!("espeak-ng has no voice {voice:?}"));
        }
        Ok(rate)
    }
}

/// Spells each text in phonemes in this process: clause by clause, and each word alone. Only
/// the `speak` child calls it (and the crate's own tests).
pub fn spell_here(voice: &str, texts: &[String]) -> Result<Vec<Spelled>, String> {
    let mut library = LIBRARY.lock().map_err(|_| "voice state poisoned")?;
    ready(&mut library, voice)?;
    texts
        .iter()
        .map(|text| {
            let text = text.replace(['\r', '\n', '\0'], " ");
            let clauses = clauses(&text)?;
            let words = words(&text)
                .map(|(char_start, word)| {
                    let ipa = clauses_ipa(word)?;
                    Ok(Word { char_start, ipa })
                })
                .collect::<Result<_, String>>()?;
            Ok(Spelled { clauses, words })
        })
        .collect()
}

/// A word said alone: its clauses' IPA joined by spaces.
fn clauses_ipa(word: &str) -> Result<String, String> {
    Ok(clauses(word)?.into_iter().map(|c| c.ipa).filter(|ipa| !ipa.is_empty()).collect::<Vec<_>>().join(" "))
}

/// The words of `text` split at white space, with the character each starts at.
pub fn words(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let mut start = None;
    let mut spans = Vec::new();
    for (chars, (byte, c)) in text.char_indices().chain(std::iter::once((text.len(), ' '))).enumerate() {
        match (c.is_whitespace(), start) {
            (true, Some((b, at))) => {
                spans.push((at, &text[b..byte]));
                start = None;
            }
            (false, None) => start = Some((byte, chars)),
            _ => {}
        }
    }
    spans.into_iter()
}

/// `text` in IPA clause by clause, each with the punctuation that ended it. espeak-ng moves its
/// text pointer past each clause (sometimes a character into the next), so the ending is the
/// last punctuation mark in the stretch it moved over.
fn clauses(text: &str) -> Result<Vec<Clause>, String> {
    let owned = CString::new(text).map_err(|_| "bad text")?;
    let bytes = owned.as_bytes();
    let base = owned.as_ptr().cast::<c_void>();
    let mut pointer = base;
    let mut out = Vec::new();
    while !pointer.is_null() && out.len() < 10_000 {
        let from = (pointer as usize) - (base as usize);
        #[allow(unsafe_code)]
        // SAFETY: `pointer` points into `owned`, NUL-terminated and alive for the loop; the
        // library returns a NUL-terminated string valid until its next call, copied at once.
        let ipa = unsafe {
            let phonemes = espeak_TextToPhonemes(&mut pointer, CHARS_UTF8 as c_int, PHONEMES_IPA);
            if phonemes.is_null() {
                String::new()
            } else {
                std::ffi::CStr::from_ptr(phonemes).to_string_lossy().into_owned()
            }
        };
        let to = if pointer.is_null() { bytes.len() } else { ((pointer as usize) - (base as usize)).min(bytes.len()) };
        let stretch = String::from_utf8_lossy(&bytes[from.min(to)..to]);
        let end = stretch.chars().rev().find(|c| ".,?!;:".contains(*c));
        out.push(Clause { ipa: unflagged(ipa.trim()), end });
    }
    Ok(out)
}

/// `ipa` without the language switches espeak-ng marks around a borrowed word ("(en)pˈɑːkɪŋ(fr)"
/// in French) and the joiners inside them: they are no sounds, and a voice reading them as
/// letters says them.
fn unflagged(ipa: &str) -> String {
    let mut out = String::with_capacity(ipa.len());
    let mut rest = ipa;
    while let Some(open) = rest.find('(') {
        let flag = rest[open + 1..].find(')').map(|close| &rest[open + 1..open + 1 + close]);
        match flag
            .filter(|f| !f.is_empty() && f.chars().all(|c| c.is_ascii_alphabetic() || c == '-' || c == '\u{200d}'))
        {
            Some(flag) => {
                out.push_str(&rest[..open]);
                rest = &rest[open + flag.len() + 2..];
            }
            None => {
                out.push_str(&rest[..=open]);
                rest = &rest[open + 1..];
            }
        }
    }
    out.push_str(rest);
    out.replace('\u{200d}', "")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn language_switches_are_no_sounds() {
        assert_eq!(unflagged("yn plˈas də- (en)pˈɑːkɪŋ(fr) ɑ̃ vˈil"), "yn plˈas də- pˈɑːkɪŋ ɑ̃ vˈil");
        assert_eq!(unflagged("(\u{200d}e\u{200d}n)pˈɑːkɪŋ"), "pˈɑːkɪŋ");
        assert_eq!(unflagged("a (b c) d("), "a (b c) d(");
    }

    #[test]
    fn words_are_marked_where_they_start_in_characters_and_samples() {
        let texts = vec!["Ship the page, then render it.".to_string(), "¿Qué tal?".to_string()];
        let (rate, said) = synthesize("en-us", &texts).unwrap();
        assert_eq!(rate, 22_050);
        let starts: Vec<usize> = said[0].marks.iter().map(|m| m.char_start).collect();
        assert_eq!(starts, vec![0, 5, 9, 15, 20, 27], "{:?}", said[0].marks);
        assert!(said[0].marks.windows(2).all(|w| w[0].sample < w[1].sample));
        assert!(said[0].marks.last().unwrap().sample < said[0].samples.len() as u64);
        assert!(said[1].marks.len() == 2 && said[1].marks[1].char_start == 5, "{:?}", said[1].marks);
    }

    #[test]
    fn texts_are_spelled_clause_by_clause_and_word_by_word() {
        let texts = vec!["Ship the page, then render it in 2026.".to_string()];
        let spelled = spell_here("en-us", &texts).unwrap();
        let ends: Vec<Option<char>> = spelled[0].clauses.iter().map(|c| c.end).collect();
        assert_eq!(ends, [Some(','), Some('.')], "{:?}", spelled[0].clauses);
        assert!(spelled[0].clauses[0].ipa.starts_with("ʃˈɪp"), "{:?}", spelled[0].clauses);
        let starts: Vec<usize> = spelled[0].words.iter().map(|w| w.char_start).collect();
        assert_eq!(starts, [0, 5, 9, 15, 20, 27, 30, 33]);
        assert_eq!(
            spelled[0].words[7].ipa.split(' ').count(),
            4,
            "a year is four spoken words: {:?}",
            spelled[0].words
        );
        assert!(check_spelling(spelled.clone(), &["Ship".to_string()]).is_err(), "words past their text");
        assert!(check_spelling(spelled, &[]).is_err(), "answers for other texts");
    }

    fn answer(samples: usize, mark_at: usize, pcm: &[u8]) -> Vec<u8> {
        let mut out = format!(
            r#"{{"sample_rate":22050,"pieces":[{{"samples":{samples},"marks":[{{"char_start":{mark_at},"chars":2,"sample":1}}]}}]}}"#
        )
        .into_bytes();
        out.push(b'\n');
        out.extend_from_slice(pcm);
        out
    }

    #[test]
    fn an_answer_is_checked_against_what_was_asked() {
        let texts = vec!["ab".to_string()];
        let (rate, said) = parse_answer(&answer(2, 0, b"\x01\x00\x02\x00"), &texts).unwrap();
        assert_eq!((rate, said[0].samples.clone(), said[0].marks.len()), (22_050, vec![1, 2], 1));
        let (_, said) = parse_answer(&answer(2, 9, b"\x01\x00\x02\x00"), &texts).unwrap();
        assert!(said[0].marks.is_empty(), "a mark past the end of its text is dropped");
        assert!(parse_answer(&answer(3, 0, b"\x01\x00\x02\x00"), &texts).is_err(), "fewer samples than announced");
        assert!(parse_answer(&answer(1, 0, b"\x01\x00\x02\x00"), &texts).is_err(), "more samples than announced");
        assert!(parse_answer(&answer(2, 0, b"\x01\x00\x02\x00"), &[]).is_err(), "answers for other texts");
    }
}
