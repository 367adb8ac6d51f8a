-- Catalogue counters and clip_tags listing copies (ADR 036, ADR 037), kept by triggers in the
-- same transaction as every write to clips, clip_tags and (through clips.flames) user_flames.

CREATE INDEX IF NOT EXISTS "clips_creator_listing_idx" ON "clips" USING btree ("creator_id", "published_at" DESC, "id") INCLUDE ("audiences") WHERE "status" = 'published';
--> statement-breakpoint
-- Tag statistics come from tag_counts now: the covering index of 0002 has no reader left.
DROP INDEX IF EXISTS "clips_stats_cover_idx";
--> statement-breakpoint

-- Adds (sign 1) or removes (sign -1) a published clip's contribution to both counter tables.
-- Rows are touched in primary-key order, so concurrent writers never wait on each other in a cycle.
CREATE OR REPLACE FUNCTION catalogue_counts_apply(c clips, sign integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF c.status <> 'published' THEN RETURN; END IF;
  INSERT INTO catalogue_counts AS k (creator_id, audience, category_id, clips, flames)
    SELECT c.creator_id, a, c.category_id, sign, sign * c.flames
    FROM (SELECT DISTINCT unnest(c.audiences || '{*}'::text[]) AS a) audiences ORDER BY a
  ON CONFLICT (creator_id, audience, category_id)
    DO UPDATE SET clips = k.clips + excluded.clips, flames = k.flames + excluded.flames;
  INSERT INTO tag_counts AS k (tag_id, audience, category_id, creator_id, clips, flames)
    SELECT ct.tag_id, a, c.category_id, c.creator_id, sign, sign * c.flames
    FROM clip_tags ct, (SELECT DISTINCT unnest(c.audiences) AS a) audiences
    WHERE ct.clip_id = c.id ORDER BY ct.tag_id, a
  ON CONFLICT (tag_id, audience, category_id, creator_id)
    DO UPDATE SET clips = k.clips + excluded.clips, flames = k.flames + excluded.flames;
END $$;
--> statement-breakpoint

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
      UPDATE catalogue_counts SET flames = flames + delta
        WHERE creator_id = NEW.creator_id AND category_id = NEW.category_id AND audience = ANY (NEW.audiences || '{*}'::text[]);
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

DROP TRIGGER IF EXISTS clips_counters_write ON clips;
--> statement-breakpoint
CREATE TRIGGER clips_counters_write AFTER INSERT OR UPDATE OF status, audiences, creator_id, category_id, flames, published_at ON clips
  FOR EACH ROW EXECUTE FUNCTION clips_counters_trigger();
--> statement-breakpoint
DROP TRIGGER IF EXISTS clips_counters_delete ON clips;
--> statement-breakpoint
CREATE TRIGGER clips_counters_delete BEFORE DELETE ON clips FOR EACH ROW EXECUTE FUNCTION clips_counters_trigger();
--> statement-breakpoint

-- A tag added to or taken off a clip: the listing copy is filled from the clip, and the tag's counters move.
CREATE OR REPLACE FUNCTION clip_tags_counters_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  c clips;
  sign integer := CASE WHEN TG_OP = 'INSERT' THEN 1 ELSE -1 END;
  row_tag uuid := CASE WHEN TG_OP = 'INSERT' THEN NEW.tag_id ELSE OLD.tag_id END;
BEGIN
  SELECT * INTO c FROM clips WHERE id = CASE WHEN TG_OP = 'INSERT' THEN NEW.clip_id ELSE OLD.clip_id END;
  IF TG_OP = 'INSERT' AND TG_WHEN = 'BEFORE' THEN
    IF FOUND THEN
      NEW.listed := c.status = 'published';
      NEW.published_at := c.published_at;
      NEW.flames := c.flames;
      NEW.audiences := c.audiences;
      NEW.category_id := c.category_id;
    END IF;
    RETURN NEW;
  END IF;
  -- A clip being deleted was taken out of the counters by its own trigger.
  IF NOT FOUND OR c.status <> 'published' THEN RETURN NULL; END IF;
  INSERT INTO tag_counts AS k (tag_id, audience, category_id, creator_id, clips, flames)
    SELECT row_tag, a, c.category_id, c.creator_id, sign, sign * c.flames
    FROM (SELECT DISTINCT unnest(c.audiences) AS a) audiences ORDER BY a
  ON CONFLICT (tag_id, audience, category_id, creator_id)
    DO UPDATE SET clips = k.clips + excluded.clips, flames = k.flames + excluded.flames;
  RETURN NULL;
END $$;
--> statement-breakpoint

DROP TRIGGER IF EXISTS clip_tags_listing_copy ON clip_tags;
--> statement-breakpoint
CREATE TRIGGER clip_tags_listing_copy BEFORE INSERT ON clip_tags FOR EACH ROW EXECUTE FUNCTION clip_tags_counters_trigger();
--> statement-breakpoint
DROP TRIGGER IF EXISTS clip_tags_counters_write ON clip_tags;
--> statement-breakpoint
CREATE TRIGGER clip_tags_counters_write AFTER INSERT OR DELETE ON clip_tags FOR EACH ROW EXECUTE FUNCTION clip_tags_counters_trigger();
--> statement-breakpoint

-- Recomputes both counter tables from the catalogue (the backfill below, and after a bulk load
-- that ran with triggers off: db/seed/bulk.ts).
CREATE OR REPLACE FUNCTION rebuild_catalogue_counters() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM catalogue_counts;
  DELETE FROM tag_counts;
  INSERT INTO catalogue_counts (creator_id, audience, category_id, clips, flames)
    SELECT c.creator_id, a, c.category_id, count(*), sum(c.flames)
    FROM clips c CROSS JOIN LATERAL (SELECT DISTINCT unnest(c.audiences || '{*}'::text[])) AS audiences(a)
    WHERE c.status = 'published'
    GROUP BY 1, 2, 3;
  INSERT INTO tag_counts (tag_id, audience, category_id, creator_id, clips, flames)
    SELECT ct.tag_id, a, ct.category_id, c.creator_id, count(*), sum(ct.flames)
    FROM clip_tags ct JOIN clips c ON c.id = ct.clip_id CROSS JOIN LATERAL (SELECT DISTINCT unnest(ct.audiences)) AS audiences(a)
    WHERE ct.listed
    GROUP BY 1, 2, 3, 4;
END $$;
--> statement-breakpoint

-- Backfill: the listing copies, then the counters.
UPDATE clip_tags ct SET listed = (c.status = 'published'), published_at = c.published_at, flames = c.flames,
    audiences = c.audiences, category_id = c.category_id
  FROM clips c WHERE c.id = ct.clip_id;
--> statement-breakpoint
SELECT rebuild_catalogue_counters();
--> statement-breakpoint
-- Listing indexes, built after the backfill: one tag's clips in each order a tag page or the
-- feed pool reads, with the columns the filters need, so a page is a short index-only range (ADR 037).
CREATE INDEX IF NOT EXISTS "clip_tags_tag_recent_idx" ON "clip_tags" USING btree ("tag_id", "published_at" DESC, "clip_id") INCLUDE ("audiences", "category_id") WHERE "listed";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "clip_tags_tag_popular_idx" ON "clip_tags" USING btree ("tag_id", "flames" DESC, "clip_id") INCLUDE ("audiences") WHERE "listed";
