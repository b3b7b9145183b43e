//! A generator built against the frozen world `asset:generator@1.0.0`, as brand admins built
//! theirs before 1.1.0: the host must still accept, validate and serve it unchanged (its
//! requests simply carry no reading). It echoes the input and the language, so a test can see
//! the request arrived whole.

wit_bindgen::generate!({ path: "../../../wit/1.0.0", world: "generator" });

use asset::generator::types::Block;

struct Legacy;

impl Guest for Legacy {
    fn describe() -> Manifest {
        Manifest {
            name: "legacy".into(),
            version: "1.0.0".into(),
            description: "A 1.0.0 generator: echoes the input.".into(),
            tasks: vec!["meme".into()],
            kinds: Vec::new(),
            languages: vec!["en".into(), "ja".into()],
            capabilities: Vec::new(),
            sample_input: Request {
                task: "meme".into(),
                kind: None,
                input: "ping".into(),
                language: "en".into(),
                seed: 1,
                brand: None,
                options: Vec::new(),
            },
        }
    }

    fn generate(request: Request) -> Result<Content, GenerateError> {
        let echo = Block {
            role: "echo".into(),
            text: format!("{} [{}]", request.input, request.language),
            attributes: Vec::new(),
        };
        Ok(Content { title: "legacy".into(), blocks: vec![echo], tags: Vec::new() })
    }
}

export!(Legacy);
