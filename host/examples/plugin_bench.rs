//! Benchmark of the plugin sandbox, printed as a table: per-call cost (fresh store, instantiate,
//! call, drop) of a trivial plugin and of the built-in meme plugin through the host, the same
//! cycle on bare wasmtime for the ratio (timed in interleaved batches, so both see the same
//! machine), the instructions each call executes on both (counted by valgrind's callgrind when
//! it is installed: a figure other work on the machine cannot move), calls per second on all
//! cores, start-up of the built-ins with and without the compile cache, and activation of a
//! precompiled version.
//!
//! `cargo run --release -p asset-host --example plugin_bench`

use std::sync::Arc;
use std::time::{Duration, Instant};

use asset_host::auth::Role;
use asset_host::plugins::latest::asset::generator::host::{self, CompletionRequest, HostError, LogLevel, PageSummary};
use asset_host::plugins::latest::asset::generator::types;
use asset_host::plugins::latest::{Generator, GeneratorPre};
use asset_host::plugins::registry::GLOBAL;
use asset_host::plugins::sandbox::DEFAULT_SLOTS;
use asset_host::plugins::{Actor, Limits, Registry, Request, Sandbox, builtins};
use asset_host::store::Db;
use wasmtime::component::{Component, HasSelf, Linker, ResourceTable};
use wasmtime::{Engine, Store};
use wasmtime_wasi::{WasiCtx, WasiCtxView, WasiView};

const CALLS: usize = 5_000;

fn request(input: &str) -> Request {
    Request {
        task: "meme".into(),
        kind: Some("hottake".into()),
        input: input.into(),
        reading: asset_host::plugins::reading::of(input),
        language: "en".into(),
        seed: 1,
        brand: None,
        options: Vec::new(),
    }
}

struct Stats {
    median_us: f64,
    p99_us: f64,
}

fn stats(mut samples: Vec<Duration>) -> Stats {
    samples.sort();
    let us = |d: Duration| d.as_secs_f64() * 1e6;
    Stats { median_us: us(samples[samples.len() / 2]), p99_us: us(samples[samples.len() * 99 / 100]) }
}

/// Batches of calls through the host and on bare wasmtime, taken in turn (each round starting
/// with the other), so a burst of other work on the machine lands on both: the host's and the
/// bare samples, and the median of each round's ratio of medians.
async fn time_pair<H, HF, B, BF>(mut host: H, mut bare: B) -> (Stats, Stats, f64)
where
    H: FnMut() -> HF,
    HF: Future<Output = ()>,
    B: FnMut() -> BF,
    BF: Future<Output = ()>,
{
    const ROUNDS: usize = 10;
    for _ in 0..200 {
        host().await; // warm-up
        bare().await;
    }
    let (mut hosted, mut bared, mut ratios) = (Vec::new(), Vec::new(), Vec::new());
    for round in 0..ROUNDS {
        let (mut h, mut b) = (Vec::with_capacity(CALLS / ROUNDS), Vec::with_capacity(CALLS / ROUNDS));
        for side in [round % 2, 1 - round % 2] {
            for _ in 0..CALLS / ROUNDS {
                let started = Instant::now();
                if side == 0 {
                    host().await
                } else {
                    bare().await
                }
                if side == 0 { h.push(started.elapsed()) } else { b.push(started.elapsed()) }
            }
        }
        ratios.push(stats(h.clone()).median_us / stats(b.clone()).median_us);
        hosted.extend(h);
        bared.extend(b);
    }
    ratios.sort_by(f64::total_cmp);
    (stats(hosted), stats(bared), ratios[ROUNDS / 2])
}

/// Bare wasmtime: the same pooling engine settings and linker shape, but no fuel, no epochs,
/// no limits, no stdio capture, no output checks — the floor the host's sandbox is compared with.
struct Bare {
    wasi: WasiCtx,
    table: ResourceTable,
}

impl WasiView for Bare {
    fn ctx(&mut self) -> WasiCtxView<'_> {
        WasiCtxView { ctx: &mut self.wasi, table: &mut self.table }
    }
}

