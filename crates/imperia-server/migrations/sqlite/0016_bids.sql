-- Bidding for sides (issue 54): a game whose sides are settled by sealed bids before the start, and the bids.
-- `seat` is where the bidder sat when bidding (the seats may swap at the start); the order of `id` is the
-- order the bids were placed in, which settles a tie. Keep in step with ../postgres.
ALTER TABLE games ADD COLUMN bidding BIGINT NOT NULL DEFAULT 0;
CREATE TABLE bids (
    id INTEGER PRIMARY KEY,
    game_id BIGINT NOT NULL REFERENCES games (id),
    seat BIGINT NOT NULL,
    user_id BIGINT REFERENCES users (id),
    bot TEXT,
    points BIGINT NOT NULL,
    created_at BIGINT NOT NULL,
    UNIQUE (game_id, seat)
);
