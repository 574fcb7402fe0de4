-- Accounts, sessions, games, seats and every acknowledged action (SQLite; keep in step with ../postgres).
CREATE TABLE users (
    id INTEGER PRIMARY KEY,
    name TEXT NOT NULL UNIQUE,
    password_hash TEXT NOT NULL,
    created_at BIGINT NOT NULL
);

CREATE TABLE sessions (
    token TEXT PRIMARY KEY,
    user_id BIGINT NOT NULL REFERENCES users (id),
    created_at BIGINT NOT NULL
);

CREATE TABLE games (
    id INTEGER PRIMARY KEY,
    game TEXT NOT NULL,
    rules_version BIGINT NOT NULL,
    config TEXT NOT NULL,
    seed BIGINT NOT NULL,
    -- Bumped by every action and every undo: clients send the version they saw.
    version BIGINT NOT NULL DEFAULT 0,
    finished BIGINT NOT NULL DEFAULT 0,
    created_by BIGINT NOT NULL REFERENCES users (id),
    created_at BIGINT NOT NULL
);

CREATE TABLE seats (
    game_id BIGINT NOT NULL REFERENCES games (id),
    seat BIGINT NOT NULL,
    user_id BIGINT REFERENCES users (id),
    -- A bot spec such as "mcts:1000" for a bot seat.
    bot TEXT,
    -- The secret of the invitation link that lets a guest take this seat.
    invite TEXT NOT NULL,
    PRIMARY KEY (game_id, seat)
);

-- The record: action idx of a game. Undo deletes the last rows.
CREATE TABLE actions (
    game_id BIGINT NOT NULL REFERENCES games (id),
    idx BIGINT NOT NULL,
    seat BIGINT NOT NULL,
    action TEXT NOT NULL,
    hash TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (game_id, idx)
);
