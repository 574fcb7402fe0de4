//! Accounts: names, passwords, session tokens and cookies.
//!
//! - A name is shown as typed (spaces and accents allowed) but is unique by its [`name_key`]: NFKC, case
//!   folded and with look-alike letters folded together (Unicode TS #39 skeletons), so `Anton`, `ANTON` and
//!   `Аnton` with a Cyrillic А are one name. Sign-in looks names up by key, so it ignores case too.
//! - Passwords are hashed with Argon2id on a small pool of blocking threads ([`Passwords`]), never on the
//!   threads that answer requests; a sign-in for a name nobody has checks a dummy hash, so both take as long.
//! - Session tokens are 256 random bits; the database keeps only their SHA-256 ([`token_hash`]).

use std::sync::Arc;

use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use axum::http::HeaderMap;
use sha2::{Digest, Sha256};
use tokio::sync::Semaphore;
use unicode_normalization::UnicodeNormalization;
use unicode_security::confusable_detection::skeleton;

use crate::text::without_bidi_controls;

/// The session cookie's name.
pub const SESSION_COOKIE: &str = "imperia_session";
/// How long a session lasts without being used, and how long its cookie is kept.
pub const SESSION_IDLE_SECONDS: i64 = 30 * 24 * 3600;
/// The shortest and longest names, in characters.
pub const NAME_CHARS: std::ops::RangeInclusive<usize> = 3..=32;
/// The shortest and longest passwords, in characters (Argon2 takes any length; a bound keeps requests cheap).
pub const PASSWORD_CHARS: std::ops::RangeInclusive<usize> = 8..=128;

/// A random token: 256 bits from the operating system, as hex.
pub fn token() -> Result<String, String> {
    let mut bytes = [0u8; 32];
    getrandom::fill(&mut bytes).map_err(|e| format!("no randomness available: {e}"))?;
    Ok(hex(&bytes))
}

/// A seed from the operating system's CSPRNG: the server never lets a client choose one, since the seed
/// decides every hidden card.
pub fn seed() -> Result<u64, String> {
    let mut bytes = [0u8; 8];
    getrandom::fill(&mut bytes).map_err(|e| format!("no randomness available: {e}"))?;
    Ok(u64::from_le_bytes(bytes))
}

/// What the database keeps of a session token.
pub fn token_hash(token: &str) -> String {
    hex(&Sha256::digest(token.as_bytes()))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Password hashing off the request threads: at most `threads` hashes at once, the rest wait their turn.
#[derive(Clone)]
pub struct Passwords {
    permits: Arc<Semaphore>,
    /// Checked in place of a real hash when a name has no account, so that sign-in takes as long either way.
    dummy: Arc<str>,
}

impl Passwords {
    pub fn new(threads: usize) -> Result<Passwords, String> {
        Ok(Passwords {
            permits: Arc::new(Semaphore::new(threads.max(1))),
            dummy: hash_password("no such account")?.into(),
        })
    }

    pub async fn hash(&self, password: &str) -> Result<String, String> {
        let password = password.to_string();
        self.blocking(move || hash_password(&password)).await.unwrap_or_else(Err)
    }

    /// Whether `password` matches `hash`; with no hash, a dummy is checked and the answer is no.
    pub async fn verify(&self, password: &str, hash: Option<&str>) -> bool {
        let (password, real) = (password.to_string(), hash.is_some());
        let hash = hash.map_or_else(|| self.dummy.to_string(), str::to_string);
        let matched = self.blocking(move || verify_password(&password, &hash)).await.unwrap_or(false);
        matched && real
    }

    async fn blocking<T: Send + 'static>(&self, work: impl FnOnce() -> T + Send + 'static) -> Result<T, String> {
        let _permit = self.permits.acquire().await.map_err(|e| e.to_string())?;
        tokio::task::spawn_blocking(work).await.map_err(|e| e.to_string())
    }
}

