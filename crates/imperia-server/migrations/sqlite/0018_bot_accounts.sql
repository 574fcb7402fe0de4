-- Bot accounts (issue 57): an account a person made for a program, which plays over the outside-bot protocol
-- on a WebSocket with a secret token (its SHA-256 kept here, NULL once revoked) and never signs in with a
-- password. A game says how long its bot accounts have for a decision; a seat whose bot account forfeited
-- keeps the reason. Keep in step with ../postgres.
ALTER TABLE users ADD COLUMN bot_owner BIGINT REFERENCES users (id);
ALTER TABLE users ADD COLUMN bot_token_hash TEXT;
CREATE UNIQUE INDEX users_bot_token ON users (bot_token_hash);
ALTER TABLE games ADD COLUMN bot_move_ms BIGINT;
ALTER TABLE seats ADD COLUMN forfeit TEXT;
