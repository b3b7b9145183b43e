//! The SSRF guard's decisions that need no lookup (`net::guard::check_url`, `non_public`,
//! `Network`): URL rules and the classification of address literals.
//!
//! The input is read three ways. Its first four bytes are an IPv4 address, written in every
//! spelling a URL may use for it (decimal, hex and octal parts, short forms, IPv4-mapped and
//! -compatible IPv6, NAT64, 6to4, Teredo): whatever the spelling, a non-public address must be refused
//! (and the mapped form must be judged exactly like the plain one), because reqwest connects
//! to literals without asking the guard's resolver. The whole input is also a URL: what passes
//! names a public address or a host name, and the URL as the guard normalized it is judged the
//! same again. Last, it is an allowed network (`10.0.0.0/8`): its base address then passes.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

use asset_host::net::guard::{FetchError, Network, Target, check_url, non_public};

pub fn ssrf_guard(data: &[u8]) {
    if let Some(octets) = data.first_chunk::<4>() {
        spellings(Ipv4Addr::from(*octets));
    }
    let text = String::from_utf8_lossy(data);
    url(&text);
    network(&text);
}

/// Whether the guard, allowing nothing private, refuses `raw` for its address.
fn blocked(raw: &str) -> bool {
    match check_url(&[], raw) {
        Err(FetchError::Blocked(_)) => true,
        Ok(_) => false,
        Err(other) => panic!("{raw}: a well-formed literal URL is refused as {other:?}"),
    }
}

fn spellings(ip: Ipv4Addr) {
    let [a, b, c, d] = ip.octets();
    let n = u32::from(ip);
    let plain = blocked(&format!("http://{ip}/"));
    assert_eq!(plain, non_public(IpAddr::V4(ip)).is_some(), "{ip}");
    // Spellings the `url` crate reads as this same IPv4 address: the verdict must not change.
    let same = [
        format!("http://{n}/"),
        format!("http://0x{n:x}/"),
        format!("http://0x{a:x}.0x{b:x}.0x{c:x}.0x{d:x}/"),
        format!("http://0{a:o}.0{b:o}.0{c:o}.0{d:o}/"),
        format!("http://{a}.{}/", (u32::from(b) << 16) | (u32::from(c) << 8) | u32::from(d)),
        format!("http://{a}.{b}.{}/", (u32::from(c) << 8) | u32::from(d)),
        format!("https://{ip}:8443/x?y#z"),
        format!("http://{ip}./"),
        format!("HTTP://{ip}/"),
        format!("http://[::ffff:{ip}]/"),
        format!("http://[::ffff:{:x}:{:x}]/", n >> 16, n & 0xffff),
        format!("http://[0:0:0:0:0:ffff:{ip}]/"),
    ];
    for url in &same {
        assert_eq!(blocked(url), plain, "{url} is judged like {ip}");
    }
    // Forms that reach IPv4 space through IPv6: refused whenever the address is non-public.
    let v6 = |segments: [u16; 8]| format!("http://[{}]/", Ipv6Addr::from(segments));
    let (hi, lo) = ((n >> 16) as u16, n as u16);
    let through = [
        format!("http://[::{ip}]/"),
        v6([0x64, 0xff9b, 0, 0, 0, 0, hi, lo]),
        v6([0x2002, hi, lo, 0, 0, 0, 0, 1]),
        // Teredo (2001:0::/32): the server's IPv4 in clear, the client's inverted.
        v6([0x2001, 0, hi, lo, 0, 0, !hi, !lo]),
    ];
    if plain {
        for url in &through {
            assert!(blocked(url), "{url} reaches {ip}, which is refused");
        }
    }
}

fn url(raw: &str) {
    let Ok(checked) = check_url(&[], raw) else { return };
    assert!(matches!(checked.url.scheme(), "http" | "https"));
    assert!(checked.url.username().is_empty() && checked.url.password().is_none());
    if let Target::Address(address) = checked.host {
        let ip = match address.ip() {
            IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(IpAddr::V6(v6), IpAddr::V4),
            v4 => v4,
        };
        assert_eq!(non_public(ip), None, "{raw} passed with the non-public {ip}");
        assert_eq!(address.port(), checked.port);
    }
    // The URL the guard hands the client, checked again, is judged the same.
    let again = check_url(&[], checked.url.as_str()).expect("the normalized URL passes again");
    assert_eq!(again.url, checked.url);
    assert_eq!(again.host, checked.host);
}

fn network(text: &str) {
    let Ok(allowed) = text.trim().parse::<Network>() else { return };
    let (addr, _) = text.trim().split_once('/').unwrap_or((text.trim(), ""));
    let Ok(base) = addr.parse::<IpAddr>() else { panic!("{text}: a network whose base is no address") };
    let host = match base {
        IpAddr::V4(v4) => v4.to_string(),
        IpAddr::V6(v6) => format!("[{v6}]"),
    };
    // A mapped base is compared after unwrapping on the URL side only, so only plain bases
    // are expected to let their own address through.
    let mapped = matches!(base, IpAddr::V6(v6) if v6.to_ipv4_mapped().is_some());
    let result = check_url(&[allowed], &format!("http://{host}/"));
    if !mapped {
        assert!(result.is_ok(), "{text}: the allowed network's own base is refused: {result:?}");
    }
}
