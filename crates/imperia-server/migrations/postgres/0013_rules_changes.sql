-- Games of earlier rules (issue 53): each time a game made under an earlier rules version was loaded and
-- played again under newer rules, what changed, where the game first differs from the one played, and the
-- steps the new rules refuse, set aside and kept (imperia_core::Migration), as JSON. Keep in step with
-- ../sqlite.
CREATE TABLE rules_changes (
    game_id BIGINT NOT NULL REFERENCES games (id),
    -- The game's version once it was played again: one change of rules per version.
    version BIGINT NOT NULL,
    migration TEXT NOT NULL,
    PRIMARY KEY (game_id, version)
);
