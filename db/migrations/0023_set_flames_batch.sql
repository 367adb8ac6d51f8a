-- ADR 111: flames that arrive together on a single-writer database (PGlite: one connection, every statement in
-- turn) are written by one call of this function, in the order given, each answered with its own count before and
-- after — what `set_flame` would have answered had they run one after another. A clip's count is read once and
-- moved once for the whole call (the counter, listing-copy and band triggers fire once per clip, not once per
-- flame), and all of it is one statement, so one transaction: the counters stay exact, and a failure writes nothing.
-- Not for PostgreSQL with concurrent writers: two calls could take shared counter rows in opposite orders.
-- A caller gives each (clip, owner) at most once per call (the notifications of one transaction are merged when
-- identical, so an owner's flame given, taken back and given again would be announced twice, not three times).
-- `ord` is the flame's position in the arrays (1-based); `before` is null for a clip that is not published;
-- `after` is null when nothing changed.
CREATE OR REPLACE FUNCTION set_flames(p_clips uuid[], p_user_ids text[], p_anonymous_ids uuid[], p_flamed boolean[])
RETURNS TABLE (ord integer, before integer, after integer)
LANGUAGE plpgsql AS $$
DECLARE
  ids uuid[];
  starts integer[];
  counts integer[];
  j integer;
  changed boolean;
BEGIN
  -- The clips' rows, locked in key order, and their counts.
  SELECT coalesce(array_agg(c.id ORDER BY c.id), '{}'), coalesce(array_agg(c.flames ORDER BY c.id), '{}') INTO ids, starts
    FROM (SELECT id, flames FROM clips WHERE id = ANY (p_clips) AND status = 'published' ORDER BY id FOR NO KEY UPDATE) c;
  counts := starts;
  FOR i IN 1 .. coalesce(array_length(p_clips, 1), 0) LOOP
    ord := i;
    after := NULL;
    j := array_position(ids, p_clips[i]);
    IF j IS NULL THEN
      before := NULL;
      RETURN NEXT;
      CONTINUE;
    END IF;
    before := counts[j];
    IF p_flamed[i] THEN
      IF p_user_ids[i] IS NOT NULL THEN
        INSERT INTO user_flames (clip_id, user_id) VALUES (p_clips[i], p_user_ids[i]) ON CONFLICT DO NOTHING;
      ELSE
        INSERT INTO user_flames (clip_id, anonymous_id) VALUES (p_clips[i], p_anonymous_ids[i]) ON CONFLICT DO NOTHING;
      END IF;
      changed := FOUND;
      IF changed THEN after := before + 1; END IF;
    ELSE
      IF p_user_ids[i] IS NOT NULL THEN
        DELETE FROM user_flames WHERE clip_id = p_clips[i] AND user_id = p_user_ids[i];
      ELSE
        DELETE FROM user_flames WHERE clip_id = p_clips[i] AND anonymous_id = p_anonymous_ids[i];
      END IF;
      changed := FOUND;
      IF changed THEN after := GREATEST(before - 1, 0); END IF;
    END IF;
    IF changed THEN counts[j] := after; END IF;
    RETURN NEXT;
  END LOOP;
  -- Each count that moved, moved once (in key order), to where the flames above left it.
  UPDATE clips SET flames = m.flames
    FROM unnest(ids, counts, starts) AS m (id, flames, start)
    WHERE clips.id = m.id AND m.flames <> m.start;
END $$;
