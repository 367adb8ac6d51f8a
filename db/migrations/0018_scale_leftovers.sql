CREATE TABLE "user_flame_counts" (
	"user_id" text NOT NULL,
	"audience" text NOT NULL,
	"category_id" uuid NOT NULL,
	"flames" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "user_flame_counts_user_id_audience_category_id_pk" PRIMARY KEY("user_id","audience","category_id")
);
--> statement-breakpoint
CREATE TABLE "title_word_counts" (
	"word" text PRIMARY KEY NOT NULL,
	"clips" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "title_words" (
	"clip_id" uuid NOT NULL,
	"word" text NOT NULL,
	"listed" boolean DEFAULT false NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"audiences" text[] DEFAULT '{}'::text[] NOT NULL,
	"title" text NOT NULL,
	CONSTRAINT "title_words_clip_id_word_pk" PRIMARY KEY("clip_id","word")
);
--> statement-breakpoint
ALTER TABLE "user_flames" ADD COLUMN "listed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "user_flames" ADD COLUMN "audiences" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "user_flames" ADD COLUMN "category_id" uuid;--> statement-breakpoint
ALTER TABLE "user_flames" ADD COLUMN "clip_flames_lo" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_flames" ADD COLUMN "clip_flames_hi" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "user_flame_counts" ADD CONSTRAINT "user_flame_counts_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_flame_counts" ADD CONSTRAINT "user_flame_counts_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "title_words" ADD CONSTRAINT "title_words_clip_id_clips_id_fk" FOREIGN KEY ("clip_id") REFERENCES "public"."clips"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "title_word_counts_word_trgm_idx" ON "title_word_counts" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "user_flames_clip_band_hi_idx" ON "user_flames" USING btree ("clip_id","clip_flames_hi") WHERE "user_flames"."user_id" is not null;--> statement-breakpoint
CREATE INDEX "user_flames_clip_band_lo_idx" ON "user_flames" USING btree ("clip_id","clip_flames_lo") WHERE "user_flames"."user_id" is not null;--> statement-breakpoint

-- ─── Title search through words (ADR 039) ───────────────────────────────────────────────────────
-- A title's words: lower(title) split on anything that is not a letter or digit, each once; words of
-- ASCII digits only are left out (search finds them through the trigram index). The search term is
-- split by the same expression (app/features/search/title-words.server.ts), so a term found inside
-- a title always has a piece that is, starts, ends or lies inside one of these words.
CREATE OR REPLACE FUNCTION title_words_of(title text) RETURNS SETOF text LANGUAGE sql STABLE AS $$
  SELECT DISTINCT w FROM regexp_split_to_table(lower(title), '[^[:alnum:]]+') AS w WHERE w <> '' AND w !~ '^[0-9]+$'
$$;
--> statement-breakpoint

-- The word counts follow the rows (rows are touched in word order by the writers below).
CREATE OR REPLACE FUNCTION title_word_counts_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO title_word_counts AS k (word, clips) VALUES (NEW.word, 1)
      ON CONFLICT (word) DO UPDATE SET clips = k.clips + 1;
  ELSE
    UPDATE title_word_counts SET clips = clips - 1 WHERE word = OLD.word;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS title_words_counts_write ON title_words;
--> statement-breakpoint
CREATE TRIGGER title_words_counts_write AFTER INSERT OR DELETE ON title_words FOR EACH ROW EXECUTE FUNCTION title_word_counts_trigger();
--> statement-breakpoint

-- The words of a clip follow its title; the copies follow its status, date and audiences.
-- A deleted clip's words go by the foreign key's cascade.
CREATE OR REPLACE FUNCTION clips_title_words_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.title IS DISTINCT FROM OLD.title THEN
    DELETE FROM title_words WHERE clip_id = NEW.id;
  END IF;
  IF TG_OP = 'INSERT' OR NEW.title IS DISTINCT FROM OLD.title THEN
    INSERT INTO title_words (clip_id, word, listed, published_at, audiences, title)
      SELECT NEW.id, w, NEW.status = 'published', NEW.published_at, NEW.audiences, lower(NEW.title)
      FROM title_words_of(NEW.title) AS w ORDER BY w;
  ELSIF NEW.status IS DISTINCT FROM OLD.status OR NEW.published_at IS DISTINCT FROM OLD.published_at
     OR NEW.audiences IS DISTINCT FROM OLD.audiences THEN
    UPDATE title_words SET listed = (NEW.status = 'published'), published_at = NEW.published_at, audiences = NEW.audiences
      WHERE clip_id = NEW.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS clips_title_words_write ON clips;
--> statement-breakpoint
CREATE TRIGGER clips_title_words_write AFTER INSERT OR UPDATE OF title, status, published_at, audiences ON clips
  FOR EACH ROW EXECUTE FUNCTION clips_title_words_trigger();
--> statement-breakpoint

-- Recomputes the word counts (the backfill below, and after a bulk load with triggers off: db/seed/bulk.ts).
CREATE OR REPLACE FUNCTION rebuild_title_word_counts() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM title_word_counts;
  INSERT INTO title_word_counts (word, clips) SELECT word, count(*) FROM title_words GROUP BY word;
END $$;
--> statement-breakpoint

-- Backfill (the counts trigger is bypassed: the counts are recomputed once at the end).
ALTER TABLE title_words DISABLE TRIGGER title_words_counts_write;
--> statement-breakpoint
INSERT INTO title_words (clip_id, word, listed, published_at, audiences, title)
  SELECT c.id, w, c.status = 'published', c.published_at, c.audiences, lower(c.title)
  FROM clips c CROSS JOIN LATERAL title_words_of(c.title) AS w
  ON CONFLICT DO NOTHING;
--> statement-breakpoint
ALTER TABLE title_words ENABLE TRIGGER title_words_counts_write;
--> statement-breakpoint
SELECT rebuild_title_word_counts();
--> statement-breakpoint
-- One word's listed clips, newest first, with what the term is checked against: a title search
-- walks one short range of this index, index-only, and stops at the newest 500 matches.
CREATE INDEX IF NOT EXISTS "title_words_listing_idx" ON "title_words" USING btree ("word", "published_at" DESC, "clip_id") INCLUDE ("audiences", "title") WHERE "listed";
--> statement-breakpoint

-- ─── Liked videos: listing copies, flame bands and per-user counters (ADR 047) ─────────────────
-- The band of a flame count f: [f - f/16, f + f/16] (integer division). A signed-in flame row's band
-- always holds its clip's current count; a clip's rows are rewritten only when the count leaves it,
-- so a flame rewrites at most f/16 + 1 … see ADR 047 for the bound.
CREATE OR REPLACE FUNCTION flames_band_lo(f integer) RETURNS integer LANGUAGE sql IMMUTABLE AS $$ SELECT f - f / 16 $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION flames_band_hi(f integer) RETURNS integer LANGUAGE sql IMMUTABLE AS $$ SELECT f + f / 16 $$;
--> statement-breakpoint

-- A signed-in row gets its copies from the clip, read under the clip's row lock so that a
-- concurrent hide, move or flame on the same clip either comes before (and is read) or waits
-- for this transaction (and then sees this row when it rewrites the clip's rows).
CREATE OR REPLACE FUNCTION user_flames_copy_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  c clips;
BEGIN
  IF NEW.user_id IS NULL THEN
    NEW.listed := false;
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD.user_id IS NOT NULL AND NEW.clip_id = OLD.clip_id THEN RETURN NEW; END IF;
  SELECT * INTO c FROM clips WHERE id = NEW.clip_id FOR NO KEY UPDATE;
  IF FOUND THEN
    NEW.listed := c.status = 'published';
    NEW.audiences := c.audiences;
    NEW.category_id := c.category_id;
    NEW.clip_flames_lo := flames_band_lo(c.flames);
    NEW.clip_flames_hi := flames_band_hi(c.flames);
  END IF;
  RETURN NEW;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS user_flames_copy ON user_flames;
--> statement-breakpoint
CREATE TRIGGER user_flames_copy BEFORE INSERT OR UPDATE OF user_id, clip_id ON user_flames
  FOR EACH ROW EXECUTE FUNCTION user_flames_copy_trigger();
--> statement-breakpoint

-- The counters are the sum of the signed-in rows' copies: a row counts once under '*' and once
-- under each of its audiences, in its category, while listed. Whatever changes a row's copies
-- (a flame, an unflame, a merge on sign-in, the clip's trigger below, a cascade) moves them here.
-- Taking a flame away only ever updates (a user being deleted takes their counter rows along).
CREATE OR REPLACE FUNCTION user_flame_counts_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' AND OLD.user_id IS NOT NULL AND OLD.listed THEN
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
--> statement-breakpoint
DROP TRIGGER IF EXISTS user_flames_counts_write ON user_flames;
--> statement-breakpoint
CREATE TRIGGER user_flames_counts_write AFTER INSERT OR DELETE OR UPDATE OF user_id, listed, audiences, category_id ON user_flames
  FOR EACH ROW EXECUTE FUNCTION user_flame_counts_trigger();
--> statement-breakpoint

-- The clip's signed-in rows follow it: their copies when it is hidden, published or moved, their
-- band when its flames leave it (only the rows out of band are touched, found by the band indexes).
CREATE OR REPLACE FUNCTION clips_user_flames_trigger() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status IS DISTINCT FROM OLD.status OR NEW.audiences IS DISTINCT FROM OLD.audiences
     OR NEW.category_id IS DISTINCT FROM OLD.category_id THEN
    UPDATE user_flames SET listed = (NEW.status = 'published'), audiences = NEW.audiences, category_id = NEW.category_id,
        clip_flames_lo = flames_band_lo(NEW.flames), clip_flames_hi = flames_band_hi(NEW.flames)
      WHERE clip_id = NEW.id AND user_id IS NOT NULL;
  ELSIF NEW.flames <> OLD.flames THEN
    UPDATE user_flames SET clip_flames_lo = flames_band_lo(NEW.flames), clip_flames_hi = flames_band_hi(NEW.flames)
      WHERE clip_id = NEW.id AND user_id IS NOT NULL AND (clip_flames_hi < NEW.flames OR clip_flames_lo > NEW.flames);
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS clips_user_flames_write ON clips;
--> statement-breakpoint
CREATE TRIGGER clips_user_flames_write AFTER UPDATE OF status, audiences, category_id, flames ON clips
  FOR EACH ROW EXECUTE FUNCTION clips_user_flames_trigger();
--> statement-breakpoint

-- Recomputes the copies, bands and counters (the backfill below, and after a bulk load with
-- triggers off: db/seed/bulk.ts). Run it with triggers off (session_replication_role = replica)
-- or accept that the row triggers fire before the recount replaces their work.
CREATE OR REPLACE FUNCTION rebuild_user_flame_counts() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  UPDATE user_flames f SET listed = (c.status = 'published'), audiences = c.audiences, category_id = c.category_id,
      clip_flames_lo = flames_band_lo(c.flames), clip_flames_hi = flames_band_hi(c.flames)
    FROM clips c WHERE c.id = f.clip_id AND f.user_id IS NOT NULL;
  DELETE FROM user_flame_counts;
  INSERT INTO user_flame_counts (user_id, audience, category_id, flames)
    SELECT f.user_id, a, f.category_id, count(*)
    FROM user_flames f CROSS JOIN LATERAL (SELECT DISTINCT unnest(f.audiences || '{*}'::text[])) AS audiences(a)
    WHERE f.user_id IS NOT NULL AND f.listed
    GROUP BY 1, 2, 3;
END $$;
--> statement-breakpoint
ALTER TABLE user_flames DISABLE TRIGGER user_flames_counts_write;
--> statement-breakpoint
SELECT rebuild_user_flame_counts();
--> statement-breakpoint
ALTER TABLE user_flames ENABLE TRIGGER user_flames_counts_write;
--> statement-breakpoint
-- A user's listed flames in each order the Liked videos page asks for, with what its filters need.
CREATE INDEX IF NOT EXISTS "user_flames_user_recent_idx" ON "user_flames" USING btree ("user_id", "created_at" DESC, "id" DESC) INCLUDE ("audiences", "category_id") WHERE "user_id" IS NOT NULL AND "listed";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "user_flames_user_popular_idx" ON "user_flames" USING btree ("user_id", "clip_flames_lo" DESC, "created_at" DESC, "id" DESC) INCLUDE ("clip_flames_hi", "audiences", "category_id") WHERE "user_id" IS NOT NULL AND "listed";
--> statement-breakpoint

-- ─── Sitemap parts (ADR 046) ──────────────────────────────────────────────────────────────────
-- A part is one range of clip ids: read index-only, in id order, without the clips' rows.
CREATE INDEX IF NOT EXISTS "clips_sitemap_idx" ON "clips" USING btree ("id") INCLUDE ("slug", "updated_at") WHERE "status" = 'published';
