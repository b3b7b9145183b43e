//! The built-in slideshow generator: a title slide, three to five point slides and a closer,
//! for pay-per-asset previews and renders.

use guest::{Content, GenerateError, Guest, Manifest, Request, block_with, pick, subject};

struct Slideshow;

impl Guest for Slideshow {
    fn describe() -> Manifest {
        Manifest {
            name: "slideshow".into(),
            version: env!("CARGO_PKG_VERSION").into(),
            description: "Slideshows: a title slide, points and a closer.".into(),
            tasks: vec!["slideshow".into()],
            kinds: vec!["slideshow".into(), "single-meme".into()],
            languages: vec!["en".into()],
            capabilities: Vec::new(),
            sample_input: guest::sample("slideshow", Some("slideshow"), "Why small teams ship faster"),
        }
    }

    fn generate(request: Request) -> Result<Content, GenerateError> {
        if request.task != "slideshow" {
            return Err(GenerateError::UnsupportedTask(request.task));
        }
        guest::check_language(&request, &["en"])?;
        let input = guest::checked_input(&request, 2000)?;
        let topic = subject(&input, 80);
        let seed = request.seed;
        let single = request.kind.as_deref() == Some("single-meme");
        let points: &[&str] = if single {
            &[]
        } else {
            &[
                "Fewer meetings, more shipping.",
                "Everyone sees the whole picture.",
                "Decisions take minutes, not weeks.",
                "Mistakes are small and fixed fast.",
            ]
        };
        let count = if single { 0 } else { 3 + (seed % 2) as usize };
        let mut blocks = vec![block_with("slide", topic.clone(), &[("layout", "title")])];
        blocks.extend(points.iter().take(count).map(|p| block_with("slide", *p, &[("layout", "point")])));
        blocks.push(block_with(
            "slide",
            pick(&["Follow for more.", "Save this.", "Now go build."], seed, 1),
            &[("layout", "closer")],
        ));
        Ok(Content { title: topic, blocks, tags: vec!["slideshow".into()] })
    }
}

guest::export_generator!(Slideshow);
