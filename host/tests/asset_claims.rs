//! Claims of SOL deposits on SQLite and PostgreSQL: a signature pays for one asset ever, a job
//! is claimed once however many checks race with different deposits, and delivery, failure and
//! a new render each move a job only from the state (and render) they expect.

use asset_host::auth::{self, Role};
use asset_host::billing::sol::{self, Refused, chain::Transfer};
use asset_host::error::{Failure, Reason};
use asset_host::store::assets::{self as rows, Ended, NewAssetJob, State};
use asset_host::store::{Db, now_ms, quotes};

use crate::common::database;

/// A render failure as its buyer is told it.
const BOOM: Reason = Reason { code: "boom", message: "It went boom." };

async fn job(db: &Db, key_id: i64, id: &str, amount: i64) {
    let mut tx = db.pool().begin().await.unwrap();
    let new = NewAssetJob {
        id,
        key_id,
        format: "single-meme",
        input: "an idea",
        language: "en",
        base_url: "http://assets.example",
        preview_id: "meme1",
        amount_lamports: amount,
        expires_at: now_ms() + 86_400_000,
        callback_url: None,
        webhook_secret: None,
        aspect: Default::default(),
    };
    rows::insert_in(&mut tx, &new).await.unwrap();
    tx.commit().await.unwrap();
}

/// One check's claim of `signature` (5 lamports) for job `id`, as the check makes it: the
/// deposit taken, then the job paid, in one transaction.
async fn claim(db: &Db, id: &str, signature: &str, render: &str) -> Result<(), Refused> {
    let transfer = Transfer {
        signature: signature.into(),
        lamports: 5,
        payer: Some("payer".into()),
        slot: 1,
        block_time: now_ms() / 1000,
    };
    let key_id = state(db, id).await.key_id;
    let mut tx = db.pool().begin().await.unwrap();
    let by = sol::Claim { job_id: id, key_id, operation: "asset-job" };
    let claimed = match sol::claim_in(&mut tx, &by, &transfer).await.unwrap() {
        Ok(_) if rows::pay_in(&mut tx, id, signature, render).await.unwrap() => Ok(()),
        Ok(_) => Err(Refused::JobPaid),
        Err(refused) => Err(refused),
    };
    if claimed.is_ok() {
        tx.commit().await.unwrap();
    } else {
        tx.rollback().await.unwrap();
    }
    claimed
}

/// The SOL payment intents written for job `id`: (amount, reference, state).
async fn sol_intents(db: &Db, id: &str) -> Vec<(i64, String, String)> {
    sqlx::query_as("SELECT amount, reference, state FROM payment_intents WHERE rail = 'sol' AND job_id = $1")
        .bind(id)
        .fetch_all(db.pool())
        .await
        .unwrap()
}

async fn state(db: &Db, id: &str) -> rows::AssetJob {
    let mut conn = db.pool().acquire().await.unwrap();
    rows::get_any(&mut conn, id).await.unwrap().unwrap()
}

