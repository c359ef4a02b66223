//! Ed25519 signatures of the lockfile (feature `sign`, which the command line enables): a
//! deployment can refuse a surface nobody signed.
//!
//! The signature is detached: `<lockfile>.sig` holds `ed25519:` and the 64-byte signature of the
//! lockfile's exact bytes in hex, then a newline. The lockfile itself stays canonical (its bytes
//! are what `lock` writes, whoever signs it, so `--check` and review diffs are unchanged) and a
//! signature cannot sign itself. Ed25519 signatures are deterministic: the same key and lockfile
//! give the same `.sig`.
//!
//! Key files, told apart by their content:
//! - a secret key: 64 hex digits (the 32-byte seed, e.g. `openssl rand -hex 32`), the 32 raw
//!   bytes, or unencrypted PKCS#8 in PEM (`-----BEGIN PRIVATE KEY-----`, what
//!   `openssl genpkey -algorithm ed25519` writes) or DER;
//! - a public key: 64 hex digits, the 32 raw bytes, or SubjectPublicKeyInfo in PEM
//!   (`-----BEGIN PUBLIC KEY-----`, `openssl pkey -in key.pem -pubout`) or DER.
//!
//! Surrounding whitespace (a final newline) is ignored in the text forms. No I/O here.

use std::fmt;

use ed25519_dalek::pkcs8::{DecodePrivateKey, DecodePublicKey};
use ed25519_dalek::{Signature, Signer};
use zeroize::Zeroizing;

/// What a signature file starts with.
const PREFIX: &str = "ed25519:";

/// How to make a key, in every "not a key" message.
const FORMATS: &str = "expected 64 hex digits, 32 raw bytes, or PEM/DER";

/// A secret signing key (wiped from memory when dropped).
pub struct SecretKey(ed25519_dalek::SigningKey);

/// A public key that verifies signatures.
#[derive(Clone, PartialEq, Eq)]
pub struct PublicKey(ed25519_dalek::VerifyingKey);

impl fmt::Debug for SecretKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Never the secret: only whose it is.
        write!(f, "SecretKey(public {})", self.public())
    }
}

impl fmt::Debug for PublicKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "PublicKey({self})")
    }
}

/// The public key in hex: the form `--verify` reads, and what `--sign` prints.
impl fmt::Display for PublicKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&hex(self.0.as_bytes()))
    }
}

impl SecretKey {
    /// Reads a secret key file's bytes (the formats of the module docs).
    ///
    /// # Errors
    /// When the bytes are none of those forms, or a public key.
    pub fn parse(bytes: &[u8]) -> Result<SecretKey, String> {
        let text = std::str::from_utf8(bytes).map(str::trim).ok();
        if let Some(text) = text.filter(|t| t.starts_with("-----BEGIN")) {
            if text.starts_with("-----BEGIN PUBLIC KEY-----") {
                return Err("a public key, not a secret key: sign with the private key".into());
            }
            if text.starts_with("-----BEGIN ENCRYPTED PRIVATE KEY-----") {
                return Err(
                    "an encrypted private key; decrypt it first (`openssl pkey -in KEY -out PLAIN`)"
                        .into(),
                );
            }
            return ed25519_dalek::SigningKey::from_pkcs8_pem(text)
                .map(SecretKey)
                .map_err(|e| format!("not an Ed25519 private key in PKCS#8 PEM ({e})"));
        }
        if let Some(seed) = text.and_then(hex32) {
            return Ok(SecretKey(ed25519_dalek::SigningKey::from_bytes(&seed)));
        }
        if let Ok(seed) = <[u8; 32]>::try_from(bytes) {
            return Ok(SecretKey(ed25519_dalek::SigningKey::from_bytes(&seed)));
        }
        ed25519_dalek::SigningKey::from_pkcs8_der(bytes)
            .map(SecretKey)
            .map_err(|_| format!("not an Ed25519 secret key ({FORMATS})"))
    }

    /// The public key of this secret key.
    pub fn public(&self) -> PublicKey {
        PublicKey(self.0.verifying_key())
    }

    /// The signature file's text for `lockfile` (its exact bytes): `ed25519:`, 128 hex digits,
    /// a newline.
    pub fn sign(&self, lockfile: &[u8]) -> String {
        format!("{PREFIX}{}\n", hex(&self.0.sign(lockfile).to_bytes()))
    }
}

