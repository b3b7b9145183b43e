//! An engine page read as a client reads it: each beat's times and caption, and each caption
//! word's times and boxes, from the page's markup.

/// A beat of an engine page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageBeat {
    pub start: u64,
    pub end: u64,
    /// The caption as shown (the words joined).
    pub text: String,
    pub words: Vec<PageWord>,
}

/// A caption word and where it is drawn in its beat's picture.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageWord {
    pub start: u64,
    pub end: u64,
    pub text: String,
    /// x, y, width, height in the picture's pixels, one per line the word is on.
    pub boxes: Vec<[u32; 4]>,
}

fn attribute<'a>(tag: &'a str, name: &str) -> Option<&'a str> {
    tag.split(&format!("{name}=\"")).nth(1)?.split('"').next()
}

fn number(tag: &str, name: &str) -> u64 {
    attribute(tag, name).and_then(|v| v.parse().ok()).unwrap_or_else(|| panic!("no {name} in {tag}"))
}

/// Undoes the page's escaping.
pub fn unescape(text: &str) -> String {
    text.replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"").replace("&#39;", "'").replace("&amp;", "&")
}

/// The beats listed on an engine page.
pub fn beats(html: &str) -> Vec<PageBeat> {
    html.split("<li data-start=\"")
        .skip(1)
        .map(|item| {
            let item = format!("data-start=\"{item}");
            let (tag, rest) = item.split_once('>').expect("a list item");
            let content = rest.split("</li>").next().unwrap_or_default();
            let words: Vec<PageWord> = content
                .split("<span class=\"w\"")
                .skip(1)
                .map(|span| {
                    let (tag, rest) = span.split_once('>').expect("a word");
                    let boxes = attribute(tag, "data-box")
                        .unwrap_or_default()
                        .split(';')
                        .filter(|b| !b.is_empty())
                        .map(|b| {
                            let v: Vec<u32> = b.split(',').map(|n| n.parse().unwrap()).collect();
                            [v[0], v[1], v[2], v[3]]
                        })
                        .collect();
                    PageWord {
                        start: number(tag, "data-start"),
                        end: number(tag, "data-end"),
                        text: unescape(rest.split("</span>").next().unwrap_or_default()),
                        boxes,
                    }
                })
                .collect();
            let text =
                if words.is_empty() { unescape(content) } else { words.iter().map(|w| w.text.as_str()).collect() };
            PageBeat { start: number(tag, "data-start"), end: number(tag, "data-end"), text, words }
        })
        .collect()
}
