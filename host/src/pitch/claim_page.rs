//! The claim page of an invite (`/i/<code>`): who it is for, the pitch page made for them, and
//! the form that claims the free bot; after a claim, the brand and its admin key, shown once;
//! and the page for a code that is unknown, claimed or expired. Everything escaped (maud).

use maud::{Markup, html};

use super::invite::{Claimed, FREE_GENERATIONS};
use crate::pages::{Head, document, link_card};
use crate::store::invites::Invite;

const STYLE: &str = r#"
body { margin: 0; font-family: system-ui, "Noto Sans", sans-serif; background: #111; color: #fff; }
main { max-width: 34rem; margin: 0 auto; padding: 1rem; }
a { color: #f5c518; }
label { display: block; margin: .8rem 0 .2rem; }
input, textarea { width: 100%; box-sizing: border-box; font-size: 1rem; padding: .6rem; border-radius: .5rem; border: 0; }
button { margin-top: 1rem; font-size: 1.1rem; padding: .7rem 1.4rem; border-radius: 2rem; border: 0; background: #f5c518; color: #111; font-weight: 700; }
summary { margin-top: 1.2rem; color: #ccc; }
code { word-break: break-all; background: #262b33; padding: .4rem; border-radius: .3rem; display: block; }
.hint { color: #aaa; font-size: .9rem; }
a.button { display: inline-block; text-decoration: none; font-weight: 700; padding: .7rem 1.4rem; border-radius: 2rem; background: #f5c518; color: #111; }
"#;

fn page(title: &str, language: &str, body: Markup) -> String {
    document(&head(title, language), body)
}

fn head<'a>(title: &'a str, language: &'a str) -> Head<'a> {
    let direction = crate::languages::find(language).map_or("ltr", |l| l.direction);
    Head { lang: language, dir: direction, ..Head::plain(title, STYLE) }
}

/// The claim form for an open invite, saying who sent it (`from`) when the pitch names them.
pub fn open(invite: &Invite, from: Option<&str>, base_url: &str) -> String {
    let title = format!("A free bot for {}", invite.who);
    let said = match from {
        Some(from) => {
            format!("{from} invites you to a Telegram bot of your own, with {FREE_GENERATIONS} free generations.")
        }
        None => format!("A Telegram bot of your own, with {FREE_GENERATIONS} free generations."),
    };
    // Shared as a link, it shows the pitch made for them.
    let head = Head {
        description: Some(&said),
        properties: [("og:type", "website".to_string()), ("og:url", format!("{base_url}/i/{}", invite.code))]
            .into_iter()
            .chain(link_card(format!("{base_url}/m/{}/preview.png", invite.page_id)))
            .collect(),
        card: Some("summary_large_image"),
        ..head(&title, &invite.language)
    };
    document(
        &head,
        html! {
            main {
                h1 { (title) }
                p {
                    @match from {
                        Some(from) => { strong { (from) } " made " },
                        None => "An agent made ",
                    }
                    a href={ (base_url) "/m/" (invite.page_id) } { "this page for you" }
                    " and invites you to a Telegram bot of your own, in your brand's voice, with "
                    (FREE_GENERATIONS) " free generations."
                }
                form method="post" action={ (base_url) "/i/" (invite.code) } {
                    label for="name" { "Your brand's name" }
                    input id="name" name="name" required maxlength="60" autocomplete="organization";
                    label for="voice" { "How it speaks " span class="hint" { "(optional: a few words, e.g. warm, short, a little funny)" } }
                    textarea id="voice" name="voice" rows="2" maxlength="300" {}
                    button type="submit" { "Claim my bot" }
                    // What only some brands have, folded away so the claim stays on the first screen.
                    details {
                        summary { "More (optional): hashtag, ticker, Telegram bot" }
                        label for="hashtag" { "Hashtag " span class="hint" { "(made from the name if left empty)" } }
                        input id="hashtag" name="hashtag" placeholder="#YourBrand" maxlength="31";
                        label for="token" { "Ticker " span class="hint" { "(only if your brand has a token)" } }
                        input id="token" name="token" placeholder="$TICKER" maxlength="11";
                        label for="bot_token" { "Your Telegram bot's token " span class="hint" { "(from @BotFather; or later, in the dashboard)" } }
                        input id="bot_token" name="bot_token" autocomplete="off" placeholder="123456789:AAH…" maxlength="100";
                    }
                }
            }
        },
    )
}

/// After a claim: the brand, the bot's real state, and its admin key, shown this once and
/// explained.
pub fn claimed(claim: &Claimed, language: &str) -> String {
    let connected = claim.bot_status == "connected";
    let title = if connected { "Your bot is ready" } else { "Your brand is registered" };
    page(
        title,
        language,
        html! {
            main {
                h1 { (title) }
                p { "Brand " strong { (claim.brand) } ", " (claim.free_generations) " free generations." }
                @if connected {
                    p id="bot-status" { "Your bot @" (claim.bot_username) " is connected: send it /meme on Telegram." }
                } @else if claim.bot_status == "none" {
                    p id="bot-status" { "No bot is connected yet. Make one with @BotFather on Telegram, then give its token in the dashboard: the bot answers from then on." }
                } @else {
                    p id="bot-status" { "Your bot is not connected: " (claim.bot_status) ". Check its token with @BotFather and give it again in the dashboard." }
                }
                h2 { "Your admin key" }
                p { "This key lets you, or a program you trust, use the service as your brand: make memes and posts, change its voice, connect its bot. It is shown only now; we keep only a fingerprint of it." }
                code id="key" { (claim.api_key) }
                p { "Keep it in a password manager. Anyone who has it acts as your brand; if it leaks, revoke it in the dashboard and make a new one." }
                p { a class="button" href=(claim.dashboard_url) { "Open your dashboard" } }
                p class="hint" { "This link signs you in without the key; it works once, for 10 minutes. Later, ask for a new link in the dashboard's sign-in page." }
            }
        },
    )
}

/// Why a code cannot be claimed, for people.
pub fn closed(message: &str) -> String {
    page(
        "This invite cannot be claimed",
        "en",
        html! { main { h1 { "This invite cannot be claimed" } p { (message) } } },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn who_and_codes_are_escaped() {
        let invite = Invite {
            code: "abc\"><x".into(),
            who: "<script>alert(1)</script>".into(),
            language: "ar".into(),
            page_id: "p1".into(),
            expires_at: 0,
            claimed_at: None,
            brand_key: None,
        };
        let html = open(&invite, Some("<b>Acme</b>"), "https://x.example");
        assert!(html.contains("&lt;b&gt;Acme&lt;/b&gt;"));
        assert!(!html.contains("<script>alert") && html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
        assert!(html.contains(r#"action="https://x.example/i/abc&quot;&gt;&lt;x""#), "{html}");
        assert!(html.contains(r#"dir="rtl""#));
    }
}
