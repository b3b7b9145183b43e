//! Public links: the numbered picture names (`N.png`) pages and feeds point at.

/// The position in a picture name `N.png` (N from 1, at most 3 digits), or `None`.
pub fn numbered_png(name: &str) -> Option<i64> {
    name.strip_suffix(".png")
        .filter(|n| !n.is_empty() && n.len() <= 3 && n.bytes().all(|b| b.is_ascii_digit()))
        .and_then(|n| n.parse().ok())
        .filter(|n| *n >= 1)
}

#[cfg(test)]
mod tests {
    #[test]
    fn picture_names_are_numbers_from_one() {
        use super::numbered_png;
        assert_eq!(numbered_png("1.png"), Some(1));
        assert_eq!(numbered_png("12.png"), Some(12));
        for bad in ["0.png", "1.PNG", ".png", "1234.png", "-1.png", "1.png.png", "a.png", "voice"] {
            assert_eq!(numbered_png(bad), None, "{bad}");
        }
    }
}
