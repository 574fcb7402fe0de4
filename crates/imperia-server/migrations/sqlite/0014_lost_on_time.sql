-- Fair ratings (issue 54): when the player of a rated game's seat ran out of time and the seat went to a
-- bot, the moment that player lost the game on the rating (Unix seconds). The bot's play from then on is
-- no longer that player's result. Keep in step with ../postgres.
ALTER TABLE seats ADD COLUMN lost_on_time BIGINT;
