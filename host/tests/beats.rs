//! The built-in beats generator in the real sandbox: beats at sentence ends in spaced and
//! unspaced scripts, every character kept in order, and for Chinese a pinyin speech text the
//! embedded voice can read while the caption keeps the characters.

use asset_host::plugins::Request;
use asset_host::plugins::{Limits, builtins};

async fn beats(language: &str, script: &str) -> Vec<(String, String)> {
    let sandbox = crate::common::sandboxes::cached(Default::default());
    let bytes = builtins().into_iter().find(|(name, _)| *name == "beats").unwrap().1;
    let prepared = sandbox.prepare(bytes).unwrap();
    let request = Request {
        task: "beats".into(),
        kind: None,
        input: script.into(),
        reading: asset_host::plugins::reading::of(script),
        language: language.into(),
        seed: 1,
        brand: None,
        options: Vec::new(),
    };
    let content = sandbox.generate(&prepared, Limits::GLOBAL, &[], "beats", &request).await.unwrap();
    content
        .blocks
        .into_iter()
        .map(|b| {
            let speech = b.attributes.iter().find(|(k, _)| k == "speech").map(|(_, v)| v.clone()).unwrap_or_default();
            (b.text, speech)
        })
        .collect()
}

#[tokio::test]
async fn scripts_split_into_beats_in_every_writing_system() {
    let en = beats(
        "en",
        "Ship the page. Then render the video! Is it done? One two three four five six seven eight nine ten. \
         We write the script, we pick the voice, we draw every picture, and the video is ready before your \
         coffee cools down today.",
    )
    .await;
    let texts: Vec<&str> = en.iter().map(|(t, _)| t.as_str()).collect();
    assert_eq!(
        texts,
        [
            "Ship the page.",
            "Then render the video!",
            "Is it done?",
            "One two three four five six seven eight nine ten.",
            "We write the script, we pick the voice, we draw every picture,",
            "and the video is ready before your coffee cools down today."
        ],
        "beats end at sentence ends; a sentence too long for a picture at the clause end nearest its middle"
    );
    assert!(en.iter().all(|(t, s)| t == s), "other languages are read as written");

    let zh = beats("zh", "你好世界。今天很好！").await;
    assert_eq!(
        zh,
        [
            ("你好世界。".to_string(), "ni3 hao3 shi4 jie4.".to_string()),
            ("今天很好！".to_string(), "jin1 tian1 hen3 hao3!".to_string())
        ]
    );

    let ja = beats("ja", "ロケットが大好きです。毎日見ています。").await;
    assert_eq!(ja.iter().map(|(t, _)| t.as_str()).collect::<Vec<_>>(), ["ロケットが大好きです。", "毎日見ています。"]);
    // A sentence reaching the length limit keeps its full stop: no beat of punctuation alone.
    let long = beats("ja", "小さなチームは毎週一日を失っています。").await;
    assert_eq!(long.iter().map(|(t, _)| t.as_str()).collect::<Vec<_>>(), ["小さなチームは毎週一日を失っています。"]);

    let th = beats("th", "จรวดน่าทึ่งมากจริงๆ เราชอบมันทุกวันเลยนะ เพื่อนๆก็ชอบเหมือนกันนะครับ").await;
    assert_eq!(th.len(), 2, "a long Thai sentence is cut at a space: {th:?}");
    assert_eq!(
        th.iter().map(|(t, _)| t.as_str()).collect::<String>().replace(' ', ""),
        "จรวดน่าทึ่งมากจริงๆเราชอบมันทุกวันเลยนะเพื่อนๆก็ชอบเหมือนกันนะครับ"
    );
    assert!(th.iter().all(|(t, _)| !t.starts_with(' ') && !t.ends_with(' ')), "{th:?}");
    for (beat, _) in &th {
        let first = beat.chars().next().unwrap() as u32;
        assert!(!matches!(first, 0x0E31 | 0x0E34..=0x0E3A | 0x0E47..=0x0E4E), "a beat starts with a mark: {beat}");
    }
    let ar = beats("ar", "الوكلاء يدفعون؟ نعم.").await;
    assert_eq!(ar.iter().map(|(t, _)| t.as_str()).collect::<Vec<_>>(), ["الوكلاء يدفعون؟", "نعم."]);
}
