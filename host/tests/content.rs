//! The built-in content and slideshow generators, run in the real sandbox for every category
//! and all 23 languages (and hostile inputs): what they write passes the host's platform checks
//! (`content::platforms::check`), in the language's own script, and slideshows keep the slide
//! shape pages are made from.

use asset_host::content::platforms::{CATEGORIES, check};
use asset_host::languages::LANGUAGES;

use crate::common::writer;

use writer::Writer;

const INPUTS: [&str; 4] = [
    "Our API now renders vertical video in under a second",
    "روبوتات المستودعات الجديدة تعمل طوال الليل",
    "https://example.com/blog/launch?ref=x\nline two\tand a tab",
    "🚀🚀🚀",
];

#[tokio::test]
async fn every_category_in_every_language_keeps_its_platforms_limits() {
    let writer = Writer::new("content");
    let mut checked = 0;
    for category in CATEGORIES {
        for language in LANGUAGES.iter().map(|l| l.code) {
            for (seed, input) in INPUTS.iter().enumerate() {
                let content = writer.write(category.name, language, input, seed as u64).await;
                let text = check(category, &content.blocks)
                    .unwrap_or_else(|why| panic!("{} in {language} for {input:?}: {why}", category.name));
                assert!(!text.is_empty());
                checked += 1;
            }
        }
    }
    // A very long input still fits.
    let long = "word ".repeat(399);
    for category in CATEGORIES {
        let content = writer.write(category.name, "ja", &long, 1).await;
        check(category, &content.blocks).unwrap_or_else(|why| panic!("{}: {why}", category.name));
    }
    assert_eq!(checked, 8 * 23 * INPUTS.len());
}

#[tokio::test]
async fn slideshows_are_two_to_twelve_slides_in_every_language() {
    let writer = Writer::new("slideshow");
    for language in LANGUAGES.iter().map(|l| l.code) {
        for input in INPUTS {
            let content = writer.write("slideshow", language, input, 3).await;
            let slides: Vec<_> = content.blocks.iter().filter(|b| b.role == "slide").collect();
            assert!((2..=12).contains(&slides.len()), "{language}: {} slides", slides.len());
            assert!(slides.iter().all(|s| (1..=200).contains(&s.text.chars().count()) && !s.text.contains('\n')));
        }
    }
}
