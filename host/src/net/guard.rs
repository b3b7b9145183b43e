//! The SSRF guard every outbound fetch for a user goes through (page summaries for plugins now;
//! webhooks and audio downloads later): http(s) only, no credentials in the URL, a spelling
//! every URL parser reads alike (`parse_url`: no backslashes, whitespace, control characters
//! or percent-escaped hosts; callers keep the parsed URL's serialisation), every resolved
//! address public, the connection pinned to the checked address, no redirects, a time limit
//! and a size cap. Proxies from the environment are ignored; an operator may name one
//! explicitly, and then every URL is still checked before the proxy is asked for it.
//!
//! Literal hosts are classified after parsing (the `url` crate turns `127.1`, `2130706433` and
//! `0x7f.1` into 127.0.0.1) and IPv4-mapped IPv6 is unwrapped first, because reqwest skips its
//! resolver for IP literals.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::sync::Arc;
use std::time::Duration;

use reqwest::Url;

/// Why a URL was refused or could not be fetched.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum FetchError {
    /// The URL is malformed or not http(s), or carries credentials.
    BadUrl(String),
    /// The host resolves to an address the guard refuses.
    Blocked(String),
    /// DNS, connection, status or body problems.
    Failed(String),
    /// The body is larger than the cap.
    TooLarge,
}

impl std::fmt::Display for FetchError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            FetchError::BadUrl(why) => write!(f, "bad URL: {why}"),
            FetchError::Blocked(why) => write!(f, "refused: {why}"),
            FetchError::Failed(why) => write!(f, "fetch failed: {why}"),
            FetchError::TooLarge => write!(f, "response too large"),
        }
    }
}

/// A network the operator explicitly allows despite being private (e.g. an intranet).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Network {
    base: IpAddr,
    prefix: u8,
}

impl std::str::FromStr for Network {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let (addr, prefix) = text.split_once('/').unwrap_or((text, ""));
        let base: IpAddr = addr.parse().map_err(|_| format!("{text}: not an address"))?;
        let max = if base.is_ipv4() { 32 } else { 128 };
        let prefix = if prefix.is_empty() { max } else { prefix.parse().map_err(|_| format!("{text}: bad prefix"))? };
        if prefix > max {
            return Err(format!("{text}: prefix over {max}"));
        }
        Ok(Network { base, prefix })
    }
}

impl Network {
    /// Whether `ip` is in this network (an IPv4 address is never in an IPv6 network).
    pub fn contains(&self, ip: IpAddr) -> bool {
        match (self.base, ip) {
            (IpAddr::V4(b), IpAddr::V4(a)) => {
                let mask = u32::MAX.checked_shl(32 - u32::from(self.prefix)).unwrap_or(0);
                u32::from(b) & mask == u32::from(a) & mask
            }
            (IpAddr::V6(b), IpAddr::V6(a)) => {
                let mask = u128::MAX.checked_shl(128 - u32::from(self.prefix)).unwrap_or(0);
                u128::from(b) & mask == u128::from(a) & mask
            }
            _ => false,
        }
    }
}

/// Why an address is not public, or `None` when it is.
pub fn non_public(ip: IpAddr) -> Option<&'static str> {
    match ip {
        IpAddr::V4(v4) => non_public_v4(v4),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => non_public_v4(v4),
            None => non_public_v6(v6),
        },
    }
}

fn non_public_v4(ip: Ipv4Addr) -> Option<&'static str> {
    let [a, b, c, _] = ip.octets();
    Some(match (a, b, c) {
        (0, _, _) => "this network",
        (10, _, _) => "private",
        (100, 64..=127, _) => "carrier-grade NAT",
        (127, _, _) => "loopback",
        (169, 254, _) => "link-local (cloud metadata)",
        (172, 16..=31, _) => "private",
        (192, 0, 0) => "IETF protocol assignments",
        (192, 0, 2) | (198, 51, 100) | (203, 0, 113) => "documentation",
        (192, 88, 99) => "6to4 relay",
        (192, 168, _) => "private",
        (198, 18..=19, _) => "benchmarking",
        (224..=239, _, _) => "multicast",
        (240..=255, _, _) => "reserved",
        _ => return None,
    })
}

