-- Invitation secrets are kept as session tokens are, as their SHA-256 (issue 54). SQL cannot hash on both
-- backends (SQLite has no SHA-256), so `Store::hash_old_invites` fills the column from the old secrets at
-- start-up and blanks them: a link sent before keeps working. New seats leave `invite` empty. Keep in step
-- with the other backend's.
ALTER TABLE seats ADD COLUMN invite_hash TEXT;
