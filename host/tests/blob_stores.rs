//! The blob store contract, on both backends: the local folder and a real S3-compatible store
//! (SeaweedFS on loopback, through `object_store`). Round trips, empty blobs, replacement,
//! files uploaded in several parts, exact ranges in chunks of at most 64 KiB, refused ranges,
//! listing by whole segments, deletes that say whether there was a blob, bad keys refused, a
//! store that does not answer reported as unavailable.

use std::sync::Arc;

use asset_host::blobs::{BlobError, BlobStore, CHUNK_SIZE, LocalFolder, S3Bucket, S3Config};
use asset_tests::seaweed::{ACCESS_KEY, BUCKET, SECRET_KEY, Seaweed};
use futures::TryStreamExt;

fn pattern(len: usize, seed: u8) -> Vec<u8> {
    (0..len).map(|i| (i % 251) as u8 ^ seed).collect()
}

fn s3(endpoint: &str, prefix: &str) -> S3Bucket {
    S3Bucket::new(&S3Config {
        url: format!("s3://{BUCKET}/{prefix}"),
        endpoint: Some(endpoint.into()),
        region: Some("us-east-1".into()),
        access_key_id: Some(ACCESS_KEY.into()),
        secret_access_key: Some(SECRET_KEY.into()),
        virtual_hosted: false,
    })
    .unwrap()
}

async fn chunks(store: &dyn BlobStore, key: &str, range: Option<(u64, u64)>) -> Vec<Vec<u8>> {
    let stream = match range {
        Some((start, end)) => store.read_range(key, start, end).await.unwrap(),
        None => store.read_all(key).await.unwrap(),
    };
    stream.expect("the blob").try_collect().await.unwrap()
}

async fn contract(store: Arc<dyn BlobStore>) {
    let store = store.as_ref();
    // Missing is not an error.
    assert_eq!(store.get("memes/none/1.png").await.unwrap(), None);
    assert_eq!(store.size("memes/none/1.png").await.unwrap(), None);
    assert!(store.read_all("memes/none/1.png").await.unwrap().is_none());
    assert!(!store.delete("memes/none/1.png").await.unwrap());

    // Round trip, replacement, empty blobs.
    store.put("memes/a/1.png", pattern(1000, 1)).await.unwrap();
    assert_eq!(store.get("memes/a/1.png").await.unwrap(), Some(pattern(1000, 1)));
    store.put("memes/a/1.png", pattern(10, 2)).await.unwrap();
    assert_eq!(
        (store.get("memes/a/1.png").await.unwrap(), store.size("memes/a/1.png").await.unwrap()),
        (Some(pattern(10, 2)), Some(10))
    );
    store.put("memes/a/empty", Vec::new()).await.unwrap();
    assert_eq!(store.get("memes/a/empty").await.unwrap(), Some(Vec::new()));
    assert!(chunks(store, "memes/a/empty", None).await.concat().is_empty());

    // A 19 MiB file goes up in parts and comes back whole, in chunks of at most 64 KiB.
    let big = pattern(19 * 1024 * 1024 + 7, 3);
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("video.mp4");
    std::fs::write(&file, &big).unwrap();
    store.put_file("renders/job1.mp4", &file).await.unwrap();
    assert!(file.exists(), "the source file is left as it is");
    assert_eq!(store.size("renders/job1.mp4").await.unwrap(), Some(big.len() as u64));
    let whole = chunks(store, "renders/job1.mp4", None).await;
    assert!(whole.iter().all(|c| c.len() <= CHUNK_SIZE));
    assert_eq!(whole.concat(), big);

    // Exact ranges, and ranges outside the blob refused.
    let len = big.len() as u64;
    for (start, end) in [(0, 0), (5, 70_000), (len - 1, len - 1), (1_000_000, 3_000_000)] {
        let read = chunks(store, "renders/job1.mp4", Some((start, end))).await;
        assert!(read.iter().all(|c| c.len() <= CHUNK_SIZE));
        assert_eq!(read.concat(), big[start as usize..=end as usize], "{start}-{end}");
    }
    for (start, end) in [(len, len), (10, 5), (0, len)] {
        let refused = store.read_range("renders/job1.mp4", start, end).await;
        assert!(matches!(refused, Err(BlobError::BadRange { .. })), "{start}-{end}");
    }
    let missing_file = store.put_file("renders/job2.mp4", &dir.path().join("nope")).await;
    assert!(missing_file.is_err());
    assert_eq!(store.size("renders/job2.mp4").await.unwrap(), None, "nothing half-written");

    // Listing matches whole segments.
    store.put("memes/ab/1.png", vec![1]).await.unwrap();
    assert_eq!(store.list("memes/a").await.unwrap(), vec!["memes/a/1.png", "memes/a/empty"]);
    assert_eq!(store.list("memes/a/").await.unwrap(), vec!["memes/a/1.png", "memes/a/empty"]);
    let all = store.list("").await.unwrap();
    assert_eq!(all, vec!["memes/a/1.png", "memes/a/empty", "memes/ab/1.png", "renders/job1.mp4"]);

    // Deletes say whether there was a blob.
    assert!(store.delete("memes/a/1.png").await.unwrap());
    assert!(!store.delete("memes/a/1.png").await.unwrap());
    assert_eq!(store.get("memes/a/1.png").await.unwrap(), None);

    // Bad keys never reach the backend.
    for key in ["", "../etc/passwd", "memes//1.png", "memes/./1.png", "memes/a b.png", "/abs"] {
        assert!(matches!(store.put(key, vec![1]).await, Err(BlobError::BadKey(_))), "{key:?}");
        assert!(matches!(store.get(key).await, Err(BlobError::BadKey(_))), "{key:?}");
    }
}

#[tokio::test]
async fn a_local_folder_keeps_the_contract() {
    let dir = tempfile::tempdir().unwrap();
    contract(Arc::new(LocalFolder::new(dir.path().join("blobs")).await.unwrap())).await;
}

#[tokio::test(flavor = "multi_thread")]
async fn an_s3_bucket_keeps_the_contract_and_an_unreachable_one_is_unavailable() {
    let seaweed = Seaweed::start();
    contract(Arc::new(s3(&seaweed.endpoint, "contract"))).await;
    // Another prefix of the same bucket is another store.
    let other = s3(&seaweed.endpoint, "elsewhere");
    assert!(other.list("").await.unwrap().is_empty());
    drop(seaweed);
    let gone = s3("http://127.0.0.1:9", "contract");
    assert!(matches!(gone.size("memes/a/1.png").await, Err(BlobError::Unavailable(_))));
}
