//! String `format`s of tool arguments (wire format §12, Formats), checked as zod 4 checks them.
//!
//! Which zod check a JSON Schema `format` means is zod's own answer, `z.fromJSONSchema`
//! (`classic/from-json-schema`): `date-time` is `z.iso.datetime({ offset: true })` (zod 4.4.3
//! itself wrote `z.iso.datetime()`, which refuses every numeric offset; zod's main branch fixed
//! that, colinhacks/zod#6298, and RFC 3339 wants offsets, so the fix is followed), `date`
//! `z.iso.date()`, `time` `z.iso.time()`, `duration` `z.iso.duration()`, `email` `z.email()`,
//! `uuid` `z.uuid()`, `uri` `z.url()`, `hostname` `z.hostname()`, `ipv4` `z.ipv4()`, `ipv6`
//! `z.ipv6()`, `cidr` `z.cidrv4()`, `cidr-v6` `z.cidrv6()`, `base64` `z.base64()`, `base64url`
//! `z.base64url()`, `e164` `z.e164()`, `mac` `z.mac()`, and the identifiers `nanoid`, `cuid`,
//! `cuid2`, `ulid`, `xid`, `ksuid`. Two keywords zod maps to a check of something else are left
//! as documentation: `uri-reference` (a relative reference is one, `z.url()` refuses it) and
//! `guid` (`z.uuid()` wants RFC 9562 version and variant bits a GUID need not have).
//!
//! The patterns are zod 4.4.3's (`core/regexes`), with `\d` written `[0-9]` (JavaScript's `\d`
//! is ASCII, the `regex` crate's is not) and each lookahead written as the plain check it is.
//! Messages are zod's English locale (`Invalid ISO datetime`, `Invalid email address`, …); hints
//! are upstream's formatter's (`Expected: a valid email address (e.g. user@example.com).`), for
//! the formats it names (`email`, `url`, `uuid`, `datetime`, `cuid`), none for the others.

use std::sync::LazyLock;

use regex::Regex;
use serde_json::Value;

use crate::validation::{FieldIssue, Hint};

/// A `format` zod checks on a string argument.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// `date-time`: `YYYY-MM-DDThh:mm`, optional seconds and fraction, `Z` or `±hh:mm`.
    DateTime,
    /// `date`: `YYYY-MM-DD`, a day that exists (February 29th in leap years only).
    Date,
    /// `time`: `hh:mm`, optional seconds and fraction, no offset (zod's `z.iso.time()`).
    Time,
    /// `duration`: an ISO 8601 duration (`P3D`, `PT1H30M`, `P2W`).
    Duration,
    /// `email`: zod's "practical" address pattern (ASCII only).
    Email,
    /// `uuid`: an RFC 9562 UUID (version 1 to 8, variant bits `10`), or the nil or max UUID.
    Uuid,
    /// `uri`: what the WHATWG URL parser reads as an absolute URL, after trimming.
    Uri,
    /// `hostname`: DNS labels of ASCII letters, digits and `-`, at most 253 characters.
    Hostname,
    /// `ipv4`: four decimal octets without leading zeros.
    Ipv4,
    /// `ipv6`: an IPv6 address as the WHATWG URL parser reads one (an IPv4 tail included).
    Ipv6,
    /// `cidr`: an IPv4 address, `/` and a prefix length 0 to 32.
    Cidr,
    /// `cidr-v6`: an IPv6 address, `/` and a prefix length 0 to 128.
    CidrV6,
    /// `base64`: standard base64 with its padding, or the empty string.
    Base64,
    /// `base64url`: the URL-safe alphabet, unpadded.
    Base64Url,
    /// `e164`: `+`, then 7 to 15 digits, the first not 0.
    E164,
    /// `mac`: six pairs of hex digits separated by `:`, all upper or all lower case.
    Mac,
    /// `nanoid`: 21 characters of `A-Za-z0-9_-`.
    Nanoid,
    /// `cuid`: `c`, then at least 6 lower-case letters or digits.
    Cuid,
    /// `cuid2`: lower-case letters and digits.
    Cuid2,
    /// `ulid`: 26 characters of Crockford's base 32.
    Ulid,
    /// `xid`: 20 characters of `0-9a-v`, either case.
    Xid,
    /// `ksuid`: 27 ASCII letters and digits.
    Ksuid,
}

