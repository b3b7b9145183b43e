//! Music under a render: `musicUrl` checked, fetched through the SSRF guard and proved to be
//! audio when the render is asked for (every way it can be unusable is a 400 before the charge),
//! kept beside the job until the render is kept, and mixed under the page's voice by the worker
//! (`media::music`).

use std::sync::LazyLock;

use crate::catalog::MUSIC_MB;
use crate::ctx::{Ctx, Services};
use crate::error::Error;
use crate::media::audio::{self, Past};
use crate::media::wav::Pcm;
use crate::rules::{HOST_PORT, Text};

/// What `musicUrl` must be before it is fetched: an https link to an .mp3, .m4a, .wav or .ogg
/// file; a query may follow. Whether its host is public is the SSRF guard's call.
pub static MUSIC_URL: LazyLock<Text> = LazyLock::new(|| {
    let path = r"[A-Za-z0-9._~!$&'()*+,;=:@%/-]";
    let query = r"[A-Za-z0-9._~!$&'()*+,;=:@%/?-]";
    Text::built(
        0,
        2048,
        format!(r"^https://{HOST_PORT}/{path}*\.(?:[mM][pP]3|[mM]4[aA]|[wW][aA][vV]|[oO][gG][gG])(?:\?{query}*)?$"),
        ": an https link to an .mp3, .m4a, .wav or .ogg file (on a host name or IPv4 address; a port and a query may follow)",
    )
});

/// Music is decoded this far at most when it is checked (a longer file is cut, not refused).
const CHECKED_MS: u64 = 60_000;

/// Where a job's music waits for its render.
pub fn key(job_id: &str) -> String {
    format!("renders/{job_id}.music")
}

/// The music at `url`, fetched (at most 10 MB) and proved to decode: its bytes.
pub async fn fetch(ctx: &Ctx, url: &str) -> Result<Vec<u8>, Error> {
    if !MUSIC_URL.check(url) {
        return Err(Error::bad_request("invalid_music_url", format!("`musicUrl` must be {}.", MUSIC_URL.explain())));
    }
    let codes = ["invalid_music_url", "music_too_large", "music_unreachable"];
    let bytes = audio::fetch(&ctx.guard, url, ("musicUrl", "music file", MUSIC_MB), codes).await?;
    let checked = bytes.clone();
    let decoded = ctx
        .renders
        .run(ctx.settings.media_budget(), move |budget| {
            Ok(audio::decode_at(&checked, (audio::RATE, CHECKED_MS, Past::Cut), budget).map(drop))
        })
        .await?;
    decoded.map_err(|e| {
        let why = match e {
            audio::DecodeError::NotAudio(why) => why,
            audio::DecodeError::TooLong => "too long".into(),
        };
        Error::bad_request(
            "music_not_audio",
            format!("The music file is not audio we can read (mp3, m4a, wav or ogg): {why}."),
        )
    })?;
    Ok(bytes)
}

/// The music kept for `job_id`, decoded at `rate` and cut at `ms`, if the job has any.
pub async fn decoded(services: &Services, job_id: &str, rate: u32, ms: u64) -> Result<Option<Pcm>, String> {
    let Some(bytes) = services.blobs.get(&key(job_id)).await.map_err(|e| e.to_string())? else { return Ok(None) };
    let pcm = services
        .renders
        .run(services.settings.media_budget(), move |budget| {
            audio::decode_at(&bytes, (rate, ms, Past::Cut), budget).map_err(|e| format!("the music: {e:?}"))
        })
        .await
        .map_err(|e| e.to_string())?;
    Ok(Some(pcm))
}