impl types::Host for Bare {}

impl host::Host for Bare {
    async fn complete(&mut self, _: CompletionRequest) -> wasmtime::Result<Result<String, HostError>> {
        Ok(Err(HostError::Unavailable(String::new())))
    }
    async fn fetch_summary(&mut self, _: String) -> wasmtime::Result<Result<PageSummary, HostError>> {
        Ok(Err(HostError::Unavailable(String::new())))
    }
    async fn log(&mut self, _: LogLevel, _: String) -> wasmtime::Result<()> {
        Ok(())
    }
}

fn bare_pre(bytes: &[u8], slots: u32) -> (Engine, GeneratorPre<Bare>) {
    // The same engine settings as the sandbox, minus fuel and epochs.
    let engine = Engine::new(&asset_host::plugins::sandbox::engine_config(slots)).unwrap();
    let mut linker = Linker::new(&engine);
    wasmtime_wasi::p2::add_to_linker_async(&mut linker).unwrap();
    Generator::add_to_linker::<Bare, HasSelf<Bare>>(&mut linker, |s| s).unwrap();
    let component = Component::new(&engine, bytes).unwrap();
    let pre = GeneratorPre::new(linker.instantiate_pre(&component).unwrap()).unwrap();
    (engine, pre)
}

async fn bare_call(engine: &Engine, pre: &GeneratorPre<Bare>, req: &Request) {
    let mut store = Store::new(engine, Bare { wasi: WasiCtx::builder().build(), table: ResourceTable::new() });
    let generator = pre.instantiate_async(&mut store).await.unwrap();
    generator.call_generate(&mut store, req).await.unwrap().unwrap();
}

/// Calls per second of `call` from `tasks` concurrent callers over `for_how_long`.
async fn calls_per_second<F, Fut>(tasks: usize, for_how_long: Duration, call: F) -> f64
where
    F: Fn() -> Fut + Clone + Send + 'static,
    Fut: Future<Output = ()> + Send,
{
    let deadline = Instant::now() + for_how_long;
    let workers: Vec<_> = (0..tasks)
        .map(|_| {
            let call = call.clone();
            tokio::spawn(async move {
                let mut calls = 0u64;
                while Instant::now() < deadline {
                    call().await;
                    calls += 1;
                }
                calls
            })
        })
        .collect();
    let mut total = 0;
    for w in workers {
        total += w.await.unwrap();
    }
    total as f64 / for_how_long.as_secs_f64()
}

async fn startup(dir: &std::path::Path, cache: bool) -> Duration {
    let db = Db::connect(&Db::sqlite_url(dir), 4).await.unwrap();
    db.migrate().await.unwrap();
    let started = Instant::now();
    let sandbox = Sandbox::new(cache.then(|| dir.join("cache")), Default::default()).unwrap();
    let registry = Registry::new(db.clone(), Arc::new(sandbox));
    registry.install_builtins(&builtins()).await.unwrap();
    registry.refresh().await.unwrap();
    let elapsed = started.elapsed();
    db.close().await;
    elapsed
}

/// Runs `calls` calls of the trivial plugin through the host (`host`) or on bare wasmtime
/// (`bare`), after 20 to warm up: what the instruction count runs under callgrind.
async fn calls_only(side: &str, calls: usize) {
    let trivial = asset_tests::component("trivial");
    let req = request("ping");
    // One slot: valgrind cannot reserve the address space of the default pool.
    let sandbox = Sandbox::with_slots(None, Default::default(), 1).unwrap();
    let prepared = sandbox.prepare(trivial).unwrap();
    let (engine, pre) = bare_pre(trivial, 1);
    for _ in 0..20 + calls {
        match side {
            "host" => drop(sandbox.generate(&prepared, Limits::GLOBAL, &[], "bench", &req).await.unwrap()),
            _ => bare_call(&engine, &pre, &req).await,
        }
    }
}

