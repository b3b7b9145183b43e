//! Page summaries fetched for readings, kept ten minutes in a bounded map, so a URL sent by
//! many calls is fetched at most once per ten minutes per process (a page that could not be
//! read is remembered too, so a dead site is not asked again on every call).

use std::collections::HashMap;
use std::sync::{LazyLock, Mutex};
use std::time::{Duration, Instant};

use crate::net::{Guard, page};

const KEEP: Duration = Duration::from_secs(600);
const ENTRIES: usize = 512;

type Entry = (Instant, Option<page::Summary>);

static PAGES: LazyLock<Mutex<HashMap<String, Entry>>> = LazyLock::new(|| Mutex::new(HashMap::new()));

/// The summary of the page at `url`, from the cache when fetched in the last ten minutes.
pub async fn summary(guard: &Guard, url: &url::Url) -> Option<page::Summary> {
    let key = url.to_string();
    if let Some((at, kept)) = PAGES.lock().expect("the page cache lock").get(&key)
        && at.elapsed() < KEEP
    {
        return kept.clone();
    }
    let fetched = match guard.get(url.as_str()).await {
        Ok((_, content_type, body)) if content_type.as_deref().is_none_or(|t| t.contains("html")) => {
            Some(page::summarize(&String::from_utf8_lossy(&body)))
        }
        _ => None,
    };
    let mut pages = PAGES.lock().expect("the page cache lock");
    if pages.len() >= ENTRIES {
        pages.retain(|_, (at, _)| at.elapsed() < KEEP);
        if pages.len() >= ENTRIES {
            // Still full of fresh pages: the oldest goes.
            if let Some(oldest) = pages.iter().min_by_key(|(_, (at, _))| *at).map(|(k, _)| k.clone()) {
                pages.remove(&oldest);
            }
        }
    }
    pages.insert(key, (Instant::now(), fetched.clone()));
    fetched
}
