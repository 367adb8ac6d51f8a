-- ADR 036, found by `npm run bench` on PostgreSQL (deadlocks, answered 500): a flame's counter updates took the rows
-- of catalogue_counts, tag_counts and user_flame_counts in whatever order their scan met them, and that order changes
-- as rows get new versions, so two flames on sibling clips (same creator and category) could wait for each other.
-- Every multi-row counter update now locks its rows in key order first, as the inserts of 0013 and 0018 already did.
CREATE OR REPLACE FUNCTION clips_counters_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  delta integer;
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM catalogue_counts_apply(NEW, 1);
    RETURN NULL;
  ELSIF TG_OP = 'DELETE' THEN
    -- BEFORE DELETE: the clip's tags are still there (the cascade removes them afterwards).
    PERFORM catalogue_counts_apply(OLD, -1);
    RETURN OLD;
  END IF;
  IF NEW.status = OLD.status AND NEW.audiences = OLD.audiences AND NEW.creator_id = OLD.creator_id
     AND NEW.category_id = OLD.category_id THEN
    -- The common case, a flame given or taken back: only the flames move.
    delta := NEW.flames - OLD.flames;
    IF delta <> 0 AND NEW.status = 'published' THEN
      PERFORM 1 FROM catalogue_counts
        WHERE creator_id = NEW.creator_id AND category_id = NEW.category_id AND audience = ANY (NEW.audiences || '{*}'::text[])
        ORDER BY creator_id, audience, category_id FOR NO KEY UPDATE;
      UPDATE catalogue_counts SET flames = flames + delta
        WHERE creator_id = NEW.creator_id AND category_id = NEW.category_id AND audience = ANY (NEW.audiences || '{*}'::text[]);
      PERFORM 1 FROM tag_counts
        WHERE tag_id IN (SELECT tag_id FROM clip_tags WHERE clip_id = NEW.id)
          AND audience = ANY (NEW.audiences) AND category_id = NEW.category_id AND creator_id = NEW.creator_id
        ORDER BY tag_id, audience, category_id, creator_id FOR NO KEY UPDATE;
      UPDATE tag_counts SET flames = flames + delta
        WHERE tag_id IN (SELECT tag_id FROM clip_tags WHERE clip_id = NEW.id)
          AND audience = ANY (NEW.audiences) AND category_id = NEW.category_id AND creator_id = NEW.creator_id;
    END IF;
  ELSE
    PERFORM catalogue_counts_apply(OLD, -1);
    PERFORM catalogue_counts_apply(NEW, 1);
  END IF;
  -- The listing copies on clip_tags follow the clip.
  IF NEW.status IS DISTINCT FROM OLD.status OR NEW.published_at IS DISTINCT FROM OLD.published_at
     OR NEW.flames IS DISTINCT FROM OLD.flames OR NEW.audiences IS DISTINCT FROM OLD.audiences
     OR NEW.category_id IS DISTINCT FROM OLD.category_id THEN
    UPDATE clip_tags SET listed = (NEW.status = 'published'), published_at = NEW.published_at, flames = NEW.flames,
        audiences = NEW.audiences, category_id = NEW.category_id
      WHERE clip_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION user_flame_counts_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.user_id IS NOT NULL AND OLD.listed THEN
    PERFORM 1 FROM user_flame_counts
      WHERE user_id = OLD.user_id AND category_id = OLD.category_id AND audience = ANY (OLD.audiences || '{*}'::text[])
      ORDER BY user_id, audience, category_id FOR NO KEY UPDATE;
    UPDATE user_flame_counts SET flames = flames - 1
      WHERE user_id = OLD.user_id AND category_id = OLD.category_id AND audience = ANY (OLD.audiences || '{*}'::text[]);
  END IF;
  IF TG_OP <> 'DELETE' AND NEW.user_id IS NOT NULL AND NEW.listed THEN
    INSERT INTO user_flame_counts AS k (user_id, audience, category_id, flames)
      SELECT NEW.user_id, a, NEW.category_id, 1
      FROM (SELECT DISTINCT unnest(NEW.audiences || '{*}'::text[]) AS a) audiences ORDER BY a
    ON CONFLICT (user_id, audience, category_id) DO UPDATE SET flames = k.flames + 1;
  END IF;
  RETURN NULL;
END $$;
