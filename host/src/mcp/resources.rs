//! The calling key's media as MCP resources: `resources/list` pages through what the key made
//! (pages, videos still hosted, memes; newest first), `resources/templates/list` names the
//! addresses, and `resources/read` answers a record as JSON with its links, a page's captions as
//! WebVTT, and a video's poster or a meme's picture as a PNG blob. Another key's id reads as not
//! found, exactly as an id that never was. A 2026-07-28 client that listens for
//! `resourcesListChanged` is told each time the key makes something new ([`watch`]).

use base64::Engine as _;
use rmcp::ErrorData as McpError;
use rmcp::model::{
    Annotations, CacheScope, ListResourceTemplatesResult, ListResourcesResult, ReadResourceResult, Resource,
    ResourceContents, ResourceTemplate,
};
use serde_json::{Value, json};

use crate::ctx::Services;
use crate::error::Error;
use crate::store::library::{self, Item, Made};

/// Items per `resources/list` page.
const PAGE: i64 = 50;
/// How long a client may keep a list or a record: the key's media change as it makes more.
pub const TTL_MS: u64 = 30_000;
/// The largest picture read as a blob (a bigger one is only linked from its record).
const MAX_BLOB: usize = 2 * 1024 * 1024;

/// How often a subscription looks again without being woken (memes are made without a job,
/// so no job change announces them).
const LOOK_AGAIN: std::time::Duration = std::time::Duration::from_secs(10);

/// Sends `notifications/resources/list_changed` on subscription `context` each time the key's
/// newest item changes, until the client stops listening (2026-07-28).
pub async fn watch(
    services: &Services,
    key_id: i64,
    context: &rmcp::service::SubscriptionContext,
) -> Result<(), McpError> {
    changes(services, key_id, context.cancelled(), || context.sink().notify_resource_list_changed()).await
}

/// Sends `notifications/resources/list_changed` to the 2025-11-25 session of `peer` each time
/// the key's newest item changes, while the session lives.
pub async fn tell_session(services: Services, key_id: i64, peer: rmcp::Peer<rmcp::RoleServer>) {
    let ended = async {
        while !peer.is_transport_closed() {
            tokio::time::sleep(LOOK_AGAIN).await;
        }
    };
    let _ = changes(&services, key_id, ended, || peer.notify_resource_list_changed()).await;
}

/// Calls `notify` each time the key's newest item changes, until `ended` or a notice cannot be
/// sent. Woken by the database's change notices (a job that made a page or a video) and every
/// [`LOOK_AGAIN`].
async fn changes<F, E>(
    services: &Services,
    key_id: i64,
    ended: impl Future<Output = ()>,
    notify: impl Fn() -> F,
) -> Result<(), McpError>
where
    F: Future<Output = Result<(), E>>,
    E: std::fmt::Display,
{
    let mut notices = Some(services.db.changes().subscribe());
    let mut last = newest(services, key_id).await?;
    tokio::pin!(ended);
    loop {
        let notice = async {
            match notices.as_mut() {
                Some(receiver) => receiver.recv().await,
                None => std::future::pending().await,
            }
        };
        tokio::select! {
            _ = &mut ended => return Ok(()),
            // A closed channel wakes no more: the periodic look is left.
            got = notice => if matches!(got, Err(tokio::sync::broadcast::error::RecvError::Closed)) { notices = None },
            _ = tokio::time::sleep(LOOK_AGAIN) => {}
        }
        let now = newest(services, key_id).await?;
        if now != last {
            last = now;
            notify().await.map_err(|e| McpError::internal_error(e.to_string(), None))?;
        }
    }
}

/// The key's newest item (creation time and id), if any.
async fn newest(services: &Services, key_id: i64) -> Result<Option<(i64, String)>, McpError> {
    let first = library::page(&services.db, key_id, None, 1).await.map_err(internal)?;
    Ok(first.into_iter().next().map(|item| (item.created_at, item.id)))
}

