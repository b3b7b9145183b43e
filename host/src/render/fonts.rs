//! Fonts for every supported script: one font database per process, the Noto family named for
//! each script (never left to fallback, which picks stray faces and misplaces Indic marks), its
//! faces mapped into memory once, and measurement of text so layouts can wrap lines before resvg
//! shapes them.

use std::sync::{Arc, OnceLock};

use resvg::usvg::fontdb::{self, Database, Family, Query, Weight};
use skrifa::MetadataProvider;
use skrifa::instance::{LocationRef, Size};

/// A writing system with its own font.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Script {
    /// Latin, Greek and Cyrillic (Vietnamese included).
    Latin,
    /// Arabic and Persian.
    Arabic,
    Devanagari,
    Bengali,
    Thai,
    /// Han in Simplified Chinese forms, for Chinese and for Han outside a Japanese or Korean text.
    Chinese,
    /// Kana and Han in Japanese forms.
    Japanese,
    /// Hangul and Han in Korean forms.
    Korean,
}

impl Script {
    /// Every script, for checks at start-up.
    pub const ALL: [Script; 8] = [
        Script::Latin,
        Script::Arabic,
        Script::Devanagari,
        Script::Bengali,
        Script::Thai,
        Script::Chinese,
        Script::Japanese,
        Script::Korean,
    ];

    /// The font family drawn for this script (from Debian's fonts-noto-core and fonts-noto-cjk).
    pub fn family(self) -> &'static str {
        match self {
            Script::Latin => "Noto Sans",
            Script::Arabic => "Noto Sans Arabic",
            Script::Devanagari => "Noto Sans Devanagari",
            Script::Bengali => "Noto Sans Bengali",
            Script::Thai => "Noto Sans Thai",
            Script::Chinese => "Noto Sans CJK SC",
            Script::Japanese => "Noto Sans CJK JP",
            Script::Korean => "Noto Sans CJK KR",
        }
    }

    /// The family drawn for this script in `typeface`: a brand's typeface changes the Latin
    /// family (which covers Greek, Cyrillic and Vietnamese too); other scripts keep theirs.
    pub fn family_in(self, typeface: Typeface) -> &'static str {
        match (self, typeface) {
            (Script::Latin, Typeface::Serif) => "Noto Serif",
            (Script::Latin, Typeface::Mono) => "Noto Sans Mono",
            _ => self.family(),
        }
    }

    /// The script a character belongs to, or `None` for characters every script shares (spaces,
    /// digits, ASCII punctuation, combining marks), which follow their neighbours. Han takes the
    /// form of the text's language (`lang`, ISO 639-1).
    pub fn of(c: char, lang: &str) -> Option<Script> {
        let han = || match lang {
            "ja" => Script::Japanese,
            "ko" => Script::Korean,
            _ => Script::Chinese,
        };
        Some(match u32::from(c) {
            0x0000..=0x0040 | 0x005B..=0x0060 | 0x007B..=0x00BF | 0x00D7 | 0x00F7 => return None,
            0x0300..=0x036F | 0x200B..=0x206F | 0xFE00..=0xFE0F => return None,
            0x0600..=0x06FF | 0x0750..=0x077F | 0x08A0..=0x08FF | 0xFB50..=0xFDFF | 0xFE70..=0xFEFF => Script::Arabic,
            // The dandas are shared by Indic scripts; they follow their neighbours.
            0x0964 | 0x0965 => return None,
            0x0900..=0x097F | 0xA8E0..=0xA8FF => Script::Devanagari,
            0x0980..=0x09FF => Script::Bengali,
            0x0E00..=0x0E7F => Script::Thai,
            0x3040..=0x30FF | 0x31F0..=0x31FF => Script::Japanese,
            0x1100..=0x11FF | 0x3130..=0x318F | 0xAC00..=0xD7AF => Script::Korean,
            0x2E80..=0x2FFF
            | 0x3000..=0x303F
            | 0x3400..=0x4DBF
            | 0x4E00..=0x9FFF
            | 0xF900..=0xFAFF
            | 0xFF00..=0xFFEF => han(),
            _ => Script::Latin,
        })
    }
}

/// The typefaces a brand may choose among (installed with fonts-noto-core).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Default,
    serde::Serialize,
    serde::Deserialize,
    utoipa::ToSchema,
    schemars::JsonSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum Typeface {
    /// Noto Sans.
    #[default]
    Sans,
    /// Noto Serif.
    Serif,
    /// Noto Sans Mono.
    Mono,
}

impl Typeface {
    pub const ALL: [Typeface; 3] = [Typeface::Sans, Typeface::Serif, Typeface::Mono];
}

/// The fonts of the process.
pub struct Fonts {
    db: Arc<Database>,
    /// Regular and bold face of each script, in `Script::ALL` order; `None` where not installed.
    faces: Vec<[Option<fontdb::ID>; 2]>,
    /// Regular and bold face of the Latin family of each typeface, in `Typeface::ALL` order.
    latin: Vec<[Option<fontdb::ID>; 2]>,
}

static FONTS: OnceLock<Fonts> = OnceLock::new();