async fn claims_hold(postgres: bool) {
    let (db, _place) = database::open(postgres).await;
    let key = auth::create_key(&db, Role::Agent, "assets", 0, None).await.unwrap().key_id;
    for id in ["asset_a", "asset_b", "asset_c"] {
        job(&db, key, id, 5).await;
    }
    let mut tx = db.pool().begin().await.unwrap();
    assert!(quotes::hold_in(&mut tx, 1_700_005, "asset_a", now_ms() + 86_400_000).await.unwrap());
    tx.commit().await.unwrap();
    assert_eq!(claim(&db, "asset_a", "sig1", "asset_a_r1").await, Ok(()));
    // The paid quote's amount is free again.
    let mut tx = db.pool().begin().await.unwrap();
    assert!(quotes::hold_in(&mut tx, 1_700_005, "asset_z", now_ms() + 86_400_000).await.unwrap());
    tx.rollback().await.unwrap();
    assert_eq!(claim(&db, "asset_b", "sig1", "asset_b_r1").await, Err(Refused::SignatureUsed));
    assert_eq!(claim(&db, "asset_a", "sig2", "asset_a_r9").await, Err(Refused::JobPaid));
    assert_eq!(state(&db, "asset_b").await.state, State::AwaitingPayment);
    let paid = state(&db, "asset_a").await;
    assert_eq!((paid.state, paid.signature.as_deref(), paid.renders), (State::Paid, Some("sig1"), 1));
    assert!(sol::is_claimed(&db, "sig1").await.unwrap() && !sol::is_claimed(&db, "sig2").await.unwrap());
    // The claim went through the payment seam: one captured SOL intent of the lamports, under
    // the deposit's signature; refused claims wrote none.
    assert_eq!(sol_intents(&db, "asset_a").await, [(5, "sig1".to_string(), "captured".to_string())]);
    assert_eq!(sol_intents(&db, "asset_b").await, []);

    // Twenty checks racing with twenty different deposits: one claim.
    let racers = (0..20).map(|n| {
        let db = db.clone();
        tokio::spawn(async move { claim(&db, "asset_c", &format!("race{n}"), &format!("asset_c_r{n}")).await })
    });
    let won = futures::future::join_all(racers).await.into_iter().filter(|r| r.as_ref().unwrap().is_ok()).count();
    assert_eq!(won, 1);
    assert_eq!(sol_intents(&db, "asset_c").await.len(), 1, "one payment for one claim");

    // Only the current render moves the job; each move happens once.
    let mut tx = db.pool().begin().await.unwrap();
    assert!(
        rows::end_render_in(&mut tx, "asset_a", "asset_a_r0", Ended::Delivered { render_id: "render" })
            .await
            .unwrap()
            .is_none(),
        "stale render"
    );
    assert!(
        rows::end_render_in(&mut tx, "asset_a", "asset_a_r1", Ended::Failed { error: BOOM }).await.unwrap().is_some()
    );
    assert!(
        rows::end_render_in(&mut tx, "asset_a", "asset_a_r1", Ended::Delivered { render_id: "render" })
            .await
            .unwrap()
            .is_none(),
        "failed"
    );
    tx.commit().await.unwrap();
    let failed = state(&db, "asset_a").await;
    assert_eq!((failed.state, failed.error), (State::RenderFailed, Some(Failure::from(BOOM))));
    let mut tx = db.pool().begin().await.unwrap();
    assert!(rows::rerender_in(&mut tx, "asset_a", "asset_a_r1", "asset_a_r2").await.unwrap());
    assert!(!rows::rerender_in(&mut tx, "asset_a", "asset_a_r1", "asset_a_r3").await.unwrap(), "taken already");
    let delivered = rows::end_render_in(&mut tx, "asset_a", "asset_a_r2", Ended::Delivered { render_id: "render" })
        .await
        .unwrap()
        .unwrap();
    tx.commit().await.unwrap();
    assert_eq!((delivered.state, delivered.renders, delivered.error), (State::Delivered, 2, None));
    assert_eq!(delivered.render_id.as_deref(), Some("render"));
}

asset_tests::on_both_backends!(claims_hold);

// ---------------------------------------------------------------------------------------------
// Work of any `solPerAsset` service paid per job in SOL, through the payment seam.

mod sol_jobs {
    use std::sync::Arc;

    use asset_host::auth::{self, Role};
    use asset_host::billing::sol::{SolPrice, SolRail, chain::Chain, chain::Transfer};
    use asset_host::billing::{Authorized, Payer};
    use asset_host::config::Settings;
    use asset_host::jobs::{self, Failed, NewJob, State, deposits};
    use asset_host::store::{Db, now_ms, quotes};
    use serde_json::json;

    use super::database;

    /// The treasury the rail is set up with.
    const TREASURY: &str = asset_tests::solana::TREASURY;
    /// A node nothing answers on: deposits are handed to the claim.
    const NO_NODE: &str = "http://127.0.0.1:9";

    /// The SOL rail at a fixed $150/SOL (no price source answers on port 9), `per_key` quotes
    /// open at most, its treasury read from the node at `node`.
    fn rail(per_key: u32, node: &str) -> SolRail {
        let settings = Settings {
            sol_usd_url: "http://127.0.0.1:9/price".into(),
            sol_usd_second_url: "http://127.0.0.1:9/price".into(),
            sol_usd_fallback: Some("150".into()),
            sol_open_quotes_per_key: per_key,
            ..Settings::default()
        };
        let chain = Arc::new(Chain::new(Some(node), TREASURY).unwrap());
        let price = Arc::new(SolPrice::from_settings(&settings).unwrap());
        SolRail::new(&settings, &price, Some(&chain)).unwrap()
    }

    async fn submit(
        db: &Db,
        payer: &Payer,
        id: &str,
        key_id: i64,
    ) -> Result<(jobs::Job, Option<Authorized>), asset_host::error::Error> {
        let input = json!({"script": "Mornings are hard."});
        let new = NewJob {
            id,
            kind: "audioscript",
            key_id,
            request_id: id,
            input: &input,
            paid: Some((payer.clone(), asset_host::catalog::price("audioscript"))),
            max_attempts: 1,
            access_hash: None,
        };
        jobs::submit(db, &new).await
    }

    fn deposit(signature: &str, lamports: u64) -> Transfer {
        Transfer {
            signature: signature.into(),
            lamports,
            payer: Some("payer".into()),
            slot: 1,
            block_time: now_ms() / 1000,
        }
    }

