//! Claims of SOL deposits on SQLite and PostgreSQL: a signature pays for one asset ever, a job
//! is claimed once however many checks race with different deposits, and delivery, failure and
//! a new render each move a job only from the state (and render) they expect.

use asset_host::auth::{self, Role};
use asset_host::billing::sol::{self, Refused, chain::Transfer};
use asset_host::error::{Failure, Reason};
use asset_host::store::assets::{self as rows, Ended, NewAssetJob, State};
use asset_host::store::{Db, now_ms, quotes};

#[path = "common/database.rs"]
mod database;

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