/// The process's fonts, loaded on first use (system fonts plus `ASSET_FONTS_DIR` if set).
/// `serve` calls this at start-up on a blocking thread so no request pays for the scan.
pub fn get() -> &'static Fonts {
    FONTS.get_or_init(|| {
        let mut db = Database::new();
        db.load_system_fonts();
        if let Some(dir) = std::env::var_os("ASSET_FONTS_DIR") {
            db.load_fonts_dir(dir);
        }
        Fonts::new(db)
    })
}

impl Fonts {
    #[allow(unsafe_code)]
    fn new(mut db: Database) -> Fonts {
        let pair = |db: &Database, family: &str| {
            [Weight::NORMAL, Weight::BOLD].map(|weight| {
                let query = Query { families: &[Family::Name(family)], weight, ..Query::default() };
                db.query(&query).filter(|id| db.face(*id).is_some_and(|f| f.families.iter().any(|(n, _)| n == family)))
            })
        };
        let faces = Script::ALL.iter().map(|script| pair(&db, script.family())).collect::<Vec<_>>();
        let latin = Typeface::ALL.iter().map(|t| pair(&db, Script::Latin.family_in(*t))).collect::<Vec<_>>();
        for id in faces.iter().chain(&latin).flatten().flatten() {
            // Without this every measurement and every shaped run opens and maps the font file
            // again (a CJK collection is ~20 MB): mapped once here, the faces stay mapped and
            // resvg draws from the same mapping.
            // SAFETY: fontdb maps system font files read-only, as it already does on each use
            // (the `memmap-fonts` feature). Package upgrades replace font files by rename, which
            // leaves the mapped file intact; a font file truncated in place while we run is the
            // one case this cannot defend against, as with any mapped file.
            let _ = unsafe { db.make_shared_face_data(*id) };
        }
        Fonts { db: Arc::new(db), faces, latin }
    }

    /// The database resvg draws with.
    pub fn database(&self) -> Arc<Database> {
        self.db.clone()
    }

    /// Scripts whose font is not installed; drawing them would lose the text.
    pub fn missing(&self) -> Vec<&'static str> {
        Script::ALL.iter().zip(&self.faces).filter(|(_, f)| f[0].is_none()).map(|(s, _)| s.family()).collect()
    }

    fn face(&self, script: Script, typeface: Typeface, bold: bool) -> Option<fontdb::ID> {
        let index = Script::ALL.iter().position(|s| *s == script)?;
        let pair = match script {
            Script::Latin => self.latin[Typeface::ALL.iter().position(|t| *t == typeface)?],
            _ => self.faces[index],
        };
        pair[usize::from(bold)].or(pair[0]).or(self.faces[index][0])
    }

    /// Whether the script's font has a glyph for every character of `text`.
    pub fn covers(&self, script: Script, text: &str) -> bool {
        self.with_font(script, Typeface::Sans, false, |font| {
            let charmap = font.charmap();
            text.chars().all(|c| c.is_whitespace() || charmap.map(c).is_some())
        })
        .unwrap_or(false)
    }

    /// Each character of `text` with its advance in the script's font at a size of one pixel,
    /// from glyph advances (before shaping: contextual forms change widths by a few percent, so
    /// layouts leave a margin). Widths scale with the size, so one measurement serves them all.
    pub fn advances(
        &self,
        script: Script,
        typeface: Typeface,
        bold: bool,
        text: &str,
        mut each: impl FnMut(char, f32),
    ) {
        let measured = self.with_font(script, typeface, bold, |font| {
            let charmap = font.charmap();
            let metrics = font.glyph_metrics(Size::new(1.0), LocationRef::default());
            for c in text.chars() {
                each(c, charmap.map(c).and_then(|g| metrics.advance_width(g)).unwrap_or(0.5));
            }
        });
        if measured.is_none() {
            text.chars().for_each(|c| each(c, 0.6));
        }
    }

    fn with_font<T>(
        &self,
        script: Script,
        typeface: Typeface,
        bold: bool,
        f: impl FnOnce(&skrifa::FontRef<'_>) -> T,
    ) -> Option<T> {
        let id = self.face(script, typeface, bold)?;
        self.db
            .with_face_data(id, |data, index| skrifa::FontRef::from_index(data, index).ok().map(|font| f(&font)))
            .flatten()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn characters_take_the_script_of_their_writing_system() {
        assert_eq!(Script::of('a', "en"), Some(Script::Latin));
        assert_eq!(Script::of('ж', "ru"), Some(Script::Latin));
        assert_eq!(Script::of('ư', "vi"), Some(Script::Latin));
        assert_eq!(Script::of('ب', "ar"), Some(Script::Arabic));
        assert_eq!(Script::of('پ', "fa"), Some(Script::Arabic));
        assert_eq!(Script::of('ह', "hi"), Some(Script::Devanagari));
        assert_eq!(Script::of('ব', "bn"), Some(Script::Bengali));
        assert_eq!(Script::of('ก', "th"), Some(Script::Thai));
        assert_eq!(Script::of('の', "ja"), Some(Script::Japanese));
        assert_eq!(Script::of('한', "ko"), Some(Script::Korean));
        assert_eq!(Script::of('中', "zh"), Some(Script::Chinese));
        assert_eq!(Script::of('中', "ja"), Some(Script::Japanese));
        for shared in [' ', '1', '!', '#', '$', '।', '\u{301}'] {
            assert_eq!(Script::of(shared, "hi"), None, "{shared:?}");
        }
    }
}
