//! The operations called directly with a `Ctx` over real services — no HTTP — on SQLite and
//! PostgreSQL: validation before any charge, 402, the release of a failed generation, the
//! payment reaper, and every catalog price matching what its operation charges.

use std::path::PathBuf;
use std::sync::OnceLock;
use std::time::Duration;

use asset_host::auth::{self, Caller, Role};
use asset_host::billing::{self, Holder, Payer, Price, credits};
use asset_host::catalog::{self, MEME_KINDS};
use asset_host::config::Settings;
use asset_host::ctx::{Ctx, Services};
use asset_host::error::{Error, Kind};
use asset_host::media::wav::Pcm;
use asset_host::memes::MemeRequest;
use asset_host::pipeline::{Drawing, Voiced};
use asset_host::plugins::{Actor, RegistryError, Request};
use asset_host::store::intents;
use asset_host::{audioscript, engine, jobs, memes, mp4};
use asset_tests::TestDatabase;

use crate::common::database;

/// One data folder for the whole file, so the built-in generators compile once.
fn shared_data_dir() -> PathBuf {
    static DIR: OnceLock<tempfile::TempDir> = OnceLock::new();
    DIR.get_or_init(|| tempfile::tempdir().unwrap()).path().to_path_buf()
}

struct World {
    services: Services,
    _place: TestDatabase,
}

async fn world(postgres: bool) -> World {
    let (db, place) = database::open(postgres).await;
    let settings = Settings {
        data_dir: shared_data_dir(),
        plugin_cache_dir: Some(asset_tests::plugin_cache()),
        ..Settings::default()
    };
    World { services: asset_host::compose::services(db, settings).await.unwrap(), _place: place }
}

impl World {
    /// A caller with `credits`, and its context.
    async fn caller(&self, credits: i64, role: Role) -> Ctx {
        let key = auth::create_key(&self.services.db, role, "ops", credits, None).await.unwrap();
        let caller: Caller = auth::authenticate(&self.services.db, &key.secret).await.unwrap().unwrap();
        Ctx::new(self.services.clone(), caller, "https://assets.example".into(), format!("req_{}", key.prefix))
    }

    async fn balance(&self, ctx: &Ctx) -> i64 {
        credits::balance(&self.services.db, ctx.caller.key_id).await.unwrap()
    }

    async fn ledger_kinds(&self, ctx: &Ctx) -> Vec<String> {
        credits::ledger(&self.services.db, ctx.caller.key_id).await.unwrap().into_iter().map(|e| e.kind).collect()
    }
}

fn meme(input: &str, kind: &str) -> MemeRequest {
    MemeRequest { input: Some(input.into()), kind: Some(kind.into()), ..MemeRequest::default() }
}

fn code_of<T: std::fmt::Debug>(result: Result<T, Error>) -> (Kind, &'static str) {
    let error = result.expect_err("the operation should fail");
    (error.kind(), error.code())
}

asset_tests::on_both_backends!(threads = 2, |postgres, test| { test(super::world(postgres).await).await }:
    a_meme_is_validated_completely_before_anything_is_charged,
    a_meme_the_key_cannot_pay_for_is_402_and_changes_nothing,
    every_catalog_price_is_what_its_operation_charges,
    a_failed_generation_releases_its_payment,
    an_audioscript_is_validated_and_paid_before_its_job_exists,
    the_reaper_releases_lapsed_payments_exactly_once,
    a_plugin_uses_a_capability_only_when_its_manifest_asks_and_its_slot_is_granted,
);

async fn a_meme_is_validated_completely_before_anything_is_charged(w: World) {
    let ctx = w.caller(5, Role::Agent).await;
    let too_long = "x".repeat(catalog::MEME_INPUT_CHARS as usize + 1);
    let cases = [
        (MemeRequest::default(), "missing_input"),
        (meme("  ", "image"), "missing_input"),
        (meme(&too_long, "image"), "input_too_long"),
        (meme("ok", "sonnet"), "unsupported_kind"),
        (MemeRequest { language: Some("klingon".into()), ..meme("ok", "image") }, "unsupported_language"),
        (MemeRequest { brief: Some("other".into()), ..meme("ok", "image") }, "conflicting_input"),
        (MemeRequest { brand: Some("nobody".into()), ..meme("ok", "image") }, "unknown_brand"),
    ];
    for (request, code) in cases {
        let got = code_of(memes::create(&ctx, request).await);
        assert_eq!(got, (Kind::Invalid, code));
    }
    assert_eq!(w.balance(&ctx).await, 5);
    assert_eq!(w.ledger_kinds(&ctx).await, ["grant"], "nothing was charged");
}