/// Every format, for tests and documentation.
pub const ALL: [Format; 22] = [
    Format::DateTime,
    Format::Date,
    Format::Time,
    Format::Duration,
    Format::Email,
    Format::Uuid,
    Format::Uri,
    Format::Hostname,
    Format::Ipv4,
    Format::Ipv6,
    Format::Cidr,
    Format::CidrV6,
    Format::Base64,
    Format::Base64Url,
    Format::E164,
    Format::Mac,
    Format::Nanoid,
    Format::Cuid,
    Format::Cuid2,
    Format::Ulid,
    Format::Xid,
    Format::Ksuid,
];

impl Format {
    /// The format a JSON Schema `format` keyword names, or `None` for one no check runs on
    /// (`int32`, `uri-reference`, a format of the author's own: documentation).
    pub fn from_keyword(keyword: &str) -> Option<Format> {
        ALL.into_iter().find(|format| format.keyword() == keyword)
    }

    /// The JSON Schema keyword, as the input schema advertises it.
    pub fn keyword(self) -> &'static str {
        match self {
            Format::DateTime => "date-time",
            Format::Date => "date",
            Format::Time => "time",
            Format::Duration => "duration",
            Format::Email => "email",
            Format::Uuid => "uuid",
            Format::Uri => "uri",
            Format::Hostname => "hostname",
            Format::Ipv4 => "ipv4",
            Format::Ipv6 => "ipv6",
            Format::Cidr => "cidr",
            Format::CidrV6 => "cidr-v6",
            Format::Base64 => "base64",
            Format::Base64Url => "base64url",
            Format::E164 => "e164",
            Format::Mac => "mac",
            Format::Nanoid => "nanoid",
            Format::Cuid => "cuid",
            Format::Cuid2 => "cuid2",
            Format::Ulid => "ulid",
            Format::Xid => "xid",
            Format::Ksuid => "ksuid",
        }
    }

    /// The variant's name, for code that writes a `Format` constant.
    pub fn variant_name(self) -> &'static str {
        match self {
            Format::DateTime => "DateTime",
            Format::Date => "Date",
            Format::Time => "Time",
            Format::Duration => "Duration",
            Format::Email => "Email",
            Format::Uuid => "Uuid",
            Format::Uri => "Uri",
            Format::Hostname => "Hostname",
            Format::Ipv4 => "Ipv4",
            Format::Ipv6 => "Ipv6",
            Format::Cidr => "Cidr",
            Format::CidrV6 => "CidrV6",
            Format::Base64 => "Base64",
            Format::Base64Url => "Base64Url",
            Format::E164 => "E164",
            Format::Mac => "Mac",
            Format::Nanoid => "Nanoid",
            Format::Cuid => "Cuid",
            Format::Cuid2 => "Cuid2",
            Format::Ulid => "Ulid",
            Format::Xid => "Xid",
            Format::Ksuid => "Ksuid",
        }
    }

    /// Whether `text` is a value of this format, as zod decides.
    pub fn is_valid(self, text: &str) -> bool {
        let patterns = &*PATTERNS;
        match self {
            Format::DateTime => patterns.date_time.is_match(text),
            Format::Date => patterns.date.is_match(text),
            Format::Time => patterns.time.is_match(text),
            Format::Duration => is_duration(text),
            // zod's `(?!\.)(?!.*\.\.)` before the pattern; its `.` stops at line breaks, which
            // the pattern refuses anyway.
            Format::Email => {
                !text.starts_with('.') && !text.contains("..") && patterns.email.is_match(text)
            }
            Format::Uuid => patterns.uuid.is_match(text),
            Format::Uri => is_url(text),
            Format::Hostname => is_hostname(text),
            Format::Ipv4 => patterns.ipv4.is_match(text),
            Format::Ipv6 => parse_ipv6(text).is_some(),
            Format::Cidr => patterns.cidr.is_match(text),
            Format::CidrV6 => is_cidr_v6(text),
            Format::Base64 => is_base64(text),
            Format::Base64Url => is_base64_url(text),
            Format::E164 => patterns.e164.is_match(text),
            Format::Mac => patterns.mac.is_match(text),
            Format::Nanoid => patterns.nanoid.is_match(text),
            Format::Cuid => patterns.cuid.is_match(text),
            Format::Cuid2 => patterns.cuid2.is_match(text),
            Format::Ulid => patterns.ulid.is_match(text),
            Format::Xid => patterns.xid.is_match(text),
            Format::Ksuid => patterns.ksuid.is_match(text),
        }
    }

    /// zod's message for a value that is not of this format (`Invalid ` and its English
    /// locale's name of the format).
    pub fn message(self) -> &'static str {
        match self {
            Format::DateTime => "Invalid ISO datetime",
            Format::Date => "Invalid ISO date",
            Format::Time => "Invalid ISO time",
            Format::Duration => "Invalid ISO duration",
            Format::Email => "Invalid email address",
            Format::Uuid => "Invalid UUID",
            Format::Uri => "Invalid URL",
            Format::Hostname => "Invalid hostname",
            Format::Ipv4 => "Invalid IPv4 address",
            Format::Ipv6 => "Invalid IPv6 address",
            Format::Cidr => "Invalid IPv4 range",
            Format::CidrV6 => "Invalid IPv6 range",
            Format::Base64 => "Invalid base64-encoded string",
            Format::Base64Url => "Invalid base64url-encoded string",
            Format::E164 => "Invalid E.164 number",
            Format::Mac => "Invalid MAC address",
            Format::Nanoid => "Invalid nanoid",
            Format::Cuid => "Invalid cuid",
            Format::Cuid2 => "Invalid cuid2",
            Format::Ulid => "Invalid ULID",
            Format::Xid => "Invalid XID",
            Format::Ksuid => "Invalid KSUID",
        }
    }

    /// Upstream's hint for the format, where its formatter has one (it names zod's `format`
    /// of the issue: `email`, `url`, `uuid`, `datetime`, `cuid`).
    pub fn hint(self) -> Option<&'static str> {
        match self {
            Format::DateTime => Some("Expected: an ISO 8601 datetime (e.g. 2024-01-15T10:30:00Z)."),
            Format::Email => Some("Expected: a valid email address (e.g. user@example.com)."),
            Format::Uuid => {
                Some("Expected: a valid UUID (e.g. 123e4567-e89b-12d3-a456-426614174000).")
            }
            Format::Uri => Some("Expected: a valid URL (e.g. https://example.com)."),
            Format::Cuid => Some("Expected: a valid CUID."),
            _ => None,
        }
    }

    /// Pushes the issue for `sent` at `path` when `text` (its string) is not of this format;
    /// zod goes on checking after it (`continue: true`).
    pub fn check(self, text: &str, sent: &Value, path: &str, issues: &mut Vec<FieldIssue>) {
        if self.is_valid(text) {
            return;
        }
        let mut issue = FieldIssue::new(path, self.message())
            .sent(Some(sent))
            .continuing();
        if let Some(hint) = self.hint() {
            issue = issue.hint(Hint::Other(hint.into()));
        }
        issues.push(issue);
    }
}