fn hash_password(password: &str) -> Result<String, String> {
    let mut salt = [0u8; 16];
    getrandom::fill(&mut salt).map_err(|e| format!("no randomness available: {e}"))?;
    let salt = SaltString::encode_b64(&salt).map_err(|e| e.to_string())?;
    Argon2::default().hash_password(password.as_bytes(), &salt).map(|h| h.to_string()).map_err(|e| e.to_string())
}

fn verify_password(password: &str, hash: &str) -> bool {
    PasswordHash::new(hash).is_ok_and(|h| Argon2::default().verify_password(password.as_bytes(), &h).is_ok())
}

/// The session token in the request's cookies.
pub fn session_token(headers: &HeaderMap) -> Option<String> {
    headers
        .get_all(axum::http::header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|kv| kv.trim().split_once('='))
        .find(|(k, _)| *k == SESSION_COOKIE)
        .map(|(_, v)| v.to_string())
}

/// The `Set-Cookie` value that starts (or renews) a session: HttpOnly, SameSite=Strict, and `Secure` when
/// the server is reached over HTTPS.
pub fn session_cookie(token: &str, secure: bool) -> String {
    let secure = if secure { "; Secure" } else { "" };
    format!("{SESSION_COOKIE}={token}; HttpOnly; SameSite=Strict; Path=/; Max-Age={SESSION_IDLE_SECONDS}{secure}")
}

/// The `Set-Cookie` value that ends one.
pub fn clear_cookie(secure: bool) -> String {
    let secure = if secure { "; Secure" } else { "" };
    format!("{SESSION_COOKIE}=; HttpOnly; SameSite=Strict; Path=/; Max-Age=0{secure}")
}

/// The name as it will be shown: without bidirectional controls (`crate::text`), trimmed, NFC, and checked,
/// or what is wrong with it.
pub fn display_name(name: &str) -> Result<String, String> {
    let typed = name;
    let name: String = without_bidi_controls(name).trim().nfc().collect();
    if name.is_empty() && typed.chars().any(crate::text::is_bidi_control) {
        return Err("a name needs letters or digits: it holds only direction controls, which are not shown".into());
    }
    if !NAME_CHARS.contains(&name.chars().count()) {
        return Err(format!("a name has {} to {} characters", NAME_CHARS.start(), NAME_CHARS.end()));
    }
    let allowed = |c: char| c.is_alphanumeric() || matches!(c, ' ' | '_' | '-' | '.' | '\'') || is_mark(c);
    if !name.chars().all(allowed) {
        return Err("a name has only letters, digits, spaces and the marks _ - . '".into());
    }
    if !name.chars().next().is_some_and(char::is_alphanumeric) || name.contains("  ") {
        return Err("a name starts with a letter or digit and has no two spaces in a row".into());
    }
    Ok(name)
}

/// Combining marks (accents typed as a separate character).
fn is_mark(c: char) -> bool {
    matches!(c as u32, 0x0300..=0x036f | 0x1ab0..=0x1aff | 0x1dc0..=0x1dff | 0x20d0..=0x20ff | 0xfe20..=0xfe2f)
}

/// What makes two names the same: compatibility-normalised, case-folded, and with letters that look alike
/// (Latin a and Cyrillic а, l and I, rn and m) folded to one. The look-alikes are folded in capitals first,
/// so that `i`, `I` and `l` are one letter whatever the case typed (folding `I` to `l` but leaving `i`
/// would make `Ivan` and `ivan` two names), then once more after the case fold.
pub fn name_key(name: &str) -> String {
    let capitals: String = without_bidi_controls(name).trim().nfkc().collect::<String>().to_uppercase();
    let folded: String = skeleton(&capitals).collect::<String>().to_lowercase();
    skeleton(&folded).collect()
}

