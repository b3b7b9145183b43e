//! The one table of services: each service of the spec with its route, prices, credit cost,
//! input limits and rate group, and the meme kinds. Prices and limits live here once;
//! operations read their price and limits from this module, and the services menu shows the
//! same table. `catalog/routes` serves it.

pub mod routes;

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa::openapi::schema::Object;

use crate::error::Error;
use crate::limits::Group;
use crate::money::Price;
use crate::rules::{self, Text};

/// The version of the agent API description (paths carry no version).
pub const API_VERSION: &str = "1.0.0";

/// Longest meme `input` (or `brief`), in characters.
pub const MEME_INPUT_CHARS: u64 = 2000;
/// A script must have fewer words than this.
pub const SCRIPT_WORDS_UNDER: u64 = 150;
/// Longest script, in characters.
pub const SCRIPT_CHARS: u64 = 2000;
/// Longest audioscript title, in characters.
pub const TITLE_CHARS: u64 = 200;
/// Largest `audio_url` file, checked while downloading.
pub const AUDIO_BYTES: u64 = 24 * 1024 * 1024;
/// Largest `musicUrl` file an MP4 puts under its voice, in MB.
pub const MUSIC_MB: usize = 10;
/// Longest `audio_url` recording, in seconds.
pub const AUDIO_SECONDS: u64 = 180;
/// Longest pitch `input` and `offer`, in characters.
pub const PITCH_INPUT_CHARS: u64 = 1500;
pub const PITCH_OFFER_CHARS: u64 = 600;
/// Longest product pack `input`, in characters.
pub const PACK_INPUT_CHARS: u64 = 2000;
/// Longest content `input`, in characters.
pub const CONTENT_INPUT_CHARS: u64 = 2000;
/// Longest `input` of a generated page (a pitch's or slideshow's idea; an audioscript kind's
/// script has the audioscript limits too).
pub const PAGE_INPUT_CHARS: u64 = 2000;
/// Longest listing title, in characters.
pub const LISTING_TITLE_CHARS: u64 = 120;
/// A listing's price, in credits.
pub const LISTING_PRICE_MIN: u64 = 1;
pub const LISTING_PRICE_MAX: u64 = 500;
/// The platform's share of a sale, in percent of its price, rounded down (so a sale of 4
/// credits or less pays none): the seller gets the rest.
pub const MARKET_FEE_PERCENT: u64 = 20;
/// How long an MP4 is hosted by default, in seconds.
pub const MP4_HOSTED_SECONDS: u64 = 24 * 3600;

/// Whether a listed service can be called in this build.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Availability {
    Available,
    ComingSoon,
}

/// A documented limit of a service.
#[derive(Clone, Copy, Debug, Serialize, ToSchema)]
pub struct Limit {
    /// What is limited, e.g. `input`.
    pub name: &'static str,
    /// The bound.
    pub max: u64,
    /// Its unit, e.g. `characters`, `words`, `seconds`, `bytes`, `per_day`.
    pub unit: &'static str,
}

/// One service as the catalog knows it. The price fields are shown through [`PriceView`].
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Service {
    pub id: &'static str,
    pub name: &'static str,
    pub method: &'static str,
    pub route: &'static str,
    pub description: &'static str,
    /// List price in US cents; `None` where the spec does not price the call in USD.
    #[serde(skip)]
    pub usd_cents: Option<u32>,
    /// Whether the call can be paid per call over x402 at the USD price.
    #[serde(skip)]
    pub x402: bool,
    /// Whether the USD price can be paid in SOL per asset (a job-style service: per job, with
    /// `X-Pay-With: sol`), quoted at the live rate.
    #[serde(skip)]
    pub sol_per_asset: bool,
    #[serde(skip)]
    pub credits: Option<u32>,
    /// True for job-style services: 202 and a free status route to poll.
    #[serde(rename = "async")]
    pub asynchronous: bool,
    /// Whether this build serves it.
    #[serde(rename = "status")]
    pub availability: Availability,
    #[schema(value_type = Vec<Limit>)]
    pub limits: &'static [Limit],
    /// The free status route to poll, for job-style services.
    pub status_route: Option<&'static str>,
    /// A deprecated path that serves the same thing.
    pub deprecated_alias: Option<&'static str>,
    /// The rate group its calls count against, on every front end.
    #[serde(skip)]
    pub group: Group,
    /// A request body that works, as JSON (the x402 discovery extension shows it).
    #[serde(skip)]
    pub example: &'static str,
    /// The request field a line of text fills: the service bot's `/<id>` command runs the
    /// service with it (`None`: the service needs more than a line, and has no command).
    #[serde(skip)]
    pub bot_text: Option<&'static str>,
}