/// The compiled patterns, built on first use.
struct Patterns {
    date_time: Regex,
    date: Regex,
    time: Regex,
    duration: Regex,
    email: Regex,
    uuid: Regex,
    hostname: Regex,
    ipv4: Regex,
    cidr: Regex,
    e164: Regex,
    mac: Regex,
    nanoid: Regex,
    cuid: Regex,
    cuid2: Regex,
    ulid: Regex,
    xid: Regex,
    ksuid: Regex,
}

/// zod's `dateSource`: a calendar day that exists.
const DATE: &str = concat!(
    "(?:(?:[0-9][0-9][2468][048]|[0-9][0-9][13579][26]|[0-9][0-9]0[48]|[02468][048]00|",
    "[13579][26]00)-02-29|[0-9]{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12][0-9]|3[01])|",
    "(?:0[469]|11)-(?:0[1-9]|[12][0-9]|30)|(?:02)-(?:0[1-9]|1[0-9]|2[0-8])))"
);
/// zod's `timeSource` without a precision: minutes, optional seconds and fraction.
const TIME: &str = "(?:[01][0-9]|2[0-3]):[0-5][0-9](?::[0-5][0-9](?:\\.[0-9]+)?)?";
/// One IPv4 octet, as zod writes it.
const OCTET: &str = "(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])";