/// Check a new password, saying what is wrong: its length, and whether it is common or easily guessed
/// (zxcvbn's estimate, which knows the most common passwords and the account's own name).
pub fn check_password(password: &str, name: &str) -> Result<(), String> {
    let chars = password.chars().count();
    if chars < *PASSWORD_CHARS.start() {
        return Err(format!("a password has at least {} characters", PASSWORD_CHARS.start()));
    }
    if chars > *PASSWORD_CHARS.end() {
        return Err(format!("a password has at most {} characters", PASSWORD_CHARS.end()));
    }
    let estimate = zxcvbn::zxcvbn(password, &[name]);
    if u8::from(estimate.score()) < 2 {
        let why = estimate.feedback().and_then(|f| f.warning()).map_or_else(String::new, |w| format!(" ({w})"));
        return Err(format!("that password is too common or too easy to guess{why}; choose another"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn passwords_hash_and_verify() {
        let passwords = Passwords::new(1).expect("a pool");
        let hash = passwords.hash("correct horse").await.expect("hash");
        assert!(hash.starts_with("$argon2id$"));
        assert!(passwords.verify("correct horse", Some(&hash)).await);
        assert!(!passwords.verify("wrong horse", Some(&hash)).await);
        assert!(!passwords.verify("correct horse", Some("not a hash")).await);
        assert!(!passwords.verify("no such account", None).await, "the dummy never signs anyone in");
    }

    #[test]
    fn tokens_are_random_and_stored_hashed() {
        let (a, b) = (token().expect("token"), token().expect("token"));
        assert_eq!(a.len(), 64);
        assert_ne!(a, b);
        assert_eq!(token_hash(&a).len(), 64);
        assert_ne!(token_hash(&a), a);
        assert_eq!(token_hash(&a), token_hash(&a));
    }

    #[test]
    fn names_are_shown_as_typed_and_compared_by_key() {
        assert_eq!(display_name("  José María ").as_deref(), Ok("José María"));
        assert_eq!(display_name("O'Neil-2").as_deref(), Ok("O'Neil-2"));
        assert!(display_name("an").is_err());
        assert!(display_name("two  spaces").is_err());
        assert!(display_name("_anton").is_err());
        assert!(display_name("an<b>ton").is_err());
        assert!(display_name(&"x".repeat(33)).is_err());
        assert_eq!(display_name("\u{202E}notna\u{202C}").as_deref(), Ok("notna"), "direction controls go");
        assert!(display_name("\u{202E}\u{202E}\u{202E}").is_err_and(|e| e.contains("only direction controls")));
        assert_eq!(name_key("ant\u{200F}on"), name_key("anton"));
        // Case, compatibility forms and look-alikes from other scripts are one name.
        assert_eq!(name_key("Anton"), name_key("anton"));
        assert_eq!(name_key("ANTON"), name_key("anton"));
        assert_eq!(name_key("\u{0410}nton"), name_key("Anton"), "Cyrillic А");
        assert_eq!(name_key("ａｎｔｏｎ"), name_key("anton"), "full-width letters");
        assert_eq!(name_key("Jose\u{301}"), name_key("José"), "a combining accent");
        assert_eq!(name_key("AntonI"), name_key("Antonl"), "capital I and small l");
        assert_eq!(name_key("Ivan"), name_key("ivan"), "capital I and small i");
        assert_eq!(name_key("RITA"), name_key("rita"));
        assert_eq!(name_key("Straße"), name_key("STRASSE"));
        assert_eq!(name_key("modern"), name_key("modem"), "rn and m");
        assert_ne!(name_key("anton"), name_key("boris"));
    }

    #[test]
    fn passwords_must_be_long_and_uncommon() {
        assert!(check_password("short", "anton").is_err());
        assert!(check_password(&"x".repeat(129), "anton").is_err());
        assert!(check_password("password", "anton").is_err());
        assert!(check_password("12345678", "anton").is_err());
        assert!(check_password("anton1234", "anton").is_err(), "the account's own name");
        assert!(check_password("a long password", "anton").is_ok());
        assert!(check_password("violet tractor umbrella", "anton").is_ok());
    }
}
