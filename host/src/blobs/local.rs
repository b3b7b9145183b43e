//! [`LocalFolder`]: the blob store kept as plain files under one root folder, a key's segments
//! becoming nested folders.
//!
//! File work runs on tokio's blocking pool through `std::fs` rather than `tokio::fs`, which is
//! the same pool underneath but hops once per call: here a whole write (create, fill, fsync,
//! rename) is one blocking task, so dropping the caller's future cannot leave half a write
//! behind, and one chunk of a read is one hop.
//!
//! Writes go to a temporary file in the blob's own folder, are fsynced, then renamed over the
//! key: a rename within one folder is atomic, and a reader that opened the old file keeps
//! reading the old bytes. Temporary names contain `~`, which no valid key can, so they never
//! collide with a blob and `list` never reports them.

use std::fs::{self, File, OpenOptions};
use std::io::{self, ErrorKind, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use futures::future::BoxFuture;
use futures::{StreamExt, stream};

use super::{BlobError, BlobStore, ByteStream, CHUNK_SIZE, is_valid_key, is_valid_segment, list_prefix, validate_key};

/// Start of every temporary file name; the `~` keeps it out of the key space.
const TEMP_PREFIX: &str = ".tmp~";

/// A [`BlobStore`] on the local filesystem.
#[derive(Clone, Debug)]
pub struct LocalFolder {
    root: PathBuf,
}

impl LocalFolder {
    /// Opens the store at `root`, creating the folder (and its parents) if missing.
    pub async fn new(root: PathBuf) -> Result<Self, BlobError> {
        let shown = root.display().to_string();
        let folder = root.clone();
        blocking("create root", &shown, move || {
            fs::create_dir_all(&folder)?;
            if fs::metadata(&folder)?.is_dir() {
                Ok(())
            } else {
                Err(io::Error::new(ErrorKind::NotADirectory, "blob root is not a folder"))
            }
        })
        .await?;
        Ok(LocalFolder { root })
    }

    /// The folder the blobs live in.
    pub fn root(&self) -> &Path {
        &self.root
    }

    /// Removes temporary files not modified for `older_than`, which only a crash mid-write
    /// leaves behind (a failed write removes its own). `older_than` must comfortably exceed the
    /// longest write, or a write still in progress loses its file and fails. Returns how many
    /// were removed.
    pub async fn remove_stale_temp_files(&self, older_than: Duration) -> Result<usize, BlobError> {
        let root = self.root.clone();
        blocking("sweep temp files", &root.display().to_string(), move || {
            let mut removed = 0;
            walk(&root, String::new(), &mut |path, name, _| {
                if !name.starts_with(TEMP_PREFIX) {
                    return Ok(());
                }
                let modified = match fs::metadata(path).and_then(|meta| meta.modified()) {
                    Ok(modified) => modified,
                    Err(e) if is_missing(&e) => return Ok(()),
                    Err(e) => return Err(e),
                };
                // A clock step backwards makes `elapsed` fail; such a file is treated as fresh.
                if modified.elapsed().is_ok_and(|age| age >= older_than) {
                    match fs::remove_file(path) {
                        Ok(()) => removed += 1,
                        Err(e) if is_missing(&e) => {}
                        Err(e) => return Err(e),
                    }
                }
                Ok(())
            })?;
            Ok(removed)
        })
        .await
    }

    fn path_of(&self, key: &str) -> PathBuf {
        let mut path = self.root.clone();
        path.extend(key.split('/'));
        path
    }
}

impl BlobStore for LocalFolder {
    fn name(&self) -> &'static str {
        "local"
    }

    fn clean_up<'a>(&'a self, older_than: Duration) -> BoxFuture<'a, Result<usize, BlobError>> {
        Box::pin(self.remove_stale_temp_files(older_than))
    }

    fn put<'a>(&'a self, key: &'a str, bytes: Vec<u8>) -> BoxFuture<'a, Result<(), BlobError>> {
        Box::pin(async move {
            validate_key(key)?;
            let path = self.path_of(key);
            blocking("put", key, move || store_atomically(&path, |file| file.write_all(&bytes))).await
        })
    }

    fn put_file<'a>(&'a self, key: &'a str, source: &'a Path) -> BoxFuture<'a, Result<(), BlobError>> {
        Box::pin(async move {
            validate_key(key)?;
            let path = self.path_of(key);
            let source = source.to_path_buf();
            blocking("put_file", key, move || {
                let mut from = File::open(&source)
                    .map_err(|e| io::Error::new(e.kind(), format!("source {}: {e}", source.display())))?;
                // `io::copy` between files uses copy_file_range/sendfile on Linux: the kernel
                // moves the data (or reflinks it), so a 100 MB render never passes through memory.
                // A rename would be cheaper but fails across filesystems and would consume the
                // caller's file, which a remote store could not do either.
                store_atomically(&path, |to| io::copy(&mut from, to).map(drop))
            })
            .await
        })
    }

    fn get<'a>(&'a self, key: &'a str) -> BoxFuture<'a, Result<Option<Vec<u8>>, BlobError>> {
        Box::pin(async move {
            validate_key(key)?;
            let path = self.path_of(key);
            blocking("get", key, move || {
                let Some((mut file, len)) = open_blob(&path)? else { return Ok(None) };
                let mut bytes = Vec::with_capacity(usize::try_from(len).unwrap_or(0));
                file.read_to_end(&mut bytes)?;
                Ok(Some(bytes))
            })
            .await
        })
    }

    fn size<'a>(&'a self, key: &'a str) -> BoxFuture<'a, Result<Option<u64>, BlobError>> {
        Box::pin(async move {
            validate_key(key)?;
            let path = self.path_of(key);
            blocking("size", key, move || match fs::metadata(&path) {
                Ok(meta) if meta.is_file() => Ok(Some(meta.len())),
                Ok(_) => Ok(None),
                Err(e) if is_missing(&e) => Ok(None),
                Err(e) => Err(e),
            })
            .await
        })
    }

    fn read_range<'a>(
        &'a self,
        key: &'a str,
        start: u64,
        end_inclusive: u64,
    ) -> BoxFuture<'a, Result<Option<ByteStream>, BlobError>> {
        Box::pin(async move {
            validate_key(key)?;
            let path = self.path_of(key);
            let opened = blocking("read_range", key, move || {
                let Some((mut file, len)) = open_blob(&path)? else { return Ok(None) };
                if start > end_inclusive || end_inclusive >= len {
                    return Ok(Some(Err(len)));
                }
                file.seek(SeekFrom::Start(start))?;
                Ok(Some(Ok(file)))
            })
            .await?;
            match opened {
                None => Ok(None),
                Some(Err(len)) => Err(BlobError::BadRange { key: key.to_owned(), start, end_inclusive, len }),
                Some(Ok(file)) => Ok(Some(chunks(file, end_inclusive - start + 1, key))),
            }
        })
    }

    fn read_all<'a>(&'a self, key: &'a str) -> BoxFuture<'a, Result<Option<ByteStream>, BlobError>> {
        Box::pin(async move {
            validate_key(key)?;
            let path = self.path_of(key);
            let opened = blocking("read_all", key, move || open_blob(&path)).await?;
            Ok(opened.map(|(file, len)| chunks(file, len, key)))
        })
    }

    fn delete<'a>(&'a self, key: &'a str) -> BoxFuture<'a, Result<bool, BlobError>> {
        Box::pin(async move {
            validate_key(key)?;
            let path = self.path_of(key);
            let root = self.root.clone();
            blocking("delete", key, move || match fs::remove_file(&path) {
                Ok(()) => {
                    prune_empty_folders(&root, &path);
                    Ok(true)
                }
                // A folder at the key is a prefix of other blobs, not a blob.
                Err(e) if is_missing(&e) || e.kind() == ErrorKind::IsADirectory => Ok(false),
                Err(e) => Err(e),
            })
            .await
        })
    }

    fn list<'a>(&'a self, prefix: &'a str) -> BoxFuture<'a, Result<Vec<String>, BlobError>> {
        Box::pin(async move {
            let prefix = list_prefix(prefix)?;
            let (folder, key_prefix) = if prefix.is_empty() {
                (self.root.clone(), String::new())
            } else {
                (self.path_of(prefix), format!("{prefix}/"))
            };
            blocking("list", prefix, move || {
                let mut keys = Vec::new();
                walk(&folder, key_prefix, &mut |_, _, key| {
                    if let Some(key) = key {
                        keys.push(key);
                    }
                    Ok(())
                })?;
                keys.sort_unstable();
                Ok(keys)
            })
            .await
        })
    }
}

