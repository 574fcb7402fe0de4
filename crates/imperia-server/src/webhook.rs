//! Turn notifications to a player's webhook (Discord-compatible: `{"username", "content"}` posted as JSON),
//! without letting a webhook reach into the server's own network.
//!
//! A webhook URL names a host; the host is resolved on every delivery and every address it resolves to
//! must be a public one ([`is_public`]): loopback, private, link-local, shared, multicast, documentation and
//! unspecified addresses are refused, however they are written (`http://2130706433/` is 127.0.0.1). The
//! check sits in the HTTP client's resolver, so the address checked is the address connected to, and a
//! name that changes its answer between a check and a connection gains nothing. Redirects and proxies are
//! off. A server run for tests or on a private network may allow private targets (`--webhooks-to-private`).

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};
use std::time::Duration;

use ureq::config::Config;
use ureq::http::Uri;
use ureq::unversioned::resolver::{DefaultResolver, ResolvedSocketAddrs, Resolver};
use ureq::unversioned::transport::{DefaultConnector, NextTimeout};

/// How long one delivery may take, all told.
const TIMEOUT: Duration = Duration::from_secs(10);
/// The longest webhook URL accepted.
pub const MAX_URL: usize = 2048;

/// Whether a webhook may reach `ip`.
pub fn is_public(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => is_public_v4(v4),
        IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
            Some(v4) => is_public_v4(v4),
            None => is_public_v6(v6),
        },
    }
}

fn is_public_v4(ip: Ipv4Addr) -> bool {
    let [a, b, c, _] = ip.octets();
    !(ip.is_unspecified()
        || ip.is_loopback()
        || ip.is_private()
        || ip.is_link_local()
        || ip.is_multicast()
        || ip.is_broadcast()
        || ip.is_documentation()
        || a == 0
        || (a == 100 && (64..128).contains(&b)) // shared address space (carrier NAT)
        || (a == 192 && b == 0 && c == 0) // IETF protocol assignments
        || (a == 198 && (b == 18 || b == 19)) // benchmarking
        || a >= 240) // reserved
}

fn is_public_v6(ip: Ipv6Addr) -> bool {
    let first = ip.segments()[0];
    !(ip.is_unspecified()
        || ip.is_loopback()
        || ip.is_multicast()
        || (first & 0xfe00) == 0xfc00 // unique local
        || (first & 0xffc0) == 0xfe80 // link-local
        || (first & 0xffc0) == 0xfec0 // site-local (deprecated)
        || first == 0x2001 && ip.segments()[1] == 0x0db8 // documentation
        || first == 0x0064 && ip.segments()[1] == 0xff9b // NAT64, which can reach private IPv4
        || ip.to_ipv4().is_some()) // IPv4-compatible forms
}

/// Check a URL a player gives as a webhook: http(s), a host, not too long, and (unless private targets are
/// allowed) not naming a non-public address outright. Names are resolved, and checked again, on delivery.
pub fn check_url(url: &str, allow_private: bool) -> Result<(), String> {
    if url.len() > MAX_URL {
        return Err(format!("a webhook URL has at most {MAX_URL} characters"));
    }
    let uri: Uri = url.parse().map_err(|_| "that webhook is not a URL".to_string())?;
    if !matches!(uri.scheme_str(), Some("http" | "https")) {
        return Err("a webhook is an http:// or https:// URL".into());
    }
    let Some(host) = uri.host() else { return Err("a webhook URL names a host".into()) };
    if !allow_private
        && let Some(ip) = literal_ip(host)
        && !is_public(ip)
    {
        return Err(format!("a webhook cannot point at {ip}, which is not a public address"));
    }
    Ok(())
}

/// A host written as an address, including the forms a browser would read as one (`2130706433`,
/// `0x7f.1`, `[::1]`).
fn literal_ip(host: &str) -> Option<IpAddr> {
    let host = host.trim_start_matches('[').trim_end_matches(']');
    if let Ok(ip) = host.parse::<IpAddr>() {
        return Some(ip);
    }
    // Old inet_aton forms: one to four parts, each decimal, octal (0…) or hex (0x…).
    let parts: Vec<u64> = host.split('.').map(number).collect::<Option<_>>()?;
    let (last, front) = parts.split_last()?;
    if parts.len() > 4 || front.iter().any(|&p| p > 255) {
        return None;
    }
    let mut value: u64 = 0;
    for &p in front {
        value = value << 8 | p;
    }
    let shift = 8 * (4 - parts.len() as u32 + 1);
    let value = value.checked_shl(shift)? | last;
    u32::try_from(value).ok().map(|v| IpAddr::V4(Ipv4Addr::from(v)))
}

