//! An S3-compatible bucket as the blob store, through the `object_store` crate: blobs under a
//! key prefix, written whole (S3 replaces an object atomically) or, for files, by multipart
//! upload streamed from disk; read whole, or a range at a time re-cut into chunks of at most
//! [`CHUNK_SIZE`]. Path-style addressing is the default, as self-hosted stores (SeaweedFS,
//! MinIO, Garage) expect.

use std::ops::Range;
use std::path::Path;
use std::time::Duration;

use futures::future::BoxFuture;
use futures::{StreamExt, TryStreamExt};
use object_store::aws::{AmazonS3, AmazonS3Builder};
use object_store::path::Path as ObjectPath;
use object_store::{
    BackoffConfig, ClientOptions, GetOptions, GetRange, ObjectStore, PutPayload, RetryConfig, WriteMultipart,
};
use tokio::io::AsyncReadExt;

use super::{BlobError, BlobStore, ByteStream, CHUNK_SIZE, validate_key};

/// Size of the parts a file is uploaded in (S3's minimum is 5 MiB, the last part excepted).
const PART_SIZE: usize = 8 * 1024 * 1024;
/// Parts in flight at once per upload.
const PARTS_IN_FLIGHT: usize = 2;
/// How long one request may take (a part of a video included), and to connect.
const REQUEST_TIMEOUT: Duration = Duration::from_secs(60);
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);
/// Retries of a failed request, and the time they may take together: a store that is down is
/// reported (503, not ready) within seconds rather than minutes.
const RETRIES: usize = 3;
const RETRY_TIMEOUT: Duration = Duration::from_secs(15);

/// Where a bucket is and how to reach it.
#[derive(Clone, Debug, Default)]
pub struct S3Config {
    /// `s3://bucket/prefix`.
    pub url: String,
    /// The store's address, e.g. `http://127.0.0.1:8333`; none: AWS.
    pub endpoint: Option<String>,
    pub region: Option<String>,
    pub access_key_id: Option<String>,
    pub secret_access_key: Option<String>,
    /// Virtual-hosted-style addressing (`bucket.host`) instead of path style.
    pub virtual_hosted: bool,
}

/// Blobs in a bucket, under a prefix.
pub struct S3Bucket {
    store: AmazonS3,
    prefix: String,
}

impl S3Bucket {
    pub fn new(config: &S3Config) -> Result<S3Bucket, String> {
        let rest = config
            .url
            .strip_prefix("s3://")
            .ok_or_else(|| format!("the blob URL {:?} is not s3://bucket[/prefix]", config.url))?;
        let (bucket, prefix) = rest.split_once('/').unwrap_or((rest, ""));
        if bucket.is_empty() {
            return Err("the blob URL names no bucket".into());
        }
        let prefix = prefix.trim_matches('/').to_string();
        if !prefix.is_empty() {
            validate_key(&prefix).map_err(|_| format!("the blob URL's prefix {prefix:?} is not a valid key"))?;
        }
        let mut builder = AmazonS3Builder::new()
            .with_bucket_name(bucket)
            .with_region(config.region.clone().unwrap_or_else(|| "us-east-1".into()))
            .with_virtual_hosted_style_request(config.virtual_hosted)
            .with_client_options(
                ClientOptions::new().with_timeout(REQUEST_TIMEOUT).with_connect_timeout(CONNECT_TIMEOUT),
            )
            .with_retry(RetryConfig {
                backoff: BackoffConfig::default(),
                max_retries: RETRIES,
                retry_timeout: RETRY_TIMEOUT,
            });
        if let Some(endpoint) = &config.endpoint {
            builder = builder.with_endpoint(endpoint).with_allow_http(endpoint.starts_with("http://"));
        }
        if let (Some(id), Some(secret)) = (&config.access_key_id, &config.secret_access_key) {
            builder = builder.with_access_key_id(id).with_secret_access_key(secret);
        }
        let store = builder.build().map_err(|e| format!("the S3 blob store: {e}"))?;
        Ok(S3Bucket { store, prefix })
    }

    /// The object of `key`, after checking the key.
    fn path(&self, key: &str) -> Result<ObjectPath, BlobError> {
        validate_key(key)?;
        Ok(ObjectPath::from(self.full(key)))
    }

    fn full(&self, key: &str) -> String {
        if self.prefix.is_empty() { key.to_string() } else { format!("{}/{key}", self.prefix) }
    }

    async fn length(&self, path: &ObjectPath, key: &str) -> Result<Option<u64>, BlobError> {
        match self.store.head(path).await {
            Ok(meta) => Ok(Some(meta.size)),
            Err(object_store::Error::NotFound { .. }) => Ok(None),
            Err(e) => Err(failed(key, e)),
        }
    }

    async fn stream(&self, key: &str, range: Option<Range<u64>>) -> Result<Option<ByteStream>, BlobError> {
        let path = self.path(key)?;
        let options = GetOptions { range: range.map(GetRange::Bounded), ..GetOptions::default() };
        let result = match self.store.get_opts(&path, options).await {
            Ok(result) => result,
            Err(object_store::Error::NotFound { .. }) => return Ok(None),
            Err(e) => return Err(failed(key, e)),
        };
        let key = key.to_string();
        let chunks = result
            .into_stream()
            .map_err(move |e| std::io::Error::other(format!("blob {key:?}: {e}")))
            .map_ok(|bytes| futures::stream::iter(bytes.chunks(CHUNK_SIZE).map(|c| Ok(c.to_vec())).collect::<Vec<_>>()))
            .try_flatten();
        Ok(Some(chunks.boxed()))
    }
}

