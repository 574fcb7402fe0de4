-- Security (issue 11): sessions keyed by a hash of their token and ended after 30 idle days; names unique
-- by a key that ignores case and look-alike letters; guests who took a seat by invitation; invitations
-- spent once used; games that cannot be played any more. Keep in step with ../sqlite.
DROP TABLE sessions;
CREATE TABLE sessions (
    -- SHA-256 of the token, as hex: the token itself is only ever in the player's cookie.
    token_hash TEXT PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id),
    created_at BIGINT NOT NULL,
    last_seen BIGINT NOT NULL
);
CREATE INDEX sessions_by_user ON sessions (user_id);

-- NFKC, case-folded and confusable-folded name (auth::name_key); filled in for older rows at start-up.
ALTER TABLE users ADD COLUMN name_key TEXT;
CREATE UNIQUE INDEX users_by_name_key ON users (name_key);
-- A guest: an account made when someone took a seat by invitation without signing in; no password.
ALTER TABLE users ADD COLUMN guest BIGINT NOT NULL DEFAULT 0;

ALTER TABLE seats ADD COLUMN invite_used BIGINT NOT NULL DEFAULT 0;
-- Why a game cannot be played (its record no longer replays, a seat's bot is not one the server runs).
ALTER TABLE games ADD COLUMN broken TEXT;
CREATE INDEX games_by_creator ON games (created_by, started, finished);