fn non_public_v6(ip: Ipv6Addr) -> Option<&'static str> {
    let segments = ip.segments();
    if ip.is_unspecified() {
        return Some("unspecified");
    }
    if ip.is_loopback() {
        return Some("loopback");
    }
    Some(match segments[0] {
        0xfc00..=0xfdff => "unique local",
        0xfe80..=0xfebf => "link-local",
        0xff00..=0xffff => "multicast",
        0x2001 if segments[1] == 0x0db8 => "documentation",
        // NAT64 and IPv4-compatible forms could reach private IPv4 space.
        0x0064 if segments[1] == 0xff9b => "NAT64",
        0x0000 => "IPv4-compatible or reserved",
        0x2002 => "6to4",
        // Teredo carries its server's IPv4 address in clear (and the client's inverted): a
        // relay would forward to IPv4 space the guard refuses.
        0x2001 if segments[1] == 0x0000 => "Teredo",
        _ => return None,
    })
}

/// The guard: which private networks are allowed anyway, the fetch limits, and the one HTTP
/// client every guarded fetch goes through (cheap to clone: clones share the client).
#[derive(Debug, Clone)]
pub struct Guard {
    allowed: Arc<Vec<Network>>,
    client: reqwest::Client,
    pub timeout: Duration,
    pub max_bytes: usize,
}

/// How long a name may take to resolve.
const DNS_TIMEOUT: Duration = Duration::from_secs(8);

impl Guard {
    /// A guard that lets `allowed` private networks through, trusting the public certificate
    /// authorities and those in `pem` (one or more PEM certificates), if given.
    pub fn new(allowed: Vec<Network>, pem: Option<&[u8]>) -> Result<Guard, String> {
        Guard::build(allowed, pem, None)
    }

