//! Turns a fetched HTML page into a short summary: title, site name, meta description, headings
//! and the visible text, without scripts, styles or markup, trimmed to a few thousand characters.

/// A page as plugins see it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Summary {
    pub title: String,
    /// `og:site_name`, when the page gives one.
    pub site_name: String,
    pub description: String,
    /// The `h1` and `h2` headings, joined.
    pub headings: String,
    pub text: String,
}

const MAX_TEXT_CHARS: usize = 4000;

/// Summarises `html` (which need not be well-formed).
pub fn summarize(html: &str) -> Summary {
    let lower = html.to_ascii_lowercase();
    let title = between(html, &lower, "<title", "</title>").map(|t| clean(after_tag(t))).unwrap_or_default();
    let description = meta(html, &lower, &["name=\"description\"", "property=\"og:description\""]).unwrap_or_default();
    let site_name = meta(html, &lower, &["property=\"og:site_name\""]).unwrap_or_default();
    let headings = headings(html, &lower);
    let body_start = lower.find("<body").unwrap_or(0);
    let text = visible_text(&html[body_start..]);
    Summary { title, site_name, description, headings, text: text.chars().take(MAX_TEXT_CHARS).collect() }
}

/// The text of the page's `h1` and `h2` headings, in order, at most 300 characters.
fn headings(html: &str, lower: &str) -> String {
    let mut out: Vec<String> = Vec::new();
    let mut from = 0;
    while let Some(i) = lower[from..].find("<h") {
        let start = from + i;
        from = start + 2;
        let level = lower.as_bytes().get(start + 2).copied();
        if !matches!(level, Some(b'1' | b'2')) || !lower[start + 3..].starts_with(['>', ' ']) {
            continue;
        }
        let close = if level == Some(b'1') { "</h1>" } else { "</h2>" };
        let Some(end) = lower[start..].find(close).map(|e| start + e) else { break };
        let text = visible_text(after_tag(&html[start..end]));
        if !text.is_empty() {
            out.push(text);
        }
        from = end;
    }
    out.join(". ").chars().take(300).collect()
}

fn between<'a>(html: &'a str, lower: &str, open: &str, close: &str) -> Option<&'a str> {
    let start = lower.find(open)?;
    let end = lower[start..].find(close)? + start;
    Some(&html[start..end])
}

/// Skips the rest of an opening tag (`<title lang="en">Text` → `Text`).
fn after_tag(fragment: &str) -> &str {
    fragment.find('>').map_or("", |i| &fragment[i + 1..])
}

/// The `content` of the first `<meta>` tag with one of `keys` (e.g. `name="description"`).
fn meta(html: &str, lower: &str, keys: &[&str]) -> Option<String> {
    let mut from = 0;
    while let Some(i) = lower[from..].find("<meta") {
        let start = from + i;
        let end = lower[start..].find('>').map_or(lower.len(), |e| start + e);
        let tag = &lower[start..end];
        if keys.iter().any(|k| tag.contains(k)) {
            let content = tag.find("content=\"")? + "content=\"".len();
            let stop = tag[content..].find('"')? + content;
            return Some(clean(&html[start + content..start + stop]));
        }
        from = end;
    }
    None
}

/// Text outside tags, with `<script>`/`<style>` contents dropped and whitespace collapsed.
fn visible_text(html: &str) -> String {
    let mut out = String::new();
    let mut rest = html;
    while let Some(open) = rest.find('<') {
        out.push_str(&rest[..open]);
        out.push(' ');
        let tail = &rest[open..];
        let lower_head: String = tail.chars().take(8).collect::<String>().to_ascii_lowercase();
        let skip_to = if lower_head.starts_with("<script") {
            tail.to_ascii_lowercase().find("</script>").map(|i| i + "</script>".len())
        } else if lower_head.starts_with("<style") {
            tail.to_ascii_lowercase().find("</style>").map(|i| i + "</style>".len())
        } else {
            tail.find('>').map(|i| i + 1)
        };
        match skip_to {
            Some(n) => rest = &tail[n..],
            None => {
                rest = "";
                break;
            }
        }
    }
    out.push_str(rest);
    clean(&out)
}

/// Decodes the common entities and collapses whitespace.
fn clean(text: &str) -> String {
    let decoded = text
        .replace("&nbsp;", " ")
        .replace("&lt;", "<")
        .replace("&gt;", ">")
        .replace("&quot;", "\"")
        .replace("&#39;", "'")
        .replace("&amp;", "&");
    decoded.split_whitespace().collect::<Vec<_>>().join(" ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn title_description_and_visible_text_only() {
        let page = r#"<html><head><title lang="en">Acme &amp; Co</title>
            <meta name="description" content="We make   anvils.">
            <style>body { color: red }</style></head>
            <body><h1>Anvils</h1><script>alert("x")</script><p>Heavy, <b>reliable</b>.</p></body></html>"#;
        let s = summarize(page);
        assert_eq!(s.title, "Acme & Co");
        assert_eq!(s.description, "We make anvils.");
        assert_eq!(s.text, "Anvils Heavy, reliable .");
        assert_eq!(s.headings, "Anvils");
        let og = r#"<meta property="og:site_name" content="Acme"><h2 class="x">Tools <i>for</i> you</h2><hr>"#;
        let s = summarize(og);
        assert_eq!((s.site_name.as_str(), s.headings.as_str()), ("Acme", "Tools for you"));
    }

    #[test]
    fn broken_markup_does_not_panic() {
        for page in
            ["<title>unterminated", "<meta name=\"description\" content=\"x", "<script>never closed", "<<<>>>", ""]
        {
            let _ = summarize(page);
        }
    }
}
