-- What players say (issue 18): table talk and private channels among some seats, kept with the game; and
-- the running time limit of a segment the rules time (Virgin Queen's Negotiations), so that a restarted
-- server keeps the same deadline. Keep in step with ../sqlite.
CREATE TABLE chat (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    game_id BIGINT NOT NULL REFERENCES games (id),
    seat BIGINT NOT NULL,
    -- A bit per seat that reads the line; NULL: the whole table, spectators included.
    audience BIGINT,
    sent_at BIGINT NOT NULL,
    text TEXT NOT NULL
);
CREATE INDEX chat_by_game ON chat (game_id, id);

ALTER TABLE games ADD COLUMN limit_key TEXT;
ALTER TABLE games ADD COLUMN limit_ends BIGINT;
