//! A migrated database of one test's own on either backend (the test kit's `TestDatabase`).

use asset_host::store::Db;
use asset_tests::TestDatabase;

/// The database and what keeps it alive: drop both together, the pool first.
pub async fn open(postgres: bool) -> (Db, TestDatabase) {
    let place = TestDatabase::new(postgres);
    let db = Db::connect(&place.url, 8).await.unwrap();
    db.migrate().await.unwrap();
    (db, place)
}