const fn chars(name: &'static str, max: u64) -> Limit {
    Limit { name, max, unit: "characters" }
}

/// USDC has 6 decimals: one cent is 10 000 atomic units.
pub const USDC_ATOMIC_PER_CENT: u64 = 10_000;
/// The network x402 prices name when x402 is off (the default network).
pub const X402_NETWORK: &str = "base";

pub const SERVICES: &[Service] = &[
    Service {
        id: "pitch",
        name: "Pitch page",
        method: "POST",
        route: "/api/agent/before",
        description: "A personalized pitch page for one person: hook, memes, message-style beats, a voiced audioscript and a share link.",
        usd_cents: Some(10),
        x402: true,
        sol_per_asset: false,
        credits: Some(1),
        asynchronous: false,
        availability: Availability::Available,
        limits: &[chars("input", PITCH_INPUT_CHARS), chars("offer", PITCH_OFFER_CHARS)],
        status_route: None,
        deprecated_alias: None,
        group: Group::Create,
        example: r#"{"input":"Dana Reyes runs a small bakery in Lisbon and wants more weekday customers","offer":"A week of short videos for her shop","language":"en"}"#,
        bot_text: Some("input"),
    },
    Service {
        id: "audioscript",
        name: "Audioscript",
        method: "POST",
        route: "/api/agent/audioscript",
        description: "A beat-timed, captioned page with memes from a verbatim script or an audio file.",
        usd_cents: Some(25),
        x402: true,
        sol_per_asset: true,
        credits: Some(3),
        asynchronous: true,
        availability: Availability::Available,
        limits: &[
            Limit { name: "script", max: SCRIPT_WORDS_UNDER - 1, unit: "words" },
            chars("script", SCRIPT_CHARS),
            chars("title", TITLE_CHARS),
            Limit { name: "audio_url.duration", max: AUDIO_SECONDS, unit: "seconds" },
            Limit { name: "audio_url.size", max: AUDIO_BYTES, unit: "bytes" },
        ],
        status_route: Some("/api/agent/audioscript/{jobId}"),
        deprecated_alias: None,
        group: Group::Create,
        example: r#"{"script":"Mornings are hard. Coffee helps. Our app brews it before you wake up.","title":"Morning","language":"en"}"#,
        bot_text: Some("script"),
    },
    Service {
        id: "mp4",
        name: "MP4 render",
        method: "POST",
        route: "/api/agent/mp4",
        description: "An MP4 rendered from an engine page, hosted about 24 hours: vertical 1080x1920 by default, or composed for 1:1, 4:5 or 16:9 (`aspect`).",
        usd_cents: Some(25),
        x402: true,
        sol_per_asset: true,
        credits: Some(3),
        asynchronous: true,
        availability: Availability::Available,
        limits: &[
            Limit { name: "hosted", max: MP4_HOSTED_SECONDS, unit: "seconds" },
            Limit { name: "musicUrl.size", max: MUSIC_MB as u64 * 1024 * 1024, unit: "bytes" },
        ],
        status_route: Some("/api/agent/mp4/{jobId}"),
        deprecated_alias: None,
        group: Group::Create,
        example: r#"{"pageUrl":"https://assets.example/m/abc123"}"#,
        bot_text: Some("pageUrl"),
    },
    Service {
        id: "meme",
        name: "Multilingual meme",
        method: "POST",
        route: "/api/agent/brands/memes",
        description: "A meme, slideshow or hot take in 23 languages in the voice of a registered or ad-hoc brand. The hybrid kind costs 2 credits.",
        usd_cents: Some(10),
        x402: true,
        sol_per_asset: false,
        credits: Some(1),
        asynchronous: false,
        availability: Availability::Available,
        limits: &[chars("input", MEME_INPUT_CHARS)],
        status_route: None,
        deprecated_alias: Some("/api/agent/legacy/memes"),
        group: Group::Create,
        example: r#"{"input":"when the build finally passes on a Friday","kind":"image","language":"en"}"#,
        bot_text: Some("input"),
    },
    Service {
        id: "product-pack",
        name: "Product pack",
        method: "POST",
        route: "/api/agent/amazon/pack",
        description: "A pack of assets for one product. Coming soon; calls are refused and never charged.",
        usd_cents: Some(200),
        x402: true,
        sol_per_asset: false,
        credits: Some(20),
        asynchronous: false,
        availability: Availability::ComingSoon,
        limits: &[chars("input", PACK_INPUT_CHARS)],
        status_route: None,
        deprecated_alias: None,
        group: Group::Create,
        example: r#"{"input":"https://www.amazon.com/dp/B000000000"}"#,
        bot_text: None,
    },
    Service {
        id: "invite-bot",
        name: "Invite bot",
        method: "POST",
        route: "/api/agent/invite-bot",
        description: "A recipient's pitch plus a one-time claim link for a free branded bot with 200 generations.",
        usd_cents: None,
        x402: false,
        sol_per_asset: false,
        credits: Some(1),
        asynchronous: false,
        availability: Availability::Available,
        limits: &[
            chars("input", 1500),
            Limit { name: "new_invites", max: 3, unit: "per_day" },
            Limit { name: "unclaimed_invites", max: 10, unit: "open" },
        ],
        status_route: None,
        deprecated_alias: None,
        group: Group::Create,
        example: r#"{"input":"Sam Lee, founder of a climbing gym in Denver"}"#,
        bot_text: Some("input"),
    },
    Service {
        id: "asset-job",
        name: "Pay-per-asset MP4",
        method: "POST",
        route: "/api/agent/asset/jobs",
        description: "A free preview, then an exact-lamport SOL transfer, then the MP4 and a signed webhook.",
        usd_cents: Some(25),
        x402: false,
        sol_per_asset: true,
        credits: None,
        asynchronous: true,
        availability: Availability::Available,
        limits: &[Limit { name: "quote", max: 24 * 3600, unit: "seconds" }],
        status_route: Some("/api/agent/asset/jobs/{id}"),
        deprecated_alias: None,
        group: Group::Create,
        example: r#"{"input":"A meal-planning app for busy parents","format":"slideshow"}"#,
        bot_text: None,
    },
    Service {
        id: "content",
        name: "Brand content",
        method: "POST",
        route: "/api/agent/content",
        description: "Per-brand content in the brand's voice, in 23 languages: meme, tweet, thread, linkedin, instagram, tiktok-script, email, blog-intro and press-release, each within its platform's limits.",
        usd_cents: None,
        x402: false,
        sol_per_asset: false,
        credits: Some(1),
        asynchronous: false,
        availability: Availability::Available,
        limits: &[chars("input", CONTENT_INPUT_CHARS)],
        status_route: None,
        deprecated_alias: None,
        group: Group::Create,
        example: r#"{"category":"tweet","input":"our spring launch","brandProfile":{"name":"Acme","voice":"warm and direct"}}"#,
        bot_text: None,
    },
    Service {
        id: "generate",
        name: "Page from credits",
        method: "POST",
        route: "/api/agent/generate",
        description: "An engine page of a chosen kind (pitch, slideshow or audioscript) paid from prepaid credits at the kind's price; the audioscript kind is a job (202).",
        usd_cents: None,
        x402: false,
        sol_per_asset: false,
        credits: Some(1),
        asynchronous: false,
        availability: Availability::Available,
        limits: &[chars("input", PAGE_INPUT_CHARS)],
        status_route: None,
        deprecated_alias: None,
        group: Group::Create,
        example: r#"{"kind":"slideshow","input":"Why small teams ship faster","language":"en"}"#,
        bot_text: None,
    },
    Service {
        id: "request",
        name: "Page for the marketplace",
        method: "POST",
        route: "/api/agent/request",
        description: "Generates a page like /api/agent/generate and lists it for sale to other agents at a price in credits; buyers pay the seller, less a 20% platform fee.",
        usd_cents: None,
        x402: false,
        sol_per_asset: false,
        credits: Some(1),
        asynchronous: false,
        availability: Availability::Available,
        limits: &[
            chars("input", PAGE_INPUT_CHARS),
            chars("title", LISTING_TITLE_CHARS),
            Limit { name: "price", max: LISTING_PRICE_MAX, unit: "credits" },
        ],
        status_route: None,
        deprecated_alias: None,
        group: Group::Create,
        example: r#"{"kind":"slideshow","input":"Why small teams ship faster","title":"Small teams, fast ships","price":5}"#,
        bot_text: None,
    },
];