    async fn count(db: &Db, sql: &'static str, id: &str) -> i64 {
        sqlx::query_scalar(sql).bind(id).fetch_one(db.pool()).await.unwrap()
    }

    async fn waiting(db: &Db, id: &str) -> quotes::Awaiting {
        quotes::awaiting(db).await.unwrap().into_iter().find(|w| w.job_id == id).expect("the job waits")
    }

    async fn a_job_waits_for_its_deposit_and_keeps_it(postgres: bool) {
        let (db, _place) = database::open(postgres).await;
        let key = auth::create_key(&db, Role::Agent, "sol", 0, None).await.unwrap().key_id;
        let payer = Payer::Sol { key_id: key, rail: rail(2, NO_NODE) };

        // Submitted: waiting with a quote of $0.25 at $150 plus a few lamports; nothing taken.
        let (job, authorized) = submit(&db, &payer, "job_a", key).await.unwrap();
        assert_eq!(job.state, State::AwaitingPayment);
        let Some(Authorized::Quoted { quote, invoice }) = authorized else { panic!("a quote") };
        let base = 1_666_667; // 25 cents at $150, rounded up
        assert!((base + 1..=base + 99_999).contains(&quote.amount_lamports), "{quote:?}");
        assert_eq!((invoice.wallet.as_str(), invoice.amount_lamports), (TREASURY, quote.amount_lamports));
        assert_eq!(count(&db, "SELECT COUNT(*) FROM payment_intents WHERE job_id = $1", "job_a").await, 0);
        assert!(jobs::claim(&db, "w", &["audioscript"], 60_000).await.unwrap().is_none(), "no worker takes it unpaid");

        // The key's bound of open quotes: a third is refused and writes nothing.
        submit(&db, &payer, "job_b", key).await.unwrap();
        let refused = submit(&db, &payer, "job_c", key).await.unwrap_err();
        assert_eq!(refused.code(), "too_many_open_quotes");
        assert_eq!(count(&db, "SELECT COUNT(*) FROM jobs WHERE id = $1", "job_c").await, 0);
        assert_eq!(count(&db, "SELECT COUNT(*) FROM sol_quotes WHERE job_id = $1", "job_c").await, 0);
        // SOL pays for queued work of a `solPerAsset` service only.
        let meme = NewJob {
            id: "job_m",
            kind: "meme",
            key_id: key,
            request_id: "job_m",
            input: &json!({}),
            paid: Some((payer.clone(), asset_host::catalog::price("meme"))),
            max_attempts: 1,
            access_hash: None,
        };
        assert_eq!(jobs::submit(&db, &meme).await.unwrap_err().code(), "sol_not_accepted");

        // A deposit of another amount pays nothing; the exact one pays once, whoever races.
        let lamports = quote.amount_lamports;
        let a = waiting(&db, "job_a").await;
        assert!(!deposits::pay(&db, &a, &[]).await.unwrap());
        assert!(deposits::pay(&db, &a, &[deposit("sig1", lamports)]).await.unwrap());
        assert!(!deposits::pay(&db, &a, &[deposit("sig2", lamports)]).await.unwrap(), "paid already");
        let b = waiting(&db, "job_b").await;
        assert!(!deposits::pay(&db, &b, &[deposit("sig1", lamports)]).await.unwrap(), "a signature pays once");
        assert_eq!(count(&db, "SELECT COUNT(*) FROM sol_deposits WHERE signature <> $1", "").await, 1);
        assert_eq!(count(&db, "SELECT COUNT(*) FROM sol_quotes WHERE job_id = $1", "job_a").await, 0, "freed");
        let intent: (String, i64, String) =
            sqlx::query_as("SELECT state, amount, reference FROM payment_intents WHERE job_id = $1 AND rail = 'sol'")
                .bind("job_a")
                .fetch_one(db.pool())
                .await
                .unwrap();
        assert_eq!(intent, ("captured".into(), i64::try_from(lamports).unwrap(), "sig1".into()));

        // Queued and paid; a final failure keeps the deposit bound, and running it again is free.
        let running = jobs::claim(&db, "w", &["audioscript"], 60_000).await.unwrap().expect("it runs once paid");
        assert_eq!((running.id.as_str(), running.cost), ("job_a", i64::try_from(lamports).unwrap()));
        assert_eq!(jobs::fail(&db, &running, "w", "boom", false).await.unwrap(), Failed::Final);
        assert_eq!(
            count(&db, "SELECT COUNT(*) FROM payment_intents WHERE job_id = $1 AND state = 'captured'", "job_a").await,
            1
        );
        assert!(deposits::run_again(&db, "job_a").await.unwrap());
        assert!(!deposits::run_again(&db, "job_a").await.unwrap(), "queued already");
        let again = jobs::claim(&db, "w", &["audioscript"], 60_000).await.unwrap().expect("queued again");
        assert_eq!(again.attempts, 1, "its attempts anew");
        assert!(jobs::succeed(&db, "job_a", "w", &json!({"pageUrl": "x"})).await.unwrap());
        let done = jobs::get(&db, "job_a", key).await.unwrap().unwrap();
        assert_eq!(done.state, State::Succeeded);
        assert_eq!(count(&db, "SELECT COUNT(*) FROM payment_intents WHERE job_id = $1", "job_a").await, 1, "paid once");

        // A job paid with credits is never run again for free.
        let rich = auth::create_key(&db, Role::Agent, "credits", 10, None).await.unwrap().key_id;
        submit(&db, &Payer::Credits { key_id: rich }, "job_k", rich).await.unwrap();
        let running = jobs::claim(&db, "w", &["audioscript"], 60_000).await.unwrap().unwrap();
        jobs::fail(&db, &running, "w", "boom", false).await.unwrap();
        assert!(!deposits::run_again(&db, "job_k").await.unwrap());
    }

