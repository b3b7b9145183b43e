//! How pictures look: the backdrop's gradient, the accent and the card colours. Pictures
//! without a brand get one of a few palettes by their seed.

use super::Backdrop;

/// A picture's colours.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Style {
    /// The backdrop's gradient, top to bottom.
    pub top: [u8; 3],
    pub bottom: [u8; 3],
    /// Highlights, buttons, lit words: `#rrggbb`.
    pub accent: String,
    /// Light cards that dark text sits on, and that text.
    pub card: &'static str,
    pub dark: &'static str,
}

/// Background gradient top and bottom, and the accent colour.
const PALETTES: [([u8; 3], [u8; 3], &str); 6] = [
    ([0x1d, 0x26, 0x71], [0xc3, 0x37, 0x64], "#ffd400"),
    ([0x0f, 0x20, 0x27], [0x2c, 0x53, 0x64], "#4ff0b0"),
    ([0x42, 0x27, 0x5a], [0x73, 0x4b, 0x6d], "#ffb86b"),
    ([0x14, 0x1e, 0x30], [0x24, 0x3b, 0x55], "#ff6b6b"),
    ([0x3a, 0x1c, 0x71], [0xd7, 0x6d, 0x77], "#fff07a"),
    ([0x09, 0x30, 0x28], [0x23, 0x7a, 0x57], "#f9f871"),
];

impl Style {
    /// One of the stock palettes, by `seed`.
    pub fn seeded(seed: u64) -> Style {
        let (top, bottom, accent) = PALETTES[(seed % PALETTES.len() as u64) as usize];
        Style { top, bottom, accent: accent.into(), card: "#fbf7ef", dark: "#1f2933" }
    }

    pub fn backdrop(&self) -> Backdrop {
        Backdrop { top: self.top, bottom: self.bottom }
    }
}
