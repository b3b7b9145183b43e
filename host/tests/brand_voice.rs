//! The built-in brand-voice generator, run in the real sandbox: the brand's voice picks a tone
//! that changes punctuation and case in each script, the lines come back one for one, and the
//! hashtag and token become the sign-off.

use asset_host::plugins::{Brand, Request};
use asset_host::plugins::{Limits, builtins};

async fn voiced(voice: &str, language: &str, lines: &[&str]) -> Vec<(String, String)> {
    let sandbox = crate::common::sandboxes::cached(Default::default());
    let bytes = builtins().into_iter().find(|(name, _)| *name == "brand-voice").expect("built in").1;
    let prepared = sandbox.prepare(bytes).unwrap();
    let request = Request {
        task: "voice".into(),
        kind: None,
        input: lines.join("\n"),
        reading: asset_host::plugins::reading::empty(),
        language: language.into(),
        seed: 7,
        brand: Some(Brand {
            key: "acme".into(),
            name: "Acme".into(),
            voice: voice.into(),
            hashtag: "#ACME".into(),
            token: "$ACME".into(),
        }),
        options: Vec::new(),
    };
    let content = sandbox.generate(&prepared, Limits::GLOBAL, &[], "brand-voice", &request).await.unwrap();
    content.blocks.into_iter().map(|b| (b.role, b.text)).collect()
}

fn lines(blocks: &[(String, String)]) -> Vec<&str> {
    blocks.iter().filter(|(role, _)| role == "line").map(|(_, text)| text.as_str()).collect()
}

#[tokio::test]
async fn the_voice_picks_a_tone_that_works_in_every_script() {
    let hype = voiced("Loud, bullish and proud", "en", &["Nobody:", "Agents win.", "Why not?"]).await;
    assert_eq!(lines(&hype), ["Nobody:", "Agents win!", "Why not?"]);
    assert_eq!(hype.last().unwrap(), &("signoff".to_string(), "#ACME $ACME".to_string()));

    assert_eq!(lines(&voiced("hype", "es", &["Los agentes ganan"]).await), ["¡Los agentes ganan!"]);
    assert_eq!(lines(&voiced("hype", "ja", &["エージェントが勝つ。"]).await), ["エージェントが勝つ！"]);
    assert_eq!(lines(&voiced("Dry understatement", "en", &["Wow!!"]).await), ["Wow."]);
    assert_eq!(lines(&voiced("calm", "zh", &["太棒了！"]).await), ["太棒了。"]);
    assert_eq!(
        lines(&voiced("chill vibes", "en", &["Hot Take: AGENTS love $SOL"]).await),
        ["hot take: agents love $SOL"]
    );
    assert_eq!(lines(&voiced("casual", "ru", &["ПРИВЕТ"]).await), ["привет"]);
    assert_eq!(lines(&voiced("casual", "ar", &["مرحبا"]).await), ["مرحبا"]);
    assert_eq!(lines(&voiced("Cheeky", "en", &["One", "Two"]).await), ["One", "Two ;)"]);
    assert_eq!(lines(&voiced("Warm", "hi", &["नमस्ते दुनिया"]).await), ["नमस्ते दुनिया"]);
}