/// The catalog entry of service `id`.
pub fn service(id: &str) -> Option<&'static Service> {
    SERVICES.iter().find(|s| s.id == id)
}

/// A USD amount in cents as a decimal string (`"0.10"`).
pub fn usd(cents: u64) -> String {
    format!("{}.{:02}", cents / 100, cents % 100)
}

/// The price of a service in each payment mode.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PriceView {
    /// List price in USD as a decimal string, when priced in USD.
    pub usd: Option<String>,
    /// Per-call x402 price, when the service accepts x402.
    pub x402: Option<X402Price>,
    /// Credits per call (the hybrid meme kind costs 2).
    pub credits: Option<u32>,
    /// True when the USD price can be paid in SOL, quoted live per asset (see
    /// `/api/agent/asset/pricing`); a job-style service takes it with `X-Pay-With: sol`.
    pub sol_per_asset: bool,
}

/// An x402 per-call price.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct X402Price {
    /// Display price, e.g. `$0.10`.
    pub price: String,
    /// The amount in USDC atomic units (6 decimals), as x402's `maxAmountRequired`.
    pub amount: String,
    pub asset: &'static str,
    pub network: &'static str,
}

/// A service in the menu: the catalog entry plus its prices and rate group.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ServiceView {
    #[serde(flatten)]
    #[schema(inline)]
    pub service: &'static Service,
    pub price: PriceView,
    /// Rate group of the route.
    pub rate_group: Option<Group>,
}

