-- Consensual rollback (issue 15): the open proposal of a game, as JSON, valid while the game stays at the
-- version it was made at; and every rollback agreed, with the actions it took back, so the record keeps
-- the whole story. Keep in step with ../postgres.
ALTER TABLE games ADD COLUMN rollback TEXT;

CREATE TABLE rollbacks (
    game_id BIGINT NOT NULL REFERENCES games (id),
    -- The game's version when the rollback was agreed: one rollback per version.
    version BIGINT NOT NULL,
    -- The rollback as the record carries it (imperia_core::RolledBack), as JSON.
    agreed TEXT NOT NULL,
    PRIMARY KEY (game_id, version)
);
