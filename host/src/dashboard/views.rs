//! The dashboard's pages: one shell with the tabs (API, Credits, Jobs, and each brand the
//! account administers), readable from a phone up, every user string escaped by maud. Each
//! form carries the session's CSRF token.

use maud::{Markup, PreEscaped, html};

use crate::billing::packs::PACKS;
use crate::brands::Brand;
use crate::catalog::usd;
use crate::dates;
use crate::pages::{Head, document};
use crate::store::accounts::{Account, OwnedKey, Work};
use crate::store::credits::LedgerEntry;

const STYLE: &str = r#"
* { box-sizing: border-box; }
body { margin: 0; font-family: system-ui, "Noto Sans", sans-serif; background: #f6f7f9; color: #15181d; }
header { background: #15181d; color: #fff; padding: .8rem 1rem; display: flex; flex-wrap: wrap; gap: .6rem 1rem; align-items: center; }
header strong { margin-right: auto; }
header a { color: #fff; text-decoration: none; padding: .3rem .6rem; border-radius: .4rem; }
header a[aria-current] { background: #f5c518; color: #15181d; }
header form { margin: 0; }
main { max-width: 60rem; margin: 0 auto; padding: 1rem; }
section { background: #fff; border-radius: .6rem; padding: 1rem; margin-bottom: 1rem; box-shadow: 0 1px 2px #0001; overflow-x: auto; }
table { border-collapse: collapse; width: 100%; }
th, td { text-align: left; padding: .45rem .5rem; border-bottom: 1px solid #e6e8eb; vertical-align: top; }
code { background: #eef0f3; padding: .1rem .3rem; border-radius: .3rem; word-break: break-all; }
.secret { display: block; font-size: 1.05rem; padding: .7rem; background: #fff7d6; border: 1px solid #f5c518; }
button { font: inherit; padding: .45rem .9rem; border-radius: .4rem; border: 0; background: #15181d; color: #fff; cursor: pointer; }
button.quiet { background: #e6e8eb; color: #15181d; }
input, select { font: inherit; padding: .4rem; border: 1px solid #c9cdd3; border-radius: .4rem; max-width: 100%; }
.row { display: flex; flex-wrap: wrap; gap: .5rem; align-items: center; }
form.inline { display: flex; gap: .4rem; align-items: center; margin: 0; }
form.inline input { width: 6.5rem; }
.note { color: #59606b; }
.error { color: #a1120f; }
/* Under 600 px a table's rows become stacked cards, each cell named by its column. */
@media (max-width: 600px) {
  table, tbody, tr, td { display: block; width: 100%; }
  thead { position: absolute; width: 1px; height: 1px; overflow: hidden; clip-path: inset(50%); }
  tr { border-bottom: 1px solid #e6e8eb; padding: .5rem 0; }
  td { border: 0; padding: .2rem 0; }
  td[data-label]::before { content: attr(data-label) ": "; color: #59606b; }
  code { white-space: nowrap; word-break: normal; }
  .route { white-space: normal; word-break: break-all; }
}
"#;

/// The one script of the dashboard: after a key is shown, the address becomes the API tab's,
/// so reloading shows the tab (and never posts again, nor shows the key twice).
pub const FORGET_POST: &str = "history.replaceState(null, '', '/dashboard/api');";

/// A tab of the shell.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Tab<'a> {
    Api,
    Credits,
    Jobs,
    Brand(&'a str),
}

/// A page outside the shell (sign-in, errors).
pub fn bare(title: &str, body: Markup) -> String {
    document(&Head::plain(title, STYLE), html! { main { (body) } })
}

/// A signed-in page: the tabs, then `body`.
pub fn shell(account: &Account, brands: &[String], csrf: &str, tab: Tab<'_>, body: Markup) -> String {
    let current = |t: Tab<'_>| if t == tab { Some("page") } else { None };
    document(
        &Head::plain("Dashboard", STYLE),
        html! {
            header {
                strong { "Dashboard · " (account.name) }
                nav.row {
                    a href="/dashboard/api" aria-current=[current(Tab::Api)] { "API" }
                    a href="/dashboard/credits" aria-current=[current(Tab::Credits)] { "Credits" }
                    a href="/dashboard/jobs" aria-current=[current(Tab::Jobs)] { "Jobs" }
                    @for brand in brands {
                        a href={ "/dashboard/brands/" (brand) } aria-current=[current(Tab::Brand(brand))] { "Brand " (brand) }
                    }
                }
                form method="post" action="/dashboard/logout" {
                    (csrf_field(csrf))
                    button.quiet type="submit" { "Sign out" }
                }
            }
            main { (body) }
        },
    )
}

fn csrf_field(csrf: &str) -> Markup {
    html! { input type="hidden" name="csrf" value=(csrf); }
}

fn when(ms: Option<i64>) -> String {
    ms.map_or_else(|| "never".into(), dates::utc_minutes)
}

/// How to sign in: the bot's `/login` when there is a bot, and always the operator's command.
pub fn sign_in(bot: Option<&str>) -> Markup {
    html! {
        h1 { "Sign in" }
        @match bot {
            Some(bot) if !bot.is_empty() => p { "Send " code { "/login" } " to " a href={ "https://t.me/" (bot) } { "@" (bot) } " on Telegram: it answers a sign-in link valid 10 minutes." }
            _ => p { "This service has no Telegram bot set up, so sign-in links come from its operator." }
        }
        p { "Operators make one on the server's machine, for an account or for a key by its prefix:" }
        pre { code { "asset-host dashboard link ak_1234abcd" } }
        p { "The link opens this dashboard signed in; it works once, within 10 minutes." }
    }
}

/// The page a sign-in link opens: a button, so a link preview never spends the link.
pub fn login(csrf: &str) -> Markup {
    html! {
        h1 { "Sign in to the dashboard" }
        form method="post" {
            (csrf_field(csrf))
            button type="submit" id="sign-in" { "Sign in" }
        }
        p.note { "This link works once, for 10 minutes." }
    }
}

/// An error, for people.
pub fn problem(title: &str, message: &str) -> Markup {
    html! { h1 { (title) } p.error { (message) } p { a href="/dashboard" { "Back to the dashboard" } } }
}

/// The API tab: the key just minted (once), the live keys, Generate key.
pub fn api(keys: &[OwnedKey], per_account: i64, csrf: &str, minted: Option<&str>, error: Option<&str>) -> Markup {
    html! {
        @if let Some(secret) = minted {
            section {
                h2 { "Your new key" }
                p { "Copy it now: it is shown only this once. Send it as the " code { "x-api-key" } " header." }
                code.secret id="new-key" { (secret) }
                script { (PreEscaped(FORGET_POST)) }
            }
        }
        @if let Some(error) = error { section { p.error { (error) } } }
        section {
            h2 { "API keys" }
            @if keys.is_empty() {
                p.note { "No live keys yet." }
            } @else {
                table {
                    thead { tr { th { "Key" } th { "Label" } th { "Credits" } th { "Created" } th { "Last used" } th { "Ask above" } th {} } }
                    tbody {
                        @for key in keys {
                            tr data-prefix=(key.prefix) {
                                td { code { (key.prefix) "…" } @if let Some(brand) = &key.brand { " " span.note { "admin of " (brand) } } }
                                td data-label="Label" { (key.label) }
                                td data-label="Credits" { (key.credits) }
                                td data-label="Created" { (when(Some(key.created_at))) }
                                td data-label="Last used" { (when(key.last_used_at)) }
                                td data-label="Ask above" {
                                    form.inline method="post" action={ "/dashboard/keys/" (key.prefix) "/confirm" } {
                                        (csrf_field(csrf))
                                        input name="above" type="number" min="0" max="1000000" inputmode="numeric"
                                            aria-label="Credits above which a call asks first" placeholder="never"
                                            value=[key.confirm_above];
                                        button.quiet type="submit" { "Save" }
                                    }
                                }
                                td {
                                    form method="post" action={ "/dashboard/keys/" (key.prefix) "/revoke" } {
                                        (csrf_field(csrf))
                                        button.quiet.revoke type="submit" { "Revoke" }
                                    }
                                }
                            }
                        }
                    }
                }
            }
            form.row method="post" action="/dashboard/keys" {
                (csrf_field(csrf))
                label for="label" { "Label" }
                input id="label" name="label" maxlength="60" placeholder="my agent";
                button type="submit" id="generate" { "Generate key" }
            }
            p.note { "An account holds at most " (per_account) " live keys; a revoked key stops working at once. "
                "With Ask above set, an agent's MCP call that would spend more credits than that asks you first "
                "(or is refused when its app cannot ask)." }
        }
    }
}

/// The Credits tab: each key's balance, the ledger, and packs to buy.
pub fn credits(keys: &[OwnedKey], ledger: &[(String, LedgerEntry)], csrf: &str, card: bool, base_url: &str) -> Markup {
    html! {
        section {
            h2 { "Balances" }
            p.note { "Credits belong to the key that holds them." }
            table {
                thead { tr { th { "Key" } th { "Credits" } } }
                tbody { @for key in keys { tr { td { code { (key.prefix) "…" } } td data-label="Credits" { (key.credits) } } } }
            }
        }
        section {
            h2 { "Buy a pack" }
            @if keys.is_empty() {
                p.note { "Generate a key first (API tab): packs are bought for a key." }
            } @else {
                table {
                    thead { tr { th { "Pack" } th { "Credits" } th { "Price" } th { "Card" } th { "USDC (x402)" } } }
                    tbody {
                        @for pack in PACKS {
                            tr {
                                td { strong { (pack.id) } }
                                td data-label="Credits" { (pack.credits) }
                                td data-label="Price" { "$" (usd(pack.price_cents)) }
                                td {
                                    @if card {
                                        form.row method="post" action="/dashboard/credits/buy" {
                                            (csrf_field(csrf))
                                            input type="hidden" name="pack" value=(pack.id);
                                            select name="key" aria-label="For key" {
                                                @for key in keys { option value=(key.prefix) { (key.prefix) "…" } }
                                            }
                                            button type="submit" class="buy-card" { "Pay by card" }
                                        }
                                    } @else {
                                        span.note { "not offered here" }
                                    }
                                }
                                // For agents, not people: a route to post to with a key, so
                                // shown as text to copy, never as a link a click would GET.
                                td data-label="USDC, for agents" {
                                    code class="buy-usdc route" data-route={ (base_url) "/api/agent/credits/packs/" (pack.id) "/buy" } {
                                        "POST " (base_url) "/api/agent/credits/packs/" (pack.id) "/buy"
                                    }
                                }
                            }
                        }
                    }
                }
                p.note { "In USDC: an x402 client posts to the pack's route with your key; the 402 answer says what to pay." }
            }
        }
        section {
            h2 { "Ledger" }
            @if ledger.is_empty() { p.note { "Nothing yet." } } @else {
                table {
                    thead { tr { th { "Key" } th { "Change" } th { "Balance" } th { "Why" } } }
                    tbody {
                        @for (prefix, entry) in ledger {
                            tr {
                                td { code { (prefix) "…" } }
                                td data-label="Change" { (entry.amount) }
                                td data-label="Balance" { (entry.balance_after) }
                                td data-label="Why" { (entry.reason) }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// The Jobs tab: recent memes, pages and videos.
pub fn jobs(work: &[Work]) -> Markup {
    html! {
        section {
            h2 { "Recent work" }
            @if work.is_empty() { p.note { "Nothing made yet." } } @else {
                table {
                    thead { tr { th { "What" } th { "State" } th { "Made" } th { "Links" } } }
                    tbody {
                        @for item in work {
                            tr {
                                td { strong { (item.kind) } @if !item.title.is_empty() { ": " (item.title) } }
                                td data-label="State" { (item.state) }
                                td data-label="Made" { (when(Some(item.created_at))) }
                                td.row { @for (name, url) in &item.links { a href=(url) { (name) } } }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// What the brand tab shows of a brand's bot.
pub struct BotView<'a> {
    pub username: Option<&'a str>,
    pub status: Option<&'a str>,
    pub free_left: i64,
    pub can_connect: bool,
}

/// A brand admin's tab: the profile, the meme mode switch, the bot.
pub fn brand(brand: &Brand, bot: &BotView<'_>, csrf: &str, error: Option<&str>) -> Markup {
    let action = |what: &str| format!("/dashboard/brands/{}/{what}", brand.key);
    html! {
        @if let Some(error) = error { section { p.error { (error) } } }
        section {
            h2 { (brand.profile.name) }
            table {
                tr { th { "Key" } td { code { (brand.key) } } }
                tr { th { "Voice" } td { (brand.profile.voice) } }
                tr { th { "Hashtag" } td { (brand.profile.hashtag) } }
                tr { th { "Ticker" } td { (brand.profile.token) } }
            }
        }
        section {
            h2 { "Meme mode" }
            p { "Memes in this brand's name are " strong id="meme-mode" { @if brand.meme_mode { "on" } @else { "off" } } "." }
            form method="post" action=(action("meme-mode")) {
                (csrf_field(csrf))
                input type="hidden" name="enabled" value=(if brand.meme_mode { "false" } else { "true" });
                button type="submit" { @if brand.meme_mode { "Switch off" } @else { "Switch on" } }
            }
        }
        section {
            h2 { "Bot" }
            p {
                @match bot.username {
                    Some(username) => { "Bot " a href={ "https://t.me/" (username) } { "@" (username) } ": " (bot.status.unwrap_or("not connected")) "." }
                    None => { "No Telegram bot connected yet." }
                }
            }
            p { strong id="free-left" { (bot.free_left) } " free generations left; then each meme spends one of your credits." }
            @if bot.can_connect {
                form.row method="post" action=(action("bot")) {
                    (csrf_field(csrf))
                    label for="bot-token" { "Bot token from BotFather" }
                    input id="bot-token" name="token" autocomplete="off" required placeholder="123456:ABC…";
                    button type="submit" { "Connect" }
                }
                p.note { "The token is stored encrypted and never shown again." }
            } @else {
                p.note { "Connecting a bot needs the operator's secrets key (ASSET_SECRETS_KEY) on this service." }
            }
        }
    }
}