/// An error of the store: it could not be reached or refused, which a later try may fix.
fn failed(key: &str, e: object_store::Error) -> BlobError {
    BlobError::Unavailable(format!("{key:?}: {e}"))
}

impl BlobStore for S3Bucket {
    fn name(&self) -> &'static str {
        "s3"
    }

    fn put<'a>(&'a self, key: &'a str, bytes: Vec<u8>) -> BoxFuture<'a, Result<(), BlobError>> {
        Box::pin(async move {
            let path = self.path(key)?;
            self.store.put(&path, PutPayload::from(bytes)).await.map_err(|e| failed(key, e))?;
            Ok(())
        })
    }

    fn put_file<'a>(&'a self, key: &'a str, file: &'a Path) -> BoxFuture<'a, Result<(), BlobError>> {
        Box::pin(async move {
            let path = self.path(key)?;
            let mut source = tokio::fs::File::open(file).await.map_err(|e| BlobError::io("read", key, e))?;
            let upload = self.store.put_multipart(&path).await.map_err(|e| failed(key, e))?;
            let mut writer = WriteMultipart::new_with_chunk_size(upload, PART_SIZE);
            let mut buffer = vec![0; CHUNK_SIZE * 16];
            loop {
                let read = match source.read(&mut buffer).await {
                    Ok(read) => read,
                    Err(e) => {
                        let _ = writer.abort().await;
                        return Err(BlobError::io("read", key, e));
                    }
                };
                if read == 0 {
                    break;
                }
                if let Err(e) = writer.wait_for_capacity(PARTS_IN_FLIGHT).await {
                    return Err(failed(key, e));
                }
                writer.write(&buffer[..read]);
            }
            // The object appears whole when the upload completes, never before.
            writer.finish().await.map_err(|e| failed(key, e))?;
            Ok(())
        })
    }

    fn get<'a>(&'a self, key: &'a str) -> BoxFuture<'a, Result<Option<Vec<u8>>, BlobError>> {
        Box::pin(async move {
            let path = self.path(key)?;
            match self.store.get(&path).await {
                Ok(result) => Ok(Some(result.bytes().await.map_err(|e| failed(key, e))?.to_vec())),
                Err(object_store::Error::NotFound { .. }) => Ok(None),
                Err(e) => Err(failed(key, e)),
            }
        })
    }

    fn size<'a>(&'a self, key: &'a str) -> BoxFuture<'a, Result<Option<u64>, BlobError>> {
        Box::pin(async move {
            let path = self.path(key)?;
            self.length(&path, key).await
        })
    }

    fn read_range<'a>(
        &'a self,
        key: &'a str,
        start: u64,
        end_inclusive: u64,
    ) -> BoxFuture<'a, Result<Option<ByteStream>, BlobError>> {
        Box::pin(async move {
            let path = self.path(key)?;
            let Some(len) = self.length(&path, key).await? else { return Ok(None) };
            if start > end_inclusive || end_inclusive >= len {
                return Err(BlobError::BadRange { key: key.to_string(), start, end_inclusive, len });
            }
            self.stream(key, Some(start..end_inclusive + 1)).await
        })
    }

    fn read_all<'a>(&'a self, key: &'a str) -> BoxFuture<'a, Result<Option<ByteStream>, BlobError>> {
        Box::pin(async move { self.stream(key, None).await })
    }

    fn delete<'a>(&'a self, key: &'a str) -> BoxFuture<'a, Result<bool, BlobError>> {
        Box::pin(async move {
            let path = self.path(key)?;
            // S3 answers a delete of a missing object with success; the head says whether
            // there was one.
            if self.length(&path, key).await?.is_none() {
                return Ok(false);
            }
            match self.store.delete(&path).await {
                Ok(()) | Err(object_store::Error::NotFound { .. }) => Ok(true),
                Err(e) => Err(failed(key, e)),
            }
        })
    }

    fn clean_up<'a>(&'a self, _older_than: Duration) -> BoxFuture<'a, Result<usize, BlobError>> {
        // An interrupted multipart upload leaves no object behind; its parts are the bucket's
        // lifecycle rule's to expire (`AbortIncompleteMultipartUpload`).
        Box::pin(async { Ok(0) })
    }

    fn list<'a>(&'a self, prefix: &'a str) -> BoxFuture<'a, Result<Vec<String>, BlobError>> {
        Box::pin(async move {
            let prefix = prefix.trim_matches('/');
            if !prefix.is_empty() {
                validate_key(prefix)?;
            }
            let full = self.full(prefix);
            let under = (!full.is_empty()).then(|| ObjectPath::from(full.as_str()));
            let mut keys: Vec<String> = self
                .store
                .list(under.as_ref())
                .map_ok(|meta| meta.location.to_string())
                .try_collect::<Vec<_>>()
                .await
                .map_err(|e| failed(prefix, e))?
                .into_iter()
                .filter_map(|location| match self.prefix.as_str() {
                    "" => Some(location),
                    root => location.strip_prefix(root).and_then(|l| l.strip_prefix('/')).map(str::to_string),
                })
                .collect();
            keys.sort();
            Ok(keys)
        })
    }
}
