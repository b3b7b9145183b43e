//! Open SOL quotes on SQLite and PostgreSQL: 1 000 open quotes opened concurrently get 1 000
//! distinct amounts, each within the spread above the price; a paid quote's amount is free
//! again; a lapsed one only after a week (a late deposit must not unlock another job).

use std::collections::HashSet;

use asset_host::billing::sol::{QUOTE_SPREAD, open_quote_in};
use asset_host::store::{self, Db, quotes};

use crate::common::database;

const BASE: u64 = 1_756_235;
const DAY_MS: i64 = 24 * 3600 * 1000;

async fn open(db: &Db, job: &str) -> u64 {
    let mut tx = db.pool().begin().await.unwrap();
    let quote = open_quote_in(&mut tx, job, BASE, DAY_MS).await.unwrap();
    tx.commit().await.unwrap();
    quote.amount_lamports
}

async fn thousand_distinct(postgres: bool) {
    // It moves the service's clock, which every test in this process shares.
    if !asset_tests::process::alone() {
        return;
    }
    let (db, _place) = database::open(postgres).await;
    let tasks = (0..4).map(|t| {
        let db = db.clone();
        tokio::spawn(async move {
            let mut amounts = Vec::new();
            for n in 0..250 {
                amounts.push(open(&db, &format!("job_{t}_{n}")).await);
            }
            amounts
        })
    });
    let amounts: Vec<u64> = futures::future::join_all(tasks).await.into_iter().flat_map(Result::unwrap).collect();
    let distinct: HashSet<u64> = amounts.iter().copied().collect();
    assert_eq!((amounts.len(), distinct.len()), (1000, 1000));
    assert!(amounts.iter().all(|a| (BASE + 1..=BASE + QUOTE_SPREAD).contains(a)));

    // A paid quote frees its amount; a lapsed one keeps it for a week.
    let amount = i64::try_from(amounts[0]).unwrap();
    let mut tx = db.pool().begin().await.unwrap();
    assert!(!quotes::hold_in(&mut tx, amount, "job_other", store::now_ms() + DAY_MS).await.unwrap(), "held");
    quotes::release_in(&mut tx, "job_0_0").await.unwrap();
    assert!(quotes::hold_in(&mut tx, amount, "job_other", store::now_ms() + DAY_MS).await.unwrap(), "paid: free");
    tx.commit().await.unwrap();
    let lapsed = i64::try_from(amounts[1]).unwrap();
    store::set_clock_offset(3 * DAY_MS);
    let mut tx = db.pool().begin().await.unwrap();
    assert!(!quotes::hold_in(&mut tx, lapsed, "job_late", store::now_ms() + DAY_MS).await.unwrap(), "reserved");
    tx.commit().await.unwrap();
    store::set_clock_offset(9 * DAY_MS);
    let mut tx = db.pool().begin().await.unwrap();
    assert!(quotes::hold_in(&mut tx, lapsed, "job_late", store::now_ms() + DAY_MS).await.unwrap(), "free after a week");
    tx.commit().await.unwrap();
    store::set_clock_offset(0);
}

asset_tests::on_both_backends!(threads = 4, |postgres, test| { test(postgres).await }: thousand_distinct);