/// Runs `work` on the blocking pool and labels any failure with the operation and key.
async fn blocking<T, F>(op: &'static str, key: &str, work: F) -> Result<T, BlobError>
where
    T: Send + 'static,
    F: FnOnce() -> io::Result<T> + Send + 'static,
{
    match tokio::task::spawn_blocking(work).await {
        Ok(result) => result.map_err(|e| BlobError::io(op, key, e)),
        Err(join) => Err(BlobError::io(op, key, io::Error::other(join.to_string()))),
    }
}

/// Both mean "no blob here": the second when a key segment names a blob rather than a folder.
fn is_missing(e: &io::Error) -> bool {
    matches!(e.kind(), ErrorKind::NotFound | ErrorKind::NotADirectory)
}

/// Opens the blob at `path` with its length; `None` if there is none. On Linux a folder opens
/// fine, so the type is checked on the opened handle.
fn open_blob(path: &Path) -> io::Result<Option<(File, u64)>> {
    match File::open(path) {
        Ok(file) => {
            let meta = file.metadata()?;
            Ok(meta.is_file().then_some((file, meta.len())))
        }
        Err(e) if is_missing(&e) => Ok(None),
        Err(e) => Err(e),
    }
}

/// Streams the next `len` bytes of `file` in chunks of at most [`CHUNK_SIZE`]. Each chunk is
/// read only when polled, so a slow client holds one chunk, not the blob.
fn chunks(file: File, len: u64, key: &str) -> ByteStream {
    let key: Arc<str> = key.into();
    stream::try_unfold((file, len), move |(mut file, remaining)| {
        let key = Arc::clone(&key);
        async move {
            if remaining == 0 {
                return Ok(None);
            }
            let want = remaining.min(CHUNK_SIZE as u64) as usize;
            let read = tokio::task::spawn_blocking(move || {
                let mut chunk = vec![0; want];
                // The open handle pins the inode, so a short read means the file was truncated
                // in place, which this store never does; read_exact reports it as UnexpectedEof.
                let result = file.read_exact(&mut chunk).map(|()| chunk);
                (file, result)
            })
            .await;
            let (file, chunk) = read.map_err(|join| io::Error::other(join.to_string()))?;
            let chunk = chunk.map_err(|e| io::Error::new(e.kind(), format!("reading blob {key:?}: {e}")))?;
            Ok(Some((chunk, (file, remaining - want as u64))))
        }
    })
    .boxed()
}

/// Writes a new file with `fill`, fsyncs it and renames it to `dest`, creating folders as
/// needed. On any failure the temporary file is removed and `dest` is untouched.
fn store_atomically(dest: &Path, fill: impl FnOnce(&mut File) -> io::Result<()>) -> io::Result<()> {
    let folder = dest.parent().ok_or_else(|| io::Error::other("blob path has no folder"))?;
    let (temp, mut file) = create_temp(folder)?;
    let written = fill(&mut file).and_then(|()| file.sync_all());
    drop(file);
    if let Err(e) = written.and_then(|()| fs::rename(&temp, dest)) {
        let _ = fs::remove_file(&temp);
        return Err(e);
    }
    sync_folder(folder);
    Ok(())
}

/// Creates a fresh temporary file in `folder`. Retries when the folder is missing, which
/// includes a concurrent `delete` pruning it between our `create_dir_all` and the open.
fn create_temp(folder: &Path) -> io::Result<(PathBuf, File)> {
    static COUNTER: AtomicU64 = AtomicU64::new(0);
    let mut attempts = 0;
    loop {
        attempts += 1;
        // pid + counter is unique in this process; the clock part avoids files a crashed
        // process with the same pid left behind.
        let nanos = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.subsec_nanos());
        let name = format!("{TEMP_PREFIX}{}~{}~{nanos}", std::process::id(), COUNTER.fetch_add(1, Ordering::Relaxed));
        let path = folder.join(name);
        match OpenOptions::new().write(true).create_new(true).open(&path) {
            Ok(file) => return Ok((path, file)),
            Err(e) if e.kind() == ErrorKind::NotFound && attempts < 5 => fs::create_dir_all(folder)?,
            Err(e) if e.kind() == ErrorKind::AlreadyExists && attempts < 5 => {}
            Err(e) => return Err(e),
        }
    }
}

