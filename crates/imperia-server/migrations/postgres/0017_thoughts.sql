-- The thinking queue (issue 54): searches a server hands to `imperia worker`s rather than run on its own
-- cores. A worker claims a thought with a lease and renews it while it searches; a thought whose lease ran
-- out (its worker died) is claimed again. Keep in step with ../sqlite.
-- Unlogged: a thought is worth less than the disk flush its every change would cost, and a crash of the
-- database empties the table, after which the servers waiting on its thoughts put them in again.
CREATE UNLOGGED TABLE thoughts (
    id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    -- Who asks once, whoever asks: a bot's move is keyed by game, version and seat, so two servers asking
    -- for the same move share one search.
    key TEXT NOT NULL UNIQUE,
    -- 0 for a game's bot, 1 for help (a hint, a part of a review): bots are claimed first.
    help BIGINT NOT NULL,
    thought TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    -- The claim: which worker, until when (Unix milliseconds), and how many claims so far.
    worker TEXT,
    lease_until BIGINT,
    claims BIGINT NOT NULL DEFAULT 0,
    -- The answer, as JSON: {"ok": …} or {"failed": "why"}.
    answer TEXT,
    answered_at BIGINT
);
CREATE INDEX thoughts_waiting ON thoughts (help, id) WHERE answer IS NULL;
