//! How pictures look: the backdrop's gradient, the accent and card colours, the typeface and
//! the logo. A registered brand's style is its admin's choice (any part left out is derived
//! from its name); an ad-hoc brand's palette is derived from its name, so one brand always
//! looks the same; pictures without a brand get one of a few palettes by their seed.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use super::Backdrop;
use super::fonts::Typeface;
use super::logo::Stamp;

/// A picture's colours, typeface and logo.
#[derive(Debug, Clone)]
pub struct Style {
    /// The backdrop's gradient, top to bottom.
    pub top: [u8; 3],
    pub bottom: [u8; 3],
    /// Highlights, buttons, lit words: `#rrggbb`.
    pub accent: String,
    /// Light cards that dark text sits on, and that text.
    pub card: &'static str,
    pub dark: &'static str,
    pub typeface: Typeface,
    pub logo: Option<Stamp>,
}

/// A brand's colours as `#rrggbb`: the backdrop's gradient and the accent.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, ToSchema, schemars::JsonSchema)]
pub struct Palette {
    #[schema(pattern = "^#[0-9a-fA-F]{6}$", example = "#1d2671")]
    pub top: String,
    #[schema(pattern = "^#[0-9a-fA-F]{6}$", example = "#c33764")]
    pub bottom: String,
    #[schema(pattern = "^#[0-9a-fA-F]{6}$", example = "#ffd400")]
    pub accent: String,
}

/// `#rrggbb` as bytes.
pub fn rgb(hex: &str) -> Option<[u8; 3]> {
    let digits = hex.strip_prefix('#').filter(|d| d.len() == 6 && d.bytes().all(|b| b.is_ascii_hexdigit()))?;
    let byte = |i: usize| u8::from_str_radix(&digits[i..i + 2], 16).ok();
    Some([byte(0)?, byte(2)?, byte(4)?])
}

fn hex([r, g, b]: [u8; 3]) -> String {
    format!("#{r:02x}{g:02x}{b:02x}")
}

impl Palette {
    /// Whether every colour is `#rrggbb`.
    pub fn valid(&self) -> bool {
        [&self.top, &self.bottom, &self.accent].iter().all(|c| rgb(c).is_some())
    }
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

/// A colour from hue (degrees), saturation and lightness (0–1).
fn hsl(hue: f32, saturation: f32, lightness: f32) -> [u8; 3] {
    let c = (1.0 - (2.0 * lightness - 1.0).abs()) * saturation;
    let h = hue.rem_euclid(360.0) / 60.0;
    let x = c * (1.0 - (h % 2.0 - 1.0).abs());
    let (r, g, b) = match h as u32 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    let m = lightness - c / 2.0;
    [r, g, b].map(|v| ((v + m) * 255.0).round().clamp(0.0, 255.0) as u8)
}

impl Style {
    fn of(top: [u8; 3], bottom: [u8; 3], accent: String) -> Style {
        Style { top, bottom, accent, card: "#fbf7ef", dark: "#1f2933", typeface: Typeface::Sans, logo: None }
    }

    /// One of the stock palettes, by `seed`.
    pub fn seeded(seed: u64) -> Style {
        let (top, bottom, accent) = PALETTES[(seed % PALETTES.len() as u64) as usize];
        Style::of(top, bottom, accent.into())
    }

    /// A palette derived from a brand's name: a dark gradient in the name's hue, so white text
    /// reads on it, and a bright accent opposite it.
    pub fn derived(name: &str) -> Style {
        // FNV-1a: stable across versions and platforms, unlike the standard hasher.
        let hash = name
            .trim()
            .to_lowercase()
            .bytes()
            .fold(0xcbf2_9ce4_8422_2325u64, |h, b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3));
        let hue = (hash % 360) as f32;
        Style::of(hsl(hue, 0.55, 0.16), hsl(hue + 35.0, 0.55, 0.36), hex(hsl(hue + 180.0, 0.95, 0.62)))
    }

    /// A brand's style: its palette, else the one derived from its name; its typeface and logo.
    pub fn branded(name: &str, palette: Option<&Palette>, typeface: Typeface, logo: Option<Stamp>) -> Style {
        let colours = palette.and_then(|p| Some((rgb(&p.top)?, rgb(&p.bottom)?, rgb(&p.accent)?)));
        let mut style = match colours {
            Some((top, bottom, accent)) => Style::of(top, bottom, hex(accent)),
            None => Style::derived(name),
        };
        style.typeface = typeface;
        style.logo = logo;
        style
    }

    pub fn backdrop(&self) -> Backdrop {
        Backdrop { top: self.top, bottom: self.bottom }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_brand_name_always_gives_the_same_dark_palette_and_names_differ() {
        let a = Style::derived("Acme");
        assert_eq!((a.top, a.bottom, a.accent.clone()), {
            let b = Style::derived(" acme ");
            (b.top, b.bottom, b.accent)
        });
        assert_ne!(a.accent, Style::derived("Globex").accent);
        let luma = |c: [u8; 3]| 0.299 * f32::from(c[0]) + 0.587 * f32::from(c[1]) + 0.114 * f32::from(c[2]);
        for name in ["Acme", "Globex", "Initech", "日本", "x"] {
            let s = Style::derived(name);
            assert!(luma(s.top) < 90.0 && luma(s.bottom) < 140.0, "{name}: white text reads on {s:?}");
            assert!(rgb(&s.accent).is_some());
        }
    }

    #[test]
    fn a_brand_palette_is_used_as_given_and_a_bad_one_falls_back_to_the_name() {
        let palette = Palette { top: "#000000".into(), bottom: "#112233".into(), accent: "#FFAA00".into() };
        assert!(palette.valid());
        let s = Style::branded("Acme", Some(&palette), Typeface::Serif, None);
        assert_eq!(
            (s.top, s.bottom, s.accent.as_str(), s.typeface),
            ([0, 0, 0], [0x11, 0x22, 0x33], "#ffaa00", Typeface::Serif)
        );
        let bad = Palette { accent: "red".into(), ..palette };
        assert!(!bad.valid());
        assert_eq!(Style::branded("Acme", Some(&bad), Typeface::Sans, None).accent, Style::derived("Acme").accent);
    }
}
