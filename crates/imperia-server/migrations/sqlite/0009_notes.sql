-- Private notes (issue 15): what a player writes for themselves about a game, one text per account and
-- game; nobody else ever reads it. Keep in step with ../postgres.
CREATE TABLE notes (
    game_id BIGINT NOT NULL REFERENCES games (id),
    user_id BIGINT NOT NULL REFERENCES users (id),
    text TEXT NOT NULL,
    updated_at BIGINT NOT NULL,
    PRIMARY KEY (game_id, user_id)
);