async fn a_meme_the_key_cannot_pay_for_is_402_and_changes_nothing(w: World) {
    let ctx = w.caller(1, Role::Agent).await;
    let refused = memes::create(&ctx, meme("Agents that pay", "hybrid")).await;
    assert!(matches!(refused, Err(Error::InsufficientCredits { needed: 2, balance: 1, .. })), "{refused:?}");
    assert_eq!(w.ledger_kinds(&ctx).await, ["grant"]);
    let made = memes::create(&ctx, meme("Agents that pay", "hottake")).await.unwrap();
    assert_eq!((made.credit_cost, made.credits_remaining), (1, 0));
    assert!(made.meme.url.starts_with("https://assets.example/memes/"), "links use the context's base URL");
}

async fn every_catalog_price_is_what_its_operation_charges(w: World) {
    let ctx = w.caller(100, Role::Agent).await;
    for kind in MEME_KINDS {
        let before = w.balance(&ctx).await;
        let made = memes::create(&ctx, meme("Agents that pay for their own tools", kind.kind)).await.unwrap();
        let charged = before - w.balance(&ctx).await;
        assert_eq!((charged, made.credit_cost), (i64::from(kind.credits), i64::from(kind.credits)), "{}", kind.kind);
    }
    assert_eq!(catalog::price("meme").credits, 1, "the menu's meme price is the plain kinds'");

    let before = w.balance(&ctx).await;
    let request =
        audioscript::AudioscriptRequest { script: Some("Agents pay. They ship.".into()), ..Default::default() };
    let accepted = audioscript::submit(&ctx, request).await.unwrap();
    let charged = before - w.balance(&ctx).await;
    assert_eq!((charged, accepted.credit_cost), (catalog::price("audioscript").credits, charged));
    let job = jobs::get(&w.services.db, &accepted.job_id, ctx.caller.key_id).await.unwrap().unwrap();
    let payment = job.payment.clone().expect("a paid job names its payment");
    assert_eq!(payment.rail, billing::Rail::Credits);
    assert_eq!(intents::state(&w.services.db, &payment.intent_id).await.unwrap().as_deref(), Some("authorized"));

    let voiced = Voiced {
        audio: Pcm { sample_rate: 16_000, channels: 1, data: vec![0; 16_000] },
        beats: vec![engine::Beat { text: "hi".into(), start: 0, end: 500, words: Vec::new() }],
        captioned: true,
        word_times: asset_host::pipeline::WordTimes::None,
        engine: "none",
    };
    let english = asset_host::languages::find("en").unwrap();
    let page = engine::store(
        &w.services,
        &job,
        engine::About { title: "t", language: english, brand: None },
        &engine::Made {
            voiced,
            drawing: Drawing {
                title: "t".into(),
                seed: 1,
                typeface: Default::default(),
                subject: None,
                caption: Default::default(),
            },
        },
    )
    .await
    .unwrap();
    let before = w.balance(&ctx).await;
    let accepted = mp4::submit(&ctx, mp4::Mp4Request { page_url: Some(format!("/m/{page}")), ..Default::default() })
        .await
        .unwrap();
    let charged = before - w.balance(&ctx).await;
    assert_eq!((charged, accepted.credit_cost), (catalog::price("mp4").credits, charged));
    let ledger = credits::ledger(&w.services.db, ctx.caller.key_id).await.unwrap();
    assert_eq!(ledger.iter().map(|e| e.amount).sum::<i64>(), w.balance(&ctx).await, "the ledger sums to the balance");
}

