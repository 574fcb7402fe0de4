-- Async play: a clock per game (seconds per decision and a reserve, both optional), each seat's clock, and
-- each player's turn-notification webhook.
ALTER TABLE games ADD COLUMN per_move BIGINT;
ALTER TABLE games ADD COLUMN reserve BIGINT;
ALTER TABLE seats ADD COLUMN reserve_left BIGINT;
ALTER TABLE seats ADD COLUMN turn_started BIGINT;
ALTER TABLE users ADD COLUMN webhook TEXT;