    /// The guard the settings describe: their private networks let through, their extra
    /// certificate authorities trusted, their proxy (if any) in the way.
    pub fn from_settings(settings: &crate::config::Settings) -> Result<Guard, String> {
        let allowed = settings.fetch_allowed_networks.iter().map(|n| n.parse()).collect::<Result<Vec<_>, _>>()?;
        let pem = match &settings.fetch_root_ca {
            Some(path) => Some(std::fs::read(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?),
            None => None,
        };
        Guard::build(allowed, pem.as_deref(), settings.fetch_proxy.as_deref())
    }

    /// Like [`Guard::new`], but every fetch goes through the operator's HTTP proxy at `proxy`
    /// (`http://host:port`). The URL is checked as always before the proxy is asked for it; the
    /// proxy then resolves the name itself, so pinning to the checked address is the proxy's
    /// to keep (an egress proxy usually enforces its own policy).
    pub fn via_proxy(allowed: Vec<Network>, pem: Option<&[u8]>, proxy: &str) -> Result<Guard, String> {
        Guard::build(allowed, pem, Some(proxy))
    }

    /// The guard and its client. The client resolves names only through [`Pinned`], which
    /// hands it checked addresses, so the address connected to is the address checked; it
    /// never uses a proxy from the environment (a proxy would resolve the name again, out of
    /// the guard's sight) and only the one the operator names, and it follows no redirects.
    fn build(allowed: Vec<Network>, pem: Option<&[u8]>, proxy: Option<&str>) -> Result<Guard, String> {
        let roots = match pem {
            Some(pem) => reqwest::Certificate::from_pem_bundle(pem).map_err(|e| format!("bad CA certificates: {e}"))?,
            None => Vec::new(),
        };
        let allowed = Arc::new(allowed);
        // The proxy's own name is the operator's, so it resolves without the guard's check.
        let proxy = proxy
            .map(|raw| {
                let url = Url::parse(raw).map_err(|e| format!("the fetch proxy {raw:?}: {e}"))?;
                let host = url.host_str().ok_or_else(|| format!("the fetch proxy {raw:?} has no host"))?.to_string();
                let proxy = reqwest::Proxy::all(url).map_err(|e| format!("the fetch proxy: {e}"))?;
                Ok::<_, String>((proxy, host))
            })
            .transpose()?;
        let resolver = Pinned { allowed: allowed.clone(), proxy_host: proxy.as_ref().map(|(_, host)| host.clone()) };
        let client = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .dns_resolver(Arc::new(resolver))
            .user_agent(concat!("asset-service/", env!("CARGO_PKG_VERSION")));
        // A proxy given here replaces those of the environment; without one, none is used.
        let mut client = match proxy {
            Some((proxy, _)) => client.proxy(proxy),
            None => client.no_proxy(),
        };
        for root in roots {
            client = client.add_root_certificate(root);
        }
        let client = client.build().map_err(|e| format!("the fetch client: {e}"))?;
        Ok(Guard { allowed, client, timeout: Duration::from_secs(8), max_bytes: 2 * 1024 * 1024 })
    }

    /// Parses `raw` and resolves it to checked addresses: every address the name has must be
    /// public (or allowed), so a second lookup cannot pick a private one.
    pub async fn check(&self, raw: &str) -> Result<(Url, Vec<SocketAddr>), FetchError> {
        let checked = check_url(&self.allowed, raw)?;
        let addresses = match checked.host {
            Target::Address(address) => vec![address],
            Target::Name(name) => resolve(&self.allowed, &name, checked.port).await?,
        };
        Ok((checked.url, addresses))
    }

    /// GETs a URL through the guard without following redirects. Returns the final URL, the
    /// content type and at most `max_bytes` of body. The URL is checked first (a refusal says
    /// why); the client's resolver checks again the addresses it connects to, so a name that
    /// changes its answer in between is refused too.
    pub async fn get(&self, raw: &str) -> Result<(Url, Option<String>, Vec<u8>), FetchError> {
        let (url, _) = self.check(raw).await?;
        let mut response = self
            .client
            .get(url.clone())
            .timeout(self.timeout)
            .send()
            .await
            .map_err(|e| FetchError::Failed(e.to_string()))?;
        if !response.status().is_success() {
            return Err(FetchError::Failed(format!("HTTP {}", response.status().as_u16())));
        }
        if response.content_length().is_some_and(|n| n > self.max_bytes as u64) {
            return Err(FetchError::TooLarge);
        }
        let content_type =
            response.headers().get(reqwest::header::CONTENT_TYPE).and_then(|v| v.to_str().ok()).map(str::to_owned);
        let mut body = Vec::new();
        while let Some(chunk) = response.chunk().await.map_err(|e| FetchError::Failed(e.to_string()))? {
            if body.len() + chunk.len() > self.max_bytes {
                return Err(FetchError::TooLarge);
            }
            body.extend_from_slice(&chunk);
        }
        Ok((url, content_type, body))
    }
}

impl Guard {
    /// POSTs `body` with `headers` to a URL through the guard (checked first, pinned to the
    /// checked address, no redirects, the guard's time limit). Answers the status and at most
    /// `max_bytes` of the response, whatever the status: the caller decides what counts.
    pub async fn post(
        &self,
        raw: &str,
        headers: &[(&str, String)],
        body: Vec<u8>,
        max_bytes: usize,
    ) -> Result<(u16, Vec<u8>), FetchError> {
        let (url, _) = self.check(raw).await?;
        let mut request = self.client.post(url).timeout(self.timeout).body(body);
        for (name, value) in headers {
            request = request.header(*name, value);
        }
        let mut response = request.send().await.map_err(|e| FetchError::Failed(e.to_string()))?;
        let status = response.status().as_u16();
        let mut kept = Vec::new();
        while kept.len() < max_bytes {
            match response.chunk().await {
                Ok(Some(chunk)) => kept.extend_from_slice(&chunk[..chunk.len().min(max_bytes - kept.len())]),
                Ok(None) | Err(_) => break,
            }
        }
        Ok((status, kept))
    }
}

/// What a URL names, as far as it can be told without a lookup.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Target {
    /// An address literal (in any spelling the `url` crate reads), already checked.
    Address(SocketAddr),
    /// A name, whose addresses are checked once it is resolved.
    Name(String),
}