/// Makes the rename durable. The blob is already visible by now, so a failure is logged rather
/// than reported as a failed write.
fn sync_folder(folder: &Path) {
    #[cfg(unix)]
    if let Err(e) = File::open(folder).and_then(|dir| dir.sync_all()) {
        tracing::warn!(folder = %folder.display(), error = %e, "blob folder fsync failed");
    }
    #[cfg(not(unix))]
    let _ = folder;
}

/// Removes the folders left empty by a delete, up to but not including the root, so per-id
/// folders such as `memes/<id>/` do not pile up. `remove_dir` refuses non-empty folders, and a
/// writer racing us retries in `create_temp`.
fn prune_empty_folders(root: &Path, deleted: &Path) {
    let mut folder = deleted.parent();
    while let Some(dir) = folder {
        if dir == root || !dir.starts_with(root) || fs::remove_dir(dir).is_err() {
            break;
        }
        folder = dir.parent();
    }
}

/// What [`walk`] calls for each file: its path, its file name and its key (`None` for files that
/// are not blobs, e.g. temporary files).
type Visitor<'v> = dyn FnMut(&Path, &str, Option<String>) -> io::Result<()> + 'v;

/// Visits every regular file under `folder`, depth first. Folders whose names are not key
/// segments are skipped, and so are symlinks, which this store never creates.
fn walk(folder: &Path, key_prefix: String, visit: &mut Visitor<'_>) -> io::Result<()> {
    let mut pending = vec![(folder.to_path_buf(), key_prefix)];
    while let Some((dir, prefix)) = pending.pop() {
        let entries = match fs::read_dir(&dir) {
            Ok(entries) => entries,
            // Missing: nothing under this prefix, or pruned by a concurrent delete.
            Err(e) if is_missing(&e) => continue,
            Err(e) => return Err(e),
        };
        for entry in entries {
            let entry = entry?;
            let Ok(name) = entry.file_name().into_string() else { continue };
            let kind = entry.file_type()?;
            if kind.is_dir() {
                if is_valid_segment(&name) {
                    pending.push((entry.path(), format!("{prefix}{name}/")));
                }
            } else if kind.is_file() {
                let key = format!("{prefix}{name}");
                let key = is_valid_key(&key).then_some(key);
                visit(&entry.path(), &name, key)?;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use futures::TryStreamExt;

    use super::*;

    async fn store() -> (tempfile::TempDir, Arc<dyn BlobStore>, LocalFolder) {
        let dir = tempfile::tempdir().unwrap();
        let local = LocalFolder::new(dir.path().join("blobs")).await.unwrap();
        (dir, Arc::new(local.clone()), local)
    }

    async fn collect(stream: ByteStream) -> Vec<u8> {
        stream.try_concat().await.unwrap()
    }

    fn pattern(len: usize) -> Vec<u8> {
        (0..len).map(|i| (i % 251) as u8).collect()
    }

    /// Every file under the root, relative, including temporary ones.
    fn files_on_disk(root: &Path) -> Vec<String> {
        let mut out = Vec::new();
        walk(root, String::new(), &mut |path, _, _| {
            out.push(path.strip_prefix(root).unwrap().to_string_lossy().into_owned());
            Ok(())
        })
        .unwrap();
        out.sort();
        out
    }

    #[tokio::test]
    async fn new_creates_the_root() {
        let dir = tempfile::tempdir().unwrap();
        let root = dir.path().join("a/b/c");
        let local = LocalFolder::new(root.clone()).await.unwrap();
        assert!(root.is_dir());
        assert_eq!(local.root(), root);
        assert_eq!(local.name(), "local");
        // Opening an existing root is fine too.
        LocalFolder::new(root).await.unwrap();
    }

    #[tokio::test]
    async fn new_refuses_a_file_as_root() {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("f");
        std::fs::write(&file, b"x").unwrap();
        assert!(matches!(LocalFolder::new(file).await, Err(BlobError::Io { .. })));
    }

    #[tokio::test]
    async fn put_get_size_delete_round_trip() {
        let (_dir, store, local) = store().await;
        let key = "memes/01J8/1.png";
        assert_eq!(store.get(key).await.unwrap(), None);
        assert_eq!(store.size(key).await.unwrap(), None);

        store.put(key, b"picture".to_vec()).await.unwrap();
        assert_eq!(store.get(key).await.unwrap().as_deref(), Some(&b"picture"[..]));
        assert_eq!(store.size(key).await.unwrap(), Some(7));

        assert!(store.delete(key).await.unwrap());
        assert!(!store.delete(key).await.unwrap());
        assert_eq!(store.get(key).await.unwrap(), None);
        assert_eq!(store.size(key).await.unwrap(), None);
        // The per-id folders went with the blob; the root stays.
        assert!(local.root().is_dir());
        assert!(!local.root().join("memes").exists());
    }

    #[tokio::test]
    async fn empty_blobs_are_blobs() {
        let (_dir, store, _) = store().await;
        store.put("e", Vec::new()).await.unwrap();
        assert_eq!(store.get("e").await.unwrap(), Some(Vec::new()));
        assert_eq!(store.size("e").await.unwrap(), Some(0));
        assert_eq!(collect(store.read_all("e").await.unwrap().unwrap()).await, b"");
        assert!(matches!(store.read_range("e", 0, 0).await, Err(BlobError::BadRange { len: 0, .. })));
    }

    #[tokio::test]
    async fn folders_and_paths_through_blobs_are_not_blobs() {
        let (_dir, store, _) = store().await;
        store.put("memes/1/a.png", b"a".to_vec()).await.unwrap();
        assert_eq!(store.get("memes/1").await.unwrap(), None);
        assert_eq!(store.size("memes").await.unwrap(), None);
        assert!(store.read_all("memes").await.unwrap().is_none());
        assert!(!store.delete("memes/1").await.unwrap());
        assert_eq!(store.get("memes/1/a.png/x").await.unwrap(), None);
        assert!(!store.delete("memes/1/a.png/x").await.unwrap());
        assert_eq!(store.get("memes/1/a.png").await.unwrap().unwrap(), b"a");
    }

    #[tokio::test]
    async fn overwrite_replaces_whole_and_leaves_no_temp_files() {
        let (_dir, store, local) = store().await;
        store.put("renders/x.mp4", pattern(300_000)).await.unwrap();
        store.put("renders/x.mp4", b"short".to_vec()).await.unwrap();
        assert_eq!(store.get("renders/x.mp4").await.unwrap().unwrap(), b"short");
        assert_eq!(files_on_disk(local.root()), ["renders/x.mp4"]);
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn readers_never_see_a_partial_blob() {
        let (_dir, store, _) = store().await;
        const LEN: usize = 512 * 1024;
        store.put("k", vec![b'a'; LEN]).await.unwrap();
        let writer = {
            let store = Arc::clone(&store);
            tokio::spawn(async move {
                for i in 0..30 {
                    let fill = if i % 2 == 0 { b'b' } else { b'a' };
                    store.put("k", vec![fill; LEN]).await.unwrap();
                }
            })
        };
        let mut reads = 0;
        while !writer.is_finished() || reads < 30 {
            let bytes = store.get("k").await.unwrap().unwrap();
            assert_eq!(bytes.len(), LEN);
            assert!(bytes.iter().all(|&b| b == bytes[0]), "mixed blob");
            reads += 1;
        }
        writer.await.unwrap();
    }

    #[tokio::test]
    async fn an_open_stream_keeps_the_blob_it_opened() {
        let (_dir, store, _) = store().await;
        store.put("k", vec![1; 200_000]).await.unwrap();
        let old = store.read_range("k", 0, 199_999).await.unwrap().unwrap();
        store.put("k", vec![2; 10]).await.unwrap();
        assert!(store.delete("k").await.unwrap());
        assert_eq!(collect(old).await, vec![1; 200_000]);
    }

    #[tokio::test]
    async fn put_file_copies_and_leaves_the_source() {
        let (dir, store, local) = store().await;
        let scratch = dir.path().join("scratch.mp4");
        let content = pattern(1_000_003);
        std::fs::write(&scratch, &content).unwrap();

        store.put_file("renders/r1.mp4", &scratch).await.unwrap();
        assert_eq!(store.get("renders/r1.mp4").await.unwrap().unwrap(), content);
        assert_eq!(std::fs::read(&scratch).unwrap(), content);
        assert_eq!(files_on_disk(local.root()), ["renders/r1.mp4"]);
    }

    #[tokio::test]
    async fn put_file_of_a_missing_source_fails_cleanly() {
        let (dir, store, local) = store().await;
        let err = store.put_file("renders/r.mp4", &dir.path().join("nope.mp4")).await.unwrap_err();
        let BlobError::Io { op, key, source } = &err else { panic!("{err:?}") };
        assert_eq!((*op, key.as_str(), source.kind()), ("put_file", "renders/r.mp4", ErrorKind::NotFound));
        assert!(err.to_string().contains("nope.mp4"), "{err}");
        assert!(files_on_disk(local.root()).is_empty());
    }

    #[tokio::test]
    async fn a_write_failing_midway_removes_its_temp_file() {
        let (dir, store, local) = store().await;
        store.put("renders/r.mp4", b"old".to_vec()).await.unwrap();
        // A folder opens as a file on Linux but fails on the first read, i.e. after the
        // temporary file exists.
        let err = store.put_file("renders/r.mp4", dir.path()).await.unwrap_err();
        assert!(matches!(err, BlobError::Io { op: "put_file", .. }), "{err:?}");
        assert_eq!(files_on_disk(local.root()), ["renders/r.mp4"]);
        assert_eq!(store.get("renders/r.mp4").await.unwrap().unwrap(), b"old");
    }

    #[tokio::test]
    async fn read_range_returns_exactly_the_bytes_asked() {
        let (_dir, store, _) = store().await;
        let content = pattern(200_000);
        store.put("engine/v/voice.wav", content.clone()).await.unwrap();
        let last = content.len() as u64 - 1;
        for (start, end) in
            [(0, 0), (0, 99), (1000, 150_000), (last - 9, last), (last, last), (0, last), (65_535, 65_536)]
        {
            let stream = store.read_range("engine/v/voice.wav", start, end).await.unwrap().unwrap();
            assert_eq!(collect(stream).await, &content[start as usize..=end as usize], "{start}-{end}");
        }
        assert!(store.read_range("engine/v/missing.wav", 0, 0).await.unwrap().is_none());
    }

    #[tokio::test]
    async fn read_range_refuses_ranges_outside_the_blob() {
        let (_dir, store, _) = store().await;
        store.put("k", vec![0; 100]).await.unwrap();
        for (start, end) in [(0, 100), (100, 100), (50, 10), (u64::MAX, u64::MAX)] {
            let err = store.read_range("k", start, end).await.err().unwrap();
            assert!(matches!(err, BlobError::BadRange { len: 100, .. }), "{start}-{end}: {err:?}");
        }
    }

    #[tokio::test]
    async fn chunks_are_at_most_64_kib() {
        let (_dir, store, _) = store().await;
        let content = pattern(3 * CHUNK_SIZE + 17);
        store.put("uploads/j.wav", content.clone()).await.unwrap();
        for stream in [
            store.read_all("uploads/j.wav").await.unwrap().unwrap(),
            store.read_range("uploads/j.wav", 5, content.len() as u64 - 2).await.unwrap().unwrap(),
        ] {
            let chunks: Vec<Vec<u8>> = stream.try_collect().await.unwrap();
            assert!(chunks.len() >= 4);
            assert!(chunks.iter().all(|c| !c.is_empty() && c.len() <= CHUNK_SIZE));
        }
        assert_eq!(collect(store.read_all("uploads/j.wav").await.unwrap().unwrap()).await, content);
    }

    #[tokio::test]
    async fn a_one_byte_range_of_a_large_blob_reads_one_byte() {
        let (_dir, store, _) = store().await;
        let len = 20 * 1024 * 1024;
        store.put("renders/big.mp4", pattern(len)).await.unwrap();
        let at = 12_345_678u64;
        let mut stream = store.read_range("renders/big.mp4", at, at).await.unwrap().unwrap();
        let mut chunks = 0;
        let mut bytes = Vec::new();
        while let Some(chunk) = stream.try_next().await.unwrap() {
            chunks += 1;
            bytes.extend(chunk);
        }
        assert_eq!((chunks, bytes), (1, vec![(at % 251) as u8]));
    }

    #[tokio::test]
    async fn many_concurrent_range_readers() {
        let (_dir, store, _) = store().await;
        let content = Arc::new(pattern(2 * 1024 * 1024));
        store.put("renders/v.mp4", content.to_vec()).await.unwrap();
        let readers = (0..20u64).map(|i| {
            let (store, content) = (Arc::clone(&store), Arc::clone(&content));
            async move {
                let (start, end) = (i * 50_000, i * 50_000 + 300_000);
                let got = collect(store.read_range("renders/v.mp4", start, end).await.unwrap().unwrap()).await;
                assert_eq!(got, &content[start as usize..=end as usize]);
            }
        });
        futures::future::join_all(readers).await;
    }

    #[tokio::test]
    async fn bad_keys_are_refused_before_touching_disk() {
        let (dir, store, local) = store().await;
        let long = "k".repeat(513);
        for key in ["../x", "/abs", "a//b", "a/./b", "a\\b", "", long.as_str(), "../../escape"] {
            assert!(matches!(store.put(key, b"x".to_vec()).await, Err(BlobError::BadKey(_))), "{key:?}");
            assert!(matches!(store.put_file(key, Path::new("/etc/hostname")).await, Err(BlobError::BadKey(_))));
            assert!(matches!(store.get(key).await, Err(BlobError::BadKey(_))));
            assert!(matches!(store.size(key).await, Err(BlobError::BadKey(_))));
            assert!(matches!(store.read_range(key, 0, 0).await, Err(BlobError::BadKey(_))));
            assert!(matches!(store.read_all(key).await, Err(BlobError::BadKey(_))));
            assert!(matches!(store.delete(key).await, Err(BlobError::BadKey(_))));
        }
        assert!(!dir.path().join("x").exists() && !dir.path().join("escape").exists());
        assert!(files_on_disk(local.root()).is_empty());
    }

    #[tokio::test]
    async fn list_returns_keys_under_a_prefix_and_skips_temp_files() {
        let (_dir, store, local) = store().await;
        for key in ["memes/1/1.png", "memes/1/2.png", "memes/12/1.png", "renders/a.mp4", "top"] {
            store.put(key, b"x".to_vec()).await.unwrap();
        }
        // What a crash mid-write or a stranger leaves behind.
        std::fs::write(local.root().join("memes/1/.tmp~1~2~3"), b"partial").unwrap();
        std::fs::write(local.root().join("memes/1/not a key"), b"?").unwrap();
        std::fs::create_dir_all(local.root().join("bad dir")).unwrap();
        std::fs::write(local.root().join("bad dir/f"), b"?").unwrap();

        assert_eq!(store.list("memes/1").await.unwrap(), ["memes/1/1.png", "memes/1/2.png"]);
        assert_eq!(store.list("memes/1/").await.unwrap(), ["memes/1/1.png", "memes/1/2.png"]);
        assert_eq!(store.list("memes").await.unwrap(), ["memes/1/1.png", "memes/1/2.png", "memes/12/1.png"]);
        assert_eq!(
            store.list("").await.unwrap(),
            ["memes/1/1.png", "memes/1/2.png", "memes/12/1.png", "renders/a.mp4", "top"]
        );
        assert!(store.list("nothing/here").await.unwrap().is_empty());
        // A blob is not a folder: nothing is under it.
        assert!(store.list("top").await.unwrap().is_empty());
        assert!(matches!(store.list("../x").await, Err(BlobError::BadKey(_))));
        assert!(matches!(store.list("/").await, Err(BlobError::BadKey(_))));
    }

    #[tokio::test]
    async fn stale_temp_files_are_swept() {
        let (_dir, store, local) = store().await;
        store.put("memes/1/1.png", b"x".to_vec()).await.unwrap();
        let temp = local.root().join("memes/1/.tmp~9~9~9");
        std::fs::write(&temp, b"partial").unwrap();

        assert_eq!(local.remove_stale_temp_files(Duration::from_secs(3600)).await.unwrap(), 0);
        assert!(temp.exists());
        assert_eq!(local.remove_stale_temp_files(Duration::ZERO).await.unwrap(), 1);
        assert!(!temp.exists());
        assert_eq!(store.list("").await.unwrap(), ["memes/1/1.png"]);
    }
}