async fn a_failed_generation_releases_its_payment(w: World) {
    let ctx = w.caller(5, Role::Agent).await;
    let operator = Actor { name: "test".into(), role: Role::Operator, brand: None };
    let plugins = &w.services.plugins;
    let version = plugins.upload(&operator, "meme", "", asset_tests::component("hostile")).await.unwrap();
    plugins.activate(&operator, "meme", "", version.id).await.unwrap();
    let (kind, code) = code_of(memes::create(&ctx, meme("trap", "hottake")).await);
    assert_eq!((kind, code), (Kind::Upstream, "generator_crashed"));
    assert_eq!(w.balance(&ctx).await, 5, "released");
    assert_eq!(w.ledger_kinds(&ctx).await, ["grant", "charge", "refund"]);
    let released: Vec<String> =
        sqlx::query_scalar("SELECT state FROM payment_intents WHERE api_key_id = $1 AND operation = 'meme'")
            .bind(ctx.caller.key_id)
            .fetch_all(w.services.db.pool())
            .await
            .unwrap();
    assert_eq!(released, ["released"]);

    // Thousands of carousel cards within the byte cap: refused for its shape, and released.
    let (kind, code) = code_of(memes::create(&ctx, meme("cards", "carousel")).await);
    assert_eq!((kind, code), (Kind::Upstream, "generator_invalid_output"));
    assert_eq!(w.balance(&ctx).await, 5, "released");
}

async fn an_audioscript_is_validated_and_paid_before_its_job_exists(w: World) {
    let ctx = w.caller(2, Role::Agent).await;
    let both = audioscript::AudioscriptRequest {
        script: Some("hi".into()),
        audio_url: Some("https://example.com/a.mp3".into()),
        ..Default::default()
    };
    assert_eq!(code_of(audioscript::submit(&ctx, both).await), (Kind::Invalid, "script_or_audio_url"));
    let long = audioscript::AudioscriptRequest {
        script: Some("word ".repeat(catalog::SCRIPT_WORDS_UNDER as usize)),
        ..Default::default()
    };
    assert_eq!(code_of(audioscript::submit(&ctx, long).await), (Kind::Invalid, "script_too_long"));
    let short = audioscript::AudioscriptRequest { script: Some("Agents pay.".into()), ..Default::default() };
    let refused = audioscript::submit(&ctx, short).await;
    assert!(matches!(refused, Err(Error::InsufficientCredits { needed: 3, balance: 2, .. })), "{refused:?}");
    assert_eq!(jobs::backlog(&w.services.db, &jobs::RENDER_KINDS).await.unwrap(), 0, "no job without payment");
    let http =
        audioscript::AudioscriptRequest { audio_url: Some("http://example.com/a.mp3".into()), ..Default::default() };
    assert_eq!(code_of(audioscript::submit(&ctx, http).await), (Kind::Invalid, "invalid_audio_url"));
    assert_eq!(w.ledger_kinds(&ctx).await, ["grant"]);
}

async fn the_reaper_releases_lapsed_payments_exactly_once(w: World) {
    let ctx = w.caller(5, Role::Agent).await;
    let db = &w.services.db;
    let mut tx = db.pool().begin().await.unwrap();
    let price = Price { operation: "meme", credits: 2, usd_cents: None };
    let payer = Payer::Credits { key_id: ctx.caller.key_id };
    let checked = billing::check(&payer, price).await.unwrap();
    let hold = |secs| Holder::Call { hold: Duration::from_secs(secs), by: "test" };
    let lapsed = billing::authorize_in(&mut tx, &payer, &checked, price, "req_dead", hold(0)).await.unwrap();
    let held = billing::authorize_in(&mut tx, &payer, &checked, price, "req_live", hold(600)).await.unwrap();
    tx.commit().await.unwrap();
    assert_eq!(w.balance(&ctx).await, 1);
    // Lapsed moments ago: another replica's clock may be that far behind, so it is kept...
    assert_eq!(billing::release_lapsed(db).await.unwrap(), 0, "a hold just lapsed is left for clock skew");
    // ...and released once it lapsed a minute ago.
    sqlx::query("UPDATE payment_intents SET lease_until = lease_until - 60000 WHERE id = $1")
        .bind(&lapsed.intent_id)
        .execute(db.pool())
        .await
        .unwrap();
    let reaped = futures::future::join_all((0..3).map(|_| billing::release_lapsed(db))).await;
    assert_eq!(reaped.into_iter().map(Result::unwrap).sum::<usize>(), 1, "released once across racing reapers");
    assert_eq!(w.balance(&ctx).await, 3);
    assert_eq!(intents::state(db, &lapsed.intent_id).await.unwrap().as_deref(), Some("released"));
    assert_eq!(intents::state(db, &held.intent_id).await.unwrap().as_deref(), Some("authorized"));
    // A lapsed hold cannot be captured afterwards: its work must not store a result.
    let mut tx = db.pool().begin().await.unwrap();
    assert!(lapsed.capture_in(&mut tx).await.is_err());
    assert!(held.capture_in(&mut tx).await.is_ok());
    tx.commit().await.unwrap();
}