/// A rate group in the menu.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RateGroupView {
    pub name: Group,
    pub limit: u32,
    pub window_seconds: u32,
    /// `key` or `client_address`.
    pub per: &'static str,
}

/// Body of `GET /api/agent/services`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ServicesMenu {
    pub success: bool,
    /// Version of the agent API description.
    pub api_version: &'static str,
    /// USD value of one credit (packs sell credits cheaper).
    pub credit_usd: String,
    pub services: Vec<ServiceView>,
    pub rate_groups: Vec<RateGroupView>,
    /// The languages memes, content and invites are written in; requests may name one by code,
    /// English name or native name.
    #[schema(value_type = Vec<crate::languages::Language>)]
    pub languages: &'static [crate::languages::Language],
    /// The kinds of page `generate` and `request` make, with their credits.
    #[schema(value_type = Vec<PageKind>)]
    pub page_kinds: &'static [PageKind],
    /// How calls can be paid: `credits` always; `x402` (USDC per call) on the networks listed,
    /// when the operator enabled it.
    pub payments: Vec<PaymentMethod>,
    /// Who speaks each language in this process, and the voices a script may choose (`voice`).
    pub voices: Vec<VoiceOffer>,
    /// The shapes an MP4 is rendered in (`aspect`), the default first; each composed for its shape.
    pub aspects: Vec<AspectOffer>,
    /// How a video shows the word being said (`captionStyle` on audioscripts and MP4s), the
    /// default first.
    pub caption_styles: Vec<CaptionStyleOffer>,
}

/// A caption style: its name as requests give it, and what it looks like.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CaptionStyleOffer {
    pub style: &'static str,
    pub description: &'static str,
}

/// A shape of video: its ratio as requests name it, its size, and what it is for.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AspectOffer {
    pub aspect: &'static str,
    pub width: u32,
    pub height: u32,
    pub used_for: &'static str,
}

fn aspects() -> Vec<AspectOffer> {
    use crate::aspect::Aspect;
    Aspect::ALL
        .into_iter()
        .map(|aspect| AspectOffer {
            aspect: aspect.name(),
            width: aspect.size().0,
            height: aspect.size().1,
            used_for: match aspect {
                Aspect::Tall => "stories, reels and shorts",
                Aspect::Square => "square feed posts",
                Aspect::Portrait => "portrait feed posts (4:5)",
                Aspect::Wide => "sites, wide players and slides",
            },
        })
        .collect()
}

/// Who speaks a language: the engine (`endpoint`, the operator's speech endpoint; `piper` and
/// `kokoro`, neural voices in this process; `espeak-ng`) and the voices a request may name, the
/// default first (empty: one voice, nothing to choose).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VoiceOffer {
    pub language: &'static str,
    pub engine: &'static str,
    pub voices: &'static [&'static str],
}