/// What an address names.
#[derive(Debug, PartialEq, Eq)]
enum Address<'a> {
    Record(Made, &'a str),
    Captions(&'a str),
    Poster(&'a str),
    Picture(&'a str, i64),
}

impl Address<'_> {
    /// The item an address is of or in: its kind and id.
    fn item(&self) -> (Made, &str) {
        match *self {
            Address::Record(made, id) => (made, id),
            Address::Captions(id) => (Made::Page, id),
            Address::Poster(id) => (Made::Video, id),
            Address::Picture(id, _) => (Made::Meme, id),
        }
    }
}

/// The templates, one per address form.
pub fn templates() -> ListResourceTemplatesResult {
    let template = |uri: &str, name: &str, mime: &str, about: &str| {
        ResourceTemplate::new(uri, name).with_mime_type(mime).with_description(about)
    };
    let all = vec![
        template(
            "asset://pages/{id}",
            "page",
            "application/json",
            "A page you made: its kind, language, length and links.",
        ),
        template(
            "asset://pages/{id}/captions.vtt",
            "captions",
            "text/vtt",
            "A page's captions, a cue per spoken word.",
        ),
        template(
            "asset://videos/{id}",
            "video",
            "application/json",
            "A video you rendered: shape, size, expiry and links.",
        ),
        template("asset://videos/{id}/poster.png", "poster", "image/png", "A video's poster, at the video's size."),
        template(
            "asset://memes/{id}",
            "meme",
            "application/json",
            "A meme you made: its kind, language, lines and links.",
        ),
        template("asset://memes/{id}/{n}.png", "meme picture", "image/png", "A meme's picture n (from 1)."),
    ];
    let mut listed = ListResourceTemplatesResult::with_all_items(all).with_ttl_ms(super::TOOLS_TTL_MS);
    listed.cache_scope = Some(CacheScope::Public);
    listed
}

/// A page of the key's media after `cursor` (the one the last page gave).
pub async fn list(services: &Services, key_id: i64, cursor: Option<&str>) -> Result<ListResourcesResult, McpError> {
    let after = cursor.map(|c| decode_cursor(c).ok_or_else(|| McpError::invalid_params("unknown cursor", None)));
    let after = after.transpose()?;
    let items = library::page(&services.db, key_id, after.as_ref().map(|(at, id)| (*at, id.as_str())), PAGE + 1)
        .await
        .map_err(internal)?;
    let more = items.len() > PAGE as usize;
    let shown = &items[..items.len().min(PAGE as usize)];
    let mut listed = ListResourcesResult::with_all_items(shown.iter().map(resource).collect())
        .with_ttl_ms(TTL_MS)
        .with_cache_scope(CacheScope::Private);
    listed.next_cursor = shown.last().filter(|_| more).map(|last| encode_cursor(last.created_at, &last.id));
    Ok(listed)
}

/// The resource an item is listed as.
fn resource(item: &Item) -> Resource {
    let folder = match item.made {
        Made::Page => "pages",
        Made::Video => "videos",
        Made::Meme => "memes",
    };
    let title = if item.title.is_empty() { format!("{} {}", item.made.name(), item.id) } else { item.title.clone() };
    let mut about = format!("{} ({}), language {}", item.made.name(), item.sort, item.language);
    if let Some(ms) = item.duration_ms {
        about.push_str(&format!(", {:.1} s", ms as f64 / 1000.0));
    }
    if let Some(at) = item.expires_at {
        about.push_str(&format!(", hosted until {}", crate::dates::iso8601(at)));
    }
    let mut annotations = Annotations::default();
    annotations.last_modified = Some(crate::dates::iso8601(item.created_at));
    let mut listed = Resource::new(format!("asset://{folder}/{}", item.id), item.id.clone())
        .with_title(title)
        .with_description(about)
        .with_mime_type("application/json")
        .with_annotations(annotations);
    if let Some(bytes) = item.size_bytes {
        listed = listed.with_size(bytes as u64);
    }
    listed
}

/// Reads `uri` for the key: its contents, or not found in the revision's words (`modern`:
/// 2026-07-28's −32602, else −32002).
pub async fn read(
    services: &Services,
    key_id: i64,
    uri: &str,
    base_url: &str,
    modern: bool,
) -> Result<ReadResourceResult, McpError> {
    let missing = || not_found(uri, modern);
    let address = parse(uri).ok_or_else(missing)?;
    let (made, id) = address.item();
    let item = library::one(&services.db, key_id, made, id).await.map_err(internal)?.ok_or_else(missing)?;
    let contents = match address {
        Address::Record(..) => record(services, &item, base_url)
            .await
            .map_err(internal)?
            .map(|json| ResourceContents::text(json.to_string(), uri).with_mime_type("application/json")),
        Address::Captions(_) => captions(services, id)
            .await
            .map_err(internal)?
            .map(|vtt| ResourceContents::text(vtt, uri).with_mime_type("text/vtt")),
        Address::Poster(_) => poster(services, id).await.map_err(internal)?.map(|png| blob(png, uri)),
        Address::Picture(_, n) => {
            crate::memes::image(services, id, n).await.map_err(internal)?.map(|png| blob(png, uri))
        }
    };
    let contents = contents.ok_or_else(missing)?;
    if let ResourceContents::BlobResourceContents { blob, .. } = &contents
        && blob.len() > MAX_BLOB * 4 / 3 + 4
    {
        return Err(McpError::invalid_params("this picture is too large to read here; its record links to it", None));
    }
    Ok(ReadResourceResult::new(vec![contents]).with_ttl_ms(TTL_MS).with_cache_scope(CacheScope::Private))
}

/// What an `asset://` address names, if it is one.
fn parse(uri: &str) -> Option<Address<'_>> {
    let path = uri.strip_prefix("asset://")?;
    let (folder, rest) = path.split_once('/')?;
    let (id, part) = match rest.split_once('/') {
        Some((id, part)) => (id, Some(part)),
        None => (rest, None),
    };
    if id.is_empty() || !id.chars().all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '-') {
        return None;
    }
    match (folder, part) {
        ("pages", None) => Some(Address::Record(Made::Page, id)),
        ("pages", Some("captions.vtt")) => Some(Address::Captions(id)),
        ("videos", None) => Some(Address::Record(Made::Video, id)),
        ("videos", Some("poster.png")) => Some(Address::Poster(id)),
        ("memes", None) => Some(Address::Record(Made::Meme, id)),
        ("memes", Some(picture)) => {
            let n: i64 = picture.strip_suffix(".png")?.parse().ok().filter(|n| (1..=20).contains(n))?;
            Some(Address::Picture(id, n))
        }
        _ => None,
    }
}