fn number(part: &str) -> Option<u64> {
    if let Some(hex) = part.strip_prefix("0x").or_else(|| part.strip_prefix("0X")) {
        u64::from_str_radix(hex, 16).ok()
    } else if part.len() > 1 && part.starts_with('0') {
        u64::from_str_radix(&part[1..], 8).ok()
    } else {
        part.parse().ok()
    }
}

/// Resolves as usual, then refuses the host unless every address is public.
#[derive(Debug)]
struct PublicOnly;

impl Resolver for PublicOnly {
    fn resolve(&self, uri: &Uri, config: &Config, timeout: NextTimeout) -> Result<ResolvedSocketAddrs, ureq::Error> {
        let addresses = DefaultResolver::default().resolve(uri, config, timeout)?;
        if let Some(bad) = addresses.iter().map(SocketAddr::ip).find(|ip| !is_public(*ip)) {
            return Err(ureq::Error::BadUri(format!("the webhook's host resolves to {bad}, which is not public")));
        }
        Ok(addresses)
    }
}

/// Post `message` to `url` from a blocking thread, for async callers.
pub async fn send(url: String, message: String, allow_private: bool) -> Result<(), String> {
    tokio::task::spawn_blocking(move || deliver(&url, &message, allow_private))
        .await
        .unwrap_or_else(|e| Err(format!("the delivery stopped: {e}")))
}

/// Post `message` to `url` (blocking: call from a blocking thread).
pub fn deliver(url: &str, message: &str, allow_private: bool) -> Result<(), String> {
    check_url(url, allow_private)?;
    let config =
        Config::builder().timeout_global(Some(TIMEOUT)).max_redirects(0).proxy(None).http_status_as_error(true).build();
    let agent = if allow_private {
        ureq::Agent::new_with_config(config)
    } else {
        ureq::Agent::with_parts(config, DefaultConnector::new(), PublicOnly)
    };
    agent
        .post(url)
        .send_json(serde_json::json!({ "username": "Imperia", "content": message }))
        .map(|_| ())
        .map_err(|e| e.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn internal_addresses_are_refused_however_written() {
        for url in [
            "http://127.0.0.1/hook",
            "http://localhost:1/x",
            "http://[::1]/hook",
            "http://2130706433/hook",
            "http://0x7f.1/hook",
            "http://017700000001/hook",
            "http://10.1.2.3/",
            "http://192.168.0.1/",
            "http://172.16.5.4/",
            "http://169.254.169.254/latest/meta-data",
            "http://100.64.0.1/",
            "http://0.0.0.0/",
            "http://224.0.0.1/",
            "http://[fd00::1]/",
            "http://[fe80::1]/",
            "http://[::ffff:127.0.0.1]/",
        ] {
            // localhost is a name: refused on delivery, when it resolves to loopback.
            if url.contains("localhost") {
                assert!(deliver(url, "hi", false).is_err_and(|e| e.contains("not public")), "{url}");
            } else {
                assert!(check_url(url, false).is_err(), "{url} is refused");
            }
        }
        assert!(check_url("ftp://example.com/", false).is_err());
        assert!(check_url("https://discord.com/api/webhooks/1/abc", false).is_ok());
        assert!(check_url("http://93.184.215.14/hook", false).is_ok());
        assert!(check_url("http://127.0.0.1/hook", true).is_ok(), "allowed for tests and private networks");
        assert!(check_url(&format!("https://example.com/{}", "a".repeat(MAX_URL)), false).is_err());
    }

    #[test]
    fn delivery_checks_the_address_it_connects_to() {
        // A listener on loopback that would accept the post: the resolver refuses before connecting.
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a port");
        let port = listener.local_addr().expect("an address").port();
        let refused = deliver(&format!("http://localhost:{port}/hook"), "hi", false).expect_err("refused");
        assert!(refused.contains("not public"), "{refused}");
    }
}