/// One accepted way to pay.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PaymentMethod {
    /// `credits`, `x402` or `sol`.
    pub method: &'static str,
    /// For x402: the network's v1 name (`base`) and CAIP-2 id (`eip155:8453`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub network: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub caip2: Option<&'static str>,
    /// For x402: the USDC contract.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub asset: Option<&'static str>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pay_to: Option<String>,
    /// For x402: the scheme and the protocol versions (1: `X-PAYMENT`, 2: `PAYMENT-SIGNATURE`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub scheme: Option<&'static str>,
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub versions: Vec<u8>,
    /// What carries it: the `x-api-key` header, or the payment headers.
    pub how: &'static str,
}

fn view(service: &'static Service, network: &'static str) -> ServiceView {
    ServiceView {
        service,
        price: PriceView {
            usd: service.usd_cents.map(|c| usd(c.into())),
            x402: service.usd_cents.filter(|_| service.x402).map(|cents| X402Price {
                price: format!("${}", usd(cents.into())),
                amount: (u64::from(cents) * USDC_ATOMIC_PER_CENT).to_string(),
                asset: "USDC",
                network,
            }),
            credits: service.credits,
            sol_per_asset: service.sol_per_asset,
        },
        rate_group: Some(service.group),
    }
}

/// The menu; `x402` is how the x402 rail takes payment when it is on (its prices then name
/// its network, `base` otherwise).
pub fn menu(x402: Option<PaymentMethod>, sol: Option<PaymentMethod>) -> ServicesMenu {
    let network = x402.as_ref().and_then(|rail| rail.network).unwrap_or(X402_NETWORK);
    let credits = PaymentMethod {
        method: "credits",
        network: None,
        caip2: None,
        asset: None,
        pay_to: None,
        scheme: None,
        versions: Vec::new(),
        how: "prepaid credits of the key in `x-api-key`",
    };
    let payments = std::iter::once(credits).chain(x402).chain(sol).collect();
    ServicesMenu {
        success: true,
        api_version: API_VERSION,
        credit_usd: usd(10),
        services: SERVICES.iter().map(|s| view(s, network)).collect(),
        payments,
        rate_groups: Group::ALL
            .iter()
            .map(|&g| RateGroupView {
                name: g,
                limit: g.limit(),
                window_seconds: g.window_secs(),
                per: if g.per_key() { "key" } else { "client_address" },
            })
            .collect(),
        languages: &crate::languages::LANGUAGES,
        page_kinds: PAGE_KINDS,
        voices: Vec::new(),
        aspects: aspects(),
        caption_styles: crate::caption_style::CaptionStyle::ALL
            .into_iter()
            .map(|style| CaptionStyleOffer { style: style.name(), description: style.description() })
            .collect(),
    }
}

/// A meme kind and its price.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MemeKind {
    pub kind: &'static str,
    pub credits: u32,
    pub description: &'static str,
    /// True when the result carries a PNG (`meme.imageUrl`).
    pub has_image: bool,
}

pub const MEME_KINDS: &[MemeKind] = &[
    MemeKind { kind: "image", credits: 1, has_image: false, description: "A captioned image meme on a live page." },
    MemeKind {
        kind: "carousel",
        credits: 1,
        has_image: true,
        description: "A slideshow of cards, with a PNG for carousels.",
    },
    MemeKind { kind: "confession", credits: 1, has_image: false, description: "A first-person confession post." },
    MemeKind { kind: "hottake", credits: 1, has_image: false, description: "A short, bold hot take." },
    MemeKind { kind: "reply", credits: 1, has_image: false, description: "A reply-style meme answering a post." },
    MemeKind {
        kind: "hybrid",
        credits: 2,
        has_image: false,
        description: "Image and hot take combined; costs 2 credits.",
    },
];

/// A kind of page `POST /api/agent/generate` and `POST /api/agent/request` make.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PageKind {
    pub kind: &'static str,
    pub credits: u32,
    /// True when the call answers 202 and a job to poll, false when it answers the page.
    #[serde(rename = "async")]
    pub asynchronous: bool,
    pub description: &'static str,
}

pub const PAGE_KINDS: &[PageKind] = &[
    PageKind {
        kind: "pitch",
        credits: 1,
        asynchronous: false,
        description: "A pitch page for the person or business the input describes (a sentence or a website), as POST /api/agent/before makes.",
    },
    PageKind {
        kind: "slideshow",
        credits: 1,
        asynchronous: false,
        description: "A voiced slideshow about the input: a title slide, three to five points and a closer.",
    },
    PageKind {
        kind: "audioscript",
        credits: 3,
        asynchronous: true,
        description: "The input spoken verbatim as a beat-timed, captioned page (under 150 words), as POST /api/agent/audioscript makes; a job.",
    },
];

