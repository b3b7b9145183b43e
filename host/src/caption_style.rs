//! How a video shows the word being said: the caption styles a page or a render may ask for.
//! Each is drawn by the renderer over the word's own boxes, so it is right in every script.

/// A caption style.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CaptionStyle {
    /// The word being said on a pill in the accent (the first style, the default).
    #[default]
    Highlight,
    /// A karaoke sweep: each word lights as it is said and stays lit to the end of its beat.
    Karaoke,
    /// The word being said underlined with a thick bar in the accent.
    Underline,
    /// The word being said framed by a rounded box in the accent.
    Boxed,
}

impl CaptionStyle {
    /// Every style, in the order the menu lists them.
    pub const ALL: [CaptionStyle; 4] =
        [CaptionStyle::Highlight, CaptionStyle::Karaoke, CaptionStyle::Underline, CaptionStyle::Boxed];

    /// The style as requests name it.
    pub fn name(self) -> &'static str {
        match self {
            CaptionStyle::Highlight => "highlight",
            CaptionStyle::Karaoke => "karaoke",
            CaptionStyle::Underline => "underline",
            CaptionStyle::Boxed => "boxed",
        }
    }

    /// The style a request names, if it names one.
    pub fn parse(name: &str) -> Option<CaptionStyle> {
        CaptionStyle::ALL.into_iter().find(|s| s.name() == name)
    }

    /// What it looks like, for the menu.
    pub fn description(self) -> &'static str {
        match self {
            CaptionStyle::Highlight => "the word being said on a pill in the accent",
            CaptionStyle::Karaoke => "a sweep: each word lights as it is said and stays lit until the beat ends",
            CaptionStyle::Underline => "the word being said underlined in the accent",
            CaptionStyle::Boxed => "the word being said framed by a rounded box in the accent",
        }
    }

    /// Whether this is the default style (kept rows leave it out).
    pub fn is_default(&self) -> bool {
        *self == CaptionStyle::default()
    }

    /// Whether words said earlier in a beat stay lit.
    pub fn keeps_said(self) -> bool {
        self == CaptionStyle::Karaoke
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_style_reads_back_from_its_name() {
        for style in CaptionStyle::ALL {
            assert_eq!(CaptionStyle::parse(style.name()), Some(style));
        }
        assert_eq!(CaptionStyle::parse("Highlight"), None);
        assert_eq!(CaptionStyle::default(), CaptionStyle::Highlight);
        for style in CaptionStyle::ALL {
            assert_eq!(serde_json::to_value(style).unwrap(), style.name(), "kept as requests name it");
        }
    }
}
