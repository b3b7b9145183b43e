//! Orphaned blobs on SQLite and PostgreSQL: a blob no row names is noted, and deleted by a
//! later sweep past the grace period; blobs rows name (a real meme's pictures) are never
//! touched, nor keys of no known kind; a noted blob whose row arrives in between is kept. The
//! sweep's lease is held by one process at a time, and a task run once per cluster does its work
//! only while it holds its lease.

use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;

use asset_host::auth::{self, Role};
use asset_host::background::Task;
use asset_host::config::Settings;
use asset_host::ctx::{Ctx, Services};
use asset_host::memes::{self, MemeRequest};
use asset_host::store::{self, blobs::Swept, leases};
use asset_tests::TestDatabase;

use crate::common::database;

async fn services(postgres: bool) -> (Services, TestDatabase) {
    let (db, place) = database::open(postgres).await;
    let settings = Settings {
        data_dir: place.dir.path().to_path_buf(),
        plugin_cache_dir: Some(asset_tests::plugin_cache()),
        ..Settings::default()
    };
    (asset_host::compose::services(db, settings).await.unwrap(), place)
}

async fn sweeps(postgres: bool) {
    // It moves the service's clock, which every test in this process shares.
    if !asset_tests::process::alone() {
        return;
    }
    let (services, _place) = services(postgres).await;
    let key = auth::create_key(&services.db, Role::Agent, "sweep", 5, None).await.unwrap();
    let caller = auth::authenticate(&services.db, &key.secret).await.unwrap().unwrap();
    let ctx = Ctx::new(services.clone(), caller, "http://x.example".into(), "req_sweep".into());
    let meme = memes::create(
        &ctx,
        MemeRequest {
            input: Some("Sweep the orphans".into()),
            kind: Some("carousel".into()),
            ..MemeRequest::default()
        },
    )
    .await
    .unwrap();
    let meme_id = meme.meme.url.rsplit('/').next().unwrap().to_string();
    let blobs = services.blobs.as_ref();
    // Its link card, drawn on first request, is kept beside its pictures and named by its row.
    let card = memes::link_card(&services, &meme_id).await.unwrap().unwrap();
    assert_eq!(blobs.get(&format!("memes/{meme_id}/card.png")).await.unwrap(), Some(card));
    let named = blobs.list(&format!("memes/{meme_id}")).await.unwrap();
    assert!(named.len() > 1);
    let orphans = ["memes/orphan/1.png", "renders/gone.mp4", "pages/as_gone/voice.wav", "memes/gone/card.png"];
    for orphan in orphans.iter().chain(&["misc/unknown.bin"]) {
        blobs.put(orphan, vec![1, 2, 3]).await.unwrap();
    }

    let first = store::blobs::sweep_orphans(&services.db, blobs, 0).await.unwrap();
    assert_eq!(first, Swept { noted: 4, deleted: 0 }, "noted first, never deleted at once");
    // A row arrives for one of them before the next sweep: it is kept.
    sqlx::query("UPDATE meme_images SET blob = $1 WHERE meme_id = $2 AND position = 1")
        .bind("memes/orphan/1.png")
        .bind(&meme_id)
        .execute(services.db.pool())
        .await
        .unwrap();
    let second = store::blobs::sweep_orphans(&services.db, blobs, 0).await.unwrap();
    assert_eq!(second.deleted, 3);
    let left = blobs.list("").await.unwrap();
    for kept in ["memes/orphan/1.png", "misc/unknown.bin"] {
        assert!(left.contains(&kept.to_string()), "{kept} kept: {left:?}");
    }
    for gone in ["renders/gone.mp4", "pages/as_gone/voice.wav", "memes/gone/card.png"] {
        assert!(!left.contains(&gone.to_string()), "{gone} deleted");
    }
    // The meme's other pictures were named all along.
    for key in named.iter().filter(|k| !k.ends_with("/1.png")) {
        assert!(left.contains(key), "{key} kept");
    }
    // Within the grace period nothing noted is deleted.
    blobs.put("renders/young.mp4", vec![1]).await.unwrap();
    store::blobs::sweep_orphans(&services.db, blobs, 60_000).await.unwrap();
    let third = store::blobs::sweep_orphans(&services.db, blobs, 60_000).await.unwrap();
    assert_eq!(third.deleted, 0);

    // One holder of a lease at a time; it lapses.
    assert!(leases::take(&services.db, "sweep", "a", 60_000).await.unwrap());
    assert!(!leases::take(&services.db, "sweep", "b", 60_000).await.unwrap());
    assert!(leases::take(&services.db, "sweep", "a", 60_000).await.unwrap(), "renewed by its holder");
    store::set_clock_offset(120_000);
    assert!(leases::take(&services.db, "sweep", "b", 60_000).await.unwrap(), "lapsed, taken over");
    store::set_clock_offset(0);

    // A task run once per cluster does nothing while another process holds its lease, and
    // takes over once that lapses.
    let runs = Arc::new(AtomicUsize::new(0));
    let counted = runs.clone();
    let task = Task::new("counted", Duration::from_secs(60), move |_| {
        let counted = counted.clone();
        async move {
            counted.fetch_add(1, Ordering::SeqCst);
            Ok(None)
        }
    })
    .once_per_cluster();
    assert!(leases::take(&services.db, "counted", "another process", 90_000).await.unwrap());
    (task.step)(services.clone()).await.unwrap();
    assert_eq!(runs.load(Ordering::SeqCst), 0, "another process holds it");
    store::set_clock_offset(100_000);
    (task.step)(services.clone()).await.unwrap();
    (task.step)(services.clone()).await.unwrap();
    assert_eq!(runs.load(Ordering::SeqCst), 2, "taken over, then renewed by its new holder");
    assert!(!leases::take(&services.db, "counted", "another process", 90_000).await.unwrap());
    store::set_clock_offset(0);
}

asset_tests::on_both_backends!(sweeps);
