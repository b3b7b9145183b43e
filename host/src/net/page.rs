//! Turns a fetched HTML page into a short summary: title, meta description and the visible
//! text, without scripts, styles or markup, trimmed to a few thousand characters.

/// A page as plugins see it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Summary {
    pub title: String,
    pub description: String,
    pub text: String,
}

const MAX_TEXT_CHARS: usize = 4000;

/// Summarises `html` (which need not be well-formed).
pub fn summarize(html: &str) -> Summary {
    let lower = html.to_ascii_lowercase();
    let title = between(html, &lower, "<title", "</title>").map(|t| clean(after_tag(t))).unwrap_or_default();
    let description = meta_description(html, &lower).unwrap_or_default();
    let body_start = lower.find("<body").unwrap_or(0);
    let text = visible_text(&html[body_start..]);
    Summary { title, description, text: text.chars().take(MAX_TEXT_CHARS).collect() }
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

fn meta_description(html: &str, lower: &str) -> Option<String> {
    let mut from = 0;
    while let Some(i) = lower[from..].find("<meta") {
        let start = from + i;
        let end = lower[start..].find('>').map_or(lower.len(), |e| start + e);
        let tag = &lower[start..end];
        if tag.contains("name=\"description\"") || tag.contains("property=\"og:description\"") {
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
