//! The browser UI: the files of `web/` at the workspace root, embedded in the binary when it is built
//! (`build.rs` lists them), so running the server needs nothing beside it (ARCHITECTURE.md §5).
//!
//! Each file is served with its content type and an ETag, and `Cache-Control: no-cache`: browsers keep
//! a copy but ask each time whether it changed, which costs a 304 and never leaves a stale UI after an
//! upgrade. Files go out gzipped to browsers that take it ([`routes`]); only these files, never the API's
//! answers, which hold players' secrets beside text others chose (compression would let an attacker
//! guess the one from the size of the other: BREACH). `/` is `index.html`; the UI routes inside the page (`#/game/12`), so no other path needs it. A
//! browser that asks for a page at any other path (an old link, `/games/12`) gets `index.html` with a 404,
//! and the page says, in the app's own words, that there is no such page; a script or a client asking for
//! anything else gets the JSON 404 every API error has.
//!
//! For work on the UI, `imperia serve --web-dir web` reads the folder's files once at start in place of
//! the embedded copy ([`use_folder`]): a restart, not a rebuild, shows a change.

use std::path::Path;
use std::sync::OnceLock;

use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};

use crate::error::ApiError;

/// One embedded file.
pub struct WebFile {
    /// Its URL path, `/index.html`.
    pub path: &'static str,
    pub body: &'static [u8],
    /// A quoted hash of the content.
    pub etag: &'static str,
}

include!(concat!(env!("OUT_DIR"), "/web_files.rs"));

/// The files read from a folder at start, when the server was told to serve one.
static FOLDER: OnceLock<&'static [WebFile]> = OnceLock::new();

/// Serve the UI from the files under `dir`, read now, in place of the embedded ones. Once per process;
/// returns how many files were read. The files are kept for the life of the process, as embedded ones are.
pub fn use_folder(dir: &Path) -> std::io::Result<usize> {
    if !dir.join("index.html").is_file() {
        let message = "it has no index.html, so it is not the browser UI's folder";
        return Err(std::io::Error::new(std::io::ErrorKind::NotFound, message));
    }
    let mut read = Vec::new();
    for file in crate::web_files::collect(dir) {
        let body = std::fs::read(&file)
            .map_err(|e| std::io::Error::new(e.kind(), format!("cannot read {}: {e}", file.display())))?;
        read.push(WebFile {
            path: Box::leak(crate::web_files::url(dir, &file).into_boxed_str()),
            etag: Box::leak(crate::web_files::etag(&body).into_boxed_str()),
            body: Box::leak(body.into_boxed_slice()),
        });
    }
    let count = read.len();
    FOLDER
        .set(Box::leak(read.into_boxed_slice()))
        .map_err(|_| std::io::Error::other("the UI's folder is chosen once, at start"))?;
    Ok(count)
}

/// The UI's file at a URL path (`/` is `/index.html`): from the folder given at start, else embedded.
pub fn file(path: &str) -> Option<&'static WebFile> {
    let path = if path == "/" { "/index.html" } else { path };
    FOLDER.get().copied().unwrap_or(FILES).iter().find(|f| f.path == path)
}

/// The content type of a file, by its extension.
pub fn content_type(path: &str) -> &'static str {
    match path.rsplit('.').next().unwrap_or("") {
        "html" => "text/html; charset=utf-8",
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "svg" => "image/svg+xml",
        "json" => "application/json",
        "png" => "image/png",
        "jpg" | "jpeg" => "image/jpeg",
        "ico" => "image/x-icon",
        "txt" | "md" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// The UI's files, compressed (gzip) for clients that accept it: the fallback of every path no API route
/// takes.
pub fn routes<S: Clone + Send + Sync + 'static>() -> axum::routing::MethodRouter<S> {
    axum::routing::any(serve).layer(tower_http::compression::CompressionLayer::new())
}

/// Every request no API route took: a file of the UI, or a 404 that says so.
pub async fn serve(method: Method, uri: Uri, headers: HeaderMap) -> Response {
    let path = uri.path();
    if path.starts_with("/api/") {
        return ApiError::not_found(format!("there is no API route {path}")).into_response();
    }
    let wants_page = headers
        .get(header::ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|accept| accept.split(',').any(|t| t.trim().starts_with("text/html")));
    let (file, status) = match (file(path), file("/")) {
        (Some(file), _) => (file, StatusCode::OK),
        (None, Some(index)) if wants_page && method == Method::GET => (index, StatusCode::NOT_FOUND),
        _ => return ApiError::not_found(format!("there is no page {path}; the UI is at /")).into_response(),
    };
    if method != Method::GET && method != Method::HEAD {
        return ApiError::new(StatusCode::METHOD_NOT_ALLOWED, format!("{path} can only be read (GET)")).into_response();
    }
    let fresh = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        // A weak tag (`W/"…"`) is the same file: a proxy may weaken ours because the body went out compressed.
        .is_some_and(|tags| {
            tags.split(',').map(|t| t.trim().trim_start_matches("W/")).any(|t| t == file.etag || t == "*")
        });
    let mut response = if fresh && status == StatusCode::OK {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        (status, file.body).into_response()
    };
    let h = response.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type(file.path)));
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    h.insert(header::ETAG, HeaderValue::from_static(file.etag));
    h.insert(header::X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    response
}