/// An item's record: what it is and where it is, as the HTTP answers name its links.
async fn record(services: &Services, item: &Item, base_url: &str) -> Result<Option<Value>, Error> {
    let mut fields = json!({
        "id": item.id, "type": item.made.name(), "title": item.title, "language": item.language,
        "createdAt": item.created_at,
    });
    let more = match item.made {
        Made::Page => page_fields(services, item, base_url).await?,
        Made::Video => video_fields(services, item, base_url).await?,
        Made::Meme => meme_fields(services, item, base_url).await?,
    };
    let Some(more) = more else { return Ok(None) };
    if let (Some(fields), Value::Object(more)) = (fields.as_object_mut(), more) {
        fields.extend(more);
    }
    Ok(Some(fields))
}

async fn page_fields(services: &Services, item: &Item, base_url: &str) -> Result<Option<Value>, Error> {
    let Some(page) = crate::engine::get(services, &item.id).await? else { return Ok(None) };
    let mut fields = json!({
        "kind": page.kind, "durationMs": page.duration_ms, "beats": page.beats.len(), "captioned": page.captioned,
        "pageUrl": format!("{base_url}/m/{}", page.id),
    });
    if page.captioned
        && let Some(fields) = fields.as_object_mut()
    {
        fields.extend(crate::engine::caption_links(&page.id, base_url));
        fields.insert("captionsUri".into(), json!(format!("asset://pages/{}/captions.vtt", page.id)));
    }
    Ok(Some(fields))
}

async fn video_fields(services: &Services, item: &Item, base_url: &str) -> Result<Option<Value>, Error> {
    let Some(render) = crate::store::renders::get(&services.db, &item.id).await? else { return Ok(None) };
    let (width, height) = render.aspect.size();
    let id = &render.id;
    Ok(Some(json!({
        "pageId": render.page_id, "aspect": render.aspect.name(), "width": width, "height": height,
        "durationMs": render.duration_ms, "sizeBytes": render.size_bytes, "expiresAt": render.expires_at,
        "mp4Url": format!("{base_url}/v/{id}/video.mp4"), "videoPageUrl": format!("{base_url}/v/{id}"),
        "posterUrl": format!("{base_url}/v/{id}/poster.png"), "posterUri": format!("asset://videos/{id}/poster.png"),
    })))
}

