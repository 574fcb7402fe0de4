-- A game with open seats waits in the lobby until its creator starts it.
ALTER TABLE games ADD COLUMN started BIGINT NOT NULL DEFAULT 1;
