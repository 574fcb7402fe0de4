//! Reading a generated map asset of `web/maps/` as the map tests compare it with an engine's board: the
//! generators write each list a test needs as one line of strict JSON, `export const NAME = …;`.

use std::path::Path;

use serde_json::Value;

/// The text of `web/maps/<file>`.
pub fn read(file: &str) -> String {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../web/maps").join(file);
    std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

/// The value of the asset's `export const NAME = ...;` line.
pub fn export(asset: &str, name: &str) -> Value {
    let prefix = format!("export const {name} = ");
    let line = asset
        .lines()
        .find_map(|line| line.strip_prefix(prefix.as_str()))
        .unwrap_or_else(|| panic!("no `{prefix}` line in the asset"));
    let json = line.trim_end().strip_suffix(';').unwrap_or(line);
    serde_json::from_str(json).unwrap_or_else(|e| panic!("{name} is not strict JSON: {e}"))
}