    /// Job `id`'s state and the code of its error.
    async fn state(db: &Db, id: &str, key: i64) -> (State, Option<String>) {
        let job = jobs::get(db, id, key).await.unwrap().unwrap();
        (job.state, job.error.map(|e| e.code))
    }

    /// A job whose quote lapsed a reserved week ago is closed by the periodic claim only once its
    /// deposit is known not to have landed in time: a deposit that did pays it (the job runs); a
    /// node that cannot be read, or a transaction it will not show that may be the deposit,
    /// leaves it waiting; with neither it fails `quote_expired`.
    async fn a_lapsed_quote_is_closed_only_once_no_deposit_can_have_landed(postgres: bool) {
        // It moves the service's clock, which every test in this process shares.
        if !asset_tests::process::alone() {
            return;
        }
        let (db, _place) = database::open(postgres).await;
        let node = asset_tests::solana::Rpc::start(1000);
        let key = auth::create_key(&db, Role::Agent, "sol", 0, None).await.unwrap().key_id;
        let rail = rail(5, &node.url);
        let payer = Payer::Sol { key_id: key, rail: rail.clone() };
        let mut quoted = Vec::new();
        for id in ["job_paid", "job_none"] {
            let Some(Authorized::Quoted { quote, .. }) = submit(&db, &payer, id, key).await.unwrap().1 else {
                panic!("a quote")
            };
            quoted.push(quote.amount_lamports);
        }
        // Paid in time, but nothing claimed it: the node was not read until the week was over.
        node.pay(quoted[0]).await;
        asset_host::store::set_clock_offset(jobs::UNPAID_FOR_MS + 3_600_000);
        let claim = || deposits::claim_waiting(&db, Some(rail.chain.as_ref()));
        let waiting = (State::AwaitingPayment, None);

        node.control(json!({"error500": 10_000})).await;
        assert_eq!(claim().await.unwrap(), 0);
        assert_eq!(jobs::abandon_unpaid(&db).await.unwrap(), 0, "the job reaper leaves them to the claim");
        for id in ["job_paid", "job_none"] {
            assert_eq!(state(&db, id, key).await, waiting, "{id}: the node cannot be read");
        }
        node.control(json!({"error500": 0})).await;

        // Readable: the deposit pays its job; a transaction the node will not show, which may be
        // the other's deposit, keeps that one waiting.
        let hidden = node.transfer(json!({"to": TREASURY, "lamports": 1})).await;
        node.unreadable(&hidden, "error").await;
        assert_eq!(claim().await.unwrap(), 1);
        assert_eq!(state(&db, "job_paid", key).await, (State::Queued, None), "paid by a deposit made in time");
        assert_eq!(state(&db, "job_none", key).await, waiting, "an unread transaction may be its deposit");

        // Shown again (read once its backoff passed): nothing landed for it, so it fails.
        node.unreadable(&hidden, "readable").await;
        asset_host::store::set_clock_offset(jobs::UNPAID_FOR_MS + 3_660_000);
        assert_eq!(claim().await.unwrap(), 0);
        assert_eq!(state(&db, "job_none", key).await, (State::Failed, Some("quote_expired".into())));
        assert_eq!(count(&db, "SELECT COUNT(*) FROM sol_unread_signatures WHERE signature = $1", &hidden).await, 0);
        asset_host::store::set_clock_offset(0);
    }

    asset_tests::on_both_backends!(
        a_job_waits_for_its_deposit_and_keeps_it,
        a_lapsed_quote_is_closed_only_once_no_deposit_can_have_landed
    );
}