/// Instructions one trivial call executes through the host and on bare wasmtime: this program
/// run under callgrind with two numbers of calls, the difference divided by the difference, so
/// start-up (the engine, compiling the component) cancels out. `None` without valgrind.
fn instructions_per_call() -> Option<(f64, f64)> {
    let program = std::env::current_exe().ok()?;
    let dir = tempfile::tempdir().ok()?;
    let count = |side: &str, calls: usize| -> Option<f64> {
        let out = dir.path().join(format!("{side}-{calls}.out"));
        let status = std::process::Command::new("valgrind")
            .args(["--tool=callgrind", "--smc-check=all-non-file", "--quiet"])
            .arg(format!("--callgrind-out-file={}", out.display()))
            .arg(&program)
            .args(["calls", side, &calls.to_string()])
            .status()
            .ok()?;
        assert!(status.success(), "callgrind run failed");
        let text = std::fs::read_to_string(&out).ok()?;
        text.lines()
            .find_map(|l| l.strip_prefix("totals: ").or_else(|| l.strip_prefix("summary: ")))?
            .trim()
            .parse()
            .ok()
    };
    let per_call = |side: &str| Some((count(side, 600)? - count(side, 100)?) / 500.0);
    Some((per_call("host")?, per_call("bare")?))
}

#[tokio::main(flavor = "multi_thread")]
async fn main() {
    let args: Vec<String> = std::env::args().collect();
    if let [_, mode, side, calls] = args.as_slice()
        && mode == "calls"
    {
        calls_only(side, calls.parse().unwrap()).await;
        return;
    }
    let trivial = asset_tests::component("trivial");
    let meme = builtins().into_iter().find(|(n, _)| *n == "meme").unwrap().1;
    let sandbox = Arc::new(Sandbox::new(None, Default::default()).unwrap());
    let mut rows: Vec<(String, String)> = Vec::new();

    let t = sandbox.prepare(trivial).unwrap();
    let req = request("ping");
    let (engine, pre) = bare_pre(trivial, DEFAULT_SLOTS);
    let (host_trivial, bare_trivial, trivial_ratio) = time_pair(
        || async {
            sandbox.generate(&t, Limits::GLOBAL, &[], "bench", &req).await.unwrap();
        },
        || bare_call(&engine, &pre, &req),
    )
    .await;
    let m = sandbox.prepare(meme).unwrap();
    let meme_req = request("Agents that pay for their own tools");
    let (engine_m, pre_m) = bare_pre(meme, DEFAULT_SLOTS);
    let (host_meme, bare_meme, meme_ratio) = time_pair(
        || async {
            sandbox.generate(&m, Limits::GLOBAL, &[], "bench", &meme_req).await.unwrap();
        },
        || bare_call(&engine_m, &pre_m, &meme_req),
    )
    .await;

    let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
    let window = Duration::from_secs(3);
    let prepared = Arc::new(sandbox.prepare(trivial).unwrap());
    let host_call = {
        let sandbox = sandbox.clone();
        move || {
            let (sandbox, prepared) = (sandbox.clone(), prepared.clone());
            async move {
                sandbox.generate(&prepared, Limits::GLOBAL, &[], "bench", &request("ping")).await.unwrap();
            }
        }
    };
    let one_caller = calls_per_second(1, window, host_call.clone()).await;
    let per_sec = calls_per_second(cores * 2, window, host_call).await;
    let (engine, pre) = bare_pre(trivial, DEFAULT_SLOTS);
    let (engine, pre) = (Arc::new(engine), Arc::new(pre));
    let bare_per_sec = calls_per_second(cores * 2, window, move || {
        let (engine, pre) = (engine.clone(), pre.clone());
        async move { bare_call(&engine, &pre, &request("ping")).await }
    })
    .await;

    let cold_dir = tempfile::tempdir().unwrap();
    let no_cache = startup(cold_dir.path(), false).await;
    let warm_dir = tempfile::tempdir().unwrap();
    let _fill = startup(warm_dir.path(), true).await;
    let warm_dir2 = tempfile::tempdir().unwrap();
    std::fs::rename(warm_dir.path().join("cache"), warm_dir2.path().join("cache")).unwrap();
    let with_cache = startup(warm_dir2.path(), true).await;

    // Activation of a stored, precompiled version: swap back and forth, timing each swap.
    let act_dir = tempfile::tempdir().unwrap();
    let db = Db::connect(&Db::sqlite_url(act_dir.path()), 4).await.unwrap();
    db.migrate().await.unwrap();
    let registry =
        Registry::new(db, Arc::new(Sandbox::new(Some(act_dir.path().join("cache")), Default::default()).unwrap()));
    let op = Actor { name: "bench".into(), role: Role::Operator, brand: None };
    let a = registry.upload(&op, "meme", GLOBAL, meme).await.unwrap().id;
    let b = registry.upload(&op, "meme", GLOBAL, trivial).await.unwrap().id;
    let mut swaps = Vec::new();
    for i in 0..100 {
        let started = Instant::now();
        registry.activate(&op, "meme", GLOBAL, if i % 2 == 0 { a } else { b }).await.unwrap();
        swaps.push(started.elapsed());
    }
    let activation = stats(swaps);
    // The swap itself: prepare from the precompiled artifact in the cache (read, deserialize,
    // pre-instantiate), which is what `refresh` does before replacing the slot's `Arc`.
    let cached = Sandbox::new(Some(act_dir.path().join("cache")), Default::default()).unwrap();
    let mut prepares = Vec::new();
    for _ in 0..200 {
        let started = Instant::now();
        std::hint::black_box(cached.prepare(meme).unwrap());
        prepares.push(started.elapsed());
    }
    let swap = stats(prepares);

    let fmt = |s: &Stats| format!("{:.1} ({:.1})", s.median_us, s.p99_us);
    rows.push(("trivial plugin, host sandbox (µs median (p99))".into(), fmt(&host_trivial)));
    rows.push(("trivial plugin, bare wasmtime".into(), fmt(&bare_trivial)));
    rows.push(("ratio host / bare (median of 10 interleaved rounds' ratios)".into(), format!("{trivial_ratio:.2}×")));
    rows.push(("meme built-in, host sandbox".into(), fmt(&host_meme)));
    rows.push(("meme built-in, bare wasmtime".into(), fmt(&bare_meme)));
    rows.push(("ratio host / bare, meme (median of the rounds' ratios)".into(), format!("{meme_ratio:.2}×")));
    match instructions_per_call() {
        Some((host, bare)) => {
            rows.push(("instructions per call, trivial plugin, host sandbox (callgrind)".into(), format!("{host:.0}")));
            rows.push((
                "instructions per call, trivial plugin, bare wasmtime (callgrind)".into(),
                format!("{bare:.0}"),
            ));
            rows.push(("instructions: host / bare".into(), format!("{:.2}× (+{:.0})", host / bare, host - bare)));
        }
        None => rows.push(("instructions per call".into(), "valgrind is not installed".into())),
    }
    rows.push(("trivial calls/s, 1 caller, host".into(), format!("{one_caller:.0}")));
    rows.push((format!("trivial calls/s, {} callers on {cores} cores, host", cores * 2), format!("{per_sec:.0}")));
    rows.push((
        format!("trivial calls/s, {} callers on {cores} cores, bare wasmtime", cores * 2),
        format!("{bare_per_sec:.0}"),
    ));
    rows.push(("start-up: 7 built-ins, no compile cache (ms)".into(), format!("{:.1}", no_cache.as_secs_f64() * 1e3)));
    rows.push((
        "start-up: 7 built-ins, warm compile cache (ms)".into(),
        format!("{:.1}", with_cache.as_secs_f64() * 1e3),
    ));
    rows.push(("load a precompiled version for the swap (µs median (p99))".into(), fmt(&swap)));
    rows.push(("activate via the registry: DB, audit, reload (µs median (p99))".into(), fmt(&activation)));
    println!("| measurement | value |");
    println!("|---|---:|");
    for (what, value) in rows {
        println!("| {what} | {value} |");
    }
}
