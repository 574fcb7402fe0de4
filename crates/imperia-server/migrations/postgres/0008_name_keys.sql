-- Name keys fold look-alike letters in capitals first (auth::name_key), so that Ivan and ivan are one
-- name, as the rest of the case fold promised. Every key is made again at start-up, oldest account first;
-- an account whose new key an older one took keeps none and signs in by its exact name. Keep in step with
-- ../sqlite.
UPDATE users SET name_key = NULL;