static PATTERNS: LazyLock<Patterns> = LazyLock::new(|| Patterns {
    date_time: anchored(&format!(
        "{DATE}T{TIME}(?:Z|[+-](?:[01][0-9]|2[0-3]):[0-5][0-9])"
    )),
    date: anchored(DATE),
    time: anchored(TIME),
    // zod's pattern without its lookaheads, which `is_duration` checks.
    duration: anchored(concat!(
        "P(?:[0-9]+W|(?:[0-9]+Y)?(?:[0-9]+M)?(?:[0-9]+D)?",
        "(?:T(?:[0-9]+H)?(?:[0-9]+M)?(?:[0-9]+(?:[.,][0-9]+)?S)?)?)"
    )),
    // zod's pattern without its lookaheads, which `Format::is_valid` checks.
    email: anchored(concat!(
        r"[A-Za-z0-9_'+\-.]*[A-Za-z0-9_+-]@",
        r"(?:[A-Za-z0-9][A-Za-z0-9\-]*\.)+[A-Za-z]{2,}"
    )),
    uuid: anchored(concat!(
        "[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[1-8][0-9a-fA-F]{3}-[89abAB][0-9a-fA-F]{3}-",
        "[0-9a-fA-F]{12}|00000000-0000-0000-0000-000000000000|",
        "ffffffff-ffff-ffff-ffff-ffffffffffff"
    )),
    // zod's pattern without its length lookahead, which `is_hostname` checks.
    hostname: anchored(concat!(
        "[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?",
        r"(?:\.[a-zA-Z0-9](?:[-0-9a-zA-Z]{0,61}[0-9a-zA-Z])?)*\.?"
    )),
    ipv4: anchored(&format!(r"(?:{OCTET}\.){{3}}{OCTET}")),
    cidr: anchored(&format!(
        r"(?:{OCTET}\.){{3}}{OCTET}/(?:[0-9]|[1-2][0-9]|3[0-2])"
    )),
    e164: anchored(r"\+[1-9][0-9]{6,14}"),
    mac: anchored("(?:[0-9A-F]{2}:){5}[0-9A-F]{2}|(?:[0-9a-f]{2}:){5}[0-9a-f]{2}"),
    nanoid: anchored("[a-zA-Z0-9_-]{21}"),
    cuid: anchored("[cC][0-9a-z]{6,}"),
    cuid2: anchored("[0-9a-z]+"),
    ulid: anchored("[0-9A-HJKMNP-TV-Za-hjkmnp-tv-z]{26}"),
    xid: anchored("[0-9a-vA-V]{20}"),
    ksuid: anchored("[A-Za-z0-9]{27}"),
});

fn anchored(source: &str) -> Regex {
    Regex::new(&format!("^(?:{source})$")).expect("the format patterns are valid")
}

/// zod's duration: `P` and weeks alone, or the pattern with its lookaheads: no `W` (the
/// pattern has none), a digit or `T` and a digit right after `P`, a digit right after `T`.
fn is_duration(text: &str) -> bool {
    let Some(rest) = text.strip_prefix('P') else {
        return false;
    };
    let digit_after = |s: &str| s.starts_with(|c: char| c.is_ascii_digit());
    let starts = digit_after(rest) || rest.strip_prefix('T').is_some_and(digit_after);
    let time_ok = rest.find('T').is_none_or(|at| digit_after(&rest[at + 1..]));
    let weeks = rest.ends_with('W');
    (weeks || (starts && time_ok)) && PATTERNS.duration.is_match(text)
}