async fn a_plugin_uses_a_capability_only_when_its_manifest_asks_and_its_slot_is_granted(w: World) {
    let plugins = &w.services.plugins;
    let operator = Actor { name: "op".into(), role: Role::Operator, brand: None };
    asset_host::brands::ensure(&w.services.db, "acme").await.unwrap();
    // The hostile fixture asks for completion in its manifest and reports what `complete` says.
    let ask = |brand: Option<&'static str>| {
        let request = Request {
            task: "meme".into(),
            kind: None,
            input: "complete hello".into(),
            reading: asset_host::plugins::reading::of("complete hello"),
            language: "en".into(),
            seed: 1,
            brand: None,
            options: Vec::new(),
        };
        async move {
            let (content, _) = plugins.generate("probe", brand, &request).await.unwrap();
            content.blocks[0].text.clone()
        }
    };
    for scope in ["", "acme"] {
        let brand = (!scope.is_empty()).then_some("acme");
        let version = plugins.upload(&operator, "probe", scope, asset_tests::component("hostile")).await.unwrap();
        assert_eq!(version.world, "asset:generator@1.1.0", "read from the component");
        plugins.activate(&operator, "probe", scope, version.id).await.unwrap();
        assert_eq!(ask(brand).await, "HostError::Denied(Capability::Completion)", "{scope:?}: asked for, not granted");
        let grants = plugins.grant(&operator, "probe", scope, "completion", true).await.unwrap();
        assert_eq!(grants, ["completion"]);
        // Granted: the call reaches the host, which has no model configured here.
        assert_eq!(ask(brand).await, "HostError::Unavailable(\"no model is configured\")", "{scope:?}");
        assert!(plugins.grant(&operator, "probe", scope, "completion", false).await.unwrap().is_empty());
        assert_eq!(ask(brand).await, "HostError::Denied(Capability::Completion)", "{scope:?}: revoked");
    }
    let admin = Actor { name: "acme-admin".into(), role: Role::BrandAdmin, brand: Some("acme".into()) };
    assert!(matches!(plugins.grant(&admin, "probe", "acme", "completion", true).await, Err(RegistryError::Denied(_))));
    assert!(matches!(plugins.grant(&operator, "probe", "", "teleport", true).await, Err(RegistryError::BadRequest(_))));
    assert!(plugins.grants("probe", "acme").await.unwrap().is_empty(), "refusals grant nothing");
}

/// The operation inputs MCP tools will take: their JSON Schemas name the same fields, in the
/// same case, as the HTTP bodies.
#[test]
fn operation_inputs_describe_themselves_for_tool_arguments() {
    let properties = |schema: schemars::Schema| -> Vec<String> {
        let value = schema.as_value().clone();
        let mut names: Vec<String> = value["properties"].as_object().unwrap().keys().cloned().collect();
        names.sort();
        names
    };
    assert_eq!(
        properties(schemars::schema_for!(audioscript::AudioscriptRequest)),
        ["audio_url", "brand", "captionStyle", "language", "script", "title", "voice"]
    );
    assert_eq!(properties(schemars::schema_for!(mp4::Mp4Request)), ["aspect", "captionStyle", "musicUrl", "pageUrl"]);
    assert_eq!(
        properties(schemars::schema_for!(MemeRequest)),
        ["brand", "brandProfile", "brief", "input", "kind", "language"]
    );
}
