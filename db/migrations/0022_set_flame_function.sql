-- ADR 107: a flame given or taken back is one call of this function. Its statements are planned once per
-- connection (PL/pgSQL keeps their plans), where a single SQL statement is planned on every flame — a fifth of a
-- flame's time on PGlite (docs/performance.md § Throughput). The order holds against deadlocks: the clip's row is
-- locked first, then the owner's flame is written, then the count moves (ADR 047, docs/database.md).
-- `before` is null for a clip that is not published; `after` is null when nothing changed.
CREATE OR REPLACE FUNCTION set_flame(p_clip uuid, p_user_id text, p_anonymous_id uuid, p_flamed boolean, OUT before integer, OUT after integer)
LANGUAGE plpgsql AS $$
BEGIN
  SELECT flames INTO before FROM clips WHERE id = p_clip AND status = 'published' FOR NO KEY UPDATE;
  IF NOT FOUND THEN
    RETURN;
  END IF;
  IF p_flamed THEN
    IF p_user_id IS NOT NULL THEN
      INSERT INTO user_flames (clip_id, user_id) VALUES (p_clip, p_user_id) ON CONFLICT DO NOTHING;
    ELSE
      INSERT INTO user_flames (clip_id, anonymous_id) VALUES (p_clip, p_anonymous_id) ON CONFLICT DO NOTHING;
    END IF;
    IF FOUND THEN
      UPDATE clips SET flames = flames + 1 WHERE id = p_clip RETURNING flames INTO after;
    END IF;
  ELSE
    IF p_user_id IS NOT NULL THEN
      DELETE FROM user_flames WHERE clip_id = p_clip AND user_id = p_user_id;
    ELSE
      DELETE FROM user_flames WHERE clip_id = p_clip AND anonymous_id = p_anonymous_id;
    END IF;
    IF FOUND THEN
      UPDATE clips SET flames = GREATEST(flames - 1, 0) WHERE id = p_clip RETURNING flames INTO after;
    END IF;
  END IF;
END $$;
