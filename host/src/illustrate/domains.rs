//! What a subject's domain looks like when none of its words names a thing: for each of the
//! copy tables' domains (`copywriter::DOMAINS`), things named by their English CLDR names and
//! looked up through the same annotations (so every one is drawn and named in every language).
//! A subject gets two of its domain's by a hash of its words: two subjects of one domain rarely
//! look alike, and no two domains share a default.

use super::data::{Class, Set};

const THINGS: [(&str, &[&str]); 14] = [
    ("ai", &["robot", "brain", "light bulb", "desktop computer", "gear"]),
    ("software", &["laptop", "mobile phone", "keyboard", "gear", "toolbox"]),
    ("finance", &["receipt", "money bag", "bank", "coin", "chart increasing"]),
    ("crypto", &["coin", "link", "gem stone", "locked", "chart increasing"]),
    ("marketing", &["megaphone", "bullseye", "chart increasing", "loudspeaker", "newspaper"]),
    ("sales", &["bullseye", "trophy", "telephone receiver", "money with wings", "briefcase"]),
    ("food", &["fork and knife with plate", "bread", "cooking", "hot beverage", "green salad"]),
    ("fitness", &["running shoe", "stopwatch", "sports medal", "bicycle", "basketball"]),
    ("health", &["stethoscope", "pill", "hospital", "red apple", "adhesive bandage"]),
    ("education", &["books", "graduation cap", "pencil", "school", "notebook"]),
    ("travel", &["airplane", "luggage", "world map", "beach with umbrella", "compass"]),
    ("style", &["dress", "lipstick", "high-heeled shoe", "t-shirt", "ring"]),
    ("creator", &["movie camera", "studio microphone", "clapper board", "camera with flash", "headphone"]),
    ("general", &["light bulb", "rocket", "seedling", "puzzle piece", "hammer and wrench"]),
];

/// Two things of `domain` (of "general" when it is none of the domains), picked by `seed`.
pub fn things(set: &Set, domain: &str, seed: u64) -> Vec<u32> {
    let names = THINGS.iter().find(|(d, _)| *d == domain).unwrap_or(&THINGS[THINGS.len() - 1]).1;
    let Some(english) = set.index("en") else { return Vec::new() };
    let drawn: Vec<u32> = names
        .iter()
        .filter_map(|name| {
            let id = *english.keywords.get(*name)?;
            let named = &english.named[id as usize];
            // The emoji that bears the name, else the first thing it names.
            let own = named.iter().find(|&&e| english.names[e as usize] == *name);
            own.or_else(|| named.iter().find(|&&e| set.emoji[e as usize].class == Class::Thing)).copied()
        })
        .collect();
    if drawn.is_empty() {
        return Vec::new();
    }
    let first = (seed % drawn.len() as u64) as usize;
    let second = (first + 1 + (seed / 7 % (drawn.len() as u64 - 1).max(1)) as usize) % drawn.len();
    let mut out = vec![drawn[first]];
    if second != first {
        out.push(drawn[second]);
    }
    out
}

#[cfg(test)]
mod tests {
    #[test]
    fn every_domain_of_the_copy_tables_has_things() {
        for domain in copywriter::DOMAINS {
            assert!(super::THINGS.iter().any(|(d, _)| *d == domain), "{domain}");
        }
    }
}
