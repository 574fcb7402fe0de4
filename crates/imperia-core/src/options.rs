//! A game's variant options, declared once by the game ([`Game::OPTIONS`]) so that every host offers and
//! checks them the same way: the lobby draws its form from them, `/api/catalogue` serves them with a JSON
//! Schema, and [`check_options`] refuses anything else before the game sees it. The seat count is not an
//! option: hosts pass it apart ([`Game::configure`]), within [`Game::SEATS`].

use serde::Serialize;
use serde_json::{Map, Value, json};

use crate::game::Game;

/// One option a player may set when creating a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct GameOption {
    /// The config key (`hidden_cash`).
    pub name: &'static str,
    /// A short label for a form.
    pub label: &'static str,
    /// One sentence on what it changes, with the rulebook section.
    pub description: &'static str,
    #[serde(flatten)]
    pub kind: OptionKind,
}

/// The values an option takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum OptionKind {
    /// On or off.
    Boolean { default: bool },
    /// One of a few named values.
    Choice { default: &'static str, allowed: &'static [&'static str] },
    /// A whole number within bounds.
    Integer { default: i64, min: i64, max: i64 },
}

impl GameOption {
    /// The option's default, as JSON.
    pub fn default_value(&self) -> Value {
        match self.kind {
            OptionKind::Boolean { default } => json!(default),
            OptionKind::Choice { default, .. } => json!(default),
            OptionKind::Integer { default, .. } => json!(default),
        }
    }

    /// Why `value` is not a value of this option, if it is not.
    fn refuse(&self, value: &Value) -> Option<String> {
        let name = self.name;
        match self.kind {
            OptionKind::Boolean { .. } => (!value.is_boolean()).then(|| format!("option `{name}` is true or false")),
            OptionKind::Choice { allowed, .. } => match value.as_str() {
                Some(v) if allowed.contains(&v) => None,
                _ => Some(format!("option `{name}` is one of {}", allowed.join(", "))),
            },
            OptionKind::Integer { min, max, .. } => match value.as_i64() {
                Some(v) if (min..=max).contains(&v) => None,
                _ => Some(format!("option `{name}` is a whole number from {min} to {max}")),
            },
        }
    }

    /// This option as a JSON Schema property.
    fn schema(&self) -> Value {
        let mut schema = match self.kind {
            OptionKind::Boolean { default } => json!({ "type": "boolean", "default": default }),
            OptionKind::Choice { default, allowed } => json!({ "type": "string", "enum": allowed, "default": default }),
            OptionKind::Integer { default, min, max } => {
                json!({ "type": "integer", "minimum": min, "maximum": max, "default": default })
            }
        };
        schema["title"] = json!(self.label);
        schema["description"] = json!(self.description);
        schema
    }
}

/// The JSON Schema of `G`'s options object.
pub fn options_schema<G: Game>() -> Value {
    let properties: Map<String, Value> = G::OPTIONS.iter().map(|o| (o.name.to_string(), o.schema())).collect();
    json!({
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "title": format!("{} options", G::NAME),
        "type": "object",
        "properties": properties,
        "additionalProperties": false,
    })
}

/// `options` checked against `G`'s declared options, with every missing one at its default: the object
/// [`Game::configure`] is given. Refused, naming the option, when a key is unknown or a value out of range.
pub fn check_options<G: Game>(options: &Value) -> Result<Map<String, Value>, String> {
    let given = match options {
        Value::Null => Map::new(),
        Value::Object(map) => map.clone(),
        _ => return Err("the options are a JSON object".into()),
    };
    for key in given.keys() {
        if !G::OPTIONS.iter().any(|o| o.name == key) {
            let names: Vec<&str> = G::OPTIONS.iter().map(|o| o.name).collect();
            return Err(if names.is_empty() {
                format!("{} has no options; `{key}` is not one", G::NAME)
            } else {
                format!("`{key}` is not an option of {}; its options are {}", G::NAME, names.join(", "))
            });
        }
    }
    let mut checked = Map::new();
    for option in G::OPTIONS {
        let value = given.get(option.name).cloned().unwrap_or_else(|| option.default_value());
        if let Some(problem) = option.refuse(&value) {
            return Err(problem);
        }
        checked.insert(option.name.to_string(), value);
    }
    Ok(checked)
}
