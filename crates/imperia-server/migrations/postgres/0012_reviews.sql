-- The bot's review of a finished game (issue 15): how its search judged the players' decisions, as JSON,
-- made once and kept. Keep in step with ../sqlite.
CREATE TABLE reviews (
    game_id BIGINT PRIMARY KEY REFERENCES games (id),
    review TEXT NOT NULL,
    made_at BIGINT NOT NULL
);
