-- What running out of time does (issue 15): with bot_after set, a bot takes the seat that many seconds
-- after its player ran out; without it, the other players may hand the seat to a bot. Keep in step with
-- ../sqlite.
ALTER TABLE games ADD COLUMN bot_after BIGINT;
