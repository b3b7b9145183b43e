//! Secrets kept out of the logs: every log line passes through [`Redacting`], which replaces
//! the values of the operator's secret settings (endpoint URLs with tokens, keys, connection
//! URLs) before the line is written, whatever code wrote them into it.

use std::borrow::Cow;
use std::io::Write;
use std::sync::Arc;

use tracing_subscriber::fmt::MakeWriter;

/// Shorter values are not looked for: replacing them would garble ordinary text, and a secret
/// that short is no secret.
const SHORTEST: usize = 8;

/// What a secret is replaced with.
const MASK: &str = "[redacted]";

/// The texts to hide for each secret value: the value as given and, for a URL, its serialised
/// form (which is how HTTP clients print it) with and without a trailing `/`.
pub fn spellings(secrets: &[&str]) -> Vec<String> {
    let mut found: Vec<String> = Vec::new();
    for secret in secrets.iter().map(|s| s.trim()).filter(|s| s.len() >= SHORTEST) {
        found.push(secret.to_string());
        if let Ok(url) = url::Url::parse(secret) {
            found.push(url.as_str().to_string());
            found.push(url.as_str().trim_end_matches('/').to_string());
        }
    }
    // Longest first, so a value is hidden whole before any shorter value inside it.
    found.sort_by_key(|s| std::cmp::Reverse(s.len()));
    found.dedup();
    found.retain(|s| s.len() >= SHORTEST);
    found
}

/// `text` with every one of `secrets` replaced by the mask.
pub fn redact<'a>(text: &'a str, secrets: &[String]) -> Cow<'a, str> {
    let mut text = Cow::Borrowed(text);
    for secret in secrets {
        if text.contains(secret.as_str()) {
            text = Cow::Owned(text.replace(secret.as_str(), MASK));
        }
    }
    text
}

/// Standard error, a line at a time, with the secrets hidden.
#[derive(Clone)]
pub struct Redacting {
    secrets: Arc<Vec<String>>,
}

impl Redacting {
    pub fn new(secrets: &[&str]) -> Redacting {
        Redacting { secrets: Arc::new(spellings(secrets)) }
    }
}

impl<'a> MakeWriter<'a> for Redacting {
    type Writer = Line;

    fn make_writer(&'a self) -> Line {
        Line { secrets: self.secrets.clone(), text: Vec::new() }
    }
}

/// One log line, held until it is complete (the formatter writes it in pieces, and a secret
/// could straddle two of them), then written redacted.
pub struct Line {
    secrets: Arc<Vec<String>>,
    text: Vec<u8>,
}

impl Write for Line {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.text.extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Drop for Line {
    fn drop(&mut self) {
        let text = String::from_utf8_lossy(&self.text);
        // A log that cannot be written has nowhere to report it.
        let _ = std::io::stderr().lock().write_all(redact(&text, &self.secrets).as_bytes());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_are_hidden_in_every_spelling_and_short_values_are_left_alone() {
        let secrets = spellings(&["HTTP://Node.example:8899/rpc/tok-123456", "sk_live_abcdef", "short"]);
        let line = "error sending request for url (http://node.example:8899/rpc/tok-123456) with sk_live_abcdef, short";
        assert_eq!(redact(line, &secrets), "error sending request for url ([redacted]) with [redacted], short");
        assert!(matches!(redact("nothing here", &secrets), Cow::Borrowed(_)));
    }
}