impl PublicKey {
    /// Reads a public key file's bytes (the formats of the module docs).
    ///
    /// # Errors
    /// When the bytes are none of those forms, a secret key, or not a point of the curve.
    pub fn parse(bytes: &[u8]) -> Result<PublicKey, String> {
        let text = std::str::from_utf8(bytes).map(str::trim).ok();
        if let Some(text) = text.filter(|t| t.starts_with("-----BEGIN")) {
            if text.contains("PRIVATE KEY-----") {
                return Err(
                    "a private key, not a public key: give the public key (`openssl pkey -in KEY -pubout`)"
                        .into(),
                );
            }
            return ed25519_dalek::VerifyingKey::from_public_key_pem(text)
                .map(PublicKey)
                .map_err(|e| format!("not an Ed25519 public key in PEM ({e})"));
        }
        let raw = text
            .and_then(hex32)
            .map(|seed| *seed)
            .or_else(|| <[u8; 32]>::try_from(bytes).ok());
        if let Some(raw) = raw {
            return ed25519_dalek::VerifyingKey::from_bytes(&raw)
                .map(PublicKey)
                .map_err(|_| "not an Ed25519 public key (not a point of the curve)".into());
        }
        ed25519_dalek::VerifyingKey::from_public_key_der(bytes)
            .map(PublicKey)
            .map_err(|_| format!("not an Ed25519 public key ({FORMATS})"))
    }

    /// Checks the signature file's text against the lockfile's exact bytes (strict Ed25519:
    /// small-order keys and non-canonical signatures are refused).
    ///
    /// # Errors
    /// [`Invalid::Malformed`] when the text is not a signature file, [`Invalid::Mismatch`] when
    /// the signature is not this key's over these bytes.
    pub fn verify(&self, lockfile: &[u8], signature: &str) -> Result<(), Invalid> {
        let body = signature
            .trim_end()
            .strip_prefix(PREFIX)
            .ok_or(Invalid::Malformed)?;
        let bytes = unhex(body).ok_or(Invalid::Malformed)?;
        let bytes = <[u8; 64]>::try_from(bytes.as_slice()).map_err(|_| Invalid::Malformed)?;
        self.0
            .verify_strict(lockfile, &Signature::from_bytes(&bytes))
            .map_err(|_| Invalid::Mismatch)
    }
}

/// Why a signature was refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Invalid {
    /// The text is not `ed25519:` and 128 hex digits.
    Malformed,
    /// A signature, but not of these bytes by this key.
    Mismatch,
}

/// 64 hex digits as 32 bytes (wiped when dropped: they may be a secret seed).
fn hex32(text: &str) -> Option<Zeroizing<[u8; 32]>> {
    let bytes = Zeroizing::new(unhex(text)?);
    let mut out = Zeroizing::new([0u8; 32]);
    (bytes.len() == 32).then(|| {
        out.copy_from_slice(&bytes);
        out
    })
}

fn unhex(text: &str) -> Option<Vec<u8>> {
    if !text.len().is_multiple_of(2) {
        return None;
    }
    text.as_bytes()
        .chunks(2)
        .map(|pair| {
            let digit = |c: u8| (c as char).to_digit(16);
            Some((digit(pair[0])? * 16 + digit(pair[1])?) as u8)
        })
        .collect()
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// RFC 8032, section 7.1, test 1: the empty message.
    const SEED: &str = "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60";
    const PUBLIC: &str = "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a";
    const SIGNATURE: &str = "e5564300c360ac729086e2cc806e828a84877f1eb8e5d974d873e065224901555fb8821590a33bacc61e39701cf9b46bd25bf5f0595bbe24655141438e7a100b";

    #[test]
    fn the_rfc_8032_vector_signs_and_verifies() {
        let key = SecretKey::parse(format!("{SEED}\n").as_bytes()).expect("hex seed");
        assert_eq!(key.public().to_string(), PUBLIC);
        let text = key.sign(b"");
        assert_eq!(text, format!("ed25519:{SIGNATURE}\n"));
        let public = PublicKey::parse(PUBLIC.as_bytes()).expect("hex public key");
        assert_eq!(public.verify(b"", &text), Ok(()));
        assert_eq!(public.verify(b"x", &text), Err(Invalid::Mismatch));
        assert_eq!(public.verify(b"", SIGNATURE), Err(Invalid::Malformed));
        assert_eq!(public.verify(b"", "ed25519:00"), Err(Invalid::Malformed));
    }

    #[test]
    fn raw_bytes_and_der_are_keys_too() {
        let seed = unhex(SEED).expect("hex");
        let key = SecretKey::parse(&seed).expect("raw seed");
        assert_eq!(key.public().to_string(), PUBLIC);
        // PKCS#8 v1 as `openssl genpkey` writes it: a fixed 16-byte prefix, then the seed.
        let der = [
            unhex("302e020100300506032b657004220420").expect("hex"),
            seed,
        ]
        .concat();
        assert_eq!(
            SecretKey::parse(&der).expect("DER").public().to_string(),
            PUBLIC
        );
        let spki = [
            unhex("302a300506032b6570032100").expect("hex"),
            unhex(PUBLIC).expect("hex"),
        ]
        .concat();
        assert_eq!(PublicKey::parse(&spki).expect("DER").to_string(), PUBLIC);
    }

    #[test]
    fn other_text_is_not_a_key() {
        assert_eq!(
            SecretKey::parse(b"hello").map(|_| ()),
            Err(
                "not an Ed25519 secret key (expected 64 hex digits, 32 raw bytes, or PEM/DER)"
                    .into()
            )
        );
        assert!(PublicKey::parse(&[0u8; 31]).is_err());
    }
}
