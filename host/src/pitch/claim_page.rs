//! The claim page of an invite (`/i/<code>`): who it is for, the pitch page made for them, and
//! the form that claims the free bot; after a claim, the brand and its admin key, shown once;
//! and the page for a code that is unknown, claimed or expired. Everything escaped (maud).

use maud::{Markup, html};

use super::invite::{Claimed, FREE_GENERATIONS};
use crate::pages::{Head, document};
use crate::store::invites::Invite;

const STYLE: &str = r#"
body { margin: 0; font-family: system-ui, "Noto Sans", sans-serif; background: #111; color: #fff; }
main { max-width: 34rem; margin: 0 auto; padding: 1rem; }
a { color: #f5c518; }
label { display: block; margin: .8rem 0 .2rem; }
input, textarea { width: 100%; box-sizing: border-box; font-size: 1rem; padding: .6rem; border-radius: .5rem; border: 0; }
button { margin-top: 1rem; font-size: 1.1rem; padding: .7rem 1.4rem; border-radius: 2rem; border: 0; background: #f5c518; color: #111; font-weight: 700; }
code { word-break: break-all; background: #262b33; padding: .4rem; border-radius: .3rem; display: block; }
"#;

fn page(title: &str, language: &str, body: Markup) -> String {
    let direction = crate::languages::find(language).map_or("ltr", |l| l.direction);
    let head = Head { lang: language, dir: direction, ..Head::plain(title, STYLE) };
    document(&head, body)
}

/// The claim form for an open invite.
pub fn open(invite: &Invite, base_url: &str) -> String {
    page(
        "A free bot for you",
        &invite.language,
        html! {
            main {
                h1 { "A free bot for " (invite.who) }
                p { "Someone made " a href={ (base_url) "/m/" (invite.page_id) } { "this page for you" } "." }
                p { "Claim your own branded bot with " (FREE_GENERATIONS) " free generations, in your voice." }
                form method="post" action={ (base_url) "/i/" (invite.code) } {
                    label for="name" { "Brand name" }
                    input id="name" name="name" required maxlength="60";
                    label for="voice" { "How it speaks" }
                    textarea id="voice" name="voice" maxlength="300" {}
                    label for="hashtag" { "Hashtag" }
                    input id="hashtag" name="hashtag" required placeholder="#BRAND" maxlength="31";
                    label for="token" { "Ticker" }
                    input id="token" name="token" required placeholder="$BRAND" maxlength="11";
                    label for="bot_token" { "Your Telegram bot's token (optional: from @BotFather; or later, in the dashboard)" }
                    input id="bot_token" name="bot_token" autocomplete="off" placeholder="123456789:AAH…" maxlength="100";
                    button type="submit" { "Claim my bot" }
                }
            }
        },
    )
}

/// After a claim: the brand and its admin key, shown this once.
pub fn claimed(claim: &Claimed, language: &str) -> String {
    page(
        "Your bot is ready",
        language,
        html! {
            main {
                h1 { "Your bot is ready" }
                p { "Brand " strong { (claim.brand) } ", bot @" (claim.bot_username) ", " (claim.free_generations) " free generations." }
                p { "Your admin key, shown only now: keep it somewhere safe." }
                code id="key" { (claim.api_key) }
                @if claim.bot_status != "none" {
                    p id="bot-status" { "Your bot: " (claim.bot_status) "." }
                }
                p { a href=(claim.dashboard_url) { "Open your dashboard" } " (this link works once, for 10 minutes): the brand, its bot, its credits." }
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
        let html = open(&invite, "https://x.example");
        assert!(!html.contains("<script>alert") && html.contains("&lt;script&gt;alert(1)&lt;/script&gt;"));
        assert!(html.contains(r#"action="https://x.example/i/abc&quot;&gt;&lt;x""#), "{html}");
        assert!(html.contains(r#"dir="rtl""#));
    }
}