/// zod's `(?=.{1,253}\.?$)`: at most 253 characters before an optional final dot.
fn is_hostname(text: &str) -> bool {
    let name = text.strip_suffix('.').unwrap_or(text);
    name.len() <= 253 && PATTERNS.hostname.is_match(text)
}

/// zod's `z.cidrv6()`: one `/`, a prefix written as JavaScript writes the number (no sign, no
/// leading zero) from 0 to 128, and an address [`parse_ipv6`] reads.
fn is_cidr_v6(text: &str) -> bool {
    let mut parts = text.split('/');
    let (Some(address), Some(prefix), None) = (parts.next(), parts.next(), parts.next()) else {
        return false;
    };
    let canonical = !prefix.is_empty()
        && prefix.bytes().all(|b| b.is_ascii_digit())
        && (prefix == "0" || !prefix.starts_with('0'));
    canonical
        && prefix.len() <= 3
        && prefix.parse::<u16>().is_ok_and(|p| p <= 128)
        && parse_ipv6(address).is_some()
}

/// Whether `c` is in the standard base64 alphabet.
fn base64_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || c == b'+' || c == b'/'
}

/// zod's `isValidBase64`: empty, or a length that is a multiple of 4 and what `atob` decodes
/// (the alphabet, then at most two `=`; `atob` does not look at the unused bits).
fn is_base64(text: &str) -> bool {
    if !text.len().is_multiple_of(4) {
        return false;
    }
    let body = text
        .strip_suffix("==")
        .or_else(|| text.strip_suffix('='))
        .unwrap_or(text);
    body.bytes().all(base64_char)
}

/// zod's `isValidBase64URL`: the URL-safe alphabet, which padded to a multiple of 4 is base64
/// (so never one character past a multiple of 4).
fn is_base64_url(text: &str) -> bool {
    text.bytes()
        .all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_')
        && text.len() % 4 != 1
}

/// The WHATWG URL standard's IPv6 parser (what zod's `new URL("http://[" + value + "]")` runs
/// on the value): eight 16-bit pieces, one `::` at most, an IPv4 address in the last two.
///
/// zod builds a URL around the value, so it also accepts a value the URL reads as more than a
/// host (`::1]/x`, a tab or line break inside, which the URL parser drops): here the value is
/// the address or refused.
pub(crate) fn parse_ipv6(text: &str) -> Option<[u16; 8]> {
    let input = text.as_bytes();
    let mut address = [0u16; 8];
    let mut piece = 0usize;
    let mut compress: Option<usize> = None;
    let mut at = 0usize;
    let peek = |at: usize| input.get(at).copied();
    if peek(at) == Some(b':') {
        if peek(at + 1) != Some(b':') {
            return None;
        }
        at += 2;
        piece += 1;
        compress = Some(piece);
    }
    while let Some(c) = peek(at) {
        if piece == 8 {
            return None;
        }
        if c == b':' {
            if compress.is_some() {
                return None;
            }
            at += 1;
            piece += 1;
            compress = Some(piece);
            continue;
        }
        let mut value: u32 = 0;
        let mut length = 0;
        while length < 4
            && let Some(digit) = peek(at).and_then(|c| (c as char).to_digit(16))
        {
            value = value * 0x10 + digit;
            at += 1;
            length += 1;
        }
        match peek(at) {
            Some(b'.') => {
                if length == 0 || piece > 6 {
                    return None;
                }
                at -= length;
                let mut numbers_seen = 0;
                while peek(at).is_some() {
                    if numbers_seen > 0 {
                        if peek(at) == Some(b'.') && numbers_seen < 4 {
                            at += 1;
                        } else {
                            return None;
                        }
                    }
                    let mut ipv4_piece: Option<u32> = None;
                    while let Some(digit) = peek(at).filter(u8::is_ascii_digit) {
                        let number = u32::from(digit - b'0');
                        ipv4_piece = match ipv4_piece {
                            None => Some(number),
                            Some(0) => return None,
                            Some(p) => Some(p * 10 + number),
                        };
                        if ipv4_piece > Some(255) {
                            return None;
                        }
                        at += 1;
                    }
                    let ipv4_piece = ipv4_piece?;
                    address[piece] = address[piece] * 0x100 + ipv4_piece as u16;
                    numbers_seen += 1;
                    if numbers_seen == 2 || numbers_seen == 4 {
                        piece += 1;
                    }
                }
                if numbers_seen != 4 {
                    return None;
                }
                break;
            }
            Some(b':') => {
                at += 1;
                peek(at)?;
            }
            Some(_) => return None,
            None => {}
        }
        address[piece] = value as u16;
        piece += 1;
    }
    match compress {
        Some(compress) => {
            // Move the pieces after `::` to the end.
            let mut swaps = piece - compress;
            piece = 7;
            while piece != 0 && swaps > 0 {
                address.swap(piece, compress + swaps - 1);
                piece -= 1;
                swaps -= 1;
            }
        }
        None if piece != 8 => return None,
        None => {}
    }
    Some(address)
}

