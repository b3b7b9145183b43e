//! Engine pages (`/m/<id>`): a voice track split into beats, each beat with its caption and its
//! picture, shown in time with the voice. Audioscript jobs make them; MP4 renders read them.
//! The rows are in `store::engine`, the voice track and pictures in the blob store.

pub mod page;
pub mod pictures;
pub mod routes;

use crate::blobs;
use crate::ctx::Services;
use crate::error::Error;
use crate::jobs::Job;
use crate::languages::Language;
use crate::store::{self, public_id};

pub use crate::render::pipeline::{Beat, Made};
pub use crate::store::engine::Page;
pub use pictures::Painter;

/// What a page is about: its title, language and brand.
#[derive(Debug, Clone, Copy)]
pub struct About<'a> {
    pub title: &'a str,
    pub language: &'a Language,
    /// The registered brand whose look the page has.
    pub brand: Option<&'a str>,
}

/// Writes a page's voice track, keyed by `origin` (the job that made it, so a retry overwrites
/// its first attempt's; with the key that pays, `key_id`). Answers the page row to record, which
/// names every picture's blobs too (they are drawn when first needed, [`pictures`]); then
/// `store::engine::insert_in` records it and [`pictures::draw_soon`] draws them.
pub async fn put_voice<'a>(
    services: &Services,
    id: &'a str,
    (origin, key_id): (&'a str, i64),
    about: About<'a>,
    made: &'a Made,
) -> Result<store::engine::NewPage<'a>, Error> {
    services.blobs.put(&store::engine::voice_key(origin), made.voiced.audio.to_wav()).await?;
    Ok(store::engine::NewPage {
        id,
        job_id: origin,
        key_id,
        title: about.title,
        language: about.language.code,
        brand: about.brand,
        beats: &made.voiced.beats,
        captioned: made.voiced.captioned,
        audio_type: "audio/wav",
        duration_ms: made.voiced.audio.duration_ms(),
        drawing: &made.drawing,
        kind: "script",
        extra: None,
    })
}

/// Stores what the pipeline made for `job` as a page, then draws its pictures in the background:
/// the voice track first, then the rows in one transaction. A retried job that already stored
/// its page (it died after the commit) finds it and stores nothing twice; one that died before
/// writes the same voice track again.
pub async fn store(services: &Services, job: &Job, about: About<'_>, made: &Made) -> Result<String, Error> {
    if let Some(existing) = store::engine::by_job(&services.db, &job.id).await? {
        return Ok(existing);
    }
    let id = public_id();
    let page = put_voice(services, &id, (&job.id, job.key_id), about, made).await?;
    store::engine::insert(&services.db, &page).await?;
    pictures::draw_soon(services, &id);
    Ok(id)
}

pub async fn get(services: &Services, id: &str) -> Result<Option<Page>, Error> {
    Ok(store::engine::get(&services.db, id).await?)
}

/// The bytes of a page's voice track.
pub async fn voice(services: &Services, page: &Page) -> Result<Vec<u8>, Error> {
    Ok(blobs::expect(services.blobs.as_ref(), &page.voice).await?)
}

/// The picture of beat `position` (from 1; 0 the opening card) of page `id`, drawn now if it
/// never was.
pub async fn frame(services: &Services, id: &str, position: i64) -> Result<Option<Vec<u8>>, Error> {
    Ok(Painter::new(services, id).picture(position).await?.map(|(plain, _)| plain))
}

/// Meme picture `n` (from 1) of a pitch page `id`.
pub async fn meme(services: &Services, id: &str, n: i64) -> Result<Option<Vec<u8>>, Error> {
    let Some(page) = get(services, id).await? else { return Ok(None) };
    let blob = usize::try_from(n - 1).ok().and_then(|i| page.extra["memes"][i]["blob"].as_str().map(str::to_string));
    match blob {
        Some(key) => Ok(Some(blobs::expect(services.blobs.as_ref(), &key).await?)),
        None => Ok(None),
    }
}