/// A URL that passed the checks that need no lookup.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CheckedUrl {
    pub url: Url,
    pub port: u16,
    pub host: Target,
}

/// Everything the guard decides about `raw` before any network I/O: the URL rules, and the
/// classification of an address literal (IPv4-mapped IPv6 unwrapped) against `allowed`. Pure,
/// so it can be tested and fuzzed without a resolver; [`Guard::check`] resolves names after it.
pub fn check_url(allowed: &[Network], raw: &str) -> Result<CheckedUrl, FetchError> {
    let url = parse_url(raw)?;
    let port = url.port_or_known_default().ok_or_else(|| FetchError::BadUrl("no port".into()))?;
    let host = match url.host() {
        Some(url::Host::Ipv4(ip)) => Target::Address(SocketAddr::new(IpAddr::V4(ip), port)),
        Some(url::Host::Ipv6(ip)) => Target::Address(SocketAddr::new(IpAddr::V6(ip), port)),
        Some(url::Host::Domain(name)) => Target::Name(name.to_string()),
        None => return Err(FetchError::BadUrl("no host".into())),
    };
    if let Target::Address(address) = &host {
        check_ip(allowed, address.ip())?;
    }
    Ok(CheckedUrl { url, port, host })
}

/// The URL rules before any lookup: http(s), no credentials, and a spelling every parser reads
/// alike. The answer is the URL as the `url` crate understands it; callers store, echo and
/// fetch its serialisation (`Url::as_str`), never the text they were given.
pub fn parse_url(raw: &str) -> Result<Url, FetchError> {
    let raw = raw.trim();
    unambiguous(raw).map_err(|why| FetchError::BadUrl(why.into()))?;
    let url = Url::parse(raw).map_err(|e| FetchError::BadUrl(e.to_string()))?;
    if !matches!(url.scheme(), "http" | "https") {
        return Err(FetchError::BadUrl("only http and https".into()));
    }
    if !url.username().is_empty() || url.password().is_some() {
        return Err(FetchError::BadUrl("credentials in the URL".into()));
    }
    Ok(url)
}

/// Refuses spellings that URL parsers read differently, so the host this service checks is
/// the host any other reader of the same text would reach. WHATWG parsers (the `url` crate)
/// read `\` as `/`, drop tabs and newlines, accept `http:host` and `http:///host`, and decode
/// percent escapes in a host; RFC 3986 parsers do none of these, and read an `@` in the
/// authority as the end of credentials.
fn unambiguous(raw: &str) -> Result<(), &'static str> {
    if raw.chars().any(|c| c.is_control() || c.is_whitespace()) {
        return Err("spaces or control characters in the URL (parsers drop or keep them differently)");
    }
    if raw.contains('\\') {
        return Err("a backslash in the URL (parsers read it as `/` or as a character)");
    }
    let scheme_end =
        raw.find("://").filter(|&at| raw[..at].eq_ignore_ascii_case("http") || raw[..at].eq_ignore_ascii_case("https"));
    let Some(scheme_end) = scheme_end else {
        return Err("only http and https, written `http://` or `https://` before the host");
    };
    let rest = &raw[scheme_end + 3..];
    let authority = &rest[..rest.find(['/', '?', '#']).unwrap_or(rest.len())];
    if authority.is_empty() {
        return Err("no host right after `//`");
    }
    if authority.contains('@') {
        return Err("credentials in the URL");
    }
    if authority.contains('%') {
        return Err("percent escapes in the host (parsers decode them differently)");
    }
    Ok(())
}

