-- Players' own content (issue 12): the replaced files of a game's content, stored once per fingerprint;
-- which sets each account uploaded, under the name it gave them; and the set each game is played with
-- (NULL: the shipped content). Keep in step with ../sqlite.
CREATE TABLE content_sets (
    game TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    -- A JSON object of the replaced files: file name to text.
    files TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (game, fingerprint)
);

CREATE TABLE content_uploads (
    user_id BIGINT NOT NULL REFERENCES users (id),
    game TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    label TEXT NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (user_id, game, fingerprint)
);

ALTER TABLE games ADD COLUMN content TEXT;