/// The schemes the WHATWG URL standard calls special, but `file` (which takes any host).
const SPECIAL_SCHEMES: [&str; 5] = ["http", "https", "ws", "wss", "ftp"];

/// Whether JavaScript's `new URL(text.trim())` succeeds, as `z.url()` asks it.
///
/// The WHATWG parser's decisions that refuse an input without a base: a scheme (an ASCII
/// letter, then letters, digits, `+`, `-`, `.`) and `:`; for `http`, `https`, `ws`, `wss` and
/// `ftp`, a host that is not empty (after the slashes and backslashes the parser skips), holds
/// no forbidden code point once percent-decoded, is an IPv4 address when its last label is a
/// number (decimal, octal `0…` or hex `0x…` parts, as the parser reads them), or an IPv6
/// address between brackets, and a port of at most 65535; for `file` and another scheme with
/// an authority (`//`), a host without forbidden host code points and the same port rule. Not
/// decided here, so accepted: IDNA of a non-ASCII host and of `xn--` labels (the standard maps
/// and validates them, refusing a few).
fn is_url(text: &str) -> bool {
    // JavaScript's `trim()`: White_Space and the BOM.
    let trimmed = text.trim_matches(|c: char| c.is_whitespace() || c == '\u{feff}');
    // The URL parser's own clean-up: C0 controls and spaces at the ends, tabs and line breaks
    // anywhere.
    let cleaned: String = trimmed
        .trim_matches(|c: char| c <= ' ')
        .chars()
        .filter(|c| !matches!(c, '\t' | '\n' | '\r'))
        .collect();
    let Some((scheme, rest)) = cleaned.split_once(':') else {
        return false;
    };
    let mut scheme_chars = scheme.chars();
    let scheme_ok = scheme_chars.next().is_some_and(|c| c.is_ascii_alphabetic())
        && scheme_chars.all(|c| c.is_ascii_alphanumeric() || matches!(c, '+' | '-' | '.'));
    if !scheme_ok {
        return false;
    }
    let scheme = scheme.to_ascii_lowercase();
    if SPECIAL_SCHEMES.contains(&scheme.as_str()) {
        // A special URL skips any run of slashes and backslashes before its authority.
        let authority = rest.trim_start_matches(['/', '\\']);
        let end = authority
            .find(['/', '\\', '?', '#'])
            .unwrap_or(authority.len());
        return authority_ok(&authority[..end], true);
    }
    let authority = if scheme == "file" {
        rest.strip_prefix("//")
            .or_else(|| rest.strip_prefix("\\\\"))
            .map(|after| {
                let end = after.find(['/', '\\', '?', '#']).unwrap_or(after.len());
                &after[..end]
            })
    } else {
        rest.strip_prefix("//").map(|after| {
            let end = after.find(['/', '?', '#']).unwrap_or(after.len());
            &after[..end]
        })
    };
    match authority {
        // A file URL's host has no credentials or port: the standard reads them as the host.
        Some(host) if scheme == "file" => {
            host.is_empty() || host_ok(host, true) && !host.contains(['@', ':'])
        }
        Some(authority) => authority_ok(authority, false),
        // An opaque path (`mailto:…`, `urn:…`) takes anything.
        None => true,
    }
}