/// An IPv4-mapped IPv6 address (`::ffff:10.0.0.1`, as dual-stack sockets and URL literals may
/// write it) as the IPv4 address it is; any other address as it is.
pub fn unmapped(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        v4 => v4,
    }
}

fn check_ip(allowed: &[Network], ip: IpAddr) -> Result<(), FetchError> {
    let canonical = unmapped(ip);
    match non_public(canonical) {
        Some(_) if allowed.iter().any(|n| n.contains(canonical)) => Ok(()),
        Some(why) => Err(FetchError::Blocked(format!("{canonical} is {why}"))),
        None => Ok(()),
    }
}

/// Every address of `name`.
async fn lookup(name: &str, port: u16) -> Result<Vec<SocketAddr>, FetchError> {
    let found = tokio::time::timeout(DNS_TIMEOUT, tokio::net::lookup_host((name, port)))
        .await
        .map_err(|_| FetchError::Failed("DNS timeout".into()))?
        .map_err(|e| FetchError::Failed(format!("DNS: {e}")))?;
    let addresses: Vec<SocketAddr> = found.collect();
    if addresses.is_empty() {
        return Err(FetchError::Failed("the host has no address".into()));
    }
    Ok(addresses)
}

/// Every address of `name`, each checked.
async fn resolve(allowed: &[Network], name: &str, port: u16) -> Result<Vec<SocketAddr>, FetchError> {
    let addresses = lookup(name, port).await?;
    for address in &addresses {
        check_ip(allowed, address.ip())?;
    }
    Ok(addresses)
}

/// The guarded client's resolver: a name resolves only to addresses that pass the guard, but
/// for the operator's proxy.
struct Pinned {
    allowed: Arc<Vec<Network>>,
    proxy_host: Option<String>,
}

