//! The composition root: the running service put together from its settings. Each part builds
//! itself from the settings (`from_settings`); this is the one place that knows them all, and
//! the data moves a start-up owes to older versions (blobs out of database rows) run here,
//! before anything serves.

use std::sync::Arc;

use crate::auth::page_token::PageTokens;
use crate::billing::X402;
use crate::billing::sol::SolPrice;
use crate::billing::sol::chain::Chain;
use crate::billing::stripe::Stripe;
use crate::config::Settings;
use crate::cpu::CpuPool;
use crate::ctx::{Detached, Services};
use crate::limiter::Limiter;
use crate::media::{speech::Voices, transcribe::Transcriber, whisper::Recogniser};
use crate::net::{Guard, Network};
use crate::plugins::registry::BrandCaps;
use crate::plugins::{self, Registry, Sandbox};
use crate::seal::Sealer;
use crate::store::Db;
use crate::telegram::ServiceBot;

/// The services over `db`: built-in generators installed and every slot loaded, outbound
/// clients built once, rate-limit counters where the settings and backend call for them, and
/// the blob store with any blob an older version kept in the database moved into it.
pub async fn services(db: Db, settings: Settings) -> Result<Services, String> {
    crate::store::set_clock_offset(settings.clock_offset_ms);
    crate::limits::set_limits(&settings.rate_limits)?;
    // Read once per process (the first services' folder), in the background: no picture waits.
    crate::illustrate::use_folder(settings.illustration_folder());
    crate::illustrate::preload();
    let blobs = crate::blobs::from_settings(&settings).await?;
    crate::store::blobs::move_out(&db, blobs.as_ref())
        .await
        .map_err(|e| format!("moving blobs out of the database: {e}"))?;
    let guard = Guard::from_settings(&settings)?;
    let plugins = registry(db.clone(), &settings, guard.clone())?;
    plugins
        .install_builtins(&plugins::builtins())
        .await
        .map_err(|e| format!("installing built-in generators: {e:?}"))?;
    plugins.refresh().await.map_err(|e| format!("loading generators: {e:?}"))?;
    let renders = match settings.render_threads {
        0 => CpuPool::per_core("render"),
        n => CpuPool::new("render", n),
    };
    let proxies: Vec<Network> = settings.trusted_proxies.iter().map(|n| n.trim().parse()).collect::<Result<_, _>>()?;
    let page_key = crate::store::service_keys::get_or_make(&db, "page-tokens")
        .await
        .map_err(|e| format!("reading the page-token key: {e}"))?;
    let state_key = crate::store::service_keys::get_or_make(&db, "mcp-request-state")
        .await
        .map_err(|e| format!("reading the request-state key: {e}"))?;
    Ok(Services {
        page_tokens: Arc::new(PageTokens::new(page_key)),
        request_states: Arc::new(crate::auth::request_state::RequestStates::new(state_key)),
        limiter: Arc::new(Limiter::from_settings(&settings, &db).await?),
        telegram: ServiceBot::from_settings(&settings)?.map(Arc::new),
        sealer: Sealer::from_settings(&settings)?.map(Arc::new),
        x402: X402::from_settings(&settings)?,
        stripe: Stripe::from_settings(&settings)?.map(Arc::new),
        sol_price: Arc::new(SolPrice::from_settings(&settings)?),
        sol_chain: Chain::from_settings(&settings)?.map(Arc::new),
        transcriber: Transcriber::from_settings(&settings)?.map(Arc::new),
        speech: Arc::new(Voices::from_settings(&settings, &renders)?),
        recogniser: Recogniser::from_settings(&settings).map(Arc::new),
        detached: settings.instance.as_deref().map_or_else(Detached::default, Detached::held_by),
        db,
        plugins: Arc::new(plugins),
        guard: Arc::new(guard),
        proxies: proxies.into(),
        renders,
        settings: Arc::new(settings),
        blobs,
    })
}

/// The plugin registry over `db`, its sandbox fetching through `guard`, nothing loaded yet.
pub fn registry(db: Db, settings: &Settings, guard: Guard) -> Result<Registry, String> {
    let sandbox = Sandbox::from_settings(settings, guard)?;
    Ok(Registry::new(db, Arc::new(sandbox)).with_brand_caps(BrandCaps::from_settings(settings)))
}
