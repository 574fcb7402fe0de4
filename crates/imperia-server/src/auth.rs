//! Accounts: Argon2id password hashes, random session and invitation tokens, and who is calling.

use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use axum::http::HeaderMap;

/// The session cookie's name.
pub const SESSION_COOKIE: &str = "imperia_session";
/// The header (or `invite` query parameter) carrying an invitation token.
pub const INVITE_HEADER: &str = "x-imperia-invite";

/// A random token: 128 bits from the operating system, as hex.
pub fn token() -> Result<String, String> {
    let mut bytes = [0u8; 16];
    getrandom::fill(&mut bytes).map_err(|e| format!("no randomness available: {e}"))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

pub fn hash_password(password: &str) -> Result<String, String> {
    let mut salt = [0u8; 16];
    getrandom::fill(&mut salt).map_err(|e| format!("no randomness available: {e}"))?;
    let salt = SaltString::encode_b64(&salt).map_err(|e| e.to_string())?;
    Argon2::default().hash_password(password.as_bytes(), &salt).map(|h| h.to_string()).map_err(|e| e.to_string())
}

pub fn verify_password(password: &str, hash: &str) -> bool {
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

/// The `Set-Cookie` value that starts a session (HttpOnly, SameSite=Lax, a year long).
pub fn session_cookie(token: &str) -> String {
    format!("{SESSION_COOKIE}={token}; HttpOnly; SameSite=Lax; Path=/; Max-Age=31536000")
}

/// The `Set-Cookie` value that ends one.
pub fn clear_cookie() -> String {
    format!("{SESSION_COOKIE}=; HttpOnly; SameSite=Lax; Path=/; Max-Age=0")
}

/// Check a new account's name and password, saying what is wrong.
pub fn check_credentials(name: &str, password: &str) -> Result<(), String> {
    if !(3..=32).contains(&name.chars().count()) {
        return Err("a name has 3 to 32 characters".into());
    }
    if !name.chars().all(|c| c.is_alphanumeric() || c == '_' || c == '-' || c == '.') {
        return Err("a name has only letters, digits, '_', '-' and '.'".into());
    }
    if password.chars().count() < 8 {
        return Err("a password has at least 8 characters".into());
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passwords_hash_and_verify() {
        let hash = hash_password("correct horse").expect("hash");
        assert!(hash.starts_with("$argon2id$"));
        assert!(verify_password("correct horse", &hash));
        assert!(!verify_password("wrong horse", &hash));
        assert!(!verify_password("correct horse", "not a hash"));
    }

    #[test]
    fn tokens_are_random() {
        let (a, b) = (token().expect("token"), token().expect("token"));
        assert_eq!(a.len(), 32);
        assert_ne!(a, b);
    }

    #[test]
    fn credentials() {
        assert!(check_credentials("anton", "password1").is_ok());
        assert!(check_credentials("an", "password1").is_err());
        assert!(check_credentials("an ton", "password1").is_err());
        assert!(check_credentials("anton", "short").is_err());
    }
}