impl reqwest::dns::Resolve for Pinned {
    fn resolve(&self, name: reqwest::dns::Name) -> reqwest::dns::Resolving {
        let proxy = self.proxy_host.as_deref().is_some_and(|host| host.eq_ignore_ascii_case(name.as_str()));
        let allowed = self.allowed.clone();
        Box::pin(async move {
            let addresses =
                if proxy { lookup(name.as_str(), 0).await } else { resolve(&allowed, name.as_str(), 0).await };
            Ok(Box::new(addresses.map_err(|e| e.to_string())?.into_iter()) as reqwest::dns::Addrs)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refused(guard: &Guard, url: &str) -> bool {
        let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
        matches!(rt.block_on(guard.check(url)), Err(FetchError::Blocked(_) | FetchError::BadUrl(_)))
    }

    #[test]
    fn private_and_special_addresses_are_refused_in_every_spelling() {
        let guard = Guard::new(Vec::new(), None).unwrap();
        for url in [
            "http://127.0.0.1/",
            "http://127.1/",
            "http://2130706433/",
            "http://0x7f.1/",
            "http://0177.0.0.1/",
            "http://localhost/",
            "http://10.1.2.3/",
            "http://172.16.0.1/",
            "http://192.168.1.1/",
            "http://169.254.169.254/latest/meta-data/",
            "http://100.64.0.1/",
            "http://0.0.0.0/",
            "http://224.0.0.1/",
            "http://255.255.255.255/",
            "http://[::1]/",
            "http://[::ffff:127.0.0.1]/",
            "http://[::ffff:a9fe:a9fe]/",
            "http://[fd00::1]/",
            "http://[fe80::1]/",
            "http://[64:ff9b::a00:1]/",
            "http://[2001:0:a00:1::f5ff:fffe]/",
            "ftp://example.com/",
            "file:///etc/passwd",
            "http://user:pass@example.com/",
        ] {
            assert!(refused(&guard, url), "{url} must be refused");
        }
    }

    #[tokio::test]
    async fn a_named_proxy_is_asked_only_for_urls_that_pass_the_guard() {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let proxy = format!("http://{}", listener.local_addr().unwrap());
        let asked = Arc::new(std::sync::Mutex::new(Vec::<String>::new()));
        let log = asked.clone();
        tokio::spawn(async move {
            while let Ok((mut socket, _)) = listener.accept().await {
                let mut head = vec![0; 4096];
                let n = socket.read(&mut head).await.unwrap_or(0);
                let line = String::from_utf8_lossy(&head[..n]).lines().next().unwrap_or("").to_string();
                log.lock().unwrap().push(line);
                let answer =
                    "HTTP/1.1 200 OK\r\nContent-Type: text/html\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello";
                let _ = socket.write_all(answer.as_bytes()).await;
            }
        });
        let guard = Guard::via_proxy(Vec::new(), None, &proxy).unwrap();
        let (_, _, body) = guard.get("http://93.184.216.34/page").await.unwrap();
        assert_eq!(body, b"hello");
        for private in ["http://127.0.0.1:9/", "http://10.0.0.1/", "http://[::1]/", "http://169.254.169.254/"] {
            assert!(matches!(guard.get(private).await, Err(FetchError::Blocked(_))), "{private}");
        }
        assert_eq!(*asked.lock().unwrap(), vec!["GET http://93.184.216.34/page HTTP/1.1".to_string()]);
    }

    #[test]
    fn spellings_parsers_disagree_on_are_refused() {
        for url in [
            "http://93.184.216.34\\@127.0.0.1/",
            "http://93.184.216.34\\.example.com/",
            "http://example.com\\@127.0.0.1/",
            "http://example.com/a\\b",
            "http://@example.com/",
            "http://user@example.com/",
            "http://93.184.216.34@127.0.0.1/",
            "http://exam\tple.com/",
            "http://example.com/a\nb",
            "http://example.com/a\rb",
            "http://example.com/a b",
            "http:example.com/",
            "http:/example.com/",
            "http:///example.com/",
            "http://127.0.0.%31/",
            "http://%65xample.com/",
            "ftp://example.com/",
            "javascript://example.com/",
        ] {
            assert!(matches!(check_url(&[], url), Err(FetchError::BadUrl(_))), "{url:?} must be refused");
        }
    }

    #[test]
    fn accepted_urls_are_answered_in_their_serialised_form() {
        for (raw, serialised) in [
            ("HTTP://Example.COM:80/a/../b?q=1#f", "http://example.com/b?q=1#f"),
            ("  https://example.com  ", "https://example.com/"),
            ("http://1572395042/hook", "http://93.184.216.34/hook"),
            ("https://b\u{fc}cher.example/p", "https://xn--bcher-kva.example/p"),
            ("https://example.com/a%20b@c", "https://example.com/a%20b@c"),
        ] {
            let checked = check_url(&[], raw).unwrap_or_else(|e| panic!("{raw}: {e}"));
            assert_eq!(checked.url.as_str(), serialised, "{raw}");
        }
    }

    #[test]
    fn public_addresses_pass_and_allowed_networks_are_honoured() {
        for ip in ["93.184.216.34", "1.1.1.1", "2606:4700:4700::1111", "2001:4860:4860::8888"] {
            assert_eq!(non_public(ip.parse().unwrap()), None, "{ip}");
        }
        let intranet = Guard::new(vec!["127.0.0.0/8".parse().unwrap()], None).unwrap();
        assert!(!refused(&intranet, "http://127.0.0.1:9/"));
        assert!(refused(&intranet, "http://10.0.0.1/"));
        assert!("10.0.0.0/33".parse::<Network>().is_err());
    }
}
