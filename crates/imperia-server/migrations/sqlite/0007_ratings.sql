-- Ratings (issue 15): whether a game counts for ratings and when its result was settled; each seat's place
-- and score, and who left it to a bot; each player's Weng-Lin rating per game, overall and, in a game
-- whose seats are fixed sides, per side. Keep in step with ../postgres.
ALTER TABLE games ADD COLUMN rated BIGINT NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN settled_at BIGINT;
ALTER TABLE seats ADD COLUMN place BIGINT;
ALTER TABLE seats ADD COLUMN score BIGINT;
-- The account that held the seat before a bot took it over: it answers for the seat's result.
ALTER TABLE seats ADD COLUMN left_by BIGINT;
CREATE INDEX seats_by_user ON seats (user_id);
CREATE INDEX seats_by_leaver ON seats (left_by);

CREATE TABLE ratings (
    game TEXT NOT NULL,
    -- An account, or 0 for a bot level.
    user_id BIGINT NOT NULL,
    -- The bot level; '' for an account.
    bot TEXT NOT NULL,
    -- The side (a seat's name, as Britain) or '' for the rating over every side.
    side TEXT NOT NULL,
    mu DOUBLE PRECISION NOT NULL,
    sigma DOUBLE PRECISION NOT NULL,
    games BIGINT NOT NULL,
    PRIMARY KEY (game, user_id, bot, side)
);
CREATE INDEX ratings_by_user ON ratings (user_id);
