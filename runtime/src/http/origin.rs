//! The `Origin` allow-list: MCP's streamable HTTP transport asks servers to validate `Origin`,
//! because a page on any site can make a browser post to a server on localhost (DNS rebinding).

/// The origins served by default: a page of this machine, on any port, over HTTP or HTTPS.
pub const LOCALHOST_ORIGINS: [&str; 6] = [
    "http://localhost:*",
    "https://localhost:*",
    "http://127.0.0.1:*",
    "https://127.0.0.1:*",
    "http://[::1]:*",
    "https://[::1]:*",
];

/// Whether a request with this `Origin` header value may be served by a server allowing
/// `allowed`. An entry is `scheme://host[:port]` (`:*` for any port; no port for the scheme's
/// default one), `null` for the browser's opaque origin, or `*` for any origin.
pub(crate) fn allowed(origin: &[u8], allowed: &[String]) -> bool {
    if allowed.iter().any(|entry| entry == "*") {
        return true;
    }
    let Ok(origin) = std::str::from_utf8(origin) else {
        return false;
    };
    if origin == "null" {
        return allowed.iter().any(|entry| entry == "null");
    }
    let Some(origin) = Parsed::of(origin) else {
        return false;
    };
    allowed
        .iter()
        .filter_map(|entry| Parsed::of(entry))
        .any(|entry| {
            entry.scheme.eq_ignore_ascii_case(origin.scheme)
                && entry.host.eq_ignore_ascii_case(origin.host)
                && (entry.port == Some("*") || entry.port_or_default() == origin.port_or_default())
        })
}

struct Parsed<'a> {
    scheme: &'a str,
    host: &'a str,
    port: Option<&'a str>,
}

impl<'a> Parsed<'a> {
    fn of(origin: &'a str) -> Option<Self> {
        let (scheme, rest) = origin.split_once("://")?;
        // An origin is scheme, host and port only: no path, user or query.
        if rest.is_empty() || rest.contains(['/', '@', '?', '#']) {
            return None;
        }
        let (host, port) = if let Some(bracketed) = rest.strip_prefix('[') {
            let (host, after) = bracketed.split_once(']')?;
            match after {
                "" => (host, None),
                _ => (host, Some(after.strip_prefix(':')?)),
            }
        } else {
            match rest.rsplit_once(':') {
                Some((host, port)) => (host, Some(port)),
                None => (rest, None),
            }
        };
        let port_ok = port.is_none_or(|port| {
            port == "*" || (!port.is_empty() && port.bytes().all(|b| b.is_ascii_digit()))
        });
        (!host.is_empty() && port_ok).then_some(Self { scheme, host, port })
    }

    fn port_or_default(&self) -> Option<u32> {
        match self.port {
            Some(port) => port.parse().ok(),
            None if self.scheme.eq_ignore_ascii_case("http") => Some(80),
            None if self.scheme.eq_ignore_ascii_case("https") => Some(443),
            None => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn localhost() -> Vec<String> {
        LOCALHOST_ORIGINS.map(String::from).to_vec()
    }

    #[test]
    fn localhost_origins_pass_on_any_port_and_others_do_not() {
        let list = localhost();
        for origin in [
            "http://localhost:3000",
            "https://127.0.0.1",
            "http://[::1]:8080",
            "HTTP://LOCALHOST",
        ] {
            assert!(allowed(origin.as_bytes(), &list), "{origin}");
        }
        for origin in [
            "http://evil.example",
            "http://localhost.evil.example",
            "http://localhost@evil.example",
            "http://evil.example/http://localhost",
            "null",
            "file://",
            "",
        ] {
            assert!(!allowed(origin.as_bytes(), &list), "{origin}");
        }
        assert!(!allowed(b"\xff", &list));
    }

    #[test]
    fn entries_name_a_port_or_the_default_one() {
        let list = vec![
            "https://app.example".to_owned(),
            "http://app.example:8080".to_owned(),
        ];
        assert!(allowed(b"https://app.example", &list));
        assert!(allowed(b"https://app.example:443", &list));
        assert!(!allowed(b"https://app.example:8443", &list));
        assert!(allowed(b"http://app.example:8080", &list));
        assert!(!allowed(b"http://app.example", &list));
        assert!(allowed(b"http://anything.example", &["*".to_owned()]));
        assert!(allowed(b"null", &["null".to_owned()]));
    }
}
