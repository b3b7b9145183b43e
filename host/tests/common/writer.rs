//! A built-in generator compiled once and called many times in the real sandbox, as brand
//! Acme Robotics, with the host's reading of each input (shared by the tests that drive them).

use asset_host::plugins::{Brand, Content, Limits, Request, Sandbox, builtins};

/// A built-in generator compiled once, called many times.
pub struct Writer {
    sandbox: Sandbox,
    prepared: asset_host::plugins::sandbox::Prepared,
    name: &'static str,
}

impl Writer {
    pub fn new(name: &'static str) -> Writer {
        let sandbox = crate::common::sandboxes::cached(Default::default());
        let bytes = builtins().into_iter().find(|(n, _)| *n == name).expect("built in").1;
        let prepared = sandbox.prepare(bytes).unwrap();
        Writer { sandbox, prepared, name }
    }

    pub async fn write(&self, kind: &str, language: &str, input: &str, seed: u64) -> Content {
        let request = Request {
            task: self.name.into(),
            kind: Some(kind.into()),
            input: input.into(),
            reading: asset_host::plugins::reading::of(input),
            language: language.into(),
            seed,
            brand: Some(Brand {
                key: "acme".into(),
                name: "Acme Robotics".into(),
                voice: "Warm, direct, a little playful".into(),
                hashtag: "#ACME".into(),
                token: "$ACME".into(),
            }),
            options: Vec::new(),
        };
        self.sandbox.generate(&self.prepared, Limits::GLOBAL, &[], self.name, &request).await.unwrap()
    }
}