/// An authority: credentials up to the last `@`, then the host and an optional port.
fn authority_ok(authority: &str, special: bool) -> bool {
    let host_port = authority
        .rsplit_once('@')
        .map_or(authority, |(_, after)| after);
    // No host after credentials, or none before a port: "host-missing", for any scheme.
    if (special || authority.contains('@')) && host_port.is_empty() || host_port.starts_with(':') {
        return false;
    }
    let (host, port) = if host_port.starts_with('[') {
        match host_port.find(']') {
            Some(end) => (&host_port[..=end], &host_port[end + 1..]),
            None => return false,
        }
    } else {
        match host_port.find(':') {
            Some(colon) => (&host_port[..colon], &host_port[colon..]),
            None => (host_port, ""),
        }
    };
    let port_ok = match port.strip_prefix(':') {
        None => port.is_empty(),
        Some(digits) => {
            digits.bytes().all(|b| b.is_ascii_digit())
                && digits
                    .trim_start_matches('0')
                    .parse::<u32>()
                    .map_or(digits.trim_start_matches('0').is_empty(), |p| p <= 65535)
        }
    };
    port_ok && (host.is_empty() && !special || host_ok(host, special))
}

/// A host: an IPv6 address between brackets, or (special) a domain or IPv4 address, or (not
/// special) an opaque host.
fn host_ok(host: &str, special: bool) -> bool {
    if let Some(inner) = host.strip_prefix('[') {
        return inner
            .strip_suffix(']')
            .is_some_and(|address| parse_ipv6(address).is_some());
    }
    let forbidden_host = |c: char| {
        matches!(
            c,
            '\0' | '\t'
                | '\n'
                | '\r'
                | ' '
                | '#'
                | '/'
                | ':'
                | '<'
                | '>'
                | '?'
                | '@'
                | '['
                | '\\'
                | ']'
                | '^'
                | '|'
        )
    };
    if !special {
        return !host.contains(forbidden_host);
    }
    let Some(domain) = percent_decode(host) else {
        // Decoded bytes that are not UTF-8 fail the domain-to-ASCII step.
        return false;
    };
    if domain.is_empty()
        || domain.contains(|c: char| {
            forbidden_host(c) || c.is_ascii_control() || c == '%' || c == '\u{7f}'
        })
    {
        return false;
    }
    let domain = domain.to_ascii_lowercase();
    if ends_in_a_number(&domain) {
        return parse_ipv4_host(&domain);
    }
    true
}

/// `%XX` decoded to bytes (a `%` not followed by two hex digits stays), read as UTF-8.
fn percent_decode(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut at = 0;
    while at < bytes.len() {
        let hex = |i: usize| bytes.get(i).and_then(|b| (*b as char).to_digit(16));
        match (bytes[at], hex(at + 1), hex(at + 2)) {
            (b'%', Some(high), Some(low)) => {
                out.push((high * 16 + low) as u8);
                at += 3;
            }
            (byte, _, _) => {
                out.push(byte);
                at += 1;
            }
        }
    }
    String::from_utf8(out).ok()
}

/// The standard's "ends in a number": the last label (a final empty one dropped) is decimal
/// digits or `0x` and hex digits.
fn ends_in_a_number(domain: &str) -> bool {
    let mut labels: Vec<&str> = domain.split('.').collect();
    if labels.last() == Some(&"") {
        if labels.len() == 1 {
            return false;
        }
        labels.pop();
    }
    let last = labels.last().copied().unwrap_or("");
    if !last.is_empty() && last.bytes().all(|b| b.is_ascii_digit()) {
        return true;
    }
    last.strip_prefix("0x")
        .is_some_and(|hex| hex.bytes().all(|b| b.is_ascii_hexdigit()))
}

