//! Text that players type and others read: chat lines, notes, names, content labels.
//!
//! The Unicode bidirectional controls (embeddings, overrides, isolates and the direction marks) are removed
//! where such text enters, by [`without_bidi_controls`]: a right-to-left override can make `exe.txt` read as
//! `txt.exe`, or turn a chat line around so it says what its writer did not. Removing rather than isolating
//! them: they are invisible, text in Arabic or Hebrew shows in its own direction without them (the bidi
//! algorithm needs no help for a line of one language), and a removed control cannot leak into a name's key
//! or past a page that forgot to isolate. The page still shows each player's text in an element of its own.

/// Whether `c` is one of Unicode's bidirectional formatting controls: the embeddings and overrides
/// (U+202A–U+202E), the isolates (U+2066–U+2069), the left-to-right and right-to-left marks (U+200E,
/// U+200F) and the Arabic letter mark (U+061C).
pub fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}' | '\u{200E}' | '\u{200F}' | '\u{061C}')
}

/// `text` without its bidirectional controls.
pub fn without_bidi_controls(text: &str) -> String {
    text.chars().filter(|&c| !is_bidi_control(c)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_bidi_control_is_removed_and_nothing_else() {
        let controls =
            "\u{202A}\u{202B}\u{202C}\u{202D}\u{202E}\u{2066}\u{2067}\u{2068}\u{2069}\u{200E}\u{200F}\u{061C}";
        assert_eq!(without_bidi_controls(&format!("a{controls}b")), "ab");
        assert_eq!(without_bidi_controls("invoice\u{202E}fdp.exe"), "invoicefdp.exe");
        let plain = "שלום, مرحبا, José — ok\n";
        assert_eq!(without_bidi_controls(plain), plain, "right-to-left letters and line breaks stay");
    }
}