/// The page kind named `kind`.
pub fn page_kind(kind: &str) -> Option<&'static PageKind> {
    PAGE_KINDS.iter().find(|k| k.kind == kind)
}

/// What a page of `kind` costs when made from credits (`operation` names the route's service,
/// so its idempotency records and limits are the route's).
pub fn page_price(operation: &'static str, kind: &PageKind) -> Price {
    Price { operation, credits: i64::from(kind.credits), usd_cents: None }
}

/// The platform's fee on a sale at `price` credits.
pub fn market_fee(price: i64) -> i64 {
    price * MARKET_FEE_PERCENT as i64 / 100
}

/// Body of `GET /api/agent/legacy/kinds`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MemeKinds {
    pub success: bool,
    #[schema(value_type = Vec<MemeKind>)]
    pub kinds: &'static [MemeKind],
    /// The kind used when a request names none.
    pub default_kind: &'static str,
}

/// The product pack's `input`.
pub static PACK_INPUT: Text = Text::new(1, PACK_INPUT_CHARS, Some(rules::NOT_BLANK), ", not blank");

/// Request of the product pack route.
#[derive(Debug, Deserialize, ToSchema, schemars::JsonSchema)]
pub struct PackRequest {
    #[schema(schema_with = pack_input_schema)]
    pub input: String,
}

fn pack_input_schema() -> Object {
    PACK_INPUT.schema("The product: a product page URL or an ASIN")
}

/// The product pack is listed but not available: a valid request is refused as coming soon
/// and never charged.
pub fn product_pack(request: &PackRequest) -> Error {
    if !PACK_INPUT.check(&request.input) {
        return Error::bad_request(
            "invalid_input",
            format!("`input` must be {}: a product URL or ASIN.", PACK_INPUT.explain()),
        );
    }
    Error::ComingSoon { service: "product pack" }
}

/// What service `id` costs, in credits and (where it can be paid per call over x402) in US
/// cents, for the payment seam. Panics on an id that is not a priced service of the table: a
/// programming error the catalog tests catch.
pub fn price(id: &'static str) -> Price {
    let service = service(id).unwrap_or_else(|| panic!("{id} is not a service"));
    let credits = service.credits.unwrap_or_else(|| panic!("{id} has no credit price"));
    Price { operation: id, credits: i64::from(credits), usd_cents: service.usd_cents.filter(|_| service.x402) }
}

/// What service `id` costs, in words for people and models (a tool's description, `llms.txt`):
/// `" Costs 3 credits (or $0.30 in USDC per call over x402)."`; empty for an unknown id.
pub fn price_words(id: &str) -> String {
    let Some(entry) = service(id) else { return String::new() };
    match (entry.credits, entry.usd_cents, entry.sol_per_asset) {
        (None, Some(cents), true) => {
            format!(" Costs ${} per asset, paid in SOL at the live rate.", usd(u64::from(cents)))
        }
        (Some(credits), Some(cents), sol) if entry.x402 => format!(
            " Costs {} (or ${} in USDC per call over x402{}).",
            crate::counted::counted(credits, "credit"),
            usd(u64::from(cents)),
            if sol { ", or in SOL per job at the live rate" } else { "" }
        ),
        (Some(credits), _, _) => format!(" Costs {}.", crate::counted::counted(credits, "credit")),
        _ => String::new(),
    }
}

/// What a meme of `kind` costs: the hybrid kind costs 2 credits, and twice the USD price.
pub fn meme_price(kind: &MemeKind) -> Price {
    let base = price("meme");
    Price { credits: i64::from(kind.credits), usd_cents: base.usd_cents.map(|c| c * kind.credits), ..base }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_page_kind_made_from_credits_costs_what_its_own_service_costs() {
        for (kind, service) in [("pitch", "pitch"), ("audioscript", "audioscript")] {
            assert_eq!(page_price("generate", page_kind(kind).unwrap()).credits, price(service).credits, "{kind}");
        }
        assert!(page_kind("slideshow").is_some() && page_kind("meme").is_none());
    }

    #[test]
    fn the_market_fee_is_a_fifth_rounded_down_and_never_the_whole_price() {
        assert_eq!([1, 4, 5, 9, 10, 500].map(market_fee), [0, 0, 1, 1, 2, 100]);
        for price in LISTING_PRICE_MIN as i64..=LISTING_PRICE_MAX as i64 {
            assert!(market_fee(price) < price);
        }
    }
}
