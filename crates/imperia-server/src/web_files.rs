//! Walking `web/` and naming a file's version: shared by `build.rs`, which embeds the files, and by
//! [`crate::web::use_folder`], which reads them at start (`imperia serve --web-dir`).

use std::path::{Path, PathBuf};

/// Every file under `dir`, skipping hidden ones (editor droppings, `.DS_Store`), sorted.
pub fn collect(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    walk(dir, &mut files);
    files.sort();
    files
}

fn walk(dir: &Path, files: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else { return };
    for entry in entries.flatten() {
        let path = entry.path();
        if entry.file_name().to_string_lossy().starts_with('.') {
            continue;
        }
        if path.is_dir() {
            walk(&path, files);
        } else {
            files.push(path);
        }
    }
}

/// A file's URL path: its path under `root`, with `/` between the parts.
pub fn url(root: &Path, file: &Path) -> String {
    let relative = file.strip_prefix(root).unwrap_or(file);
    let parts: Vec<String> = relative.components().map(|c| c.as_os_str().to_string_lossy().into_owned()).collect();
    format!("/{}", parts.join("/"))
}

/// A quoted ETag from a file's content. FNV-1a, 64 bits: enough to tell two versions of a file apart.
pub fn etag(bytes: &[u8]) -> String {
    let hash = bytes.iter().fold(0xcbf2_9ce4_8422_2325_u64, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3));
    format!("\"{hash:016x}\"")
}