async fn meme_fields(services: &Services, item: &Item, base_url: &str) -> Result<Option<Value>, Error> {
    let Some(meme) = crate::memes::get(services, &item.id).await? else { return Ok(None) };
    let positions = 1..=meme.pictures.max(1) as usize;
    Ok(Some(json!({
        "kind": meme.kind, "brand": meme.brand_name, "content": meme.content,
        "url": format!("{base_url}/memes/{}", meme.id),
        "imageUrls": positions.clone().map(|n| crate::memes::image_url(base_url, &meme.id, n)).collect::<Vec<_>>(),
        "imageUris": positions.map(|n| format!("asset://memes/{}/{n}.png", meme.id)).collect::<Vec<_>>(),
    })))
}

async fn captions(services: &Services, id: &str) -> Result<Option<String>, Error> {
    let page = crate::engine::get(services, id).await?;
    Ok(page.filter(|p| p.captioned).and_then(|p| crate::engine::captions_file(&p, "vtt")).map(|(_, vtt)| vtt))
}

async fn poster(services: &Services, id: &str) -> Result<Option<Vec<u8>>, Error> {
    let Some(render) = crate::store::renders::get(&services.db, id).await? else { return Ok(None) };
    let Some(video) = render.blob else { return Ok(None) };
    Ok(services.blobs.get(&crate::store::renders::stills(&video)[0]).await?)
}

fn blob(png: Vec<u8>, uri: &str) -> ResourceContents {
    ResourceContents::blob(base64::engine::general_purpose::STANDARD.encode(png), uri).with_mime_type("image/png")
}

/// Not found, as each revision says it, with the address asked for.
fn not_found(uri: &str, modern: bool) -> McpError {
    let data = Some(json!({ "uri": uri }));
    if modern {
        McpError::invalid_params("Resource not found", data)
    } else {
        McpError::resource_not_found("Resource not found", data)
    }
}

fn internal(e: impl std::fmt::Display) -> McpError {
    tracing::warn!(error = %e, "an MCP resource could not be read");
    McpError::internal_error("the resource could not be read", None)
}

/// The cursor after an item: its creation time and id, opaque to the client.
fn encode_cursor(at: i64, id: &str) -> String {
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(format!("{at}:{id}"))
}

fn decode_cursor(cursor: &str) -> Option<(i64, String)> {
    let text = String::from_utf8(base64::engine::general_purpose::URL_SAFE_NO_PAD.decode(cursor).ok()?).ok()?;
    let (at, id) = text.split_once(':')?;
    Some((at.parse().ok()?, id.to_string()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_name_one_thing_each_and_nothing_else_parses() {
        assert_eq!(parse("asset://pages/as_1"), Some(Address::Record(Made::Page, "as_1")));
        assert_eq!(parse("asset://pages/as_1/captions.vtt"), Some(Address::Captions("as_1")));
        assert_eq!(parse("asset://videos/r-2/poster.png"), Some(Address::Poster("r-2")));
        assert_eq!(parse("asset://memes/m1/3.png"), Some(Address::Picture("m1", 3)));
        for bad in [
            "asset://pages/",
            "asset://pages/a/b",
            "asset://memes/m/0.png",
            "asset://memes/m/x.png",
            "asset://pages/../x",
            "test://static-text",
            "asset://posts/p",
            "asset://pages/a%20b",
        ] {
            assert_eq!(parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_cursor_reads_back_as_the_item_it_follows_and_junk_is_refused() {
        assert_eq!(
            decode_cursor(&encode_cursor(1_795_966_966_969, "as_x:y")),
            Some((1_795_966_966_969, "as_x:y".into()))
        );
        assert_eq!(decode_cursor("not a cursor"), None);
        assert_eq!(decode_cursor(&base64::engine::general_purpose::URL_SAFE_NO_PAD.encode("x:y")), None);
    }
}
