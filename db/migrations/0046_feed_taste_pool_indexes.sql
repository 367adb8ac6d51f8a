-- A candidate's quality is read by its clip id (the ranking's exploration walk, the shared pools' details). Through the
-- primary key alone that is a heap read per clip, at random over the whole table: with the database larger than memory,
-- a disk read per candidate. The key carries the quality, so the read is index-only (a walk of ids in order reads a few
-- neighbouring index pages). Every update of clip_stats moves `quality` and `hot`, which other indexes hold, so none
-- is a HOT update and the key gets a new entry each time already: carrying the quality adds no entry, only its 8 bytes.
-- INCLUDE is not declared in the schema (drizzle cannot).
ALTER TABLE "clip_stats" DROP CONSTRAINT "clip_stats_pkey";
--> statement-breakpoint
ALTER TABLE "clip_stats" ADD CONSTRAINT "clip_stats_pkey" PRIMARY KEY ("clip_id") INCLUDE ("quality");
--> statement-breakpoint
-- A category's drawn stretch (its clips back from a moment, newest first) tests each clip's audiences: on the heap, a
-- page read per clip of the stretch (56–66 pages for 30 clips at 1 M). Carried by the index, the walk is index-only.
DROP INDEX IF EXISTS "clips_category_published_idx";
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "clips_category_published_idx" ON "clips" USING btree ("category_id", "published_at" DESC NULLS FIRST, "id") INCLUDE ("audiences") WHERE "status" = 'published';