/// The standard's IPv4 parser on a host that ends in a number: at most four parts, each
/// decimal, octal (`0` first) or hex (`0x`); all but the last at most 255, the last filling
/// what the others leave.
fn parse_ipv4_host(domain: &str) -> bool {
    let mut parts: Vec<&str> = domain.split('.').collect();
    if parts.last() == Some(&"") && parts.len() > 1 {
        parts.pop();
    }
    if parts.len() > 4 {
        return false;
    }
    let mut numbers = Vec::with_capacity(parts.len());
    for part in &parts {
        let (digits, radix) = if let Some(hex) = part.strip_prefix("0x") {
            (hex, 16)
        } else if part.len() > 1 && part.starts_with('0') {
            (&part[1..], 8)
        } else {
            (*part, 10)
        };
        if part.is_empty() {
            return false;
        }
        let value = if digits.is_empty() {
            0
        } else if digits.chars().all(|c| c.is_digit(radix)) {
            // Past 2^32 it fails below whatever its exact value.
            u64::from_str_radix(digits, radix).unwrap_or(u64::MAX)
        } else {
            return false;
        };
        numbers.push(value);
    }
    let (last, rest) = numbers.split_last().expect("split yields a part");
    rest.iter().all(|n| *n <= 255) && *last < 256u64.pow(5 - numbers.len() as u32)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn check(format: Format, valid: &[&str], invalid: &[&str]) {
        for text in valid {
            assert!(format.is_valid(text), "{format:?} should accept {text:?}");
        }
        for text in invalid {
            assert!(!format.is_valid(text), "{format:?} should refuse {text:?}");
        }
    }

    #[test]
    fn keywords_round_trip() {
        for format in ALL {
            assert_eq!(Format::from_keyword(format.keyword()), Some(format));
        }
        assert_eq!(Format::from_keyword("uri-reference"), None);
        assert_eq!(Format::from_keyword("guid"), None);
        assert_eq!(Format::from_keyword("int32"), None);
        assert_eq!(Format::from_keyword("Email"), None);
    }

    #[test]
    fn ipv6_reads_as_the_url_standard() {
        assert_eq!(parse_ipv6("::1"), Some([0, 0, 0, 0, 0, 0, 0, 1]));
        assert_eq!(parse_ipv6("1:2::8"), Some([1, 2, 0, 0, 0, 0, 0, 8]));
        assert_eq!(
            parse_ipv6("::ffff:192.168.0.1"),
            Some([0, 0, 0, 0, 0, 0xffff, 0xc0a8, 1])
        );
        check(
            Format::Ipv6,
            &[
                "::",
                "1::",
                "1:2:3:4:5:6:7:8",
                "1:2:3:4:5:6:7::",
                "::2:3:4:5:6:7:8",
                "ABCD::ef",
            ],
            &[
                "",
                ":",
                ":1",
                "1:",
                "1:::2",
                "1::2::3",
                "12345::",
                "1:2:3:4:5:6:7:8:9",
                "::01.2.3.4",
                "::1.2.3",
                "[::1]",
                "::1]/x",
                "::1%eth0",
            ],
        );
    }

    #[test]
    fn url_hosts() {
        check(
            Format::Uri,
            &[
                "http://127.1/",
                "http://0x7f.0.0.1/",
                "http://999999999/",
                "http://ex%41mple.com/",
                "file:///etc/hosts",
                "file://host/x",
                "foo://h:1/x",
                "foo:",
                "http:\\\\example.com",
            ],
            &[
                "http://4294967296/",
                "http://1.2.3.256/",
                "http://a%20b/",
                "http://[::1/",
                "http://h:65536/",
                "http://h:x/",
                "foo://a b/",
                "file://a b/",
            ],
        );
    }
}
